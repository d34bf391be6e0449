// Issue 25 item 1: every declared live entity reaches an open client and is applied to the store
// that shows it. A real server, a real WebSocket (the client's LiveSocket, validating each frame
// against shared/live-protocol.ts) and the client's live router (live-connection.ts) over the real
// stores: the screens' data is loaded as the app loads it, then one change of every entity is made
// through the real routes, by the owner or a teammate, and each store is checked.
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import WebSocket from 'ws';
import { LIVE_ENTITIES, LiveCloseCode, PROTOCOL_VERSION, type ChangeMessage, type LiveEntity } from '../../../shared/live-protocol';
import { useToastStore } from '../../ui/toast';
import { createTestServer, type TestServer } from '../../../tests/support/server';
import { addWorkspaceMember, buildUser, buildWorkspace, setupInstance, type TestUser, type TestWorkspace } from '../../../tests/support/factories';
import { disconnectLive, registerLiveEntity, useLiveConnection } from '../../live/use-live-connection';
import type { SocketLike } from '../../live/live-socket';
import { fetchCycles, useCycleStore } from '../../stores/cycle-store';
import { fetchEstimates, useEstimateStore } from '../../stores/estimate-store';
import { fetchFavorites, useFavoriteStore } from '../../stores/favorite-store';
import { getIssueActivity } from '../../stores/issue-activity-store';
import { comments, issueReactions, links, attachments, relations } from '../../stores/issue-children';
import { fetchIssueDetail } from '../../stores/issue-detail-store';
import { getIssue } from '../../stores/issue-store';
import { fetchIntake, useIntakeList } from '../../stores/intake-store';
import { fetchProjectLabels, useLabelStore } from '../../stores/label-store';
import { fetchMembers, fetchProjectMembers, useMemberStore, useProjectMemberStore } from '../../stores/member-store';
import { fetchModules, useModuleStore } from '../../stores/module-store';
import { fetchNotifications, useNotificationList } from '../../stores/notification-store';
import { fetchPages, usePageStore } from '../../stores/page-store';
import { useProjectStore } from '../../stores/project-store';
import { fetchProjectStates, useStateStore } from '../../stores/state-store';
import { fetchViews, useViewStore } from '../../stores/view-store';
import { fetchMyWorkspaces, useWorkspaceStore } from '../../stores/workspace-store';
import { openLive } from '../../../tests/sync/live-client';
import { startWorkspaceLive } from './live-connection';

let server: TestServer;
let baseUrl = '';
let owner: TestUser, teammate: TestUser, guest: TestUser;
let workspace: TestWorkspace;
let projectId = '';
let issueId = '';
const seen = new Map<LiveEntity, number>();

beforeAll(async () => {
  server = await createTestServer();
  baseUrl = await server.listen();
  owner = await buildUser(server);
  await setupInstance(server, owner);
  [teammate, guest] = await Promise.all([buildUser(server), buildUser(server)]);
  workspace = await buildWorkspace(server, owner);
  await addWorkspaceMember(server, workspace, teammate, 15);
  await addWorkspaceMember(server, workspace, guest, 5);
  // Through the real route: the project gets its states, intake and owner membership as in the app.
  const project = await as(owner, 'POST', '/projects/', { name: 'Live entities', identifier: 'LIVE', intake_view: true });
  projectId = project.id as string;
  await as(owner, 'POST', `/projects/${projectId}/members/`, { members: [{ member_id: teammate.id, role: 15 }, { member_id: guest.id, role: 5 }] });
  issueId = (await as(owner, 'POST', `/projects/${projectId}/issues/`, { name: 'Open in the detail' })).id as string;
  // The client's relative URLs go to the real server, signed in as the owner.
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) =>
    realFetch(new URL(url, baseUrl), { ...init, headers: { ...(init.headers as Record<string, string>), cookie: owner.headers.cookie, 'x-csrftoken': owner.headers['x-csrftoken'] ?? '' } }),
  );
});

