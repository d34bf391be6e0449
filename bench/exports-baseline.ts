// Baseline of the export benchmark (bench/exports.ts), run as its own process: the bare query of a
// project's issues streamed from Postgres with a server-side cursor (1000 rows a fetch) into a CSV
// file — no joins, no job, no HTTP. Prints one JSON line: rows, bytes, ms, RSS before and peak.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import postgres from 'postgres';

const [databaseUrl, projectId, path] = process.argv.slice(2);
const client = postgres(databaseUrl, { max: 1, onnotice: () => {}, connection: { jit: 'off' } });
await client`select 1`;
let peak = process.memoryUsage().rss;
const before = peak;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
const started = performance.now();
const out = createWriteStream(path);
let rows = 0;
const field = (value: unknown) => {
  const text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const cursor = client`
  select sequence_id, name, description_stripped, priority, state_id, start_date, target_date, created_at, updated_at, completed_at, archived_at
  from issues where project_id = ${projectId} and deleted_at is null and not is_draft order by sequence_id`.cursor(1000);
for await (const batch of cursor) {
  const text = batch.map((row) => `${Object.values(row).map(field).join(',')}\r\n`).join('');
  if (!out.write(text)) await once(out, 'drain');
  rows += batch.length;
}
out.end();
await once(out, 'finish');
const ms = performance.now() - started;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
await client.end();
console.log(JSON.stringify({ rows, bytes: (await stat(path)).size, ms, rssBefore: before, rssPeak: peak }));
