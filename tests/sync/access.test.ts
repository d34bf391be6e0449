// Access changes on open sockets and the restricted-guest filter of issue children, over real
// WebSockets: a membership gain takes effect in the same event-processing step (no later event is
// judged on a half-known state) and is followed by `reset`; a project guest who may see only the
// issues they created gets every event of those issues' children — deletes included — and none of
// anyone else's.
import { beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { issues, projectMembers, workspaceMembers } from '../../db/schema/index';
import type { ChangeMessage } from '../../shared/live-protocol';
import { recordChange, withTransaction, type ChangeInput } from '../../server/live/record-change';
import { presentProjectMemberRole } from '../../server/services/accounts/presenters/project-member';
import { addProjectMember, addWorkspaceMember, buildProject, buildUser, type TestProject } from '../support/factories';
import { useTeam } from '../support/team';
import { useLiveSockets, writeChange, type LiveClient } from './live-client';
import { ProjectNetwork } from '../../shared/visibility';

const team = useTeam(
  { guest: { workspace: 5, project: 5 }, member: { workspace: 15, project: 15 } },
  { instanceAdmin: true, project: { network: ProjectNetwork.SECRET }, server: { env: { LIVE_PING_INTERVAL_MS: '5000' } } },
);
const live = useLiveSockets(team);
const { subscribed } = live;
let openProject: TestProject;

const marker = () => writeChange(team.server, { workspaceId: team.workspace.id, entity: 'workspace', op: 'update', data: { name: 'marker' } });
const reached = (client: LiveClient, id: string) => client.waitFor((msg) => msg.type === 'change' && msg.data.id === id);
const indexOf = (client: LiveClient, predicate: (message: LiveClient['messages'][number]) => boolean) => client.messages.findIndex(predicate);

beforeAll(async () => {
  openProject = await buildProject(team.server, team.workspace, team.owner, { network: ProjectNetwork.SECRET, guestViewAllFeatures: true });
});

describe('membership gain on an open socket', () => {
  test('applies before the next event of the same batch and is followed by reset', async () => {
    const newcomer = await buildUser(team.server);
    await addWorkspaceMember(team.server, team.workspace, newcomer, 5);
    const socket = await subscribed(newcomer);
    const issueId = randomUUID();
    // One transaction: the membership and an issue by someone else reach the socket in one batch.
    // Only a state loaded from the database knows the project lets guests see every issue.
    await withTransaction(team.server.app.ctx, { actorId: team.owner.id }, async (tx) => {
      const [row] = await tx.insert(projectMembers).values({ projectId: openProject.id, workspaceId: team.workspace.id, memberId: newcomer.id, role: 5 }).returning();
      recordChange(tx, { workspaceId: team.workspace.id, projectId: openProject.id, entity: 'member', entityId: row.id, op: 'create', version: row.version, data: presentProjectMemberRole(row) });
      recordChange(tx, { workspaceId: team.workspace.id, projectId: openProject.id, entity: 'issue', entityId: issueId, op: 'create', version: 1, data: { id: issueId, created_by: team.owner.id } } as ChangeInput); // a partial row: only raw sockets read it
    });
    await reached(socket, issueId);
    const memberAt = indexOf(socket, (msg) => msg.type === 'change' && msg.entity === 'member' && msg.project_id === openProject.id);
    const resetAt = indexOf(socket, (msg) => msg.type === 'reset');
    const issueAt = indexOf(socket, (msg) => msg.type === 'change' && msg.data.id === issueId);
    expect(memberAt).toBeGreaterThanOrEqual(0);
    expect(resetAt).toBeGreaterThan(memberAt);
    expect(issueAt).toBeGreaterThan(resetAt);
    expect(socket.messages[resetAt]).toMatchObject({ type: 'reset' });
  });

  test('a member added through the REST API gets reset and the project events at once; removal still stops them', async () => {
    const joiner = await buildUser(team.server);
    await addWorkspaceMember(team.server, team.workspace, joiner, 15);
    const socket = await subscribed(joiner);
    const added = await team.server.inject({
      method: 'POST',
      url: `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}/members/`,
      headers: team.owner.headers,
      payload: { members: [{ member_id: joiner.id, role: 15 }] },
    });
    expect(added.statusCode).toBe(201);
    const visible = await writeChange(team.server, { workspaceId: team.workspace.id, projectId: team.project.id, entity: 'cycle', data: {} });
    await reached(socket, visible);
    const resetAt = indexOf(socket, (msg) => msg.type === 'reset');
    expect(resetAt).toBeGreaterThan(indexOf(socket, (msg) => msg.type === 'change' && msg.entity === 'member' && msg.project_id === team.project.id));
    expect(resetAt).toBeLessThan(indexOf(socket, (msg) => msg.type === 'change' && msg.data.id === visible));

    const membershipId = (await team.server.database.db.select().from(projectMembers).where(eq(projectMembers.memberId, joiner.id)))[0].id;
    const removed = await team.server.inject({ method: 'DELETE', url: `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}/members/${membershipId}/`, headers: team.owner.headers });
    expect(removed.statusCode).toBe(204);
    const hidden = await writeChange(team.server, { workspaceId: team.workspace.id, projectId: team.project.id, entity: 'cycle', data: {} });
    const end = await marker();
    await reached(socket, end);
    expect(socket.changes().map((change) => change.data.id)).not.toContain(hidden);
    expect(socket.messages.filter((msg) => msg.type === 'reset')).toHaveLength(1);
  });

  test('a restricted guest promoted to workspace admin gets reset and then every issue', async () => {
    const promoted = await buildUser(team.server);
    await addWorkspaceMember(team.server, team.workspace, promoted, 5);
    await addProjectMember(team.server, team.project, promoted, 5);
    const socket = await subscribed(promoted);
    const [membership] = await team.server.database.db
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, team.workspace.id), eq(workspaceMembers.memberId, promoted.id)));
    const patched = await team.server.inject({ method: 'PATCH', url: `/api/workspaces/${team.workspace.slug}/members/${membership.id}/`, headers: team.owner.headers, payload: { role: 20 } });
    expect(patched.statusCode).toBe(200);
    const issue = await writeChange(team.server, { workspaceId: team.workspace.id, projectId: team.project.id, entity: 'issue', data: { created_by: team.owner.id } });
    await reached(socket, issue);
    expect(indexOf(socket, (msg) => msg.type === 'reset')).toBeGreaterThan(indexOf(socket, (msg) => msg.type === 'change' && msg.entity === 'member'));
  });

  test('a subscriber whose access did not change gets no reset', async () => {
    const socket = await subscribed(team.member);
    const end = await marker();
    await reached(socket, end);
    expect(socket.messages.some((msg) => msg.type === 'reset')).toBe(false);
  });
});

