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
// The issue comes from the path (the bench warms up on one issue and times another), the rest from the bench.
app.patch<{ Params: { id: string }; Body: { priority: string } }>('/issues/:id/', async (request) => barePatch(sql, { ...target, issueId: request.params.id }, request.body.priority));
await listenBare(app, () => sql.end());
