// Issue subscriptions: the caller's own (`subscribe/`) and the explicit subscribers members manage
// (`issue-subscribers/`), with their permissions and errors.
import { describe, expect, test } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { issueMentions, issueSubscribers } from '../../db/schema/index';
import { useWorld, type CallerName } from '../../tests/support/world';

const world = useWorld();
const { call } = world;

async function createIssue(caller: CallerName = 'admin') {
  const response = await call(caller, 'POST', 'issues/', { name: 'Followed' });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string };
}

async function subscriberIds(issueId: string) {
  const rows = await world.server.database.db
    .select({ id: issueSubscribers.subscriberId })
    .from(issueSubscribers)
    .where(and(eq(issueSubscribers.issueId, issueId), isNull(issueSubscribers.deletedAt)));
  return rows.map((row) => row.id).sort();
}

describe('issue-subscribers/', () => {
  test('lists every active project member with is_subscribed; the creator is subscribed', async () => {
    const issue = await createIssue();
    const response = await call('member', 'GET', `issues/${issue.id}/issue-subscribers/`);
    expect(response.statusCode).toBe(200);
    const rows = response.json() as Array<{ id: string; member: { id: string; display_name: string }; is_subscribed: boolean }>;
    expect(rows.map((row) => row.member.id).sort()).toEqual([world.admin.id, world.member.id, world.guest.id].sort());
    const byUser = new Map(rows.map((row) => [row.member.id, row]));
    expect(byUser.get(world.admin.id)).toMatchObject({ is_subscribed: true, member: { display_name: 'ada' } });
    expect(byUser.get(world.member.id)!.is_subscribed).toBe(false);
    expect(Object.keys(byUser.get(world.guest.id)!).sort()).toEqual(['id', 'is_subscribed', 'member']);
  });

  test('a member adds and removes another member; the response is the subscription row', async () => {
    const issue = await createIssue();
    const added = await call('member', 'POST', `issues/${issue.id}/issue-subscribers/`, { subscriber: world.guest.id });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ issue: issue.id, subscriber: world.guest.id, project: world.project.id, workspace: world.workspace.id, created_by: world.member.id, deleted_at: null });
    expect(await subscriberIds(issue.id)).toEqual([world.admin.id, world.guest.id].sort());
    const listed = (await call('admin', 'GET', `issues/${issue.id}/issue-subscribers/`)).json() as Array<{ member: { id: string }; is_subscribed: boolean }>;
    expect(listed.find((row) => row.member.id === world.guest.id)!.is_subscribed).toBe(true);

    const again = await call('admin', 'POST', `issues/${issue.id}/issue-subscribers/`, { subscriber: world.guest.id });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'User already subscribed to the issue.' });

    expect((await call('member', 'DELETE', `issues/${issue.id}/issue-subscribers/${world.guest.id}/`)).statusCode).toBe(204);
    expect(await subscriberIds(issue.id)).toEqual([world.admin.id]);
    const missing = await call('member', 'DELETE', `issues/${issue.id}/issue-subscribers/${world.guest.id}/`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'The required object does not exist.' });
    // Re-adding after removal works (unique only among live rows).
    expect((await call('admin', 'POST', `issues/${issue.id}/issue-subscribers/`, { subscriber: world.guest.id })).statusCode).toBe(201);
  });

  test('errors: non-members, bad bodies, guests, outsiders and anonymous callers', async () => {
    const issue = await createIssue();
    const url = `issues/${issue.id}/issue-subscribers/`;
    const outsider = await call('admin', 'POST', url, { subscriber: world.outsider.id });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json()).toEqual({ error: 'The subscriber is not a member of the project' });
    expect((await call('admin', 'POST', url, {})).json()).toHaveProperty('subscriber');
    expect((await call('admin', 'POST', url, { subscriber: 'nope' })).statusCode).toBe(400);
    expect((await call('admin', 'POST', url, { subscriber: 'x'.repeat(100_000) })).statusCode).toBe(400);
    expect((await call('guest', 'POST', url, { subscriber: world.member.id })).statusCode).toBe(403);
    expect((await call('guest', 'DELETE', `${url}${world.admin.id}/`)).statusCode).toBe(403);
    // The guest rule: a guest cannot see who follows an issue they did not create.
    expect((await call('guest', 'GET', url)).statusCode).toBe(403);
    expect((await call('outsider', 'GET', url)).statusCode).toBe(403);
    expect((await call('anonymous', 'GET', url)).statusCode).toBe(401);
    expect((await call('admin', 'GET', `issues/${crypto.randomUUID()}/issue-subscribers/`)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `${url}not-a-uuid/`)).statusCode).toBe(404);
    expect(await subscriberIds(issue.id)).toEqual([world.admin.id]);
  });
});

