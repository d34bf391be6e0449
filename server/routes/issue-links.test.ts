// Links, relations, sub-issues and subscriptions of an issue.
import { describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { changes, issueActivities } from '../../db/schema/index';
import { normalizeLinkUrl } from '../services/work-items/issue-link';
import { useWorld, type CallerName } from '../../tests/support/world';

const world = useWorld();
const { call } = world;

async function createIssue(body: Record<string, unknown> = {}, caller: CallerName = 'member') {
  const response = await call(caller, 'POST', 'issues/', { name: 'Linked', ...body });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; name: string; sequence_id: number; version: number };
}

describe('links', () => {
  test('normalises URLs', () => {
    expect(normalizeLinkUrl('example.com/a')).toBe('http://example.com/a');
    expect(normalizeLinkUrl(' https://example.com ')).toBe('https://example.com');
    expect(() => normalizeLinkUrl('javascript:alert(1)')).toThrow('Invalid URL format.');
    expect(() => normalizeLinkUrl('http://')).toThrow('Invalid URL format.');
  });

  test('create, duplicate, list, edit, delete; counts follow', async () => {
    const issue = await createIssue();
    const created = await call('member', 'POST', `issues/${issue.id}/issue-links/`, { url: 'example.com', title: 'Ex' });
    expect(created.statusCode).toBe(201);
    const link = created.json();
    expect(link).toMatchObject({ url: 'http://example.com', title: 'Ex', issue: issue.id, created_by: world.member.id });
    const duplicate = await call('member', 'POST', `issues/${issue.id}/issue-links/`, { url: 'http://example.com/' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ error: 'URL already exists for this Issue' });
    expect((await call('member', 'POST', `issues/${issue.id}/issue-links/`, { url: 'not a url' })).json()).toEqual({ error: 'Invalid URL format.' });
    expect((await call('member', 'GET', `issues/${issue.id}/`)).json().link_count).toBe(1);
    expect((await call('member', 'GET', `issues/${issue.id}/issue-links/`)).json()).toHaveLength(1);
    expect((await call('member', 'GET', `issues/${issue.id}/issue-links/${link.id}/`)).json().id).toBe(link.id);
    const edited = await call('member', 'PATCH', `issues/${issue.id}/issue-links/${link.id}/`, { title: 'New' });
    expect(edited.json()).toMatchObject({ title: 'New', url: 'http://example.com' });
    expect((await call('guest', 'POST', `issues/${issue.id}/issue-links/`, { url: 'a.com' })).statusCode).toBe(403);
    expect((await call('anonymous', 'GET', `issues/${issue.id}/issue-links/`)).statusCode).toBe(401);
    expect((await call('member', 'DELETE', `issues/${issue.id}/issue-links/${link.id}/`)).statusCode).toBe(204);
    expect((await call('member', 'GET', `issues/${issue.id}/issue-links/${link.id}/`)).statusCode).toBe(404);
    expect((await call('member', 'GET', `issues/${issue.id}/`)).json().link_count).toBe(0);
    const events = await world.server.database.db.select().from(changes).where(and(eq(changes.entity, 'issue_link'), eq(changes.entityId, link.id))).orderBy(changes.id);
    expect(events.map((event) => event.op)).toEqual(['create', 'update', 'delete']);
  });
});

