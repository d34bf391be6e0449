// /collab over real WebSockets with Node providers: Hocuspocus 4 on Node 20, convergence, auth and
// read-only rules, lock switching open editors to read-only, REST writes reaching open editors, and
// title ↔ name in both directions.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import * as Y from 'yjs';
import { createTestServer, type TestServer } from '../tests/support/server';
import { addProjectMember, addWorkspaceMember, buildProject, buildUser, buildWorkspace, setupInstance, type TestProject, type TestUser, type TestWorkspace } from '../tests/support/factories';
import { CollabCloseCode } from '../shared/collab-close-codes';
import { bodyText, openEditor, typeParagraph, waitFor, type TestEditor } from './testing';
import { readTitle, writeTitle } from '../shared/document-content';
import { apiTokens } from '../db/schema/index';
import { hashSecret } from '../server/security';
import { PageAccess } from '../shared/visibility';

let server: TestServer;
let baseUrl: string;
let owner: TestUser;
let member: TestUser;
let guest: TestUser;
let outsider: TestUser;
let workspace: TestWorkspace;
let project: TestProject;
const editors: TestEditor[] = [];

beforeAll(async () => {
  server = await createTestServer();
  await setupInstance(server);
  owner = await buildUser(server);
  member = await buildUser(server);
  guest = await buildUser(server);
  outsider = await buildUser(server);
  workspace = await buildWorkspace(server, owner);
  project = await buildProject(server, workspace, owner, { guestViewAllFeatures: true });
  for (const [user, role] of [[member, 15], [guest, 5]] as const) {
    await addWorkspaceMember(server, workspace, user, role);
    await addProjectMember(server, project, user, role);
  }
  await addWorkspaceMember(server, workspace, outsider, 15);
  baseUrl = await server.listen();
});

afterAll(async () => {
  editors.forEach((editor) => editor.destroy());
  await server?.close();
});

const pagesUrl = () => `/api/workspaces/${workspace.slug}/projects/${project.id}/pages/`;

async function createPage(body: Record<string, unknown> = {}) {
  const response = await server.inject({ method: 'POST', url: pagesUrl(), headers: owner.headers, payload: { name: 'Doc', ...body } });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; name: string };
}

function editor(pageId: string, user: TestUser) {
  const opened = openEditor(baseUrl, pageId, { cookie: user.headers.cookie });
  editors.push(opened);
  return opened;
}

test('Hocuspocus 4 runs on this Node 20 runtime', async () => {
  const version = JSON.parse(readFileSync('node_modules/@hocuspocus/server/package.json', 'utf8')).version as string;
  expect(version.startsWith('4.')).toBe(true);
  expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(20);
  const page = await createPage({ description_html: '<p>hello</p>' });
  const a = editor(page.id, owner);
  await a.synced;
  expect(bodyText(a.doc)).toBe('hello');
  expect(readTitle(a.doc)).toBe('Doc');
});

test('two providers converge', async () => {
  const page = await createPage();
  const a = editor(page.id, owner);
  const b = editor(page.id, member);
  await Promise.all([a.synced, b.synced]);
  typeParagraph(a.doc, 'from a');
  typeParagraph(b.doc, 'from b');
  await waitFor(() => bodyText(a.doc) === bodyText(b.doc) && bodyText(a.doc).length === 12, 'documents converge');
  expect(a.scopes).toEqual(['read-write']);
});

test('non-members, anonymous callers and unknown pages are refused', async () => {
  const page = await createPage();
  expect(await editor(page.id, outsider).refused).toBeTruthy();
  expect(await openEditor(baseUrl, page.id, {}).refused).toBeTruthy();
  expect(await editor('00000000-0000-4000-8000-000000000000', owner).refused).toBeTruthy();
  expect(await editor('not-a-page', owner).refused).toBeTruthy();
});

test('an API key passed as the provider token authenticates inside its own workspace only', async () => {
  const page = await createPage();
  const own = `trl_api_${'a'.repeat(32)}`;
  const foreign = `trl_api_${'b'.repeat(32)}`;
  await server.database.db.insert(apiTokens).values([
    { workspaceId: workspace.id, userId: member.id, tokenHash: hashSecret(own) },
    { workspaceId: '00000000-0000-4000-8000-000000000001', userId: member.id, tokenHash: hashSecret(foreign) },
  ]);
  const byKey = openEditor(baseUrl, page.id, { token: own });
  editors.push(byKey);
  await byKey.synced;
  expect(byKey.scopes).toEqual(['read-write']);
  const wrongWorkspace = openEditor(baseUrl, page.id, { token: foreign });
  editors.push(wrongWorkspace);
  expect(await wrongWorkspace.refused).toBeTruthy();
});

