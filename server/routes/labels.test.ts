import { beforeAll, describe, expect, test } from 'vitest';
import { buildProject, type TestUser } from '../../tests/support/factories';
import { useWorld } from '../../tests/support/world';

describe('labels', () => {
  const world = useWorld();
  let base: string;

  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    world.server.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    base = `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}/issue-labels`;
  });

  test('create: 65535 first, max + 10000 next, sent sort_order kept, duplicate names refused', async () => {
    const first = await call(world.admin, 'POST', `${base}/`, { name: 'Bug', color: '#ff0000' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ name: 'Bug', color: '#ff0000', sort_order: 65535, parent: null, project_id: world.project.id, workspace_id: world.workspace.id, version: 1 });
    expect((await call(world.admin, 'POST', `${base}/`, { name: 'Feature' })).json().sort_order).toBe(75535);
    expect((await call(world.admin, 'POST', `${base}/`, { name: 'Chore', sort_order: 5 })).json().sort_order).toBe(5);
    const dup = await call(world.admin, 'POST', `${base}/`, { name: 'bug' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: ['LABEL_NAME_ALREADY_EXISTS'] });
    expect((await call(world.admin, 'POST', `${base}/`, { name: 'Bad', parent: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(400);
    expect((await call(world.admin, 'POST', `${base}/`, { name: 'x'.repeat(100_000) })).statusCode).toBe(400);
    expect((await call(world.member, 'POST', `${base}/`, { name: 'M' })).statusCode).toBe(403);
    const list = (await call(world.guest, 'GET', `${base}/`)).json() as Array<{ name: string }>;
    expect(list.map((l) => l.name)).toEqual(['Chore', 'Bug', 'Feature']);
    expect((await call(world.outsider, 'GET', `${base}/`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `${base}/`)).statusCode).toBe(401);
  });

  test('update moves, reorders and renames; duplicates and cycles refused', async () => {
    const list = (await call(world.admin, 'GET', `${base}/`)).json() as Array<{ id: string; name: string }>;
    const bug = list.find((l) => l.name === 'Bug')!;
    const feature = list.find((l) => l.name === 'Feature')!;
    expect((await call(world.guest, 'GET', `${base}/${bug.id}/`)).json().name).toBe('Bug');
    const moved = await call(world.admin, 'PATCH', `${base}/${feature.id}/`, { parent: bug.id, sort_order: 1.5 });
    expect(moved.json()).toMatchObject({ parent: bug.id, sort_order: 1.5, version: 2 });
    const cycle = await call(world.admin, 'PATCH', `${base}/${bug.id}/`, { parent: feature.id });
    expect(cycle.statusCode).toBe(400);
    const dup = await call(world.admin, 'PATCH', `${base}/${feature.id}/`, { name: 'Bug' });
    expect(dup.json()).toEqual({ error: 'Label with the same name already exists in the project' });
    expect((await call(world.member, 'PATCH', `${base}/${feature.id}/`, { name: 'N' })).statusCode).toBe(403);
    expect((await call(world.admin, 'DELETE', `${base}/${bug.id}/`)).statusCode).toBe(204);
    expect((await call(world.admin, 'GET', `${base}/${bug.id}/`)).statusCode).toBe(404);
    expect((await call(world.admin, 'GET', `${base}/${feature.id}/`)).json().parent).toBeNull();
    expect((await call(world.member, 'DELETE', `${base}/${feature.id}/`)).statusCode).toBe(403);
  });

  test('bulk create skips existing names; workspace labels list the caller’s projects', async () => {
    const url = `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}/bulk-create-labels/`;
    const response = await call(world.admin, 'POST', url, { label_data: [{ name: 'Feature' }, { name: 'Docs' }, { name: 'Ops', description: 'd' }] });
    expect(response.statusCode).toBe(201);
    expect(response.json().labels.map((l: { name: string }) => l.name)).toEqual(['Docs', 'Ops']);
    expect((await call(world.admin, 'POST', url, { label_data: [] })).statusCode).toBe(400);
    expect((await call(world.member, 'POST', url, { label_data: [{ name: 'Z' }] })).statusCode).toBe(403);
    const other = await buildProject(world.server, world.workspace, world.admin);
    await call(world.admin, 'POST', `/api/workspaces/${world.workspace.slug}/projects/${other.id}/issue-labels/`, { name: 'Hidden' });
    const ws = `/api/workspaces/${world.workspace.slug}/labels/`;
    expect(((await call(world.guest, 'GET', ws)).json() as Array<{ name: string }>).map((l) => l.name)).not.toContain('Hidden');
    expect(((await call(world.admin, 'GET', ws)).json() as Array<{ name: string }>).map((l) => l.name)).toContain('Hidden');
    expect((await call(world.outsider, 'GET', ws)).statusCode).toBe(403);
  });

  test('concurrent moves cannot make two labels each other’s parent', async () => {
    const [a, b] = await Promise.all(['Cycle A', 'Cycle B'].map(async (name) => (await call(world.admin, 'POST', `${base}/`, { name })).json() as { id: string }));
    const moves = await Promise.all([call(world.admin, 'PATCH', `${base}/${a.id}/`, { parent: b.id }), call(world.admin, 'PATCH', `${base}/${b.id}/`, { parent: a.id })]);
    expect(moves.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const parents = await Promise.all([a, b].map(async (label) => (await call(world.admin, 'GET', `${base}/${label.id}/`)).json().parent));
    expect(parents.filter(Boolean)).toHaveLength(1);
  });
});
