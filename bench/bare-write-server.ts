// The HTTP floor of bench/write-path.ts's PATCH: a bare Fastify app (no plugins, no ORM) whose one
// route runs the PATCH's essential statements (bench/bare-patch.ts) with the bare `postgres` driver
// and answers the updated row as JSON. Between it and Trellis is the app's own work per PATCH;
// between it and the statements alone is what any HTTP service costs on this machine.
import Fastify from 'fastify';
import postgres from 'postgres';
import { barePatch, type BarePatchTarget } from './bare-patch';

const target = JSON.parse(process.env.BARE_PATCH_TARGET!) as BarePatchTarget;
const sql = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {} });
const app = Fastify({ logger: false });
app.patch('/*', async (request) => barePatch(sql, target, (request.body as { priority: string }).priority));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', async () => {
  await app.close();
  await sql.end();
  process.exit(0);
});
