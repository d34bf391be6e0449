// Relative date filters count from the caller's today in their profile's time zone, not the UTC day
// (wrong for everyone west of UTC in the evening). Kiritimati (UTC+14) and Pago Pago (UTC−11) are 25
// hours apart, so at any moment their calendar days differ: each caller sees only "their" issue.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { todayIn } from '../../shared/calendar-day';
import { createTestServer, type TestServer } from '../../tests/support/server';
import { buildWorld, type World } from '../../tests/support/world';
import { insertIssues } from '../../tests/list-engine/fixtures';

const EAST = 'Pacific/Kiritimati';
const WEST = 'Pacific/Pago_Pago';
const TODAY_ONLY = '0_weeks;after;fromnow,0_weeks;before;fromnow';

let server: TestServer;
let world: World;

beforeAll(async () => {
  server = await createTestServer();
  world = await buildWorld(server);
  const { project, admin } = world;
  await insertIssues(server.database.db, project, [
    { name: 'due today in the east', stateId: project.states.started, targetDate: todayIn(EAST), createdBy: admin.id },
    { name: 'due today in the west', stateId: project.states.started, targetDate: todayIn(WEST), createdBy: admin.id },
  ]);
});

afterAll(async () => server?.close());

async function dueTodayFor(timeZone: string): Promise<string[]> {
  const { workspace, project, headers } = world;
  const zone = await server.inject({ method: 'PATCH', url: '/api/users/me/', headers: headers.admin, payload: { user_timezone: timeZone } });
  expect(zone.statusCode).toBe(200);
  const query = new URLSearchParams({ target_date: TODAY_ONLY }).toString();
  const [projectList, workspaceList] = await Promise.all([
    server.inject({ method: 'GET', url: `/api/workspaces/${workspace.slug}/projects/${project.id}/issues/?${query}`, headers: headers.admin }),
    server.inject({ method: 'GET', url: `/api/workspaces/${workspace.slug}/issues/?${query}`, headers: headers.admin }),
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
