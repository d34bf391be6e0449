// The live stream starts from the oldest snapshot the stores hold, against a real server: an issue
// list answers, then a change is committed, then the projects list (a newer snapshot) answers. The
// stream must start from the issue list's cursor, or the change would never reach the issue store.
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import WebSocket from 'ws';
import { createTestServer, type TestServer } from '../../../tests/support/server';
import { buildProject, buildUser, buildWorkspace, type TestProject, type TestUser, type TestWorkspace } from '../../../tests/support/factories';
import { fetchIssueList } from '../../stores/issue-list-store';
import { defaultListSettings } from '../../stores/issue-filter-store';
import { getIssue } from '../../stores/issue-store';
import { disconnectLive, useLiveConnection } from '../../live/use-live-connection';
import type { SocketLike } from '../../live/live-socket';
import { startWorkspaceLive } from './live-connection';

let server: TestServer;
let baseUrl = '';
let owner: TestUser;
let workspace: TestWorkspace;
let project: TestProject;

beforeAll(async () => {
  server = await createTestServer();
  baseUrl = await server.listen();
  owner = await buildUser(server);
  workspace = await buildWorkspace(server, owner);
  project = await buildProject(server, workspace, owner);
  // The client's relative URLs go to the real server, signed in as the owner.
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) =>
    realFetch(new URL(url, baseUrl), { ...init, headers: { ...(init.headers as Record<string, string>), cookie: owner.headers.cookie } }),
  );
});

afterAll(async () => {
  disconnectLive();
  vi.unstubAllGlobals();
  await server?.close();
});

test('a change committed between the issue list snapshot and the projects list read still reaches the issue store', async () => {
  const issues = `/api/workspaces/${workspace.slug}/projects/${project.id}/issues/`;
  const created = await server.inject({ method: 'POST', url: issues, headers: owner.headers, payload: { name: 'Before' } });
  expect(created.statusCode).toBe(201);
  const issueId = created.json().id as string;

  const source = { kind: 'project', projectId: project.id } as const;
  await fetchIssueList(workspace.slug, source, defaultListSettings(source));
  expect(getIssue(issueId)?.name).toBe('Before');
  // Committed after the issue list's snapshot, before the projects list is read.
  const renamed = await server.inject({ method: 'PATCH', url: `${issues}${issueId}/`, headers: owner.headers, payload: { name: 'After' } });
  expect(renamed.statusCode).toBe(200);

  await startWorkspaceLive(workspace.slug, {
    url: `${baseUrl.replace(/^http/, 'ws')}/live/`,
    createSocket: (url) => new WebSocket(url, { headers: { cookie: owner.headers.cookie } }) as unknown as SocketLike,
  });
  await vi.waitFor(() => expect(useLiveConnection.getState().state).toBe('connected'), { timeout: 10_000 });
  await vi.waitFor(() => expect(getIssue(issueId)?.name).toBe('After'), { timeout: 10_000 });
});
