// Live delivery and permission filtering over real WebSockets: entity changes reach subscribed
// members and never outsiders; guests see only what they may; drafts only their creator and
// project admins; removed members stop at once.
import { beforeAll, describe, expect, test } from 'vitest';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { apiTokens } from '../../db/schema/index';
import { LiveCloseCode, type ChangeMessage } from '../../shared/live-protocol';
import { hashSecret } from '../../server/security';
import { addProjectMember, addWorkspaceMember, buildProject, buildUser, buildWorkspace, type TestProject, type TestUser } from '../support/factories';
import { useTeam } from '../support/team';
import { openLive, useLiveSockets, settle, writeChange, type LiveClient } from './live-client';
import { ProjectNetwork } from '../../shared/visibility';

// Pings every second (idle limit 2.5 s): short enough for the idle test below, long enough that
// a busy machine running PGlite on the server's own event loop does not idle-close live sockets.
const team = useTeam(
  { member: { workspace: 15, project: 15 }, guest: { workspace: 5, project: 5 }, bystander: { workspace: 15 }, outsider: {} },
  { instanceAdmin: true, project: { network: ProjectNetwork.SECRET }, server: { env: { LIVE_PING_INTERVAL_MS: '1000' } } },
);
const live = useLiveSockets(team);
const { subscribed } = live;
let openProject: TestProject;

const entityIds = (client: LiveClient) => client.changes().map((change) => change.data.id);

beforeAll(async () => {
  openProject = await buildProject(team.server, team.workspace, team.owner, { network: ProjectNetwork.SECRET, guestViewAllFeatures: true });
  await addProjectMember(team.server, openProject, team.guest, 5);
});

