// The baseline of bench/cold-start.ts: a bare Fastify server (no database, no plugins) answering
// GET /readyz, started with plain `node` — the least a Node HTTP service needs before it can answer.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/readyz', async () => ({ status: 'ready' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
