// Notifications (reference §7): created in the activity's transaction by the recipient rules, and
// the caller's own list, counts and switches.
import { beforeAll, describe, expect, test } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { changes, notifications } from '../../db/schema/index';
import { useWorld, type CallerName } from '../../tests/support/world';

const world = useWorld();
const { call } = world;
/** The caller's own notifications. */
let mine: string;

beforeAll(() => {
  mine = `${world.workspaceUrl}/users/notifications`;
});

const mention = (userId: string) => `<p>hey <mention-component entity_name="user_mention" entity_identifier="${userId}"></mention-component></p>`;

async function createIssue(caller: CallerName, body: Record<string, unknown>) {
  const response = await call(caller, 'POST', 'issues/', body);
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string };
}

async function rowsFor(userId: string, issueId: string) {
  return world.server.database.db.select().from(notifications).where(and(eq(notifications.receiverId, userId), eq(notifications.entityIdentifier, issueId)));
}

describe('creation rules', () => {
  test('assignees and subscribers minus the actor; one per recipient per activity; description-only edits skipped', async () => {
    const issue = await createIssue('member', { name: 'Assigned to Ada', assignee_ids: [world.admin.id] });
    const adminRows = await rowsFor(world.admin.id, issue.id);
    expect(adminRows).toHaveLength(1);
    expect(adminRows[0]).toMatchObject({ sender: 'in_app:issue_activities:assigned', triggeredById: world.member.id, title: 'created the issue' });
    expect(await rowsFor(world.member.id, issue.id)).toHaveLength(0);

    // Two fields in one PATCH: two activity rows, two notifications for the one subscriber.
    await call('admin', 'PATCH', `issues/${issue.id}/`, { priority: 'high', name: 'Renamed' });
    const memberRows = await rowsFor(world.member.id, issue.id);
    expect(memberRows).toHaveLength(2);
    expect(memberRows.every((row) => row.sender === 'in_app:issue_activities:created')).toBe(true);
    expect(await rowsFor(world.admin.id, issue.id)).toHaveLength(1);

    await call('admin', 'PATCH', `issues/${issue.id}/`, { description_html: '<p>only the description</p>' });
    expect(await rowsFor(world.member.id, issue.id)).toHaveLength(2);
  });

  test('a bulk change notifies each issue\'s followers once per issue, the actor subscribed to each', async () => {
    const ids = [];
    for (const name of ['Bulk one', 'Bulk two', 'Bulk three']) ids.push((await createIssue('member', { name, assignee_ids: [world.member.id] })).id);
    const bulk = await call('admin', 'POST', 'bulk-operation-issues/', { issue_ids: ids, properties: { priority: 'low' } });
    expect(bulk.statusCode).toBe(204);
    for (const id of ids) {
      const rows = await rowsFor(world.member.id, id);
      expect(rows.map((row) => row.sender)).toEqual(['in_app:issue_activities:created']);
      expect(rows[0]).toMatchObject({ triggeredById: world.admin.id, projectId: world.project.id });
      const subscribed = await call('admin', 'GET', `issues/${id}/subscribe/`);
      expect(subscribed.json()).toEqual({ subscribed: true });
    }
  });

  test('mentions are their own kind: the mentioned member gets a mention, not the subscriber one', async () => {
    const issue = await createIssue('member', { name: 'Mentions' });
    const comment = await call('admin', 'POST', `issues/${issue.id}/comments/`, { comment_html: mention(world.member.id) });
    expect(comment.statusCode).toBe(201);
    const rows = await rowsFor(world.member.id, issue.id);
    expect(rows.map((row) => row.sender)).toEqual(['in_app:issue_activities:mentioned']);
    expect(rows[0].messageStripped).toBe('ada has mentioned you in a comment in issue Mentions');
    // The live event is addressed to the receiver only.
    const [event] = await world.server.database.db.select().from(changes).where(and(eq(changes.entity, 'notification'), eq(changes.entityId, rows[0].id)));
    expect(event.audienceUserId).toBe(world.member.id);

    const described = await createIssue('admin', { name: 'Described', description_html: mention(world.guest.id) });
    expect((await rowsFor(world.guest.id, described.id)).map((row) => row.sender)).toEqual(['in_app:issue_activities:mentioned']);
    // The actor never notifies themselves by mentioning themselves.
    const self = await createIssue('admin', { name: 'Self', description_html: mention(world.admin.id) });
    expect(await rowsFor(world.admin.id, self.id)).toHaveLength(0);
  });

  test('notifications are written after the write, by the notifications reaction, not in its transaction (other xmin) — and still appear', async () => {
    // `xmin` is the id of the transaction that wrote a row version, on Postgres and on PGlite alike.
    const issue = await createIssue('member', { name: 'After the commit', assignee_ids: [world.admin.id] });
    const written = async () =>
      world.server.database.query<{ activity: string; activity_xmin: string; notification_xmin: string; issue_xmin: string }>(sql`
        select a.id::text as activity, a.xmin::text as activity_xmin, n.xmin::text as notification_xmin, i.xmin::text as issue_xmin
        from notifications n join issue_activities a on a.id = (n.data->'issue_activity'->>'id')::uuid join issues i on i.id = a.issue_id
        where n.entity_identifier = ${issue.id} order by n.created_at, n.id`);
    await call('admin', 'PATCH', `issues/${issue.id}/`, { priority: 'high' });
    await call('admin', 'PATCH', `issues/${issue.id}/`, { priority: 'low' });
    const rows = await written();
    // The creation (to the assignee) and the two edits (to the subscribed creator) are all there …
    expect(rows).toHaveLength(3);
    // … each written by a transaction other than the write's (the activity row's): the write only
    // recorded its changes; the reaction read them from the log after the commit.
    for (const row of rows) expect(row.notification_xmin).not.toBe(row.activity_xmin);
    // The last write's transaction also wrote the issue row as it is now: the check compares real transactions.
    expect(rows[2].activity_xmin).toBe(rows[2].issue_xmin);
    // And they reach their receiver through the API.
    const listed = await call('admin', 'GET', `${mine}/`);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toContain(issue.id);
  });

  test('reactions and cycle-like moves notify nobody', async () => {
    const issue = await createIssue('member', { name: 'Quiet' });
    await call('admin', 'POST', `issues/${issue.id}/reactions/`, { reaction: '128077' });
    expect(await rowsFor(world.member.id, issue.id)).toHaveLength(0);
  });
});