describe('live delivery', () => {
  test('state and label changes made through the REST routes reach project members, not outsiders', async () => {
    const [a, m, g, b] = await Promise.all([subscribed(team.owner), subscribed(team.member), subscribed(team.guest), subscribed(team.bystander)]);
    const statePath = `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}/states/`;
    const created = await team.server.inject({ method: 'POST', url: statePath, headers: team.owner.headers, payload: { name: 'Review', color: '#112233', group: 'started' } });
    expect(created.statusCode).toBe(201);
    const stateId = created.json().id as string;
    const labelPath = `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}/issue-labels/`;
    const label = await team.server.inject({ method: 'POST', url: labelPath, headers: team.owner.headers, payload: { name: 'bug' } });
    expect(label.statusCode).toBe(201);
    const patched = await team.server.inject({ method: 'PATCH', url: `${statePath}${stateId}/`, headers: team.owner.headers, payload: { name: 'In review' } });
    expect(patched.statusCode).toBe(200);
    const deleted = await team.server.inject({ method: 'DELETE', url: `${statePath}${stateId}/`, headers: team.owner.headers });
    expect(deleted.statusCode).toBe(204);

    for (const client of [a, m, g]) {
      const del = await client.waitFor<ChangeMessage>((msg) => msg.type === 'change' && msg.entity === 'state' && msg.op === 'delete');
      expect(del.data).toEqual({ id: stateId });
      const ops = client.changes().filter((change) => change.data.id === stateId).map((change) => change.op);
      expect(ops).toEqual(['create', 'update', 'delete']);
      const update = client.changes().find((change) => change.data.id === stateId && change.op === 'update')!;
      expect(update).toMatchObject({ workspace: team.workspace.slug, project_id: team.project.id, entity: 'state', data: { name: 'In review' } });
      expect(update.version).toBeGreaterThan(client.changes().find((change) => change.data.id === stateId)!.version);
      expect(client.changes().some((change) => change.entity === 'label' && change.data.name === 'bug')).toBe(true);
    }
    await settle(200);
    expect(entityIds(b)).not.toContain(stateId);
    expect(b.changes().some((change) => change.entity === 'label')).toBe(false);
    const ids = a.changes().map((change) => change.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
  });

  test('a guest sees only issues (and their comments) they created, unless the project lets guests see all', async () => {
    const [m, g] = await Promise.all([subscribed(team.member), subscribed(team.guest)]);
    const base = { workspaceId: team.workspace.id, projectId: team.project.id };
    const adminIssue = await writeChange(team.server, { ...base, entity: 'issue', data: { name: 'admin issue', created_by: team.owner.id } });
    const guestIssue = await writeChange(team.server, { ...base, entity: 'issue', data: { name: 'guest issue', created_by: team.guest.id } });
    await writeChange(team.server, { ...base, entity: 'comment', data: { issue: adminIssue, comment_html: '<p>a</p>' } });
    const guestComment = await writeChange(team.server, { ...base, entity: 'comment', data: { issue: guestIssue, comment_html: '<p>g</p>' } });
    await writeChange(team.server, { ...base, entity: 'issue', entityId: guestIssue, op: 'update', version: 2, data: { name: 'renamed', created_by: team.guest.id } });
    const openIssue = await writeChange(team.server, { workspaceId: team.workspace.id, projectId: openProject.id, entity: 'issue', data: { created_by: team.owner.id } });
    const marker = await writeChange(team.server, { workspaceId: team.workspace.id, entity: 'workspace', op: 'update', data: { name: 'marker' } });

    await g.waitFor((msg) => msg.type === 'change' && msg.data.id === marker);
    await m.waitFor((msg) => msg.type === 'change' && msg.data.id === marker);
    expect(entityIds(g)).toEqual(expect.arrayContaining([guestIssue, guestComment, openIssue]));
    expect(entityIds(g)).not.toContain(adminIssue);
    expect(g.changes().filter((change) => change.entity === 'comment').map((change) => change.data.id)).toEqual([guestComment]);
    expect(entityIds(m)).toEqual(expect.arrayContaining([adminIssue, guestIssue]));
    expect(entityIds(m)).not.toContain(openIssue);
  });

  test('a draft issue reaches only its creator and project admins until it becomes an issue', async () => {
    const [a, m] = await Promise.all([subscribed(team.owner), subscribed(team.member)]);
    const base = `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}`;
    const draft = await team.server.inject({ method: 'POST', url: `${base}/issue-drafts/`, headers: team.member.headers, payload: { name: 'half an idea' } });
    expect(draft.statusCode).toBe(201);
    const draftId = draft.json().id as string;
    const adminDraft = await team.server.inject({ method: 'POST', url: `${base}/issue-drafts/`, headers: team.owner.headers, payload: { name: 'admin draft' } });
    const adminDraftId = adminDraft.json().id as string;
    await m.waitFor((msg) => msg.type === 'change' && msg.data.id === draftId);
    await a.waitFor((msg) => msg.type === 'change' && msg.data.id === draftId);
    await a.waitFor((msg) => msg.type === 'change' && msg.data.id === adminDraftId);
    const published = await team.server.inject({ method: 'PATCH', url: `${base}/issue-drafts/${adminDraftId}/`, headers: team.owner.headers, payload: { is_draft: false } });
    expect(published.statusCode).toBeLessThan(300);
    const update = await m.waitFor<ChangeMessage>((msg) => msg.type === 'change' && msg.data.id === adminDraftId);
    expect(update).toMatchObject({ op: 'update', data: { is_draft: false, name: 'admin draft' } });
    expect(m.changes().filter((change) => change.data.id === adminDraftId)).toHaveLength(1);
  });

  test('pages follow the shared page rules; notifications reach only their receiver', async () => {
    const [a, m, g] = await Promise.all([subscribed(team.owner), subscribed(team.member), subscribed(team.guest)]);
    const base = { workspaceId: team.workspace.id, projectId: team.project.id, entity: 'page' as const };
    const page = (owner: TestUser, access: number) => ({ owned_by: owner.id, access, is_locked: false, archived_at: null });
    const privatePage = await writeChange(team.server, { ...base, data: page(team.owner, 1) });
    const publicPage = await writeChange(team.server, { ...base, data: page(team.owner, 0) });
    const guestPage = await writeChange(team.server, { ...base, data: page(team.guest, 0) });
    // Made private: readers who lost it get a delete.
    await writeChange(team.server, { ...base, entityId: publicPage, op: 'update', version: 2, data: page(team.owner, 1) });
    const note = await writeChange(team.server, { workspaceId: team.workspace.id, projectId: team.project.id, audienceUserId: team.member.id, entity: 'notification', data: {} });
    const marker = await writeChange(team.server, { workspaceId: team.workspace.id, entity: 'workspace', op: 'update', data: {} });
    for (const client of [a, m, g]) await client.waitFor((msg) => msg.type === 'change' && msg.data.id === marker);

    expect(entityIds(a)).toEqual(expect.arrayContaining([privatePage, publicPage, guestPage]));
    expect(entityIds(a)).not.toContain(note);
    expect(entityIds(m)).not.toContain(privatePage);
    expect(m.changes().filter((change) => change.data.id === publicPage).map((change) => change.op)).toEqual(['create', 'delete']);
    expect(entityIds(m)).toContain(note);
    expect(entityIds(g)).toContain(guestPage);
    expect(entityIds(g)).not.toContain(privatePage);
    expect(g.changes().filter((change) => change.data.id === publicPage).every((change) => change.op === 'delete')).toBe(true);
  });

  test('removing a project member stops that project on an already-open socket at once', async () => {
    const victim = await buildUser(team.server);
    await addWorkspaceMember(team.server, team.workspace, victim, 15);
    const added = await team.server.inject({
      method: 'POST',
      url: `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}/members/`,
      headers: team.owner.headers,
      payload: { members: [{ member_id: victim.id, role: 15 }] },
    });
    expect(added.statusCode).toBe(201);
    const v = await subscribed(victim);
    const before = await writeChange(team.server, { workspaceId: team.workspace.id, projectId: team.project.id, entity: 'cycle', data: {} });
    await v.waitFor((msg) => msg.type === 'change' && msg.data.id === before);
    const membershipId = (await team.server.inject({ method: 'GET', url: `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}/members/`, headers: team.owner.headers }))
      .json()
      .find((row: { member: string }) => row.member === victim.id).id;
    const removed = await team.server.inject({ method: 'DELETE', url: `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}/members/${membershipId}/`, headers: team.owner.headers });
    expect(removed.statusCode).toBe(204);
    // Written immediately after the removal commits: the in-memory state must already exclude the project.
    const after = await writeChange(team.server, { workspaceId: team.workspace.id, projectId: team.project.id, entity: 'cycle', data: {} });
    const marker = await writeChange(team.server, { workspaceId: team.workspace.id, entity: 'workspace', op: 'update', data: {} });
    await v.waitFor((msg) => msg.type === 'change' && msg.data.id === marker);
    expect(v.changes().some((change) => change.entity === 'member' && change.data.id === membershipId && change.op === 'delete')).toBe(true);
    expect(entityIds(v)).not.toContain(after);
  });

  test('a session cookie from a foreign Origin is refused (4003); the same origin is not', async () => {
    const foreign = await openLive(live.baseUrl, { headers: { ...team.member.headers, origin: 'https://evil.example' } });
    expect((await foreign.closed).code).toBe(LiveCloseCode.FORBIDDEN);
    const same = await openLive(live.baseUrl, { headers: { ...team.member.headers, origin: live.baseUrl } });
    live.sockets.push(same);
    same.subscribe(team.workspace.slug, 0);
    await same.waitFor((message) => message.type === 'ready');
  });

  test('outsiders and anonymous sockets are refused; API keys open only their own workspace', async () => {
    const stranger = await openLive(live.baseUrl, { headers: team.outsider.headers });
    stranger.subscribe(team.workspace.slug, 0);
    expect((await stranger.closed).code).toBe(LiveCloseCode.FORBIDDEN);
    const anonymous = await openLive(live.baseUrl, {});
    expect((await anonymous.closed).code).toBe(LiveCloseCode.UNAUTHORIZED);

    const secret = `trl_api_${randomBytes(16).toString('hex')}`;
    await team.server.database.db.insert(apiTokens).values({ userId: team.member.id, workspaceId: team.workspace.id, tokenHash: hashSecret(secret), label: 'live' });
    const keyed = await openLive(live.baseUrl, { token: secret });
    live.sockets.push(keyed);
    keyed.subscribe(team.workspace.slug, 0);
    await keyed.waitFor((msg) => msg.type === 'ready');
    const other = await buildWorkspace(team.server, team.member);
    const wrong = await openLive(live.baseUrl, { token: secret });
    wrong.subscribe(other.slug, 0);
    expect((await wrong.closed).code).toBe(LiveCloseCode.FORBIDDEN);
  });

  test('heartbeats carry the processed cursor; a bad frame closes with 4400', async () => {
    const g = await subscribed(team.guest);
    const hidden = await writeChange(team.server, { workspaceId: team.workspace.id, projectId: team.project.id, entity: 'issue', data: { created_by: team.owner.id } });
    const cursorPing = await g.waitFor((msg) => msg.type === 'ping' && (msg.cursor ?? 0) > 0, 3000, g.messages.length);
    expect(entityIds(g)).not.toContain(hidden);
    expect(cursorPing.type === 'ping' && cursorPing.cursor).toBeGreaterThanOrEqual(1);
    g.ws.send(JSON.stringify({ type: 'ping' }));
    await g.waitFor((msg) => msg.type === 'pong');
    g.ws.send('not json');
    expect((await g.closed).code).toBe(LiveCloseCode.BAD_MESSAGE);
  });

  test('a client that never sends a JSON pong stays open while it answers protocol pings; a dead one is closed with 4010', async () => {
    const open = (autoPong: boolean) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`${live.baseUrl.replace(/^http/, 'ws')}/live/`, { headers: { cookie: team.member.headers.cookie }, autoPong });
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      });
    const [quiet, dead] = await Promise.all([open(true), open(false)]);
    const deadClosed = new Promise<number>((resolve) => dead.once('close', (code) => resolve(code)));
    for (const ws of [quiet, dead]) ws.send(JSON.stringify({ type: 'subscribe', workspace: team.workspace.slug, since: 0 }));
    // The idle limit is 2.5 ping intervals.
    expect(await deadClosed).toBe(LiveCloseCode.IDLE_TIMEOUT);
    await settle(300);
    expect(quiet.readyState).toBe(WebSocket.OPEN);
    quiet.close();
  });
});