describe('relations', () => {
  test('every type is stored once and listed from both sides with its inverse', async () => {
    const a = await createIssue();
    const b = await createIssue();
    const c = await createIssue();
    const created = await call('member', 'POST', `issues/${a.id}/issue-relation/`, { relation_type: 'blocking', issues: [b.id] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual([expect.objectContaining({ id: b.id, relation_type: 'blocking', sequence_id: b.sequence_id })]);
    await call('member', 'POST', `issues/${a.id}/issue-relation/`, { relation_type: 'implemented_by', issues: [c.id] });
    await call('member', 'POST', `issues/${a.id}/issue-relation/`, { relation_type: 'relates_to', issues: [b.id] });
    const fromA = (await call('member', 'GET', `issues/${a.id}/issue-relation/`)).json();
    expect(Object.keys(fromA).sort()).toEqual(['blocked_by', 'blocking', 'duplicate', 'finish_after', 'finish_before', 'implemented_by', 'implements', 'relates_to', 'start_after', 'start_before']);
    expect(fromA.blocking.map((item: { id: string }) => item.id)).toEqual([b.id]);
    expect(fromA.implemented_by.map((item: { id: string }) => item.id)).toEqual([c.id]);
    expect(fromA.relates_to).toEqual([]);
    const fromB = (await call('member', 'GET', `issues/${b.id}/issue-relation/`)).json();
    expect(fromB.blocked_by.map((item: { id: string }) => item.id)).toEqual([a.id]);
    const fromC = (await call('member', 'GET', `issues/${c.id}/issue-relation/`)).json();
    expect(fromC.implements.map((item: { id: string }) => item.id)).toEqual([a.id]);
    const activity = await world.server.database.db.select().from(issueActivities).where(and(eq(issueActivities.issueId, b.id), eq(issueActivities.field, 'blocked_by')));
    expect(activity).toHaveLength(1);
    const missing = await call('member', 'POST', `issues/${a.id}/issue-relation/`, { issues: [b.id] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Issue relation type is required');
    expect((await call('member', 'POST', `issues/${a.id}/issue-relation/`, { relation_type: 'bogus', issues: [b.id] })).statusCode).toBe(400);
    expect((await call('member', 'POST', `issues/${a.id}/issue-relation/`, { relation_type: 'duplicate', issues: [a.id] })).statusCode).toBe(400);
    expect((await call('guest', 'POST', `issues/${a.id}/issue-relation/`, { relation_type: 'duplicate', issues: [b.id] })).statusCode).toBe(403);
    expect((await call('member', 'POST', `issues/${b.id}/remove-relation/`, { relation_type: 'blocked_by', related_issue: a.id })).statusCode).toBe(204);
    expect((await call('member', 'GET', `issues/${a.id}/issue-relation/`)).json().blocking).toEqual([]);
    const expanded = (await call('member', 'GET', `issues/${a.id}/?expand=issue_relation`)).json();
    expect(expanded.issue_relation.map((item: { id: string }) => item.id)).toEqual([c.id]);
    const events = await world.server.database.db.select().from(changes).where(eq(changes.entity, 'issue_relation')).orderBy(changes.id);
    expect(events.map((event) => event.op)).toEqual(['create', 'create', 'delete']);
  });
});

describe('sub-issues', () => {
  test('adopt children, state distribution, and the ancestor rule', async () => {
    const parent = await createIssue();
    const child1 = await createIssue({ state_id: world.project.states.started });
    const child2 = await createIssue();
    const added = await call('member', 'POST', `issues/${parent.id}/sub-issues/`, { sub_issue_ids: [child1.id, child2.id] });
    expect(added.statusCode).toBe(200);
    expect(added.json().state_distribution).toEqual({ backlog: [child2.id], started: [child1.id] });
    const listed = (await call('member', 'GET', `issues/${parent.id}/sub-issues/`)).json();
    expect(listed.sub_issues.map((item: { id: string }) => item.id).sort()).toEqual([child1.id, child2.id].sort());
    const grouped = (await call('member', 'GET', `issues/${parent.id}/sub-issues/?group_by=state__group`)).json();
    expect(Object.keys(grouped.sub_issues).sort()).toEqual(['backlog', 'started']);
    expect((await call('member', 'GET', `issues/${parent.id}/`)).json().sub_issues_count).toBe(2);
    const cycle = await call('member', 'POST', `issues/${child1.id}/sub-issues/`, { sub_issue_ids: [parent.id] });
    expect(cycle.statusCode).toBe(400);
    expect((await call('member', 'POST', `issues/${parent.id}/sub-issues/`, { sub_issue_ids: [parent.id] })).statusCode).toBe(400);
    const empty = await call('member', 'POST', `issues/${parent.id}/sub-issues/`, { sub_issue_ids: [] });
    expect(empty.json()).toEqual({ error: 'Sub Issue IDs are required' });
    expect((await call('guest', 'POST', `issues/${parent.id}/sub-issues/`, { sub_issue_ids: [child1.id] })).statusCode).toBe(403);
    expect((await call('guest', 'GET', `issues/${parent.id}/sub-issues/`)).statusCode).toBe(403);
    const activity = await world.server.database.db.select().from(issueActivities).where(and(eq(issueActivities.issueId, child1.id), eq(issueActivities.field, 'parent')));
    expect(activity).toHaveLength(1);
    // The parent's own history says which sub-issues came and went, by key and name.
    const parentRows = () => world.server.database.db.select().from(issueActivities).where(and(eq(issueActivities.issueId, parent.id), eq(issueActivities.field, 'sub_issue')));
    const addedRows = await parentRows();
    expect(addedRows.map((row) => [row.verb, row.newIdentifier]).sort()).toEqual([['created', child1.id], ['created', child2.id]].sort());
    expect(addedRows.find((row) => row.newIdentifier === child1.id)!.newValue).toMatch(new RegExp(`-${child1.sequence_id} ${child1.name}$`));
    expect((await call('member', 'PATCH', `issues/${child1.id}/`, { parent_id: null })).statusCode).toBe(200);
    const removed = (await parentRows()).filter((row) => row.verb === 'deleted');
    expect(removed.map((row) => [row.oldIdentifier, row.oldValue])).toEqual([[child1.id, addedRows.find((row) => row.newIdentifier === child1.id)!.newValue]]);
  });
});

describe('subscription', () => {
  test('GET, POST (twice) and DELETE subscribe/', async () => {
    const issue = await createIssue({}, 'admin');
    expect((await call('member', 'GET', `issues/${issue.id}/subscribe/`)).json()).toEqual({ subscribed: false });
    const subscribed = await call('member', 'POST', `issues/${issue.id}/subscribe/`);
    expect(subscribed.statusCode).toBe(201);
    expect(subscribed.json()).toMatchObject({ issue: issue.id, subscriber: world.member.id });
    expect((await call('member', 'POST', `issues/${issue.id}/subscribe/`)).statusCode).toBe(400);
    expect((await call('member', 'GET', `issues/${issue.id}/subscribe/`)).json()).toEqual({ subscribed: true });
    expect((await call('member', 'GET', `issues/${issue.id}/`)).json().is_subscribed).toBe(true);
    expect((await call('member', 'DELETE', `issues/${issue.id}/subscribe/`)).statusCode).toBe(204);
    expect((await call('member', 'GET', `issues/${issue.id}/subscribe/`)).json()).toEqual({ subscribed: false });
    expect((await call('guest', 'POST', `issues/${issue.id}/subscribe/`)).statusCode).toBe(403);
    expect((await call('outsider', 'GET', `issues/${issue.id}/subscribe/`)).statusCode).toBe(403);
    expect((await call('anonymous', 'GET', `issues/${issue.id}/subscribe/`)).statusCode).toBe(401);
  });
});
