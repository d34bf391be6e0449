// `tsx scripts/with-embedded-postgres.ts <command…>`: runs a command with DATABASE_URL pointing at a
// throw-away embedded PostgreSQL (db/embedded, what `npm start` runs), then stops it. CI runs the
// multi-process suites this way, so LISTEN/NOTIFY between processes is checked on the embedded default.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../db/embedded/index';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: tsx scripts/with-embedded-postgres.ts <command> [args…]');
  process.exit(2);
}
const dataDir = mkdtempSync(join(tmpdir(), 'trellis-embedded-'));
const cluster = await startEmbeddedPostgres({ dataDir, port: 0, log: (line) => console.log(line) });
const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: cluster.url } });
const code = await new Promise<number>((resolve) => child.once('exit', (exitCode) => resolve(exitCode ?? 1)));
await cluster.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(code);
