import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  accounts,
  instanceAdmins,
  instances,
  profiles,
  projectMembers,
  sessions,
  users,
  workspaceInvitations,
  workspaceMembers,
} from '../../db/schema/index';
import { addWorkspaceMember, buildProject, buildUser, buildWorkspace } from '../../tests/support/factories';
import { useWorld } from '../../tests/support/world';

describe('users/me', () => {
  const world = useWorld();

  const me = (headers: Record<string, string>, method: 'GET' | 'PATCH' | 'DELETE' = 'GET', url = '/api/users/me/', payload?: unknown) =>
    world.server.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

  test('GET me returns UserMe; anonymous gets 401', async () => {
    const response = await me(world.member.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: world.member.id, email: world.member.email, is_active: true });
    expect(response.json()).not.toHaveProperty('password_hash');
    const anonymous = await me({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  test('session endpoint reports whether someone is signed in', async () => {
    expect((await me({}, 'GET', '/api/users/session/')).json()).toEqual({ is_authenticated: false });
    const signedIn = (await me(world.guest.headers, 'GET', '/api/users/session/')).json();
    expect(signedIn.is_authenticated).toBe(true);
    expect(signedIn.user.id).toBe(world.guest.id);
  });

  test('PATCH me updates names and timezone and refuses URLs', async () => {
    const response = await me(world.member.headers, 'PATCH', '/api/users/me/', { first_name: 'Maxine', user_timezone: 'Asia/Tokyo', email: 'x@y.z' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ first_name: 'Maxine', user_timezone: 'Asia/Tokyo', email: world.member.email });
    const url = await me(world.member.headers, 'PATCH', '/api/users/me/', { first_name: 'http://spam.example' });
    expect(url.statusCode).toBe(400);
    expect(url.json()).toEqual({ first_name: ['First name cannot contain a URL.'] });
    const last = await me(world.member.headers, 'PATCH', '/api/users/me/', { last_name: 'visit spam.com' });
    expect(last.json()).toEqual({ last_name: ['Last name cannot contain a URL.'] });
    const zone = await me(world.member.headers, 'PATCH', '/api/users/me/', { user_timezone: 'Nowhere/City' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json()).toHaveProperty('user_timezone');
    const csrfless = await world.server.inject({ method: 'PATCH', url: '/api/users/me/', headers: { cookie: world.member.headers.cookie }, payload: { first_name: 'x' } });
    expect(csrfless.statusCode).toBe(403);
  });

  test('profile reads and updates, merging onboarding steps', async () => {
    const before = (await me(world.guest.headers, 'GET', '/api/users/me/profile/')).json();
    expect(before).toMatchObject({ user: world.guest.id, language: 'en', is_onboarded: true });
    const response = await me(world.guest.headers, 'PATCH', '/api/users/me/profile/', {
      language: 'zh-CN',
      theme: { theme: 'dark' },
      onboarding_step: { workspace_join: false },
      last_workspace_id: world.workspace.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      language: 'zh-CN',
      theme: { theme: 'dark' },
      last_workspace_id: world.workspace.id,
      onboarding_step: { workspace_join: false, profile_complete: true },
    });
    const bad = await me(world.guest.headers, 'PATCH', '/api/users/me/profile/', { language: 'klingon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('language');
    // The last workspace is one of the user's own: an unknown id or someone else's workspace is refused.
    for (const workspaceId of [randomUUID(), world.otherWorkspace.id]) {
      const stranger = await me(world.guest.headers, 'PATCH', '/api/users/me/profile/', { last_workspace_id: workspaceId });
      expect(stranger.statusCode).toBe(400);
      expect(stranger.json()).toEqual({ last_workspace_id: ['You are not a member of this workspace.'] });
    }
    expect((await me(world.guest.headers, 'GET', '/api/users/me/profile/')).json().last_workspace_id).toBe(world.workspace.id);
  });

  test('settings name the last workspace while it is an active membership, else the fallback', async () => {
    await world.server.database.db.update(profiles).set({ lastWorkspaceId: world.workspace.id }).where(eq(profiles.userId, world.member.id));
    await world.server.database.db.insert(workspaceInvitations).values({ workspaceId: world.otherWorkspace.id, email: world.member.email, token: 'settings-token' });
    const settings = (await me(world.member.headers, 'GET', '/api/users/me/settings/')).json();
    expect(settings).toEqual({
      id: world.member.id,
      email: world.member.email,
      workspace: {
        last_workspace_id: world.workspace.id,
        last_workspace_slug: world.workspace.slug,
        last_workspace_name: expect.any(String),
        last_workspace_logo: null,
        fallback_workspace_id: world.workspace.id,
        fallback_workspace_slug: world.workspace.slug,
        invites: 1,
      },
    });
    const loner = await buildUser(world.server);
    const empty = (await me(loner.headers, 'GET', '/api/users/me/settings/')).json();
    expect(empty.workspace).toEqual({ last_workspace_id: null, last_workspace_slug: null, fallback_workspace_id: null, fallback_workspace_slug: null, invites: 0 });
  });

  test('instance-admin flag', async () => {
    expect((await me(world.admin.headers, 'GET', '/api/users/me/instance-admin/')).json()).toEqual({ is_instance_admin: false });
  });

  test('onboard and tour-completed; a false tour flag is refused and changes nothing', async () => {
    const user = await buildUser(world.server, { onboarded: false });
    const onboard = await me(user.headers, 'PATCH', '/api/users/me/onboard/', { is_onboarded: true });
    expect(onboard.json()).toEqual({ message: 'Updated successfully' });
    expect((await me(user.headers, 'GET', '/api/users/me/profile/')).json().is_onboarded).toBe(true);
    await me(user.headers, 'PATCH', '/api/users/me/onboard/', {});
    expect((await me(user.headers, 'GET', '/api/users/me/profile/')).json().is_onboarded).toBe(false);

    const refused = await me(user.headers, 'PATCH', '/api/users/me/tour-completed/', { is_tour_completed: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('is_tour_completed');
    const done = await me(user.headers, 'PATCH', '/api/users/me/tour-completed/', { is_tour_completed: true });
    expect(done.json()).toEqual({ message: 'Updated successfully' });
    const again = await me(user.headers, 'PATCH', '/api/users/me/tour-completed/', { is_tour_completed: false });
    expect(again.statusCode).toBe(400);
    expect((await me(user.headers, 'GET', '/api/users/me/profile/')).json().is_tour_completed).toBe(true);
  });

  test('notification preferences read and update', async () => {
    const before = (await me(world.guest.headers, 'GET', '/api/users/me/notification-preferences/')).json();
    expect(before).toMatchObject({ user: world.guest.id, property_change: true, mention: true });
    const after = await me(world.guest.headers, 'PATCH', '/api/users/me/notification-preferences/', { mention: false });
    expect(after.json()).toMatchObject({ mention: false, comment: true });
    const bad = await me(world.guest.headers, 'PATCH', '/api/users/me/notification-preferences/', { mention: 'nope' });
    expect(bad.statusCode).toBe(400);
  });

  test('activities are an empty page until issues exist; bad cursors are 400', async () => {
    const response = (await me(world.admin.headers, 'GET', '/api/users/me/activities/?per_page=10')).json();
    expect(response).toMatchObject({ total_count: 0, count: 0, results: [], next_page_results: false, next_cursor: '10:1:0' });
    const bad = await me(world.admin.headers, 'GET', '/api/users/me/activities/?cursor=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Invalid cursor parameter.' });
  });

  test('accounts list is empty for a password user', async () => {
    expect((await me(world.admin.headers, 'GET', '/api/users/me/accounts/')).json()).toEqual([]);
  });

  test('one linked account can be read and unlinked by its owner only', async () => {
    const [account] = await world.server.database.db
      .insert(accounts)
      .values({ userId: world.member.id, provider: 'github', providerAccountId: 'gh-42', accessToken: 'secret' })
      .returning();
    const url = `/api/users/me/accounts/${account.id}/`;
    const one = await me(world.member.headers, 'GET', url);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: account.id, provider: 'github', provider_account_id: 'gh-42' });
    expect(one.json()).not.toHaveProperty('access_token');
    expect((await me(world.admin.headers, 'GET', url)).json()).toEqual({ error: 'The required object does not exist.' });
    expect((await me(world.admin.headers, 'DELETE', url)).statusCode).toBe(404);
    expect((await me(world.member.headers, 'GET', '/api/users/me/accounts/not-a-uuid/')).statusCode).toBe(404);
    expect((await me(world.member.headers, 'DELETE', url)).statusCode).toBe(204);
    expect(await world.server.database.db.select().from(accounts).where(eq(accounts.id, account.id))).toEqual([]);
  });

  test('deactivation is refused for an instance admin', async () => {
    const user = await buildUser(world.server);
    const [instance] = await world.server.database.db.select().from(instances).limit(1);
    await world.server.database.db.insert(instanceAdmins).values({ instanceId: instance.id, userId: user.id });
    const response = await me(user.headers, 'DELETE');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'You cannot deactivate your account since you are an instance admin' });
  });

  test('deactivation is refused for the sole admin of a workspace or project with other members', async () => {
    const owner = await buildUser(world.server);
    const other = await buildUser(world.server);
    const workspace = await buildWorkspace(world.server, owner);
    await addWorkspaceMember(world.server, workspace, other, 20);
    const project = await buildProject(world.server, workspace, owner);
    await world.server.database.db.insert(projectMembers).values({ projectId: project.id, workspaceId: workspace.id, memberId: other.id, role: 15 });
    const projectBlock = await me(owner.headers, 'DELETE');
    expect(projectBlock.json()).toEqual({ error: 'You cannot deactivate account as you are the only admin in some projects.' });

    const soloOwner = await buildUser(world.server);
    const soloWorkspace = await buildWorkspace(world.server, soloOwner);
    await addWorkspaceMember(world.server, soloWorkspace, await buildUser(world.server), 15);
    const workspaceBlock = await me(soloOwner.headers, 'DELETE');
    expect(workspaceBlock.statusCode).toBe(400);
    expect(workspaceBlock.json()).toEqual({ error: 'You cannot deactivate account as you are the only admin in some workspaces.' });
  });

  test('deactivation ends every session and resets the account', async () => {
    const user = await buildUser(world.server);
    const owner = await buildUser(world.server);
    const workspace = await buildWorkspace(world.server, owner);
    await addWorkspaceMember(world.server, workspace, user, 15);
    await world.server.database.db.insert(workspaceInvitations).values({ workspaceId: world.workspace.id, email: user.email, token: 'deactivate-token' });
    await world.server.database.db.insert(sessions).values({ id: 'second-session-' + user.id, userId: user.id, expiresAt: new Date(Date.now() + 3600_000) });

    const response = await me(user.headers, 'DELETE');
    expect(response.statusCode).toBe(204);
    const db = world.server.database.db;
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ isActive: false, isPasswordAutoset: true });
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const [membership] = await db.select().from(workspaceMembers).where(and(eq(workspaceMembers.memberId, user.id)));
    expect(membership.isActive).toBe(false);
    expect(await db.select().from(workspaceInvitations).where(eq(workspaceInvitations.email, user.email))).toEqual([]);
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile).toMatchObject({ isOnboarded: false, isTourCompleted: false, lastWorkspaceId: null });
    expect((await me(user.headers)).statusCode).toBe(401);
  });
});
