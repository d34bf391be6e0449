import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { issues } from '../../db/schema/index';
import { createTestServer, type TestServer } from '../../tests/support/server';
import { addProjectMember, addWorkspaceMember, buildProject, buildUser, buildWorkspace, type TestProject, type TestUser, type TestWorkspace } from '../../tests/support/factories';

let server: TestServer;
let admin: TestUser, guest: TestUser, outsider: TestUser;
let workspace: TestWorkspace;
let project: TestProject;
const created: string[] = [];

const base = () => `/api/workspaces/${workspace.slug}/projects/${project.id}`;
const get = (path: string, user: TestUser | null = admin) => server.inject({ method: 'GET', url: `${base()}${path}`, headers: user?.headers ?? {} });

async function createIssue(user: TestUser, name: string): Promise<string> {
  const response = await server.inject({ method: 'POST', url: `${base()}/issues/`, headers: user.headers, payload: { name, description_html: `<p>${name}</p>` } });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

beforeAll(async () => {
  server = await createTestServer();
  admin = await buildUser(server);
  guest = await buildUser(server);
  outsider = await buildUser(server);
  workspace = await buildWorkspace(server, admin);
  await addWorkspaceMember(server, workspace, guest, 5);
  project = await buildProject(server, workspace, admin);
  await addProjectMember(server, project, guest, 5);
  for (let i = 0; i < 5; i++) created.push(await createIssue(admin, `issue ${i}`));
});

afterAll(async () => {
  await server?.close();
});

describe('GET …/v2/issues/', () => {
  test('pages live issues by updated_at with the global paginator', async () => {
    const first = await get('/v2/issues/?per_page=2');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-sync-cursor']).toMatch(/^\d+$/);
    const body = first.json();
    expect(Object.keys(body).sort()).toEqual(
      ['cursor', 'next_cursor', 'next_page_results', 'page_count', 'prev_cursor', 'prev_page_results', 'results', 'total_pages', 'total_results'].sort(),
    );
    expect(body).toMatchObject({ cursor: '2:0:0', prev_cursor: '2:-1:0', next_cursor: '2:1:0', prev_page_results: false, next_page_results: true, page_count: 2, total_results: 5, total_pages: 3 });
    expect(body.results[0]).toMatchObject({ id: created[0], state__group: 'backlog', label_ids: [], assignee_ids: [], module_ids: [], link_count: 0 });
    expect(body.results[0]).not.toHaveProperty('description_html');
    const last = (await get('/v2/issues/?cursor=2:2:0')).json();
    expect(last).toMatchObject({ cursor: '2:2:0', next_cursor: null, next_page_results: false, prev_page_results: true, page_count: 1 });
    const all = (await get('/v2/issues/')).json().results.map((row: { id: string }) => row.id);
    expect(all).toEqual(created);
  });

  test('updated_at__gt and description=true', async () => {
    const rows = (await get('/v2/issues/')).json().results;
    const since = rows[2].updated_at as string;
    const later = (await get(`/v2/issues/?updated_at__gt=${encodeURIComponent(since)}&description=true`)).json();
    expect(later.results.map((row: { id: string }) => row.id)).toEqual(created.slice(3));
    expect(later.results[0].description_html).toBe('<p>issue 3</p>');
  });

  test('guests see only their own issues; drafts, archived and deleted issues are left out', async () => {
    // Guests cannot create issues through the API; an issue they created earlier (as a member) is theirs.
    const [row] = await server.database.db
      .insert(issues)
      .values({ projectId: project.id, workspaceId: workspace.id, name: 'guest issue', sequenceId: 999, createdBy: guest.id, stateId: project.states.backlog })
      .returning();
    const mine = row.id;
    const guestRows = (await get('/v2/issues/', guest)).json().results.map((row: { id: string }) => row.id);
    expect(guestRows).toEqual([mine]);
    await server.database.db.update(issues).set({ archivedAt: new Date(), updatedAt: new Date() }).where(eq(issues.id, created[1]));
    await server.database.db.update(issues).set({ isDraft: true }).where(eq(issues.id, created[2]));
    const ids = (await get('/v2/issues/')).json().results.map((row: { id: string }) => row.id);
    expect(ids).not.toContain(created[1]);
    expect(ids).not.toContain(created[2]);
    expect(ids).toContain(mine);
  });

  test('bad cursor, per_page and timestamp are 400; anonymous 401; outsider 403', async () => {
    expect((await get('/v2/issues/?cursor=abc')).json()).toEqual({ detail: 'Invalid cursor parameter.' });
    expect((await get('/v2/issues/?per_page=1001')).statusCode).toBe(400);
    const badDate = await get('/v2/issues/?updated_at__gt=yesterday');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json()).toHaveProperty('updated_at__gt');
    expect((await get('/v2/issues/', null)).statusCode).toBe(401);
    expect((await get('/v2/issues/', outsider)).statusCode).toBe(403);
  });
});

describe('GET …/deleted-issues/', () => {
  test('lists ids of deleted and archived issues since the watermark; guests only their own', async () => {
    const before = new Date(Date.now() - 60_000).toISOString();
    const removed = created[4];
    const deleted = await server.inject({ method: 'DELETE', url: `${base()}/issues/${removed}/`, headers: admin.headers });
    expect(deleted.statusCode).toBe(204);
    const ids = (await get(`/deleted-issues/?updated_at__gt=${encodeURIComponent(before)}`)).json();
    expect(ids).toEqual(expect.arrayContaining([removed, created[1]]));
    expect(ids).not.toContain(created[0]);
    const future = (await get(`/deleted-issues/?updated_at__gt=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).json();
    expect(future).toEqual([]);
    expect((await get('/deleted-issues/', guest)).json()).toEqual([]);
    expect((await get('/deleted-issues/', null)).statusCode).toBe(401);
    expect((await get('/deleted-issues/', outsider)).statusCode).toBe(403);
    expect((await get('/deleted-issues/?updated_at__gt=nope')).statusCode).toBe(400);
  });
});
