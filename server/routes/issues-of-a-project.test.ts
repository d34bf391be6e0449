// One definition of "the issues of a project" (issue 26): an intake request that was not accepted
// — pending, snoozed, declined, duplicate — is a request, not an issue. The list, its count, the
// analytics overview and project stats, cycle and module progress, sub-issue counts and the export
// rows must all agree (analytics showed "1 of 13 done" beside a list of 10).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestServer, type TestServer } from '../../tests/support/server';
import { buildWorld, type World } from '../../tests/support/world';

let server: TestServer;
let world: World;
let workspaceBase: string;
let base: string;

function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  return server.inject({ method, url, headers: world.headers.admin, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

async function ok<T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown): Promise<T> {
  const response = await call(method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json() as T;
}

const issueIds: string[] = [];
let requestIssueIds: string[] = [];
let cycleId = '';
let moduleId = '';

beforeAll(async () => {
  server = await createTestServer();
  world = await buildWorld(server);
  workspaceBase = `/api/workspaces/${world.workspace.slug}`;
  const project = await ok<{ id: string }>('POST', `${workspaceBase}/projects/`, { name: 'Scope', identifier: 'SCO' });
  base = `${workspaceBase}/projects/${project.id}`;
  await ok('PATCH', `${base}/`, { intake_view: true });
  const states = await ok<Array<{ id: string; group: string }>>('GET', `${base}/states/`);
  const done = states.find((state) => state.group === 'completed')!;

  // Three issues, one of them done.
  for (const name of ['One', 'Two', 'Three']) issueIds.push((await ok<{ id: string }>('POST', `${base}/issues/`, { name })).id);
  await ok('PATCH', `${base}/issues/${issueIds[0]}/`, { state_id: done.id });

  // Five requests: one accepted (an issue from then on), four that stay requests.
  const submit = async (name: string) => (await ok<{ issue: { id: string } }>('POST', `${base}/intake-issues/`, { issue: { name } })).issue.id;
  requestIssueIds = [await submit('Accepted'), await submit('Declined'), await submit('Duplicate'), await submit('Snoozed'), await submit('Pending')];
  const triage = (issueId: string, body: unknown) => ok('PATCH', `${base}/intake-issues/${issueId}/`, body);
  await triage(requestIssueIds[0], { status: 1 });
  await triage(requestIssueIds[1], { status: -1 });
  await triage(requestIssueIds[2], { status: 2, duplicate_to: issueIds[1] });
  await triage(requestIssueIds[3], { status: 0, snoozed_till: new Date(Date.now() + 86_400_000).toISOString() });
  // A request filed under an issue, in a cycle and a module (an admin can set these on the request's issue).
  await ok('PATCH', `${base}/issues/${requestIssueIds[1]}/`, { parent_id: issueIds[1] });
  await ok('PATCH', `${base}/issues/${issueIds[2]}/`, { parent_id: issueIds[1] });

  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  cycleId = (await ok<{ id: string }>('POST', `${base}/cycles/`, { name: 'Now', start_date: day(-1), end_date: day(7) })).id;
  await ok('POST', `${base}/cycles/${cycleId}/cycle-issues/`, { issues: [issueIds[0], issueIds[1], ...requestIssueIds] });
  moduleId = (await ok<{ id: string }>('POST', `${base}/modules/`, { name: 'Mod' })).id;
  await ok('POST', `${base}/modules/${moduleId}/issues/`, { issues: [issueIds[0], ...requestIssueIds] });
});
afterAll(() => server.close());

describe('the issues of a project', () => {
  test('the list holds the three issues and the accepted request', async () => {
    const list = await ok<{ total_count: number; results: Array<{ id: string; sub_issues_count: number }> }>('GET', `${base}/issues/`);
    expect(list.results.map((row) => row.id).sort()).toEqual([...issueIds, requestIssueIds[0]].sort());
    // The parent's sub-issues: Three, not the declined request.
    expect(list.results.find((row) => row.id === issueIds[1])!.sub_issues_count).toBe(1);
  });

  test('analytics project stats count the same four, one done', async () => {
    const projectId = base.split('/').at(-1);
    const [stats] = await ok<Array<{ id: string; total_issues: number; completed_issues: number }>>(
      'GET',
      `${workspaceBase}/project-stats/?project_ids=${projectId}&fields=total_issues,completed_issues`,
    );
    expect(stats).toMatchObject({ total_issues: 4, completed_issues: 1 });
  });

  test('the analytics chart and overview count four', async () => {
    const projectId = base.split('/').at(-1);
    const chart = await ok<{ total: number }>('GET', `${workspaceBase}/analytics/?x_axis=priority&y_axis=issue_count&project=${projectId}`);
    expect(chart.total).toBe(4);
    const overview = await ok<{ total_issues: number }>('GET', `${workspaceBase}/default-analytics/?project=${projectId}`);
    expect(overview.total_issues).toBe(4);
  });

  test('cycle and module progress leave the requests out', async () => {
    const cycle = await ok<{ total_issues: number; completed_issues: number }>('GET', `${base}/cycles/${cycleId}/`);
    expect(cycle).toMatchObject({ total_issues: 3, completed_issues: 1 });
    const module = await ok<{ total_issues: number; completed_issues: number }>('GET', `${base}/modules/${moduleId}/`);
    expect(module).toMatchObject({ total_issues: 2, completed_issues: 1 });
  });
});
