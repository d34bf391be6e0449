// Notifications and intake over the live stream, through the real REST routes and real sockets:
// a notification reaches its receiver (every socket of theirs) and nobody else; a read on one socket
// shows on the other; an intake submission stays off the boards until accepted, then reaches every
// open board.
import { describe, expect, test } from 'vitest';
import type { ChangeMessage } from '../../shared/live-protocol';
import { useWorld } from '../support/world';
import type { TestUser } from '../support/factories';
import { useLiveSockets, writeChange, type LiveClient } from './live-client';

const world = useWorld();
const live = useLiveSockets(world);
const { subscribed } = live;

async function api(user: TestUser, method: 'GET' | 'POST' | 'PATCH', path: string, payload?: unknown) {
  const response = await world.server.inject({ method, url: `/api/workspaces/${world.workspace.slug}/${path}`, headers: user.headers, payload: payload as object });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.body ? response.json() : null;
}

/** Writes a marker change every socket sees and waits for it, so everything before it was judged. */
async function drain(clients: LiveClient[]) {
  const id = await writeChange(world.server, { workspaceId: world.workspace.id, entity: 'workspace', op: 'update', data: { name: 'marker' } });
  await Promise.all(clients.map((client) => client.waitFor((msg) => msg.type === 'change' && msg.data.id === id)));
}

const notificationsOf = (client: LiveClient) => client.changes().filter((change) => change.entity === 'notification');

describe('notifications live', () => {
  test('reach only their receiver, on every socket; a read on one shows on the other', async () => {
    const [memberA, memberB, admin, guest] = [await subscribed(world.member), await subscribed(world.member), await subscribed(world.admin), await subscribed(world.guest)];
    const project = `projects/${world.project.id}`;
    const issue = await api(world.member, 'POST', `${project}/issues/`, { name: 'Live mention' });
    await api(world.admin, 'POST', `${project}/issues/${issue.id}/comments/`, {
      comment_html: `<p><mention-component entity_name="user_mention" entity_identifier="${world.member.id}"></mention-component></p>`,
    });
    const created = await memberA.waitFor<ChangeMessage>((msg) => msg.type === 'change' && msg.entity === 'notification' && msg.op === 'create');
    expect(created.data).toMatchObject({ receiver: world.member.id, sender: 'in_app:issue_activities:mentioned', entity_identifier: issue.id });
    await memberB.waitFor((msg) => msg.type === 'change' && msg.entity === 'notification' && msg.data.id === created.data.id);
    await drain([memberA, memberB, admin, guest]);
    expect(notificationsOf(admin)).toEqual([]);
    expect(notificationsOf(guest)).toEqual([]);

    // The unread count a second tab shows follows a read made in the first.
    const from = memberB.messages.length;
    await api(world.member, 'POST', `users/notifications/${created.data.id}/read/`);
    const read = await memberB.waitFor<ChangeMessage>((msg) => msg.type === 'change' && msg.entity === 'notification' && msg.op === 'update', 5000, from);
    expect(read.data.read_at).not.toBeNull();
    const counts = await api(world.member, 'GET', 'users/notifications/unread/');
    expect(counts.mention_unread_notifications_count).toBe(0);
    await drain([admin, guest]);
    expect(notificationsOf(admin)).toEqual([]);
    expect(notificationsOf(guest)).toEqual([]);
  });
});

describe('intake live', () => {
  test('a submission stays off the boards until accepted, then reaches every open board', async () => {
    await api(world.admin, 'PATCH', `projects/${world.project.id}/`, { intake_view: true });
    const [admin, member] = [await subscribed(world.admin), await subscribed(world.member)];
    const submitted = await api(world.member, 'POST', `projects/${world.project.id}/intake-issues/`, { issue: { name: 'From outside' } });
    const issueId = submitted.issue.id as string;
    await admin.waitFor((msg) => msg.type === 'change' && msg.entity === 'inbox_issue' && msg.op === 'create');
    await drain([admin, member]);
    const boardEvents = (client: LiveClient) => client.changes().filter((change) => change.entity === 'issue' && change.data.id === issueId);
    expect(boardEvents(admin)).toEqual([]);
    expect(boardEvents(member)).toEqual([]);

    const accepted = await api(world.admin, 'PATCH', `projects/${world.project.id}/intake-issues/${issueId}/`, { status: 1 });
    for (const client of [admin, member]) {
      const change = await client.waitFor<ChangeMessage>((msg) => msg.type === 'change' && msg.entity === 'issue' && msg.data.id === issueId);
      expect(change.data.state_id).toBe(accepted.issue.state_id);
      await client.waitFor((msg) => msg.type === 'change' && msg.entity === 'inbox_issue' && msg.data.status === 1);
    }
  });
});
