import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestServer, type TestServer } from '../../tests/support/server';
import { buildProject, type TestProject, type TestUser, type TestWorkspace } from '../../tests/support/factories';
import { buildWorld } from '../../tests/support/world';

describe('labels', () => {
  let server: TestServer;
  let admin: TestUser;
  let member: TestUser;
  let guest: TestUser;
  let outsider: TestUser;
  let workspace: TestWorkspace;
  let project: TestProject;
  let base: string;

  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    server.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    server = await createTestServer();
    ({ admin, member, guest, outsider, workspace, project } = await buildWorld(server));
    base = `/api/workspaces/${workspace.slug}/projects/${project.id}/issue-labels`;
  });
  afterAll(async () => server?.close());

  test('create: 65535 first, max + 10000 next, sent sort_order kept, duplicate names refused', async () => {
    const first = await call(admin, 'POST', `${base}/`, { name: 'Bug', color: '#ff0000' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ name: 'Bug', color: '#ff0000', sort_order: 65535, parent: null, project_id: project.id, workspace_id: workspace.id, version: 1 });
    expect((await call(admin, 'POST', `${base}/`, { name: 'Feature' })).json().sort_order).toBe(75535);
    expect((await call(admin, 'POST', `${base}/`, { name: 'Chore', sort_order: 5 })).json().sort_order).toBe(5);
    const dup = await call(admin, 'POST', `${base}/`, { name: 'bug' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: ['LABEL_NAME_ALREADY_EXISTS'] });
    expect((await call(admin, 'POST', `${base}/`, { name: 'Bad', parent: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(400);
    expect((await call(admin, 'POST', `${base}/`, { name: 'x'.repeat(100_000) })).statusCode).toBe(400);
    expect((await call(member, 'POST', `${base}/`, { name: 'M' })).statusCode).toBe(403);
    const list = (await call(guest, 'GET', `${base}/`)).json() as Array<{ name: string }>;
    expect(list.map((l) => l.name)).toEqual(['Chore', 'Bug', 'Feature']);
    expect((await call(outsider, 'GET', `${base}/`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `${base}/`)).statusCode).toBe(401);
  });

  test('update moves, reorders and renames; duplicates and cycles refused', async () => {
    const list = (await call(admin, 'GET', `${base}/`)).json() as Array<{ id: string; name: string }>;
    const bug = list.find((l) => l.name === 'Bug')!;
    const feature = list.find((l) => l.name === 'Feature')!;
    expect((await call(guest, 'GET', `${base}/${bug.id}/`)).json().name).toBe('Bug');
    const moved = await call(admin, 'PATCH', `${base}/${feature.id}/`, { parent: bug.id, sort_order: 1.5 });
    expect(moved.json()).toMatchObject({ parent: bug.id, sort_order: 1.5, version: 2 });
    const cycle = await call(admin, 'PATCH', `${base}/${bug.id}/`, { parent: feature.id });
    expect(cycle.statusCode).toBe(400);
    const dup = await call(admin, 'PATCH', `${base}/${feature.id}/`, { name: 'Bug' });
    expect(dup.json()).toEqual({ error: 'Label with the same name already exists in the project' });
    expect((await call(member, 'PATCH', `${base}/${feature.id}/`, { name: 'N' })).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `${base}/${bug.id}/`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `${base}/${bug.id}/`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `${base}/${feature.id}/`)).json().parent).toBeNull();
    expect((await call(member, 'DELETE', `${base}/${feature.id}/`)).statusCode).toBe(403);
  });

  test('bulk create skips existing names; workspace labels list the caller’s projects', async () => {
    const url = `/api/workspaces/${workspace.slug}/projects/${project.id}/bulk-create-labels/`;
    const response = await call(admin, 'POST', url, { label_data: [{ name: 'Feature' }, { name: 'Docs' }, { name: 'Ops', description: 'd' }] });
    expect(response.statusCode).toBe(201);
    expect(response.json().labels.map((l: { name: string }) => l.name)).toEqual(['Docs', 'Ops']);
    expect((await call(admin, 'POST', url, { label_data: [] })).statusCode).toBe(400);
    expect((await call(member, 'POST', url, { label_data: [{ name: 'Z' }] })).statusCode).toBe(403);
    const other = await buildProject(server, workspace, admin);
    await call(admin, 'POST', `/api/workspaces/${workspace.slug}/projects/${other.id}/issue-labels/`, { name: 'Hidden' });
    const ws = `/api/workspaces/${workspace.slug}/labels/`;
    expect(((await call(guest, 'GET', ws)).json() as Array<{ name: string }>).map((l) => l.name)).not.toContain('Hidden');
    expect(((await call(admin, 'GET', ws)).json() as Array<{ name: string }>).map((l) => l.name)).toContain('Hidden');
    expect((await call(outsider, 'GET', ws)).statusCode).toBe(403);
  });

  test('concurrent moves cannot make two labels each other’s parent', async () => {
    const [a, b] = await Promise.all(['Cycle A', 'Cycle B'].map(async (name) => (await call(admin, 'POST', `${base}/`, { name })).json() as { id: string }));
    const moves = await Promise.all([call(admin, 'PATCH', `${base}/${a.id}/`, { parent: b.id }), call(admin, 'PATCH', `${base}/${b.id}/`, { parent: a.id })]);
    expect(moves.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const parents = await Promise.all([a, b].map(async (label) => (await call(admin, 'GET', `${base}/${label.id}/`)).json().parent));
    expect(parents.filter(Boolean)).toHaveLength(1);
  });
});
