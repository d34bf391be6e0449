// The embedded PostgreSQL of `npm start` (db/embedded/) in the situations self-hosters meet: the
// server killed with SIGKILL (its postgres left running), a postmaster.pid whose pid now belongs to
// another program (containers after a restart), a taken EMBEDDED_PG_PORT, and a DATA_DIR written by
// the PGlite release. These suites run as root here and in CI, so they cover the root path too.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { createDatabase } from '../../db/client';
import { buildProject, buildUser, buildWorkspace, setupInstance } from '../support/factories';
import type { TestServer } from '../support/server';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { embeddedUrl, killTree, freePort, instanceIsSetUp, isAlive, postmaster, signUpAdmin, startTrellis, waitForUrlLine, type Started } from './processes';

const dirs: string[] = [];
const running: Started[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'trellis-embedded-'));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const started of running.splice(0)) killTree(started);
});
afterAll(() => {
  for (const dir of dirs) {
    const cluster = postmaster(dir);
    if (cluster && isAlive(cluster.pid)) process.kill(cluster.pid, 'SIGQUIT');
    rmSync(dir, { recursive: true, force: true });
  }
});

async function start(env: Record<string, string>): Promise<{ started: Started; base: string }> {
  const port = await freePort();
  const started = startTrellis({ PORT: String(port), ...env });
  running.push(started);
  await waitForUrlLine(started);
  return { started, base: `http://127.0.0.1:${port}` };
}

async function stop(started: Started) {
  started.child.kill('SIGTERM');
  expect((await started.exited).code).toBe(0);
}

