import { beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { estimates, issueActivities, issues } from '../../db/schema/index';
import type { TestUser } from '../../tests/support/factories';
import { useWorld } from '../../tests/support/world';

describe('estimates', () => {
  const world = useWorld();
  let base: string;

  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    world.server.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
  const points = [
    { key: 2, value: '5' },
    { key: 0, value: '1' },
    { key: 1, value: '3' },
  ];

  beforeAll(async () => {
    base = `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}/estimates`;
  });

  test('create answers 201 with points sorted by key; invalid points create nothing', async () => {
    const tooLong = await call(world.member, 'POST', `${base}/`, { estimate: { name: 'Bad' }, estimate_points: [{ key: 0, value: 'x'.repeat(21) }] });
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(tooLong.json())).toContain("Value can't be more than 20 characters");
    expect(await world.server.database.db.select().from(estimates).where(eq(estimates.projectId, world.project.id))).toHaveLength(0);
    const created = await call(world.member, 'POST', `${base}/`, { estimate: { name: 'Points', type: 'points' }, estimate_points: points });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Points', type: 'points', project: world.project.id, version: 1 });
    expect(created.json().points.map((p: { key: number; value: string }) => [p.key, p.value])).toEqual([[0, '1'], [1, '3'], [2, '5']]);
    expect((await call(world.guest, 'POST', `${base}/`, { estimate_points: points })).statusCode).toBe(403);
    expect((await call(world.guest, 'GET', `${base}/`)).json()).toHaveLength(1);
    expect((await call(world.outsider, 'GET', `${base}/`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `${base}/`)).statusCode).toBe(401);
  });

  test('update requires points; point create/update; key 0 allowed', async () => {
    const [estimate] = (await call(world.member, 'GET', `${base}/`)).json();
    const url = `${base}/${estimate.id}/`;
    expect((await call(world.guest, 'GET', url)).json().id).toBe(estimate.id);
    expect((await call(world.member, 'PATCH', url, { estimate: { name: 'New' } })).json()).toEqual({ error: 'Estimate points are required' });
    const updated = await call(world.member, 'PATCH', url, { estimate: { name: 'New' }, estimate_points: [{ id: estimate.points[0].id, value: '2' }] });
    expect(updated.json()).toMatchObject({ name: 'New', version: 2 });
    expect(updated.json().points[0].value).toBe('2');
    const missing = await call(world.member, 'POST', `${url}estimate-points/`, { value: '8' });
    expect(missing.json()).toEqual({ error: 'Key and value are required' });
    const zero = await call(world.member, 'POST', `${url}estimate-points/`, { key: 0, value: '0.5' });
    expect(zero.statusCode).toBe(200);
    expect(zero.json()).toMatchObject({ key: 0, value: '0.5', estimate: estimate.id });
    const patched = await call(world.member, 'PATCH', `${url}estimate-points/${zero.json().id}/`, { key: 3, value: '8' });
    expect(patched.json()).toMatchObject({ key: 3, value: '8', version: 2 });
    expect((await call(world.guest, 'PATCH', `${url}estimate-points/${zero.json().id}/`, { value: '9' })).statusCode).toBe(403);
    expect((await call(world.member, 'GET', `${base}/00000000-0000-4000-8000-000000000000/`)).statusCode).toBe(404);
  });

  test('deleting a point moves its issues to the replacement and shifts later keys', async () => {
    const [estimate] = (await call(world.member, 'GET', `${base}/`)).json();
    const [p0, p1, p2] = estimate.points;
    await call(world.admin, 'PATCH', `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}/`, { estimate: estimate.id });
    const active = await call(world.member, 'GET', `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}/project-estimates/`);
    expect(active.json().map((p: { id: string }) => p.id)).toEqual(estimate.points.map((p: { id: string }) => p.id));
    const [issue] = await world.server.database.db
      .insert(issues)
      .values({ projectId: world.project.id, workspaceId: world.workspace.id, name: 'i', sequenceId: 1, estimatePointId: p1.id })
      .returning();
    const response = await call(world.member, 'DELETE', `${base}/${estimate.id}/estimate-points/${p1.id}/`, { new_estimate_id: p2.id });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((p: { id: string; key: number }) => [p.id, p.key])).toEqual([
      [p2.id, 1],
      [estimate.points[3].id, 2],
    ]);
    const [moved] = await world.server.database.db.select().from(issues).where(eq(issues.id, issue.id));
    expect(moved.estimatePointId).toBe(p2.id);
    const history = await world.server.database.db.select().from(issueActivities).where(eq(issueActivities.issueId, issue.id));
    expect(history[0]).toMatchObject({ field: 'estimate_points', oldValue: '3', newValue: '5' });
    const second = await call(world.member, 'DELETE', `${base}/${estimate.id}/estimate-points/${p2.id}/`);
    expect(second.statusCode).toBe(200);
    const [cleared] = await world.server.database.db.select().from(issues).where(eq(issues.id, issue.id));
    expect(cleared.estimatePointId).toBeNull();
    expect((await call(world.member, 'GET', `${base}/${estimate.id}/`)).json().points.map((p: { id: string }) => p.id)).toEqual([p0.id, estimate.points[3].id]);
  });

  test('workspace estimates list active ones; delete turns the project estimate off', async () => {
    const [estimate] = (await call(world.member, 'GET', `${base}/`)).json();
    const [pointed] = await world.server.database.db
      .insert(issues)
      .values({ projectId: world.project.id, workspaceId: world.workspace.id, name: 'pointed', sequenceId: 2, estimatePointId: estimate.points[0].id })
      .returning();
    const ws = await call(world.guest, 'GET', `/api/workspaces/${world.workspace.slug}/estimates/`);
    expect(ws.json().map((e: { id: string }) => e.id)).toEqual([estimate.id]);
    expect((await call(world.outsider, 'GET', `/api/workspaces/${world.workspace.slug}/estimates/`)).statusCode).toBe(403);
    expect((await call(world.guest, 'DELETE', `${base}/${estimate.id}/`)).statusCode).toBe(403);
    expect((await call(world.member, 'DELETE', `${base}/${estimate.id}/`)).statusCode).toBe(204);
    expect((await call(world.member, 'GET', `${base}/`)).json()).toEqual([]);
    const [unpointed] = await world.server.database.db.select().from(issues).where(eq(issues.id, pointed.id));
    expect(unpointed.estimatePointId).toBeNull();
    expect((await call(world.admin, 'GET', `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}/`)).json().estimate).toBeNull();
    expect((await call(world.member, 'GET', `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}/project-estimates/`)).json()).toEqual([]);
  });

  test('concurrent point deletions leave the keys contiguous', async () => {
    const values = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const created = await call(world.member, 'POST', `${base}/`, { estimate_points: values.map((value, key) => ({ key, value })) });
    const { id, points } = created.json() as { id: string; points: Array<{ id: string }> };
    const deletions = await Promise.all([1, 3, 5].map((i) => call(world.member, 'DELETE', `${base}/${id}/estimate-points/${points[i].id}/`)));
    expect(deletions.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const left = (await call(world.member, 'GET', `${base}/${id}/`)).json().points as Array<{ key: number; value: string }>;
    expect(left.map((p) => [p.key, p.value])).toEqual([[0, 'a'], [1, 'c'], [2, 'e'], [3, 'g'], [4, 'h']]);
  });
});
