// Issue activity over the live stream, through the real REST routes and real WebSockets: every row
// the property history would show reaches the members who may read the issue as an
// `issue_activity` change carrying that very history row; a restricted guest, a workspace member
// outside the project and (for drafts) a member who is not the draft's creator get none of it.
import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { issues } from '../../db/schema/index';
import type { ChangeMessage } from '../../shared/live-protocol';
import type { TestUser } from '../support/factories';
import { useTeam } from '../support/team';
import { useLiveSockets, writeChange, type LiveClient } from './live-client';
import { ProjectNetwork } from '../../shared/visibility';

const team = useTeam(
  {
    member: { workspace: 15, project: 15, user: { displayName: 'Mia' } },
    colleague: { workspace: 15, project: 15, user: { displayName: 'Cole' } },
    guest: { workspace: 5, project: 5, user: { displayName: 'Gus' } },
    outsider: { workspace: 15, user: { displayName: 'Otto' } },
  },
  { instanceAdmin: true, owner: { displayName: 'Ada' }, project: { network: ProjectNetwork.SECRET } },
);
const live = useLiveSockets(team);
const { subscribed } = live;

async function api(user: TestUser, method: 'GET' | 'POST' | 'PATCH', path: string, payload?: unknown) {
  const response = await team.server.inject({ method, url: `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}/${path}`, headers: user.headers, payload: payload as object });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.body ? response.json() : null;
}

/** Writes a marker change every socket sees and waits for it, so everything before it was judged. */
async function drain(clients: LiveClient[]) {
  const id = await writeChange(team.server, { workspaceId: team.workspace.id, entity: 'workspace', op: 'update', data: { name: 'marker' } });
  await Promise.all(clients.map((client) => client.waitFor((msg) => msg.type === 'change' && msg.data.id === id)));
}

const activityOf = (client: LiveClient, issueId: string) => client.changes().filter((change) => change.entity === 'issue_activity' && change.data.issue === issueId);

describe('issue activity on the live stream', () => {
  test('members get each new history row as an issue_activity change; a guest and a non-member get none', async () => {
    const [watcher, guestSocket, outsiderSocket] = await Promise.all([subscribed(team.colleague), subscribed(team.guest), subscribed(team.outsider)]);
    const issue = await api(team.owner, 'POST', 'issues/', { name: 'Live activity', assignee_ids: [team.member.id] });
    await api(team.member, 'PATCH', `issues/${issue.id}/`, { assignee_ids: [], state_id: team.project.states.started, description_html: '<p>Steps to reproduce</p>' });
    await api(team.member, 'POST', `issues/${issue.id}/comments/`, { comment_html: '<p>On it</p>' });
    await drain([watcher, guestSocket, outsiderSocket]);

    const events = activityOf(watcher, issue.id);
    const fields = events.map((change) => change.data.field ?? 'created');
    expect(fields).toEqual(expect.arrayContaining(['created', 'assignees', 'state', 'description']));
    // Comments reach the client as comments; the property feed leaves their activity rows out.
    expect(fields).not.toContain('comment');
    expect(watcher.changes().some((change) => change.entity === 'comment' && change.data.issue === issue.id)).toBe(true);
    const removed = events.find((change) => change.data.field === 'assignees')!;
    expect(removed.data).toMatchObject({ verb: 'updated', old_value: 'Mia', new_value: '', old_identifier: team.member.id, actor: team.member.id });
    expect(removed.project_id).toBe(team.project.id);

    // Each event is the row the history route serves, field for field (issue_detail is the issue
    // as it was when the row was written, the history shows it as it is now).
    const history = (await api(team.colleague, 'GET', `issues/${issue.id}/history/?activity_type=issue-property`)) as Array<{ id: string }>;
    const withoutIssue = ({ issue_detail: _issue, ...row }: Record<string, unknown>) => row;
    for (const event of events) expect(withoutIssue(history.find((row) => row.id === event.data.id)!)).toEqual(withoutIssue(event.data));

    expect(activityOf(guestSocket, issue.id)).toEqual([]);
    expect(outsiderSocket.changes().filter((change) => change.entity === 'issue_activity')).toEqual([]);
  });

  test('a restricted guest gets the activity of the issues they created', async () => {
    // A guest creates no issues, so the guest's own issue comes from a member who later became a guest.
    const own = await api(team.owner, 'POST', 'issues/', { name: 'Guest-owned' });
    await team.server.database.db.update(issues).set({ createdBy: team.guest.id }).where(eq(issues.id, own.id));
    const other = await api(team.owner, 'POST', 'issues/', { name: 'Not theirs' });
    const fresh = await subscribed(team.guest);
    await api(team.owner, 'PATCH', `issues/${own.id}/`, { priority: 'high' });
    await api(team.owner, 'PATCH', `issues/${other.id}/`, { priority: 'high' });
    await drain([fresh]);
    expect(activityOf(fresh, own.id).map((change) => change.data.field ?? 'created')).toEqual(['created', 'priority']);
    expect(activityOf(fresh, other.id)).toEqual([]);
  });

  test('a description edited again by the same person moves its row forward: an update with a newer version', async () => {
    const watcher = await subscribed(team.colleague);
    const issue = await api(team.owner, 'POST', 'issues/', { name: 'Typing' });
    await api(team.member, 'PATCH', `issues/${issue.id}/`, { description_html: '<p>One</p>' });
    await api(team.member, 'PATCH', `issues/${issue.id}/`, { description_html: '<p>One two</p>' });
    await drain([watcher]);
    const rows = activityOf(watcher, issue.id).filter((change) => change.data.field === 'description');
    expect(rows.map((change) => change.op)).toEqual(['create', 'update']);
    expect(rows[1].data.id).toBe(rows[0].data.id);
    expect(rows[1].version).toBeGreaterThan(rows[0].version);
    expect(rows[1].data.new_value).toBe('<p>One two</p>');
  });

  test("a draft's activity reaches its creator and the project admins only", async () => {
    const [creatorSocket, adminSocket, colleagueSocket] = await Promise.all([subscribed(team.member), subscribed(team.owner), subscribed(team.colleague)]);
    const draft = await api(team.member, 'POST', 'issue-drafts/', { name: 'Secret plan' });
    await api(team.member, 'PATCH', `issue-drafts/${draft.id}/`, { priority: 'urgent' });
    await drain([creatorSocket, adminSocket, colleagueSocket]);
    const fieldsFor = (client: LiveClient) => activityOf(client, draft.id).map((change: ChangeMessage) => change.data.field ?? 'created');
    expect(fieldsFor(creatorSocket)).toEqual(['created', 'priority']);
    expect(fieldsFor(adminSocket)).toEqual(['created', 'priority']);
    expect(fieldsFor(colleagueSocket)).toEqual([]);

    // A socket opened later knows the user's drafts from the database.
    const later = await subscribed(team.member);
    await api(team.owner, 'PATCH', `issue-drafts/${draft.id}/`, { priority: 'low' });
    await drain([later, colleagueSocket]);
    expect(fieldsFor(later)).toEqual(['created', 'priority', 'priority']);
    expect(fieldsFor(colleagueSocket)).toEqual([]);
  });
});
