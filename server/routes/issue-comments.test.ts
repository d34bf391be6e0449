// Comments, issue and comment reactions, and the history endpoint (activity + comments merged).
import { describe, expect, test } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { changes, issueComments, issueMentions, issueSubscribers, projects } from '../../db/schema/index';
import { useWorld, type CallerName } from '../../tests/support/world';

const world = useWorld();
const { call } = world;

async function createIssue(caller: CallerName = 'member') {
  const response = await call(caller, 'POST', 'issues/', { name: 'Commented' });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string };
}

async function setGuestViewAll(value: boolean) {
  await world.server.database.db.update(projects).set({ guestViewAllFeatures: value }).where(eq(projects.id, world.project.id));
}

describe('comments', () => {
  test('create, list, incremental list, edit and delete', async () => {
    const issue = await createIssue();
    const created = await call('member', 'POST', `issues/${issue.id}/comments/`, { comment_html: '<p>First <b>one</b></p>' });
    expect(created.statusCode).toBe(201);
    const first = created.json();
    expect(first).toMatchObject({ comment_html: '<p>First <b>one</b></p>', comment_stripped: 'First one', actor: world.member.id, access: 'INTERNAL', issue: issue.id, edited_at: null, comment_reactions: [], is_member: true });
    expect(first.actor_detail).toMatchObject({ id: world.member.id, display_name: 'max' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = (await call('admin', 'POST', `issues/${issue.id}/comments/`, { comment_html: '<p>Second</p>' })).json();
    const list = await call('guest', 'GET', `issues/${issue.id}/comments/`);
    expect(list.statusCode).toBe(403);
    const all = (await call('member', 'GET', `issues/${issue.id}/comments/`)).json();
    expect(all.map((comment: { id: string }) => comment.id)).toEqual([first.id, second.id]);
    const later = (await call('member', 'GET', `issues/${issue.id}/comments/?created_at__gt=${encodeURIComponent(first.created_at)}`)).json();
    expect(later.map((comment: { id: string }) => comment.id)).toEqual([second.id]);
    expect((await call('member', 'GET', `issues/${issue.id}/comments/${first.id}/`)).json().id).toBe(first.id);

    expect((await call('admin', 'PATCH', `issues/${issue.id}/comments/${first.id}/`, { comment_html: '<p>admin edit</p>' })).statusCode).toBe(200);
    const edited = await call('member', 'PATCH', `issues/${issue.id}/comments/${first.id}/`, { comment_html: '<p>Edited</p>' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().edited_at).not.toBeNull();
    expect(edited.json().version).toBe(first.version + 2);
    expect((await call('member', 'PATCH', `issues/${issue.id}/comments/${second.id}/`, { comment_html: '<p>x</p>' })).statusCode).toBe(403);
    expect((await call('member', 'DELETE', `issues/${issue.id}/comments/${second.id}/`)).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', `issues/${issue.id}/comments/${second.id}/`)).statusCode).toBe(204);
    expect((await call('member', 'DELETE', `issues/${issue.id}/comments/${first.id}/`)).statusCode).toBe(204);
    expect((await call('member', 'GET', `issues/${issue.id}/comments/`)).json()).toEqual([]);
    const events = await world.server.database.db.select().from(changes).where(and(eq(changes.entity, 'comment'), eq(changes.entityId, first.id))).orderBy(changes.id);
    expect(events.map((event) => event.op)).toEqual(['create', 'update', 'update', 'delete']);
  });

  test('guests comment only on their own issues unless the project allows all', async () => {
    const issue = await createIssue();
    const refused = await call('guest', 'POST', `issues/${issue.id}/comments/`, { comment_html: '<p>hi</p>' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'You are not allowed to comment on the issue' });
    await setGuestViewAll(true);
    expect((await call('guest', 'POST', `issues/${issue.id}/comments/`, { comment_html: '<p>hi</p>' })).statusCode).toBe(201);
    await setGuestViewAll(false);
    expect((await call('outsider', 'POST', `issues/${issue.id}/comments/`, { comment_html: '<p>hi</p>' })).statusCode).toBe(403);
    expect((await call('anonymous', 'POST', `issues/${issue.id}/comments/`, { comment_html: '<p>hi</p>' })).statusCode).toBe(401);
    expect((await call('member', 'POST', `issues/${issue.id}/comments/`, { comment_html: 42 })).statusCode).toBe(400);
  });

  test('a comment with nothing in it is refused with a field message and changes nothing', async () => {
    const issue = await createIssue();
    const commentRows = () => world.server.database.db.select().from(issueComments).where(eq(issueComments.issueId, issue.id));
    const commentChanges = () => world.server.database.db.select().from(changes).where(eq(changes.entity, 'comment'));
    const changesBefore = (await commentChanges()).length;
    const missing = await call('member', 'POST', `issues/${issue.id}/comments/`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ comment_html: ['This field is required.'] });
    for (const comment_html of ['', '   ', '<p></p>', '<p> &nbsp; </p><p><br></p>', '<script>alert(1)</script>']) {
      const blank = await call('member', 'POST', `issues/${issue.id}/comments/`, { comment_html });
      expect(blank.statusCode, comment_html).toBe(400);
      expect(blank.json()).toEqual({ comment_html: ['This field may not be blank.'] });
    }
    expect(await commentRows()).toEqual([]);

    // Content without text still counts: a mention or an image alone is a comment.
    const mention = `<p><mention-component entity_name="user_mention" entity_identifier="${world.admin.id}"></mention-component></p>`;
    expect((await call('member', 'POST', `issues/${issue.id}/comments/`, { comment_html: mention })).statusCode).toBe(201);
    const image = await call('member', 'POST', `issues/${issue.id}/comments/`, { comment_html: '<p><img src="https://example.com/a.png"></p>' });
    expect(image.statusCode).toBe(201);
    const saved = image.json();

    for (const comment_html of ['', '<p></p>']) {
      const emptied = await call('member', 'PATCH', `issues/${issue.id}/comments/${saved.id}/`, { comment_html });
      expect(emptied.statusCode).toBe(400);
      expect(emptied.json()).toEqual({ comment_html: ['This field may not be blank.'] });
    }
    const [row] = (await commentRows()).filter((comment) => comment.id === saved.id);
    expect(row).toMatchObject({ commentHtml: saved.comment_html, version: saved.version, editedAt: null });
    expect((await commentChanges()).length).toBe(changesBefore + 2);
    // Other fields can still change without sending the html again.
    expect((await call('member', 'PATCH', `issues/${issue.id}/comments/${saved.id}/`, { access: 'EXTERNAL' })).statusCode).toBe(200);
  });

  test('mentioned members are subscribed', async () => {
    const issue = await createIssue();
    await call('member', 'POST', `issues/${issue.id}/comments/`, { comment_html: `<p><span data-type="mention" data-id="${world.admin.id}">@ada</span></p>` });
    const subscribers = await world.server.database.db.select().from(issueSubscribers).where(eq(issueSubscribers.issueId, issue.id));
    expect(subscribers.map((row) => row.subscriberId)).toContain(world.admin.id);
  });
});

describe('reactions', () => {
  test('issue reactions: add, duplicate, list, remove', async () => {
    const issue = await createIssue();
    const added = await call('member', 'POST', `issues/${issue.id}/reactions/`, { reaction: '👍' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ reaction: '👍', actor: world.member.id, issue: issue.id });
    const duplicate = await call('member', 'POST', `issues/${issue.id}/reactions/`, { reaction: '👍' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ error: 'The payload is not valid' });
    expect((await call('admin', 'POST', `issues/${issue.id}/reactions/`, { reaction: '👍' })).statusCode).toBe(201);
    expect((await call('member', 'GET', `issues/${issue.id}/reactions/`)).json()).toHaveLength(2);
    const detail = (await call('member', 'GET', `issues/${issue.id}/?expand=issue_reactions`)).json();
    expect(detail.issue_reactions).toHaveLength(2);
    expect((await call('member', 'DELETE', `issues/${issue.id}/reactions/${encodeURIComponent('👍')}/`)).statusCode).toBe(204);
    expect((await call('member', 'DELETE', `issues/${issue.id}/reactions/${encodeURIComponent('👍')}/`)).statusCode).toBe(404);
    expect((await call('member', 'GET', `issues/${issue.id}/reactions/`)).json()).toHaveLength(1);
    expect((await call('guest', 'POST', `issues/${issue.id}/reactions/`, { reaction: '🎉' })).statusCode).toBe(403);
    expect((await call('anonymous', 'GET', `issues/${issue.id}/reactions/`)).statusCode).toBe(401);
    expect((await call('member', 'POST', `issues/${issue.id}/reactions/`, {})).statusCode).toBe(400);
  });

  test('comment reactions: add, duplicate, list, remove', async () => {
    const issue = await createIssue();
    const comment = (await call('member', 'POST', `issues/${issue.id}/comments/`, { comment_html: '<p>c</p>' })).json();
    const added = await call('admin', 'POST', `comments/${comment.id}/reactions/`, { reaction: 'heart' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ actor: world.admin.id, comment: comment.id, reaction: 'heart', display_name: 'ada' });
    const duplicate = await call('admin', 'POST', `comments/${comment.id}/reactions/`, { reaction: 'heart' });
    expect(duplicate.json()).toEqual({ error: 'Reaction already exists for the user' });
    expect((await call('member', 'GET', `comments/${comment.id}/reactions/`)).json()).toHaveLength(1);
    const listed = (await call('member', 'GET', `issues/${issue.id}/comments/`)).json();
    expect(listed[0].comment_reactions).toHaveLength(1);
    expect((await call('admin', 'DELETE', `comments/${comment.id}/reactions/heart/`)).statusCode).toBe(204);
    expect((await call('member', 'GET', `comments/${comment.id}/reactions/`)).json()).toEqual([]);
    expect((await call('guest', 'POST', `comments/${comment.id}/reactions/`, { reaction: 'x' })).statusCode).toBe(403);
    expect((await call('outsider', 'GET', `comments/${comment.id}/reactions/`)).statusCode).toBe(403);
    const events = await world.server.database.db.select().from(changes).where(eq(changes.entity, 'comment_reaction')).orderBy(changes.id);
    expect(events.map((event) => event.op)).toEqual(['create', 'delete']);
  });
});

describe('history', () => {
  test('property activity, comments, and both merged by time', async () => {
    const issue = await createIssue();
    await call('member', 'PATCH', `issues/${issue.id}/`, { priority: 'urgent' });
    await call('member', 'POST', `issues/${issue.id}/comments/`, { comment_html: '<p>note</p>' });
    await call('member', 'POST', `issues/${issue.id}/reactions/`, { reaction: 'x' });
    const property = (await call('member', 'GET', `issues/${issue.id}/history/?activity_type=issue-property`)).json();
    expect(property.map((row: { verb: string; field: string | null }) => `${row.verb}:${row.field}`)).toEqual(['created:null', 'updated:priority']);
    expect(property[1]).toMatchObject({ old_value: 'none', new_value: 'urgent', actor: world.member.id, issue: issue.id });
    expect(property[1].actor_detail.id).toBe(world.member.id);
    expect(property[1].project_detail.identifier).toBe(world.project.identifier);
    const comments = (await call('member', 'GET', `issues/${issue.id}/history/?activity_type=issue-comment`)).json();
    expect(comments.map((row: { comment_html: string }) => row.comment_html)).toEqual(['<p>note</p>']);
    const merged = (await call('member', 'GET', `issues/${issue.id}/history/`)).json();
    expect(merged.map((row: { activity_type: string }) => row.activity_type)).toEqual(['ACTIVITY', 'ACTIVITY', 'COMMENT']);
    expect((await call('member', 'GET', `issues/${issue.id}/history/?activity_type=bogus`)).statusCode).toBe(400);
    expect((await call('guest', 'GET', `issues/${issue.id}/history/`)).statusCode).toBe(403);
    expect((await call('anonymous', 'GET', `issues/${issue.id}/history/`)).statusCode).toBe(401);
  });
});

describe('mentions in comments', () => {
  const mention = (id: string) => `<mention-component entity_identifier="${id}" entity_name="user_mention"></mention-component>`;

  async function mentionIds(issueId: string) {
    const rows = await world.server.database.db.select().from(issueMentions).where(and(eq(issueMentions.issueId, issueId), isNull(issueMentions.deletedAt)));
    return rows.map((row) => row.mentionId).sort();
  }
  async function subscribed(issueId: string, userId: string) {
    const rows = await world.server.database.db.select().from(issueSubscribers)
      .where(and(eq(issueSubscribers.issueId, issueId), eq(issueSubscribers.subscriberId, userId), isNull(issueSubscribers.deletedAt)));
    return rows.length === 1;
  }

  test('create mention rows for project members and subscribe them; edits and deletes keep the rows in step', async () => {
    const issue = await createIssue('admin');
    const created = await call('admin', 'POST', `issues/${issue.id}/comments/`, { comment_html: `<p>hey ${mention(world.member.id)} ${mention(world.outsider.id)}</p>` });
    expect(created.statusCode).toBe(201);
    expect(await mentionIds(issue.id)).toEqual([world.member.id]);
    expect(await subscribed(issue.id, world.member.id)).toBe(true);
    expect(await subscribed(issue.id, world.outsider.id)).toBe(false);

    // The description mentions the guest; a comment edit that drops the member keeps the guest.
    expect((await call('admin', 'PATCH', `issues/${issue.id}/`, { description_html: `<p>${mention(world.guest.id)}</p>` })).statusCode).toBe(200);
    expect(await mentionIds(issue.id)).toEqual([world.member.id, world.guest.id].sort());
    const comment = created.json() as { id: string };
    expect((await call('admin', 'PATCH', `issues/${issue.id}/comments/${comment.id}/`, { comment_html: '<p>never mind</p>' })).statusCode).toBe(200);
    expect(await mentionIds(issue.id)).toEqual([world.guest.id]);

    // Editing the description keeps the mentions of live comments.
    const second = (await call('admin', 'POST', `issues/${issue.id}/comments/`, { comment_html: `<p>${mention(world.member.id)}</p>` })).json() as { id: string };
    expect((await call('admin', 'PATCH', `issues/${issue.id}/`, { description_html: '<p>plain</p>' })).statusCode).toBe(200);
    expect(await mentionIds(issue.id)).toEqual([world.member.id]);
    expect((await call('admin', 'DELETE', `issues/${issue.id}/comments/${second.id}/`)).statusCode).toBe(204);
    expect(await mentionIds(issue.id)).toEqual([]);
  });

  test('an edit does not re-subscribe a member already mentioned before it', async () => {
    const issue = await createIssue('admin');
    const comment = (await call('admin', 'POST', `issues/${issue.id}/comments/`, { comment_html: `<p>${mention(world.member.id)}</p>` })).json() as { id: string };
    expect((await call('member', 'DELETE', `issues/${issue.id}/subscribe/`)).statusCode).toBe(204);
    await call('admin', 'PATCH', `issues/${issue.id}/comments/${comment.id}/`, { comment_html: `<p>${mention(world.member.id)} again</p>` });
    expect(await subscribed(issue.id, world.member.id)).toBe(false);
    await call('admin', 'PATCH', `issues/${issue.id}/comments/${comment.id}/`, { comment_html: `<p>${mention(world.guest.id)}</p>` });
    expect(await subscribed(issue.id, world.guest.id)).toBe(true);
  });
});