describe('restricted guest and issue children', () => {
  test('the guest gets creates and deletes of comments, reactions and links on their own issue, nothing of others', async () => {
    const issuesUrl = `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}/issues/`;
    const create = async (name: string) => {
      const response = await team.server.inject({ method: 'POST', url: issuesUrl, headers: team.owner.headers, payload: { name } });
      expect(response.statusCode).toBe(201);
      return response.json().id as string;
    };
    const own = await create('guest issue');
    const other = await create('admin issue');
    // The guest's own issue (guests cannot create issues through the API; they keep the ones they made as members).
    await team.server.database.db.update(issues).set({ createdBy: team.guest.id }).where(eq(issues.id, own));
    const [g, m] = await Promise.all([subscribed(team.guest), subscribed(team.member)]);

    const post = async (url: string, payload: object) => {
      const response = await team.server.inject({ method: 'POST', url, headers: team.owner.headers, payload });
      expect(response.statusCode).toBe(201);
      return response.json().id as string;
    };
    const remove = async (url: string) => {
      const response = await team.server.inject({ method: 'DELETE', url, headers: team.owner.headers });
      expect(response.statusCode).toBe(204);
    };
    const children = async (issueId: string) => {
      const base = `${issuesUrl}${issueId}`;
      const comment = await post(`${base}/comments/`, { comment_html: '<p>hi</p>' });
      const commentReactions = `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}/comments/${comment}/reactions/`;
      const commentReaction = await post(commentReactions, { reaction: '128077' });
      const issueReaction = await post(`${base}/reactions/`, { reaction: '128640' });
      const link = await post(`${base}/issue-links/`, { url: 'https://example.com/spec' });
      await remove(`${commentReactions}128077/`);
      await remove(`${base}/reactions/128640/`);
      await remove(`${base}/issue-links/${link}/`);
      await remove(`${base}/comments/${comment}/`);
      return { comment, commentReaction, issueReaction, link };
    };
    const mine = await children(own);
    const theirs = await children(other);
    const end = await marker();
    await Promise.all([reached(g, end), reached(m, end)]);

    const seen = (client: LiveClient, id: string) =>
      client
        .changes()
        .filter((change) => change.data.id === id)
        .map((change) => `${change.entity}:${change.op}`);
    expect(seen(g, mine.comment)).toEqual(['comment:create', 'comment:delete']);
    expect(seen(g, mine.commentReaction)).toEqual(['comment_reaction:create', 'comment_reaction:delete']);
    expect(seen(g, mine.issueReaction)).toEqual(['issue_reaction:create', 'issue_reaction:delete']);
    expect(seen(g, mine.link)).toEqual(['issue_link:create', 'issue_link:delete']);
    for (const id of Object.values(theirs)) expect(seen(g, id)).toEqual([]);
    // A member sees both issues' children.
    for (const id of [...Object.values(mine), ...Object.values(theirs)]) expect(seen(m, id).length).toBe(2);
    // On the wire a delete still carries only the id (the parent issues stay server-side).
    const deletes = g.changes().filter((change): change is ChangeMessage => change.op === 'delete' && change.entity !== 'member');
    expect(deletes.map((change) => change.entity).sort()).toEqual(['comment', 'comment_reaction', 'issue_link', 'issue_reaction']);
    for (const change of deletes) expect(change.data).toEqual({ id: change.data.id });
    expect(g.changes().some((change) => change.data.id === other)).toBe(false);
  });
});
