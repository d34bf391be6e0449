// How the bare baseline servers of the benches start and stop: listen on any port of 127.0.0.1,
// print `listening <url>` (bench/embedded-default.ts's start() waits for it), close on SIGTERM.
import type { FastifyInstance } from 'fastify';

export async function listenBare(app: FastifyInstance, closeDriver: () => Promise<void>): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(`listening http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  process.on('SIGTERM', async () => {
    await app.close();
    await closeDriver();
    process.exit(0);
  });
}