test('a session cookie from a foreign Origin authenticates no document; same-origin sockets and API keys from anywhere still work', async () => {
  const page = await createPage();
  const foreign = openEditor(baseUrl, page.id, { cookie: owner.headers.cookie, origin: 'https://evil.example' });
  editors.push(foreign);
  const outcome = await Promise.race([foreign.refused.then(() => 'refused'), foreign.synced.then(() => 'synced')]);
  expect(outcome).toBe('refused');
  expect(foreign.scopes).toEqual([]);

  const sameOrigin = openEditor(baseUrl, page.id, { cookie: owner.headers.cookie, origin: baseUrl });
  editors.push(sameOrigin);
  await sameOrigin.synced;
  expect(sameOrigin.scopes).toEqual(['read-write']);
  const viaAppUrl = openEditor(baseUrl, page.id, { cookie: owner.headers.cookie, origin: server.config.appBaseUrl });
  editors.push(viaAppUrl);
  await viaAppUrl.synced;

  const key = `trl_api_${'c'.repeat(32)}`;
  await server.database.db.insert(apiTokens).values({ workspaceId: workspace.id, userId: member.id, tokenHash: hashSecret(key) });
  const keyFromElsewhere = openEditor(baseUrl, page.id, { token: key, cookie: owner.headers.cookie, origin: 'https://evil.example' });
  editors.push(keyFromElsewhere);
  await keyFromElsewhere.synced;
  expect(keyFromElsewhere.scopes).toEqual(['read-write']);
});

test("a guest, someone else's private page and locked or archived pages open read-only or not at all", async () => {
  const page = await createPage();
  const guestEditor = editor(page.id, guest);
  await guestEditor.synced;
  expect(guestEditor.scopes).toEqual(['readonly']);
  const before = bodyText(guestEditor.doc);
  typeParagraph(guestEditor.doc, 'guest wrote this');
  await new Promise((resolve) => setTimeout(resolve, 300));
  const check = editor(page.id, owner);
  await check.synced;
  expect(bodyText(check.doc)).toBe(before);

  const locked = await createPage();
  await server.inject({ method: 'POST', url: `${pagesUrl()}${locked.id}/lock/`, headers: owner.headers });
  const onLocked = editor(locked.id, owner);
  await onLocked.synced;
  expect(onLocked.scopes).toEqual(['readonly']);

  const archived = await createPage();
  await server.inject({ method: 'POST', url: `${pagesUrl()}${archived.id}/archive/`, headers: owner.headers });
  const onArchived = editor(archived.id, member);
  await onArchived.synced;
  expect(onArchived.scopes).toEqual(['readonly']);

  const secret = await createPage({ access: PageAccess.PRIVATE });
  expect(await editor(secret.id, member).refused).toBeTruthy();
});

test('an open editor turns read-only when the page gets locked, and writable again on unlock', async () => {
  const page = await createPage();
  const open = editor(page.id, member);
  await open.synced;
  expect(open.scopes).toEqual(['read-write']);
  const lock = await server.inject({ method: 'POST', url: `${pagesUrl()}${page.id}/lock/`, headers: owner.headers });
  expect(lock.statusCode).toBe(204);
  await waitFor(() => open.scopes.length === 2, 'editor re-authenticates after lock');
  expect(open.scopes[1]).toBe('readonly');
  expect(open.closeCodes).toContain(CollabCloseCode.PAGE_LOCKED);
  await server.inject({ method: 'DELETE', url: `${pagesUrl()}${page.id}/lock/`, headers: owner.headers });
  await waitFor(() => open.scopes.length === 3, 'editor re-authenticates after unlock');
  expect(open.scopes[2]).toBe('read-write');
});

test('PATCH description reaches an open editor at once (binary and html forms)', async () => {
  const page = await createPage();
  const open = editor(page.id, member);
  await open.synced;
  const scratch = new Y.Doc();
  Y.applyUpdate(scratch, Y.encodeStateAsUpdate(open.doc));
  typeParagraph(scratch, 'from rest');
  const update = Y.encodeStateAsUpdate(scratch, Y.encodeStateVector(open.doc));
  const patched = await server.inject({
    method: 'PATCH',
    url: `${pagesUrl()}${page.id}/description/`,
    headers: { ...owner.headers, 'content-type': 'application/octet-stream' },
    payload: Buffer.from(update),
  });
  expect(patched.statusCode).toBe(200);
  expect(patched.json()).toEqual({ message: 'Updated successfully' });
  await waitFor(() => bodyText(open.doc).includes('from rest'), 'binary patch reaches the editor', 2000);

  const html = await server.inject({
    method: 'PATCH',
    url: `${pagesUrl()}${page.id}/description/`,
    headers: owner.headers,
    payload: { description_html: '<p>replaced by html</p>' },
  });
  expect(html.statusCode).toBe(200);
  await waitFor(() => bodyText(open.doc) === 'replaced by html', 'html patch reaches the editor', 2000);
});

test('title edits rename the page, and a REST rename updates the open title', async () => {
  const page = await createPage();
  const open = editor(page.id, member);
  await open.synced;
  writeTitle(open.doc, 'Renamed in editor');
  await waitFor(async () => {
    const response = await server.inject({ method: 'GET', url: `${pagesUrl()}${page.id}/`, headers: owner.headers });
    return response.json().name === 'Renamed in editor';
  }, 'page name follows the title');

  const renamed = await server.inject({ method: 'PATCH', url: `${pagesUrl()}${page.id}/`, headers: owner.headers, payload: { name: 'Renamed by REST' } });
  expect(renamed.statusCode).toBe(200);
  await waitFor(() => readTitle(open.doc) === 'Renamed by REST', 'title follows the page name', 2000);
});
