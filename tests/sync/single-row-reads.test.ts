// The GET of one label, state, cycle, module, page or project — and the lists of labels, members,
// states and modules every project screen loads — sends each of its statements prepared: one round
// trip each. drizzle sends a query builder's statement unprepared unless it is named, and postgres.js
// sends an unprepared statement with values as Parse/Describe, then its Bind once the types are back
// — two round trips and a fresh plan each. Look-ups by key go through db/rows.ts's `sendPrepared`;
// their answers stay as they were (the route tests hold those). Measured by a probe: a cycle's GET
// went from 3.8–4.2 ms to 1.8–2.0 ms, a module's from 4.2–5.3 to 2.2–3.1 (BENCHMARKS.md, "Read ratios").
// PostgreSQL only: on PGlite there is no round trip to save.
import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, test } from 'vitest';
import type postgres from 'postgres';
import { useWorld } from '../support/world';

const world = useWorld();
const { call } = world;

/**
 * Each statement the server's pool sends on behalf of `work`, with whether it went prepared. Only
 * statements sent from `work`'s own async context count: the job queue's worker polls the same
 * pool on its own timer, and its claim may fall inside the window (it did, in CI).
 */
async function statementsDuring(work: () => Promise<unknown>): Promise<Array<{ text: string; prepared: boolean }>> {
  const client = (world.server.database.db as unknown as { $client: postgres.Sql }).$client;
  const unsafe = client.unsafe;
  const request = new AsyncLocalStorage<true>();
  const seen: Array<{ text: string; prepared: boolean }> = [];
  client.unsafe = ((text: string, params?: unknown[], options?: { prepare?: boolean }) => {
    if (request.getStore()) seen.push({ text: text.replace(/\s+/g, ' ').slice(0, 80), prepared: options?.prepare ?? client.options.prepare });
    return unsafe.call(client, text, params as never, options);
  }) as typeof client.unsafe;
  try {
    await request.run(true, work);
  } finally {
    client.unsafe = unsafe;
  }
  return seen;
}

/** GETs `path` as the admin: answered 200, with the session's statement and the reads all sent prepared. */
async function expectAllPrepared(path: string): Promise<void> {
  let status = 0;
  const statements = await statementsDuring(async () => {
    status = (await call('admin', 'GET', path)).statusCode;
  });
  expect(status, path).toBe(200);
  // The session with the membership, then the reads.
  expect(statements.length, path).toBeGreaterThan(1);
  expect(statements.filter((statement) => !statement.prepared), path).toEqual([]);
}

async function created(path: string, body: Record<string, unknown>): Promise<string> {
  const response = await call('admin', 'POST', path, body);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

describe.skipIf(!process.env.DATABASE_URL)('GET of one label, state, cycle, module, page or project', () => {
  test('sends every statement prepared', async () => {
    const labelId = await created('issue-labels/', { name: 'Prepared' });
    const stateId = await created('states/', { name: 'Prepared', color: '#112233', group: 'started' });
    const cycleId = await created('cycles/', { name: 'Prepared' });
    const moduleId = await created('modules/', { name: 'Prepared' });
    const pageId = await created('pages/', { name: 'Prepared' });
    const issueId = await created('issues/', { name: 'In both' });
    expect((await call('admin', 'POST', `cycles/${cycleId}/cycle-issues/`, { issues: [issueId] })).statusCode).toBeLessThan(300);
    expect((await call('admin', 'POST', `modules/${moduleId}/issues/`, { issues: [issueId] })).statusCode).toBeLessThan(300);
    for (const path of [`issue-labels/${labelId}/`, `states/${stateId}/`, `cycles/${cycleId}/`, `modules/${moduleId}/`, `pages/${pageId}/`, `${world.projectUrl}/`]) await expectAllPrepared(path);
  });

  // The lists every project screen loads (the pickers' labels, members, states, modules).
  test('the lists of labels, members, states and modules send every statement prepared', async () => {
    await created('issue-labels/', { name: 'Listed' });
    await created('modules/', { name: 'Listed' });
    for (const path of ['issue-labels/', 'members/', 'states/', 'modules/']) await expectAllPrepared(path);
  });
});