afterAll(async () => {
  disconnectLive();
  vi.unstubAllGlobals();
  await server?.close();
});

/** A REST call through the real routes (app.inject) as `user`; returns the JSON answer. */
async function as(user: TestUser, method: 'POST' | 'PATCH', path: string, payload: object): Promise<Record<string, unknown>> {
  const response = await server.inject({ method, url: `/api/workspaces/${workspace.slug}${path}`, headers: user.headers, payload });
  expect(response.statusCode, `${method} ${path}: ${response.body}`).toBeLessThan(300);
  return response.body ? response.json() : {};
}

const eventually = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 20 });
const confirmed = <Row>(store: { getState(): { confirmed: Map<string, Row> } }, id: string) => store.getState().confirmed.get(id);

test('one change of every declared entity reaches the open client and lands in the store that shows it; a guest gets only what the role allows', async () => {
  const slug = workspace.slug;
  const project = `/projects/${projectId}`;
  // The screens' data, loaded as the app loads it.
  await Promise.all([
    fetchMyWorkspaces(),
    fetchMembers(slug),
    fetchProjectMembers(slug, projectId),
    fetchProjectStates(slug, projectId),
    fetchProjectLabels(slug, projectId),
    fetchEstimates(slug, projectId),
    fetchCycles(slug, projectId),
    fetchModules(slug, projectId),
    fetchPages(slug, projectId),
    fetchViews(slug, projectId),
    fetchFavorites(slug),
    fetchNotifications(slug),
    fetchIntake(slug, projectId),
    fetchIssueDetail(slug, projectId, issueId),
  ]);
  // Counts each entity the router was handed (beside its store), to prove none is left out.
  for (const entity of LIVE_ENTITIES) registerLiveEntity(entity, { applyChange: (change: ChangeMessage) => seen.set(change.entity, (seen.get(change.entity) ?? 0) + 1) });
  await startWorkspaceLive(slug, {
    url: `${baseUrl.replace(/^http/, 'ws')}/live/`,
    createSocket: (url) => new WebSocket(url, { headers: { cookie: owner.headers.cookie } }) as unknown as SocketLike,
  });
  await eventually(() => expect(useLiveConnection.getState().state).toBe('connected'));
  // A guest of the project (guests see only their own issues) listens beside the owner.
  const guestSocket = await openLive(baseUrl, { headers: guest.headers });
  guestSocket.subscribe(slug, 0);
  await guestSocket.waitFor((message) => message.type === 'ready');
  const dropped = vi.spyOn(console, 'warn');

  await as(owner, 'PATCH', `${project}/issues/${issueId}/`, { name: 'Renamed live' });
  await eventually(() => expect(getIssue(issueId)?.name).toBe('Renamed live'));
  await eventually(() => expect(getIssueActivity(issueId).some((row) => (row as { field?: string }).field === 'name')).toBe(true));

  await as(owner, 'PATCH', `${project}/`, { name: 'Live entities renamed' });
  await eventually(() => expect(confirmed(useProjectStore, projectId)?.name).toBe('Live entities renamed'));

  await as(owner, 'PATCH', '/', { name: 'Renamed workspace' });
  await eventually(() => expect(useWorkspaceStore.getState().confirmed.get(workspace.id)?.name).toBe('Renamed workspace'));

  const state = await as(owner, 'POST', `${project}/states/`, { name: 'Review', color: '#123456', group: 'started' });
  await eventually(() => expect(confirmed(useStateStore, state.id as string)).toBeDefined());

  const label = await as(owner, 'POST', `${project}/issue-labels/`, { name: 'live-label' });
  await eventually(() => expect(confirmed(useLabelStore, label.id as string)).toBeDefined());

  const estimate = await as(owner, 'POST', `${project}/estimates/`, { estimate: { name: 'Points', type: 'points' }, estimate_points: [{ key: 0, value: '1' }, { key: 1, value: '2' }] });
  const estimateId = ((estimate.estimate as { id?: string } | undefined)?.id ?? estimate.id) as string;
  await eventually(() => expect(confirmed(useEstimateStore, estimateId)?.points).toHaveLength(2));

  const cycle = await as(owner, 'POST', `${project}/cycles/`, { name: 'Live cycle' });
  await eventually(() => expect(confirmed(useCycleStore, cycle.id as string)).toBeDefined());

  const module = await as(owner, 'POST', `${project}/modules/`, { name: 'Live module' });
  await eventually(() => expect(confirmed(useModuleStore, module.id as string)).toBeDefined());
  const moduleLink = await as(teammate, 'POST', `${project}/modules/${module.id}/module-links/`, { url: 'https://example.com/spec', title: 'Spec' });
  await eventually(() => expect(confirmed(useModuleStore, module.id as string)?.link_module?.map((link) => link.id)).toEqual([moduleLink.id]));

  const page = await as(owner, 'POST', `${project}/pages/`, { name: 'Live page' });
  await eventually(() => expect(confirmed(usePageStore, page.id as string)?.name).toBe('Live page'));

  const view = await as(owner, 'POST', `${project}/views/`, { name: 'Live view' });
  await eventually(() => expect(confirmed(useViewStore, view.id as string)).toBeDefined());

  const favorite = await as(owner, 'POST', '/user-favorites/', { entity_type: 'view', entity_identifier: view.id, project_id: projectId });
  await eventually(() => expect(confirmed(useFavoriteStore, favorite.id as string)).toBeDefined());

  const intake = await as(teammate, 'POST', `${project}/intake-issues/`, { issue: { name: 'From the intake' } });
  const intakeId = ((intake.id as string | undefined) ?? '') as string;
  await eventually(() => expect(useIntakeList.getState().order).toContain(intakeId));

  // The teammate comments on the owner's issue: a comment, and a notification for its subscriber.
  const comment = await as(teammate, 'POST', `${project}/issues/${issueId}/comments/`, { comment_html: '<p>Live comment</p>' });
  await eventually(() => expect(comments.getRow(comment.id as string)?.comment_html).toContain('Live comment'));
  await eventually(() => expect(useNotificationList.getState().counts.total_unread_notifications_count).toBeGreaterThan(0));

  const commentReaction = await as(teammate, 'POST', `${project}/comments/${comment.id}/reactions/`, { reaction: '👍' });
  await eventually(() => expect(comments.getRow(comment.id as string)?.comment_reactions?.map((row) => row.id)).toContain(commentReaction.id));

  const issueReaction = await as(teammate, 'POST', `${project}/issues/${issueId}/reactions/`, { reaction: '🎉' });
  await eventually(() => expect(issueReactions.getRow(issueReaction.id as string)).toBeDefined());

  const link = await as(teammate, 'POST', `${project}/issues/${issueId}/issue-links/`, { url: 'https://example.com/issue', title: 'Ref' });
  await eventually(() => expect(links.getRow(link.id as string)?.url).toContain('example.com/issue'));

  const form = new FormData();
  form.append('asset', new Blob(['hello'], { type: 'text/plain' }), 'note.txt');
  // A multipart upload over real HTTP (the stubbed fetch signs it as the owner).
  const uploaded = await fetch(`/api/workspaces/${slug}${project}/issues/${issueId}/issue-attachments/`, { method: 'POST', body: form });
  expect(uploaded.status, await uploaded.clone().text()).toBe(201);
  const attachment = (await uploaded.json()) as { id: string };
  await eventually(() => expect(attachments.getRow(attachment.id)).toBeDefined());

  const other = await as(owner, 'POST', `${project}/issues/`, { name: 'Related live' });
  await as(teammate, 'POST', `${project}/issues/${issueId}/issue-relation/`, { relation_type: 'relates_to', issues: [other.id] });
  await eventually(() => expect(relations.getRows().map((row) => row.item.id)).toContain(other.id));

  // Last, as it takes the teammate's rights: a project membership, then a workspace membership.
  const projectMembership = (await fetchProjectMembers(slug, projectId)).find((row) => row.member === teammate.id)!;
  await as(owner, 'PATCH', `${project}/members/${projectMembership.id}/`, { role: 5 });
  await eventually(() => expect(confirmed(useProjectMemberStore, projectMembership.id)?.role).toBe(5));
  const teammateMembership = [...useMemberStore.getState().confirmed.values()].find((row) => (row.member as { id: string }).id === teammate.id)!;
  await as(owner, 'PATCH', `/members/${teammateMembership.id}/`, { role: 5 });
  await eventually(() => expect(confirmed(useMemberStore, teammateMembership.id)?.role).toBe(5));

  // Every declared entity went through the router (the same socket, in id order), none was dropped
  // as malformed.
  await eventually(() => expect(LIVE_ENTITIES.filter((entity) => !seen.has(entity))).toEqual([]));
  expect(dropped.mock.calls.filter(([text]) => String(text).startsWith('[live]'))).toEqual([]);

  // The guest got what a guest may read of the project, and nothing of the owner's issues, their
  // comments, reactions, links, files, relations and history, the teammate's intake submission, or
  // anyone's notifications.
  const marker = await as(owner, 'POST', `${project}/issue-labels/`, { name: 'guest-marker' });
  await guestSocket.waitFor((message) => message.type === 'change' && message.data.id === marker.id);
  const guestGot = new Set(guestSocket.changes().map((change) => change.entity));
  for (const entity of ['project', 'state', 'label', 'estimate', 'cycle', 'module', 'module_link', 'member'] as const) expect(guestGot, entity).toContain(entity);
  for (const entity of ['comment', 'comment_reaction', 'issue_reaction', 'issue_link', 'issue_attachment', 'issue_relation', 'issue_activity', 'inbox_issue', 'notification', 'favorite'] as const) {
    expect(guestGot, entity).not.toContain(entity);
  }
  expect(guestSocket.changes().filter((change) => change.entity === 'issue')).toEqual([]);
  guestSocket.close();
});

