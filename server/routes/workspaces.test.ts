import { beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiTokens, changes, instanceConfigurations, profiles, workspaces } from '../../db/schema/index';
import { buildUser, type TestUser } from '../../tests/support/factories';
import { useWorld } from '../../tests/support/world';

describe('workspaces', () => {
  const world = useWorld();
  let creator: TestUser;
  beforeAll(async () => {
    creator = await buildUser(world.server);
  });

  const create = (user: TestUser, payload: Record<string, unknown>) =>
    world.server.inject({ method: 'POST', url: '/api/workspaces/', headers: user.headers, payload });

  test('creating a workspace makes the creator its admin and records change events', async () => {
    const response = await create(creator, { name: 'Acme Corp', slug: 'acme-corp', organization_size: '2-10' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ name: 'Acme Corp', slug: 'acme-corp', total_members: 1, role: 20, organization_size: '2-10' });
    expect(body.owner.id).toBe(creator.id);
    expect(body.created_at).toMatch(/Z$/);
    const events = await world.server.database.db.select().from(changes).where(eq(changes.workspaceId, body.id)).orderBy(changes.id);
    expect(events.map((event) => event.entity).sort()).toEqual(['member', 'workspace']);

    const mine = await world.server.inject({ method: 'GET', url: '/api/users/me/workspaces/', headers: creator.headers });
    expect(mine.json().map((w: { slug: string; role: number }) => [w.slug, w.role])).toEqual([['acme-corp', 20]]);
    const legacy = await world.server.inject({ method: 'GET', url: '/api/workspaces/', headers: creator.headers });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json()).toEqual(mine.json());
  });

  test('create validates name and slug with the reference messages', async () => {
    const cases: Array<[Record<string, unknown>, number, unknown]> = [
      [{ name: 'x' }, 400, { error: 'Both name and slug are required' }],
      [{ name: 'a'.repeat(81), slug: 'long-name' }, 400, { error: 'The maximum length for name is 80 and for slug is 48' }],
      [{ name: 'ok', slug: 's'.repeat(49) }, 400, { error: 'The maximum length for name is 80 and for slug is 48' }],
      [{ name: 'see https://evil.example', slug: 'url-name' }, 400, { error: 'Name cannot contain a URL' }],
      [{ name: 'Bad slug', slug: 'bad slug!' }, 400, { slug: ['Slug can only contain letters, numbers, hyphens (-), and underscores (_)'] }],
      [{ name: 'Reserved', slug: 'god-mode' }, 400, { slug: ['Slug is not valid'] }],
      [{ name: 'Dup', slug: world.workspace.slug }, 400, { slug: ['Workspace with this slug already exists.'] }],
      [{ name: 'Dup case', slug: world.workspace.slug.toUpperCase() }, 400, { slug: ['Workspace with this slug already exists.'] }],
    ];
    for (const [payload, status, body] of cases) {
      const response = await create(creator, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json()).toEqual(body);
    }
  });

  test('anonymous callers cannot create or list workspaces', async () => {
    expect((await world.server.inject({ method: 'POST', url: '/api/workspaces/', payload: { name: 'a', slug: 'anon-ws' } })).statusCode).toBe(401);
    expect((await world.server.inject({ method: 'GET', url: '/api/users/me/workspaces/' })).statusCode).toBe(401);
  });

  test('instance setting can forbid workspace creation', async () => {
    const setting = eq(instanceConfigurations.key, 'DISABLE_WORKSPACE_CREATION');
    await world.server.database.db.update(instanceConfigurations).set({ value: '1' }).where(setting);
    try {
      const response = await create(creator, { name: 'Blocked', slug: 'blocked-ws' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'Workspace creation is not allowed' });
    } finally {
      await world.server.database.db.update(instanceConfigurations).set({ value: '0' }).where(setting);
    }
  });

  test('slug check answers availability', async () => {
    const check = (slug: string) => world.server.inject({ method: 'GET', url: `/api/workspace-slug-check/?slug=${encodeURIComponent(slug)}`, headers: creator.headers });
    expect((await check('fresh-slug')).json()).toEqual({ status: true });
    expect((await check(world.workspace.slug)).json()).toEqual({ status: false });
    expect((await check('admin')).json()).toEqual({ status: false });
    expect((await check('no spaces')).json()).toEqual({ status: false });
    const missing = await world.server.inject({ method: 'GET', url: '/api/workspace-slug-check/', headers: creator.headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'Workspace Slug is required' });
  });

  test('members read the workspace; outsiders get 404', async () => {
    const url = `/api/workspaces/${world.workspace.slug}/`;
    const guest = await world.server.inject({ method: 'GET', url, headers: world.guest.headers });
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toMatchObject({ id: world.workspace.id, total_members: 3 });
    expect(guest.json()).not.toHaveProperty('role');
    const outsider = await world.server.inject({ method: 'GET', url, headers: world.outsider.headers });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual({ error: 'No Workspace matches the given query.' });
    expect((await world.server.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  test('only admins update; the slug is read-only', async () => {
    const url = `/api/workspaces/${world.workspace.slug}/`;
    const denied = await world.server.inject({ method: 'PATCH', url, headers: world.member.headers, payload: { name: 'Nope' } });
    expect(denied.statusCode).toBe(403);
    const response = await world.server.inject({
      method: 'PATCH',
      url,
      headers: world.admin.headers,
      payload: { name: 'Renamed', slug: 'stolen-slug', timezone: 'Europe/Paris' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Renamed', slug: world.workspace.slug, timezone: 'Europe/Paris' });
    const badZone = await world.server.inject({ method: 'PATCH', url, headers: world.admin.headers, payload: { timezone: 'Mars/Olympus' } });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json()).toHaveProperty('timezone');
    const url2 = await world.server.inject({ method: 'PATCH', url, headers: world.admin.headers, payload: { name: 'go to www.example.com' } });
    expect(url2.json()).toEqual({ error: 'Name cannot contain a URL' });
  });

  test('PUT updates like PATCH and, unlike the reference (quirk 7), needs the admin role', async () => {
    const url = `/api/workspaces/${world.workspace.slug}/`;
    const denied = await world.server.inject({ method: 'PUT', url, headers: world.member.headers, payload: { name: 'Nope' } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: "You don't have the required permissions." });
    const response = await world.server.inject({ method: 'PUT', url, headers: world.admin.headers, payload: { name: 'Put Name', slug: 'other' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Put Name', slug: world.workspace.slug, total_members: 3 });
    const bad = await world.server.inject({ method: 'PUT', url, headers: world.admin.headers, payload: { name: 'x'.repeat(81) } });
    expect(bad.json()).toEqual({ error: 'The maximum length for name is 80 and for slug is 48' });
  });

  test('deleting soft-deletes, frees the slug, clears last workspace and revokes tokens', async () => {
    const owner = await buildUser(world.server);
    const created = (await create(owner, { name: 'Doomed', slug: 'doomed' })).json();
    await world.server.database.db.update(profiles).set({ lastWorkspaceId: created.id }).where(eq(profiles.userId, owner.id));
    const token = await world.server.inject({
      method: 'POST',
      url: '/api/workspaces/doomed/api-tokens/',
      headers: owner.headers,
      payload: { label: 'ci' },
    });
    expect(token.statusCode).toBe(201);
    const member = await buildUser(world.server);
    expect((await world.server.inject({ method: 'DELETE', url: '/api/workspaces/doomed/', headers: member.headers })).statusCode).toBe(403);

    const response = await world.server.inject({ method: 'DELETE', url: '/api/workspaces/doomed/', headers: owner.headers });
    expect(response.statusCode).toBe(204);
    const [row] = await world.server.database.db.select().from(workspaces).where(eq(workspaces.id, created.id));
    expect(row.deletedAt).not.toBeNull();
    expect(row.slug).toMatch(/^doomed__\d+$/);
    const [profile] = await world.server.database.db.select().from(profiles).where(eq(profiles.userId, owner.id));
    expect(profile.lastWorkspaceId).toBeNull();
    const [tokenRow] = await world.server.database.db.select().from(apiTokens).where(eq(apiTokens.id, token.json().id));
    expect(tokenRow.isActive).toBe(false);
    expect((await world.server.inject({ method: 'GET', url: '/api/users/me/', headers: { 'x-api-key': token.json().token } })).statusCode).toBe(401);
    expect((await world.server.inject({ method: 'GET', url: '/api/workspaces/doomed/', headers: owner.headers })).statusCode).toBe(404);
    const again = await create(owner, { name: 'Reborn', slug: 'doomed' });
    expect(again.statusCode).toBe(201);
  });
});
