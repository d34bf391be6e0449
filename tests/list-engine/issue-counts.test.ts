// The maintained issue counters (db/schema/issue.ts `issueCounts`, triggers of migration 0002):
// after every kind of write — create, edit, bulk edit, archive, delete, bulk delete, draft, intake —
// a list's total and its state / priority group counts equal a plain COUNT over the issues, before
// and after the deltas are folded; concurrent writers lose no update; and the list really reads
// the counters (a planted delta shows up in the total).
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { foldIssueCounts } from '../../server/services/ops/issue-counts';
import { useTeam } from '../support/team';
import { insertIssues } from './fixtures';

const team = useTeam({}, { instanceAdmin: true });

const base = () => `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}`;

async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: unknown) {
  const response = await team.server.inject({ method, url: `${base()}${path}`, headers: team.owner.headers, payload: payload as never });
  expect(response.statusCode, `${method} ${path}: ${response.body}`).toBeLessThan(300);
  return response.body ? response.json() : null;
}

async function createIssue(body: Record<string, unknown>): Promise<string> {
  return (await call('POST', '/issues/', body)).id;
}

/** Listed issues per state and priority, counted row by row (the list engine's own base rule). */
async function plainCounts(): Promise<{ total: number; byState: Record<string, number>; byPriority: Record<string, number> }> {
  const rows = await team.server.database.query<{ state_id: string; priority: string; n: number }>(sql`
    select i.state_id::text as state_id, i.priority, count(*)::int as n from issues i
    where i.project_id = ${team.project.id} and i.deleted_at is null and i.archived_at is null and not i.is_draft
      and i.id not in (select issue_id from intake_issues where deleted_at is null and status in (-2, 0))
    group by 1, 2`);
  const byState: Record<string, number> = {};
  const byPriority: Record<string, number> = {};
  let total = 0;
  for (const row of rows) {
    total += row.n;
    byState[row.state_id] = (byState[row.state_id] ?? 0) + row.n;
    byPriority[row.priority] = (byPriority[row.priority] ?? 0) + row.n;
  }
  return { total, byState, byPriority };
}

/** What the list answers: the ungrouped total and the totals of state and priority groups. */
async function listedCounts() {
  const ungrouped = await call('GET', '/issues/?per_page=5');
  const byStateBody = await call('GET', '/issues/?group_by=state_id&per_page=5');
  const byPriorityBody = await call('GET', '/issues/?group_by=priority&sub_group_by=state_id&per_page=5');
  const nonZero = (results: Record<string, { total_results: number }>) =>
    Object.fromEntries(Object.entries(results).filter(([, group]) => group.total_results > 0).map(([key, group]) => [key, group.total_results]));
  return {
    total: ungrouped.total_count as number,
    groupedTotal: byStateBody.total_count as number,
    byState: nonZero(byStateBody.results),
    byPriority: nonZero(byPriorityBody.results),
  };
}

async function expectCountsMatch() {
  const expected = await plainCounts();
  const listed = await listedCounts();
  expect(listed).toEqual({ total: expected.total, groupedTotal: expected.total, byState: expected.byState, byPriority: expected.byPriority });
  // Folding the deltas changes no count.
  await foldIssueCounts(team.server.database);
  expect(await listedCounts()).toEqual(listed);
}

describe('issue counters', () => {
  test('follow every kind of write', async () => {
    const { states } = team.project;
    const ids: string[] = [];
    for (const priority of ['urgent', 'high', 'high', 'medium', 'low', 'none', 'none']) ids.push(await createIssue({ name: `Issue ${priority}`, priority }));
    await expectCountsMatch();

    await call('PATCH', `/issues/${ids[0]}/`, { state_id: states.started, priority: 'low' });
    await call('PATCH', `/issues/${ids[1]}/`, { name: 'renamed only' });
    await expectCountsMatch();

    await call('POST', '/bulk-operation-issues/', { issue_ids: [ids[2], ids[3]], properties: { state_id: states.unstarted, priority: 'urgent' } });
    await expectCountsMatch();

    await call('PATCH', `/issues/${ids[4]}/`, { state_id: states.completed });
    await call('POST', `/issues/${ids[4]}/archive/`, {});
    await expectCountsMatch();
    await call('DELETE', `/issues/${ids[4]}/archive/`);
    await expectCountsMatch();

    await call('DELETE', `/issues/${ids[5]}/`);
    await call('DELETE', '/bulk-delete-issues/', { issue_ids: [ids[6]] });
    await expectCountsMatch();

    // A draft is not listed until it stops being one.
    const [draft] = await insertIssues(team.server.database.db, team.project, [{ name: 'draft', isDraft: true, priority: 'high' }]);
    await expectCountsMatch();
    await team.server.database.query(sql`update issues set is_draft = false where id = ${draft}`);
    await expectCountsMatch();

    // An issue waiting in intake is not listed.
    const [intake] = await team.server.database.query<{ id: string }>(sql`
      insert into intakes (project_id, workspace_id, name) values (${team.project.id}, ${team.workspace.id}, 'Intake') returning id`);
    await team.server.database.query(sql`
      insert into intake_issues (intake_id, issue_id, project_id, workspace_id, status)
      values (${intake.id}, ${ids[0]}, ${team.project.id}, ${team.workspace.id}, -2)`);
    await expectCountsMatch();
    await team.server.database.query(sql`update intake_issues set status = 1 where issue_id = ${ids[0]}`);
    await expectCountsMatch();

    // Bulk inserts (the seed and fixtures) are counted too.
    await insertIssues(team.server.database.db, team.project, Array.from({ length: 40 }, (_, index) => ({ priority: index % 2 ? 'low' : 'medium', stateId: index % 3 ? states.backlog : states.started })));
    await expectCountsMatch();
  });

  test('the list reads the counters instead of counting issues', async () => {
    const before = (await call('GET', '/issues/?per_page=1')).total_count as number;
    await team.server.database.query(sql`insert into issue_count_deltas (project_id, state_id, priority, n) values (${team.project.id}, ${team.project.states.backlog}, 'none', 5)`);
    expect((await call('GET', '/issues/?per_page=1')).total_count).toBe(before + 5);
    // A filtered list counts its own rows and is not affected.
    expect((await call('GET', '/issues/?per_page=1&priority=none,low,medium,high,urgent')).total_count).toBe(before);
    await team.server.database.query(sql`insert into issue_count_deltas (project_id, state_id, priority, n) values (${team.project.id}, ${team.project.states.backlog}, 'none', -5)`);
    expect((await call('GET', '/issues/?per_page=1')).total_count).toBe(before);
  });

  test.skipIf(!process.env.DATABASE_URL)('concurrent writers and folds lose no update (Postgres)', async () => {
    const { states } = team.project;
    const stateIds = [states.backlog, states.unstarted, states.started, states.completed];
    const priorities = ['urgent', 'high', 'medium', 'low', 'none'];
    const ids = await insertIssues(team.server.database.db, team.project, Array.from({ length: 24 }, () => ({})));
    await Promise.all([
      ...ids.map(async (id, writer) => {
        for (let round = 0; round < 4; round++) {
          await call('PATCH', `/issues/${id}/`, { state_id: stateIds[(writer + round) % stateIds.length], priority: priorities[(writer * 3 + round) % priorities.length] });
        }
      }),
      (async () => {
        for (let fold = 0; fold < 10; fold++) await foldIssueCounts(team.server.database);
      })(),
      foldIssueCounts(team.server.database),
    ]);
    await expectCountsMatch();
  });
});
