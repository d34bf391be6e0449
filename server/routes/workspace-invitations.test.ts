import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { workspaceInvitations, workspaceMembers } from '../../db/schema/index';
import { createTestServer, type TestServer } from '../../tests/support/server';
import { buildUser, type TestUser } from '../../tests/support/factories';
import { buildWorld, type World } from '../../tests/support/world';

describe('workspace invitations', () => {
  let server: TestServer;
  let world: World;
  let smtp: SMTPServer;
  const mails: string[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          mails.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    server = await createTestServer({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), APP_BASE_URL: 'https://trellis.test' } });
    world = await buildWorld(server);
  });
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const base = () => `/api/workspaces/${world.workspace.slug}/invitations/`;
  const invite = (user: TestUser, emails: unknown) => server.inject({ method: 'POST', url: base(), headers: user.headers, payload: { emails } });
  const waitForMail = async (to: string) => {
    for (let i = 0; i < 100; i++) {
      const mail = mails.find((text) => text.includes(to));
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no mail to ${to}`);
  };

  test('members invite by email; each invitee gets a mail with the join link', async () => {
    const response = await invite(world.member, [{ email: 'New.Person@Example.com', role: 15 }, { email: 'guest@example.com' }]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Emails sent successfully' });
    const list = (await server.inject({ method: 'GET', url: base(), headers: world.admin.headers })).json();
    const person = list.find((i: { email: string }) => i.email === 'new.person@example.com');
    expect(person).toMatchObject({ role: 15, accepted: false, workspace: { slug: world.workspace.slug } });
    expect(list.find((i: { email: string }) => i.email === 'guest@example.com').role).toBe(5);
    expect(person.invite_link).toBe(
      `https://trellis.test/workspace-invitations/?invitation_id=${person.id}&slug=${world.workspace.slug}&token=${person.token}`,
    );
    const mail = await waitForMail('new.person@example.com');
    expect(mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(`invitation_id=${person.id}`);

    // Inviting the same address again is silently ignored.
    expect((await invite(world.member, [{ email: 'new.person@example.com', role: 15 }])).statusCode).toBe(200);
    const rows = await server.database.db.select().from(workspaceInvitations).where(eq(workspaceInvitations.email, 'new.person@example.com'));
    expect(rows).toHaveLength(1);
  });

  test('invite errors follow the reference', async () => {
    expect((await invite(world.member, [])).json()).toEqual({ error: 'Emails are required' });
    expect((await server.inject({ method: 'POST', url: base(), headers: world.member.headers, payload: {} })).json()).toEqual({ error: 'Emails are required' });
    const higher = await invite(world.member, [{ email: 'boss@example.com', role: 20 }]);
    expect(higher.json()).toEqual({ error: 'You cannot invite a user with higher role' });
    const existing = await invite(world.admin, [{ email: world.guest.email, role: 5 }]);
    expect(existing.statusCode).toBe(400);
    expect(existing.json()).toMatchObject({ error: 'Some users are already member of workspace', workspace_users: [{ member: { id: world.guest.id } }] });
    const invalid = await invite(world.admin, [{ email: 'not-an-email', role: 5 }]);
    expect(invalid.json()).toEqual({ error: 'Invalid email - not-an-email provided a valid email address is required to send the invite' });
    expect((await invite(world.guest, [{ email: 'x@example.com' }])).statusCode).toBe(403);
  });

  test('get, update role and delete an invitation', async () => {
    await invite(world.admin, [{ email: 'editme@example.com', role: 5 }]);
    const [row] = await server.database.db.select().from(workspaceInvitations).where(eq(workspaceInvitations.email, 'editme@example.com'));
    const url = `${base()}${row.id}/`;
    expect((await server.inject({ method: 'GET', url, headers: world.member.headers })).json()).toMatchObject({ id: row.id, role: 5 });
    const patched = await server.inject({ method: 'PATCH', url, headers: world.admin.headers, payload: { role: 15 } });
    expect(patched.json()).toMatchObject({ role: 15 });
    const tooHigh = await server.inject({ method: 'PATCH', url, headers: world.member.headers, payload: { role: 20 } });
    expect(tooHigh.statusCode).toBe(400);
    expect((await server.inject({ method: 'DELETE', url, headers: world.admin.headers })).statusCode).toBe(204);
    expect((await server.inject({ method: 'GET', url, headers: world.admin.headers })).statusCode).toBe(404);
  });

  test('the join link: anonymous read without the token, wrong token 403, accept makes the user a member', async () => {
    const user = await buildUser(server);
    await invite(world.admin, [{ email: user.email, role: 15 }]);
    const [row] = await server.database.db.select().from(workspaceInvitations).where(eq(workspaceInvitations.email, user.email));
    const url = `${base()}${row.id}/join/`;
    const read = await server.inject({ method: 'GET', url });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: row.id, email: user.email, workspace: { id: world.workspace.id } });
    expect(read.json()).not.toHaveProperty('token');

    const wrong = await server.inject({ method: 'POST', url, payload: { token: 'wrong', accepted: true } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: 'You do not have permission to join the workspace' });
    const accepted = await server.inject({ method: 'POST', url, payload: { token: row.token, accepted: true } });
    expect(accepted.json()).toEqual({ message: 'Workspace Invitation Accepted' });
    const [member] = await server.database.db
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, world.workspace.id), eq(workspaceMembers.memberId, user.id)));
    expect(member).toMatchObject({ role: 15, isActive: true });
    expect((await server.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  test('declining, answering twice, and accepting for an email without an account', async () => {
    await invite(world.admin, [{ email: 'nobody-yet@example.com' }, { email: 'decliner@example.com' }]);
    const rows = await server.database.db.select().from(workspaceInvitations).where(isNull(workspaceInvitations.deletedAt));
    const pending = rows.find((r) => r.email === 'nobody-yet@example.com')!;
    const decliner = rows.find((r) => r.email === 'decliner@example.com')!;
    const declined = await server.inject({ method: 'POST', url: `${base()}${decliner.id}/join/`, payload: { token: decliner.token, accepted: false } });
    expect(declined.json()).toEqual({ message: 'Workspace Invitation was not accepted' });
    const twice = await server.inject({ method: 'POST', url: `${base()}${decliner.id}/join/`, payload: { token: decliner.token, accepted: true } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ error: 'You have already responded to the invitation request' });
    const accepted = await server.inject({ method: 'POST', url: `${base()}${pending.id}/join/`, payload: { token: pending.token, accepted: true } });
    expect(accepted.statusCode).toBe(200);
    const [after] = await server.database.db.select().from(workspaceInvitations).where(eq(workspaceInvitations.id, pending.id));
    expect(after).toMatchObject({ accepted: true, deletedAt: null });
  });

  test('the invitee lists and accepts their invitations', async () => {
    const user = await buildUser(server);
    await invite(world.admin, [{ email: user.email, role: 15 }]);
    const list = await server.inject({ method: 'GET', url: '/api/users/me/workspaces/invitations/', headers: user.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0]).toMatchObject({ email: user.email, workspace: { slug: world.workspace.slug } });
    expect(list.json()[0]).not.toHaveProperty('token');
    const foreign = (await server.inject({ method: 'GET', url: base(), headers: world.admin.headers })).json()[0].id;
    const accept = await server.inject({
      method: 'POST',
      url: '/api/users/me/workspaces/invitations/',
      headers: user.headers,
      payload: { invitations: [list.json()[0].id, foreign] },
    });
    expect(accept.statusCode).toBe(204);
    const workspaces = (await server.inject({ method: 'GET', url: '/api/users/me/workspaces/', headers: user.headers })).json();
    expect(workspaces.map((w: { slug: string; role: number }) => [w.slug, w.role])).toEqual([[world.workspace.slug, 15]]);
    expect((await server.inject({ method: 'GET', url: '/api/users/me/workspaces/invitations/', headers: user.headers })).json()).toEqual([]);
    // Someone else's invitation id in the list is ignored.
    const [other] = await server.database.db.select().from(workspaceInvitations).where(eq(workspaceInvitations.id, foreign));
    expect(other.deletedAt).toBeNull();
  });
});