test('a page built for another protocol version is told so by the server and offers a calm reload', async () => {
  // The server's side: a subscribe with another version is answered with the declared message and closed.
  const raw = await openLive(baseUrl, { headers: owner.headers });
  raw.ws.send(JSON.stringify({ type: 'subscribe', workspace: workspace.slug, since: 0, protocol_version: PROTOCOL_VERSION + 1 }));
  expect(await raw.waitFor((message) => message.type === 'version_mismatch')).toEqual({ type: 'version_mismatch', protocol_version: PROTOCOL_VERSION });
  expect((await raw.closed).code).toBe(LiveCloseCode.OUTDATED_CLIENT);

  // The page's side: its socket (made to speak a newer version than the server) stops, and the
  // shell offers the reload once, with the Reload button.
  disconnectLive();
  const outdatedSocket = (url: string) => {
    const ws = new WebSocket(url, { headers: { cookie: owner.headers.cookie } });
    const send = ws.send.bind(ws);
    ws.send = ((text: string) => send(text.replace(`"protocol_version":${PROTOCOL_VERSION}`, `"protocol_version":${PROTOCOL_VERSION + 1}`))) as typeof ws.send;
    return ws as unknown as SocketLike;
  };
  await startWorkspaceLive(workspace.slug, { url: `${baseUrl.replace(/^http/, 'ws')}/live/`, createSocket: outdatedSocket });
  await eventually(() => expect(useLiveConnection.getState().outdated).toBe(true));
  await eventually(() => expect(useLiveConnection.getState().state).toBe('offline'));
  const notices = useToastStore.getState().toasts.filter((toast) => toast.title === 'A new version of Trellis is available');
  expect(notices).toHaveLength(1);
  expect(notices[0]).toMatchObject({ kind: 'info', action: { label: 'Reload' } });
});