describe('subscribe/', () => {
  test('the caller subscribes, is refused twice, and unsubscribes', async () => {
    const issue = await createIssue();
    expect((await call('member', 'GET', `issues/${issue.id}/subscribe/`)).json()).toEqual({ subscribed: false });
    const subscribed = await call('member', 'POST', `issues/${issue.id}/subscribe/`);
    expect(subscribed.statusCode).toBe(201);
    expect(subscribed.json()).toMatchObject({ issue: issue.id, subscriber: world.member.id });
    expect((await call('member', 'POST', `issues/${issue.id}/subscribe/`)).json()).toMatchObject({ message: 'User already subscribed to the issue.' });
    expect((await call('member', 'GET', `issues/${issue.id}/subscribe/`)).json()).toEqual({ subscribed: true });
    expect((await call('member', 'GET', `issues/${issue.id}/`)).json().is_subscribed).toBe(true);
    expect((await call('member', 'DELETE', `issues/${issue.id}/subscribe/`)).statusCode).toBe(204);
    expect((await call('member', 'GET', `issues/${issue.id}/subscribe/`)).json()).toEqual({ subscribed: false });
    expect((await call('guest', 'POST', `issues/${issue.id}/subscribe/`)).statusCode).toBe(403);
    expect((await call('anonymous', 'POST', `issues/${issue.id}/subscribe/`)).statusCode).toBe(401);
  });

  // The detail answers read the caller's subscription with the row (issueRowColumnsFor): each
  // answer must say what the caller's own subscription is right after that write.
  test('is_subscribed in the answers of POST, PATCH and GET is the caller’s own, right after the write', async () => {
    const created = await call('member', 'POST', 'issues/', { name: 'Mine', assignee_ids: [] });
    expect(created.statusCode).toBe(201);
    const issue = created.json() as { id: string; is_subscribed: boolean };
    expect(issue.is_subscribed).toBe(true);
    expect((await call('admin', 'GET', `issues/${issue.id}/`)).json().is_subscribed).toBe(false);
    // The admin's first write: assigning oneself subscribes after the update's RETURNING, and the
    // answer must still say so. (Any write by a person also subscribes them afterwards, from the
    // notification reaction, which is why this is the admin's first.)
    const assigned = await call('admin', 'PATCH', `issues/${issue.id}/`, { assignee_ids_add: [world.admin.id] });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().is_subscribed).toBe(true);
    expect((await call('admin', 'GET', `issues/${issue.id}/`)).json().is_subscribed).toBe(true);
    expect((await call('member', 'DELETE', `issues/${issue.id}/subscribe/`)).statusCode).toBe(204);
    expect((await call('member', 'GET', `issues/${issue.id}/`)).json().is_subscribed).toBe(false);
  });

  test('a new issue’s description mentions subscribe the members it names (and only members)', async () => {
    const mention = (id: string) => `<mention-component entity_identifier="${id}" entity_name="user_mention"></mention-component>`;
    const outsider = '00000000-0000-4000-8000-000000000001';
    const created = await call('admin', 'POST', 'issues/', { name: 'Mentions', description_html: `<p>${mention(world.member.id)} ${mention(outsider)}</p>` });
    expect(created.statusCode).toBe(201);
    const issueId = (created.json() as { id: string }).id;
    expect(await subscriberIds(issueId)).toEqual([world.admin.id, world.member.id].sort());
    const mentions = await world.server.database.db
      .select({ id: issueMentions.mentionId })
      .from(issueMentions)
      .where(and(eq(issueMentions.issueId, issueId), isNull(issueMentions.deletedAt)));
    expect(mentions.map((row) => row.id)).toEqual([world.member.id]);
  });
});

