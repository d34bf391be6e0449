// A member's PATCH of fields that need nothing of the stored row (name, priority, dates, sort order,
// external ids) updates the issue without reading it first, in one statement that also hands back
// the values it replaced (server/services/work-items/issue-update.ts, `updateUnreadIssue`). Everything a
// PATCH answers and records stays as the reading way has it: the activities name the old values,
// and a draft, a guest's PATCH, a missing issue or a field that needs the row still go the reading
// way, with its answers.
import { describe, expect, test } from 'vitest';
import type postgres from 'postgres';
import type { TestUser } from '../support/factories';
import { useTeam } from '../support/team';

const team = useTeam(
  {
    member: { workspace: 15, project: 15 },
    guest: { workspace: 5, project: 5 },
  },
  { owner: { displayName: 'Ada' } },
);

async function call(user: TestUser, method: 'GET' | 'POST' | 'PATCH', path: string, payload?: unknown) {
  return team.server.inject({ method, url: `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}/${path}`, headers: user.headers, payload: payload as object });
}

async function createIssue(user: TestUser, body: Record<string, unknown> = {}): Promise<{ id: string }> {
  const response = await call(user, 'POST', 'issues/', { name: 'Unread update', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/**
 * The statements the app sends to PostgreSQL while `work` runs, in order (postgres.js's documented
 * `debug` hook, which it reads on every statement). On PGlite, null: there is no client to listen on.
 */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[] | null> {
  if (team.server.database.driver !== 'postgres') {
    await work();
    return null;
  }
  const options = (team.server.database.db as unknown as { $client: postgres.Sql }).$client.options as { debug: unknown };
  const seen: string[] = [];
  const before = options.debug;
  options.debug = (_connection: number, text: string) => seen.push(text.replace(/\s+/g, ' ').trim());
  try {
    await work();
  } finally {
    options.debug = before;
  }
  return seen;
}

const readsIssueRow = (text: string) => /^select .* from "issues" where \("issues"\."id" = \$\d+ and "issues"\."project_id" = \$\d+/.test(text);
const updatesIssue = (text: string) => text.startsWith('update "issues" set');

describe('PATCH of fields that need nothing of the stored row', () => {
  test("a member's PATCH updates without reading the issue first; its activities name the values it replaced", async () => {
    const issue = await createIssue(team.owner, { priority: 'low', start_date: '2026-12-01', target_date: '2026-12-31' });
    let answer: Record<string, unknown> = {};
    const statements = await statementsDuring(async () => {
      const response = await call(team.member, 'PATCH', `issues/${issue.id}/`, { name: 'Renamed', priority: 'urgent', start_date: null, target_date: '2027-01-15', sort_order: 12.5 });
      expect(response.statusCode, response.body).toBe(200);
      answer = response.json();
    });
    expect(answer).toMatchObject({ name: 'Renamed', priority: 'urgent', start_date: null, target_date: '2027-01-15', sort_order: 12.5 });
    if (statements) {
      expect(statements.filter(updatesIssue)).toHaveLength(1);
      expect(statements.filter(readsIssueRow)).toEqual([]);
    }

    const history = (await call(team.member, 'GET', `issues/${issue.id}/history/?activity_type=issue-property`)).json() as Array<{ field: string | null; old_value: string | null; new_value: string | null; actor: string }>;
    const byField = Object.fromEntries(history.filter((row) => row.field).map((row) => [row.field, row]));
    expect(byField.name).toMatchObject({ old_value: 'Unread update', new_value: 'Renamed', actor: team.member.id });
    expect(byField.priority).toMatchObject({ old_value: 'low', new_value: 'urgent' });
    expect(byField.start_date).toMatchObject({ old_value: '2026-12-01', new_value: '' });
    expect(byField.target_date).toMatchObject({ old_value: '2026-12-31', new_value: '2027-01-15' });

    // The answer is the row as GET serves it afterwards.
    const read = (await call(team.member, 'GET', `issues/${issue.id}/`)).json();
    for (const field of ['name', 'priority', 'start_date', 'target_date', 'sort_order', 'version', 'updated_at', 'label_ids', 'assignee_ids', 'state_id', 'sequence_id']) expect(answer[field], field).toEqual(read[field]);
  });

  test('a PATCH that needs the row, or whose actor needs it judged, reads it first as before', async () => {
    const issue = await createIssue(team.owner);
    const statements = await statementsDuring(async () => {
      expect((await call(team.member, 'PATCH', `issues/${issue.id}/`, { state_id: team.project.states.started })).statusCode).toBe(200);
      // A guest may edit their own issue only: the rule needs the row's creator.
      const own = await createIssue(team.owner);
      expect((await call(team.guest, 'PATCH', `issues/${own.id}/`, { priority: 'high' })).statusCode).toBe(403);
    });
    if (statements) expect(statements.filter(readsIssueRow).length).toBeGreaterThanOrEqual(2);
  });

  test('a draft and a missing issue keep their answers', async () => {
    const draft = await createIssue(team.owner, { is_draft: true });
    // Not the member's draft: the reading way judges it (a draft is its creator's and the admins').
    expect((await call(team.member, 'PATCH', `issues/${draft.id}/`, { priority: 'high' })).statusCode).toBe(403);
    // The creator's own draft is updated, by the reading way.
    const mine = await createIssue(team.member, { is_draft: true });
    const own = await call(team.member, 'PATCH', `issues/${mine.id}/`, { priority: 'high' });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ priority: 'high', is_draft: true });

    const missing = await call(team.member, 'PATCH', 'issues/00000000-0000-4000-8000-000000000000/', { priority: 'high' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Issue not found' });
  });
});
