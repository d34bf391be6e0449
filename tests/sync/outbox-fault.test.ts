// Issue 17's fault test: the outbox (client/outbox/outbox.ts, driven here in Node through plain
// fetch) replays 200 queued creates against a real server process, the process is SIGKILLed in
// the middle of the drain, another one starts on the same Postgres, the outbox drains into it —
// and the database holds every mutation exactly once (requests in flight at the kill are replayed
// with their original X-Client-Mutation-Id; the server's receipts answer those that had landed).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { issues } from '../../db/schema/issue';
import { Outbox } from '../../client/outbox/outbox';
import { openProcessSuite, type ProcessSuite } from '../support/process-suite';
import { fetchTransport } from '../support/outbox-transport';

const isPostgres = Boolean(process.env.DATABASE_URL);
if (!isPostgres) console.log('[skip] tests/sync/outbox-fault.test.ts: kills and restarts server processes on one Postgres (needs DATABASE_URL)');

const QUEUED = 200;
let suite: ProcessSuite;

beforeAll(async () => {
  if (!isPostgres) return;
  suite = await openProcessSuite('trellis-outbox-fault-');
});

afterAll(async () => {
  await suite?.close();
});

describe.skipIf(!isPostgres)('outbox under a server crash', () => {
  test(`SIGKILL while ${QUEUED} queued mutations replay, restart: each is in the database exactly once`, async () => {
    const { admin: user, database, workspace, project } = suite;
    // Queued while offline.
    let base: string | null = null;
    let requests = 0;
    const outbox = new Outbox({ transport: fetchTransport(() => base, user.headers, () => requests++), baseDelayMs: 200, maxDelayMs: 1000, timeoutMs: 10_000 });
    const path = `/api/workspaces/${workspace.slug}/projects/${project.id}/issues/`;
    const handles = Array.from({ length: QUEUED }, (_, index) =>
      outbox.enqueue({ keys: [`temp-${index}`], createsTemp: `temp-${index}`, request: { method: 'POST', path, body: { name: `outbox-fault-${index}` } }, optimistic: [], label: { key: 'outbox.kind.create', values: { name: String(index) } } }),
    );
    await Promise.all(handles.map((handle) => handle.first));
    expect(outbox.size).toBe(QUEUED);

    const log = (what: string) => console.log(`[outbox-fault] ${new Date().toISOString().slice(11, 19)} ${what} (${outbox.size} queued)`);
    log('queued offline');
    const first = await suite.start();
    log('first server up');
    base = first.baseUrl;
    outbox.kick();
    while (QUEUED - outbox.size < 40) {
      const refused = outbox.list().find((record) => record.status === 'failed');
      if (refused) throw new Error(`refused: ${JSON.stringify(refused.error)}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await first.kill('SIGKILL');
    const landedBeforeKill = QUEUED - outbox.size;
    expect(outbox.size).toBeGreaterThan(0);

    log('first server killed');
    const second = await suite.start();
    log('second server up');
    base = second.baseUrl;
    outbox.kick();
    await outbox.idle();
    expect(outbox.list().filter((record) => record.status === 'failed')).toEqual([]);
    expect(outbox.size).toBe(0);

    const rows = await database.db
      .select({ name: issues.name, count: sql<number>`count(*)::int` })
      .from(issues)
      .where(and(eq(issues.projectId, project.id), like(issues.name, 'outbox-fault-%')))
      .groupBy(issues.name);
    expect(rows).toHaveLength(QUEUED);
    expect(rows.filter((row) => row.count !== 1)).toEqual([]);
    // Every temporary id got its real id (the answer, or the receipt's copy of it).
    const realIds = new Set(handles.map((_, index) => outbox.realId(`temp-${index}`)).filter(Boolean));
    console.log(`[outbox-fault] ${landedBeforeKill} landed before the kill, ${requests} requests in all, ${realIds.size} real ids known`);
    await second.kill('SIGTERM');
  }, 300_000);
});