describe('embedded PostgreSQL', () => {
  test('the password is stored as a one-iteration SCRAM verifier, on a new cluster and on one made with the default 4,096', async () => {
    const dataDir = newDataDir();
    const iterations = async () => {
      const sql = postgres(embeddedUrl(dataDir), { max: 1, onnotice: () => {} });
      try {
        const [row] = await sql<{ verifier: string }[]>`select rolpassword as verifier from pg_authid where rolname = current_user`;
        return Number(/^SCRAM-SHA-256\$(\d+):/.exec(row.verifier)?.[1]);
      } finally {
        await sql.end();
      }
    };
    const first = await start({ DATA_DIR: dataDir });
    // The connection above authenticated with the verifier the start stored.
    expect(await iterations()).toBe(1);
    // As a cluster initialised by an earlier release: the password hashed with Postgres's default.
    const password = readFileSync(join(dataDir, 'postgres', 'trellis-password'), 'utf8').trim();
    const admin = postgres(embeddedUrl(dataDir), { max: 1, onnotice: () => {} });
    await admin.unsafe(`set scram_iterations = 4096; alter role current_user password '${password}'`);
    await admin.end();
    expect(await iterations()).toBe(4096);
    await stop(first.started);

    const second = await start({ DATA_DIR: dataDir });
    expect(await iterations()).toBe(1);
    expect(await instanceIsSetUp(second.base)).toBe(false);
    await stop(second.started);
  }, 240_000);

  test('after SIGKILL the next start stops the orphaned postgres and keeps the data; a postmaster.pid naming another program does not block a start', async () => {
    const dataDir = newDataDir();
    const first = await start({ DATA_DIR: dataDir });
    expect((await signUpAdmin(first.base, 'crash@example.com')).status).toBeLessThan(400);
    const orphan = postmaster(dataDir)!;
    first.started.child.kill('SIGKILL');
    await first.started.exited;
    expect(isAlive(orphan.pid)).toBe(true); // postgres outlives a killed parent; this start must deal with it

    const second = await start({ DATA_DIR: dataDir });
    expect(second.started.output()).toMatch(/stopping the embedded PostgreSQL \(pid \d+\) left running by a Trellis process that was killed/);
    expect(isAlive(orphan.pid)).toBe(false);
    expect(await instanceIsSetUp(second.base)).toBe(true);
    const lockFile = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
    await stop(second.started);

    // As after a container restart: the lock file survived and its pid is now some other program.
    const other = spawn('sleep', ['60']);
    try {
      writeFileSync(join(dataDir, 'postgres', 'postmaster.pid'), lockFile.replace(/^\d+/, String(other.pid)));
      const third = await start({ DATA_DIR: dataDir });
      expect(third.started.output()).toMatch(/removed a stale postmaster\.pid/);
      expect(await instanceIsSetUp(third.base)).toBe(true);
      expect(isAlive(other.pid!)).toBe(true);
      await stop(third.started);
    } finally {
      other.kill('SIGKILL');
    }
  }, 240_000);

  test('a taken EMBEDDED_PG_PORT stops the start with a line naming the variable', async () => {
    const blocker = createServer();
    const port = await new Promise<number>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)));
    try {
      const started = startTrellis({ PORT: String(await freePort()), DATA_DIR: newDataDir(), EMBEDDED_PG_PORT: String(port) });
      running.push(started);
      expect((await started.exited).code).toBe(1);
      expect(started.output()).toContain(`Invalid configuration: EMBEDDED_PG_PORT ${port} is already in use`);
    } finally {
      blocker.close();
    }
  }, 120_000);

  test('a PGlite DATA_DIR from the previous release moves into the new cluster with every row, and is kept as a backup', async () => {
    const dataDir = newDataDir();
    // What the current release writes: PGlite in DATA_DIR/pglite, migrated, with an instance, a user,
    // a workspace and a project (the factories write what the services would).
    const old = await createDatabase({ pgliteDir: join(dataDir, 'pglite') });
    await old.migrate();
    const server = { database: old } as unknown as TestServer;
    const owner = await buildUser(server);
    await setupInstance(server, owner);
    await buildProject(server, await buildWorkspace(server, owner), owner);
    await old.close();

    const moved = await start({ DATA_DIR: dataDir });
    expect(moved.started.output()).toMatch(/moved the PGlite database in \d+ ms; the old directory is kept as .*pglite\.backup-/);
    expect(await instanceIsSetUp(moved.base)).toBe(true);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    const backup = readdirSync(dataDir).find((name) => name.startsWith('pglite.backup-'))!;

    const counts = `select (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I.%I', schemaname, tablename), false, true, '')))[1]::text::int as n, schemaname || '.' || tablename as name
      from pg_tables where schemaname in ('public', 'drizzle')
      and tablename <> 'instance_configurations' -- filled with defaults by the server's start, which has run by now
      order by name`;
    const sequences = `select schemaname || '.' || sequencename as name, last_value::text as last_value from pg_sequences order by name`;
    const sql = postgres(embeddedUrl(dataDir), { max: 1, onnotice: () => {} });
    const pglite = new PGlite({ dataDir: join(dataDir, backup) });
    try {
      const [newCounts, oldCounts] = [await sql.unsafe(counts), (await pglite.query(counts)).rows];
      expect(newCounts.map((row) => ({ ...row }))).toEqual(oldCounts);
      expect(oldCounts.find((row) => (row as { name: string }).name === 'public.users')).toMatchObject({ n: 1 });
      const [newSequences, oldSequences] = [await sql.unsafe(sequences), (await pglite.query(sequences)).rows];
      expect(newSequences.map((row) => ({ ...row }))).toEqual(oldSequences);
    } finally {
      await sql.end();
      await pglite.close();
    }
    await stop(moved.started);

    // Asking for PGlite again must not open an empty database in place of the moved data.
    const empty = startTrellis({ PORT: String(await freePort()), DATA_DIR: dataDir, EMBEDDED_DB: 'pglite' });
    running.push(empty);
    expect((await empty.exited).code).toBe(1);
    expect(empty.output()).toContain('EMBEDDED_DB=pglite would start an empty database');
  }, 240_000);
});
