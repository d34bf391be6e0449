// Issue #26 items 1 and 2: the profile records a created or joined workspace when it happens, so
// onboarding resumes from the server's state in any client — a reload after creating a workspace,
// or an invited teammate whose invitation became a membership at sign-up.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestServer, type TestServer } from '../../tests/support/server';
import { buildUser, buildWorkspace, setupInstance, type TestUser } from '../../tests/support/factories';
import { cookieSet, freshEmail, postJson, sessionHeaders } from '../../tests/support/auth';

const STRONG = 'violet-Tractor-mirror-93';

interface ProfileWire {
  is_onboarded: boolean;
  last_workspace_id: string | null;
  onboarding_step: Record<string, boolean>;
}

describe('onboarding state kept by the server', () => {
  let server: TestServer;
  let owner: TestUser;

  beforeAll(async () => {
    server = await createTestServer();
    await setupInstance(server);
    owner = await buildUser(server);
  });
  afterAll(async () => server?.close());

  const read = async <T>(headers: Record<string, string>, url: string): Promise<T> => {
    const response = await server.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const profileOf = (headers: Record<string, string>) => read<ProfileWire>(headers, '/api/users/me/profile/');
  const settingsOf = (headers: Record<string, string>) => read<{ workspace: { last_workspace_slug: string | null } }>(headers, '/api/users/me/settings/');

  /** Invites `email` to a new workspace of the owner's; answers the workspace and the invitation. */
  const invite = async (email: string) => {
    const workspace = await buildWorkspace(server, owner);
    const url = `/api/workspaces/${workspace.slug}/invitations/`;
    expect((await server.inject({ method: 'POST', url, headers: owner.headers, payload: { emails: [{ email, role: 15 }] } })).statusCode).toBe(200);
    const list = await read<Array<{ id: string; email: string; token: string }>>(owner.headers, url);
    return { workspace, invitation: list.find((row) => row.email === email)! };
  };

  test('creating a workspace during onboarding is recorded: a reload resumes at the invite step', async () => {
    const person = await buildUser(server, { onboarded: false });
    const created = await server.inject({ method: 'POST', url: '/api/workspaces/', headers: person.headers, payload: { name: 'Resumed', slug: `resumed-${Date.now().toString(36)}` } });
    expect(created.statusCode, created.body).toBe(201);
    const profile = await profileOf(person.headers);
    expect(profile).toMatchObject({ is_onboarded: false, last_workspace_id: created.json().id, onboarding_step: { workspace_create: true, workspace_join: false } });
    expect((await settingsOf(person.headers)).workspace.last_workspace_slug).toBe(created.json().slug);
  });

  test('an invitation accepted from its link before sign-up: the new account has joined that workspace', async () => {
    const email = freshEmail('linked');
    const { workspace, invitation } = await invite(email);
    const answer = await server.inject({
      method: 'POST',
      url: `/api/workspaces/${workspace.slug}/invitations/${invitation.id}/join/`,
      payload: { token: invitation.token, accepted: true },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const signUp = await postJson(server, '/auth/sign-up/', { email, password: STRONG });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const headers = sessionHeaders(cookieSet(signUp, 'session-id')!);
    const profile = await profileOf(headers);
    expect(profile).toMatchObject({ is_onboarded: false, last_workspace_id: workspace.id, onboarding_step: { workspace_join: true, workspace_create: false } });
    expect((await settingsOf(headers)).workspace.last_workspace_slug).toBe(workspace.slug);
  });

  test('accepting my pending invitation records the join; a second one keeps the first as last workspace', async () => {
    const person = await buildUser(server, { onboarded: false });
    const first = await invite(person.email);
    const second = await invite(person.email);
    const accept = (id: string) => postJson(server, '/api/users/me/workspaces/invitations/', { invitations: [id] }, person.headers);
    expect((await accept(first.invitation.id)).statusCode).toBe(204);
    expect(await profileOf(person.headers)).toMatchObject({ last_workspace_id: first.workspace.id, onboarding_step: { workspace_join: true } });
    expect((await accept(second.invitation.id)).statusCode).toBe(204);
    expect((await profileOf(person.headers)).last_workspace_id).toBe(first.workspace.id);
  });
});
