// `npm run seed -- --issues 100000 [--database-url URL] [--workspace slug] [--members 50] [--seed 42]`:
// opens the database `npm start` would (Postgres from the flag or DATABASE_URL, else the embedded
// database in DATA_DIR, see db/open.ts), migrates it and creates the demo workspace of seed.ts.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../open';
import { analyzeAfterBulkWork } from '../table-maintenance';
import { DEMO_PASSWORD, SEEDED_TABLES, seedDemo } from './seed';

const { values } = parseArgs({
  options: {
    issues: { type: 'string', default: '1000' },
    'database-url': { type: 'string' },
    workspace: { type: 'string', default: 'demo' },
    members: { type: 'string', default: '50' },
    seed: { type: 'string', default: '42' },
  },
});

const issues = Number(values.issues);
if (!Number.isInteger(issues) || issues < 0) {
  console.error('--issues must be a whole number');
  process.exit(1);
}
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
const dataDir = resolve(process.env.DATA_DIR ?? './data');
const { database, description } = await openDatabase({
  databaseUrl,
  dataDir,
  embeddedDb: process.env.EMBEDDED_DB === 'pglite' ? 'pglite' : 'postgres',
  embeddedPort: Number(process.env.EMBEDDED_PG_PORT || 0),
  log: (line) => console.log(line),
});
try {
  await database.migrate();
  const started = Date.now();
  const result = await seedDemo(database, {
    issues,
    workspaceSlug: values.workspace!,
    members: Number(values.members),
    seed: Number(values.seed),
    log: (line) => console.log(line),
  });
  // The product's after-bulk-work hook (a running server would also get there on its own, within a minute).
  await analyzeAfterBulkWork(database, SEEDED_TABLES);
  console.log(`seeded ${issues} issues in ${((Date.now() - started) / 1000).toFixed(1)} s on ${description}`);
  console.log(`sign in as ${result.ownerEmail} / ${DEMO_PASSWORD} — workspace /${result.workspaceSlug}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