describe('my notifications', () => {
  let issueId: string;
  let first: { id: string };

  beforeAll(async () => {
    const issue = await createIssue('admin', { name: 'Watched by the guest' });
    issueId = issue.id;
    expect((await call('admin', 'POST', `issues/${issueId}/issue-subscribers/`, { subscriber: world.guest.id })).statusCode).toBeLessThan(300);
    for (let index = 0; index < 3; index++) await call('admin', 'PATCH', `issues/${issueId}/`, { name: `Change ${index}` });
    await call('admin', 'POST', `issues/${issueId}/comments/`, { comment_html: mention(world.guest.id) });
    const list = (await call('guest', 'GET', `${mine}/`)).json();
    first = list[0];
  });

  test('list, filters, counts', async () => {
    const all = (await call('guest', 'GET', `${mine}/`)).json() as Array<{ id: string; sender: string; receiver: string; triggered_by_details: { id: string } }>;
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.every((row) => row.receiver === world.guest.id && row.sender !== 'in_app:issue_activities:mentioned')).toBe(true);
    expect(all[0].triggered_by_details.id).toBe(world.admin.id);
    const mentions = (await call('guest', 'GET', `${mine}/?mentioned=true`)).json();
    // The comment here, and the description of "Described" above.
    expect(mentions).toHaveLength(2);
    expect(mentions.every((row: { is_mentioned_notification: boolean }) => row.is_mentioned_notification)).toBe(true);
    expect((await call('guest', 'GET', `${mine}/?mentioned=false`)).json()).toHaveLength(all.length);
    // The web's All tab: everything the bell counts, mentions included.
    const everything = (await call('guest', 'GET', `${mine}/?mentioned=all`)).json() as Array<{ id: string }>;
    expect(everything.map((row) => row.id).sort()).toEqual([...all, ...mentions].map((row: { id: string }) => row.id).sort());
    expect(all.every((row) => row.sender === 'in_app:issue_activities:subscribed')).toBe(true);
    expect((await call('guest', 'GET', `${mine}/?type=watching`)).json()).toHaveLength(all.length);
    expect((await call('guest', 'GET', `${mine}/?type=subscribed,assigned`)).json()).toHaveLength(all.length);
    expect((await call('guest', 'GET', `${mine}/?type=assigned`)).json()).toHaveLength(0);
    expect((await call('guest', 'GET', `${mine}/?type=created`)).json()).toHaveLength(0);
    expect((await call('guest', 'GET', `${mine}/?type=bogus`)).statusCode).toBe(400);
    const counts = (await call('guest', 'GET', `${mine}/unread/`)).json();
    expect(counts).toEqual({ total_unread_notifications_count: all.length, mention_unread_notifications_count: 2 });
    const paged = (await call('guest', 'GET', `${mine}/?cursor=2:0:0&per_page=2`)).json();
    expect(paged).toMatchObject({ count: 2, total_results: all.length, next_page_results: all.length > 2 });
    expect((await call('guest', 'GET', `${mine}/?cursor=junk&per_page=30`)).json()).toEqual({ error: 'Invalid cursor parameter.' });
    expect((await call('anonymous', 'GET', `${mine}/`)).statusCode).toBe(401);
    expect((await call('outsider', 'GET', `${mine}/`)).statusCode).toBe(403);
  });

  test('read / unread, archive / unarchive, snooze, delete; counts follow', async () => {
    const before = (await call('guest', 'GET', `${mine}/unread/`)).json().total_unread_notifications_count;
    const read = await call('guest', 'POST', `${mine}/${first.id}/read/`);
    expect(read.statusCode).toBe(200);
    expect(read.json().read_at).not.toBeNull();
    expect((await call('guest', 'GET', `${mine}/unread/`)).json().total_unread_notifications_count).toBe(before - 1);
    expect((await call('guest', 'GET', `${mine}/?read=true`)).json().map((row: { id: string }) => row.id)).toEqual([first.id]);
    expect((await call('guest', 'DELETE', `${mine}/${first.id}/read/`)).json().read_at).toBeNull();
    expect((await call('guest', 'GET', `${mine}/unread/`)).json().total_unread_notifications_count).toBe(before);

    expect((await call('guest', 'POST', `${mine}/${first.id}/archive/`)).json().archived_at).not.toBeNull();
    expect((await call('guest', 'GET', `${mine}/?archived=true`)).json().map((row: { id: string }) => row.id)).toEqual([first.id]);
    expect((await call('guest', 'GET', `${mine}/`)).json().map((row: { id: string }) => row.id)).not.toContain(first.id);
    expect((await call('guest', 'DELETE', `${mine}/${first.id}/archive/`)).json().archived_at).toBeNull();

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await call('guest', 'PATCH', `${mine}/${first.id}/`, { snoozed_till: tomorrow })).json().snoozed_till).not.toBeNull();
    expect((await call('guest', 'GET', `${mine}/?snoozed=true`)).json().map((row: { id: string }) => row.id)).toEqual([first.id]);
    expect((await call('guest', 'GET', `${mine}/`)).json().map((row: { id: string }) => row.id)).not.toContain(first.id);
    expect((await call('guest', 'GET', `${mine}/unread/`)).json().total_unread_notifications_count).toBe(before - 1);
    expect((await call('guest', 'PATCH', `${mine}/${first.id}/`, {})).json().snoozed_till).toBeNull();
    expect((await call('guest', 'PATCH', `${mine}/${first.id}/`, { snoozed_till: 'soon' })).statusCode).toBe(400);

    const events = await world.server.database.db.select().from(changes).where(and(eq(changes.entity, 'notification'), eq(changes.entityId, first.id)));
    expect(events.every((event) => event.audienceUserId === world.guest.id)).toBe(true);
    expect(events.length).toBeGreaterThanOrEqual(7);
  });

  test('another user cannot touch my notification', async () => {
    for (const [method, suffix] of [['GET', ''], ['PATCH', ''], ['DELETE', ''], ['POST', 'read/'], ['DELETE', 'read/'], ['POST', 'archive/'], ['DELETE', 'archive/']] as const) {
      const response = await call('member', method, `${mine}/${first.id}/${suffix}`, method === 'PATCH' ? {} : undefined);
      expect(response.statusCode, `${method} ${suffix}`).toBe(404);
    }
    expect((await call('guest', 'GET', `${mine}/${first.id}/`)).statusCode).toBe(200);
  });

  test('mark-all-read takes both counts to 0; delete removes one', async () => {
    const marked = await call('guest', 'POST', `${mine}/mark-all-read/`, {});
    expect(marked.json()).toEqual({ message: 'Successful' });
    expect((await call('guest', 'GET', `${mine}/unread/`)).json()).toEqual({ total_unread_notifications_count: 0, mention_unread_notifications_count: 0 });
    expect((await call('guest', 'POST', `${mine}/mark-all-read/`, { type: 'nonsense' })).statusCode).toBe(400);
    expect((await call('guest', 'DELETE', `${mine}/${first.id}/`)).statusCode).toBe(204);
    expect((await call('guest', 'GET', `${mine}/${first.id}/`)).statusCode).toBe(404);
  });
});
