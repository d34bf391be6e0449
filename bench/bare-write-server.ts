// The HTTP floor of bench/write-path.ts's PATCH: a bare Fastify app (no plugins, no ORM) whose one
// route runs the PATCH's essential statements (bench/bare-patch.ts) with the bare `postgres` driver
// and answers the updated row as JSON. Between it and Trellis is the app's own work per PATCH;
// between it and the statements alone is what any HTTP service costs on this machine.
import Fastify from 'fastify';
import postgres from 'postgres';
import { barePatch, type BarePatchTarget } from './bare-patch';
import { listenBare } from './bare-listen';

const target = JSON.parse(process.env.BARE_PATCH_TARGET!) as BarePatchTarget;
const sql = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {} });
const app = Fastify({ logger: false });
app.patch('/*', async (request) => barePatch(sql, target, (request.body as { priority: string }).priority));
await listenBare(app, () => sql.end());
