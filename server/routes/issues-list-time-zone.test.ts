// Relative date filters count from the caller's today in their profile's time zone, not the UTC day
// (wrong for everyone west of UTC in the evening). Kiritimati (UTC+14) and Pago Pago (UTC−11) are 25
// hours apart, so at any moment their calendar days differ: each caller sees only "their" issue.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { todayIn } from '../../shared/calendar-day';
import { createTestServer, type TestServer } from '../../tests/support/server';
import { buildProject, buildUser, buildWorkspace, setupInstance, type TestProject, type TestUser, type TestWorkspace } from '../../tests/support/factories';
import { insertIssues } from '../../tests/list-engine/fixtures';

const EAST = 'Pacific/Kiritimati';
const WEST = 'Pacific/Pago_Pago';
const TODAY_ONLY = '0_weeks;after;fromnow,0_weeks;before;fromnow';

let server: TestServer;
let owner: TestUser;
let workspace: TestWorkspace;
let project: TestProject;

beforeAll(async () => {
  server = await createTestServer();
  owner = await buildUser(server);
  await setupInstance(server, owner);
  workspace = await buildWorkspace(server, owner);
  project = await buildProject(server, workspace, owner);
  await insertIssues(server.database.db, project, [
    { name: 'due today in the east', stateId: project.states.started, targetDate: todayIn(EAST), createdBy: owner.id },
    { name: 'due today in the west', stateId: project.states.started, targetDate: todayIn(WEST), createdBy: owner.id },
  ]);
});

afterAll(async () => server?.close());

async function dueTodayFor(timeZone: string): Promise<string[]> {
  const zone = await server.inject({ method: 'PATCH', url: '/api/users/me/', headers: owner.headers, payload: { user_timezone: timeZone } });
  expect(zone.statusCode).toBe(200);
  const query = new URLSearchParams({ target_date: TODAY_ONLY }).toString();
  const [projectList, workspaceList] = await Promise.all([
    server.inject({ method: 'GET', url: `/api/workspaces/${workspace.slug}/projects/${project.id}/issues/?${query}`, headers: owner.headers }),
    server.inject({ method: 'GET', url: `/api/workspaces/${workspace.slug}/issues/?${query}`, headers: owner.headers }),
  ]);
  const names = (response: typeof projectList) => (response.json().results as { name: string }[]).map((row) => row.name);
  // The project list and the workspace list agree on whose today it is.
  expect(names(workspaceList)).toEqual(names(projectList));
  return names(projectList);
}

test("a relative date filter counts from the caller's today in their profile's time zone", async () => {
  expect(todayIn(EAST)).not.toBe(todayIn(WEST));
  expect(await dueTodayFor(EAST)).toEqual(['due today in the east']);
  expect(await dueTodayFor(WEST)).toEqual(['due today in the west']);
});
