// Loading a page body from storage (the path of every first open): snapshot and logged updates are
// applied straight into the collab server's document, corrupt rows are skipped, the row's name
// becomes the title only on load, and authenticating reads no body columns.
import { afterAll, beforeAll, expect, test } from 'vitest';
import * as Y from 'yjs';
import { createTestServer, type TestServer } from '../tests/support/server';
import { buildProject, buildUser, buildWorkspace, type TestProject, type TestUser, type TestWorkspace } from '../tests/support/factories';
import { PersistenceExtension } from '../collab/extensions/persistence-extension';
import { bodyText, typeParagraph } from '../collab/testing';
import { readTitle, writeTitle } from '../shared/document-content';
import { findPageAccess } from './page-access';
import { appendPageUpdates, loadStoredState, loadStoredStateInto } from './page-storage';

let server: TestServer;
let owner: TestUser;
let workspace: TestWorkspace;
let project: TestProject;

beforeAll(async () => {
  server = await createTestServer();
  owner = await buildUser(server);
  workspace = await buildWorkspace(server, owner);
  project = await buildProject(server, workspace, owner);
});

afterAll(async () => server?.close());

async function createPage(name: string, html: string): Promise<string> {
  const response = await server.inject({
    method: 'POST',
    url: `/api/workspaces/${workspace.slug}/projects/${project.id}/pages/`,
    headers: owner.headers,
    payload: { name, description_html: html },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

/** Logs `count` one-paragraph edits made on top of the stored state, in batches like the collab buffer. */
async function logEdits(pageId: string, count: number): Promise<void> {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, (await loadStoredState(server.database.db, pageId))!);
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  for (let i = 0; i < count; i++) typeParagraph(doc, `edit ${i}`);
  for (let i = 0; i < updates.length; i += 50) await appendPageUpdates(server.database.db, pageId, updates.slice(i, i + 50));
}

test('onLoadDocument writes a large page and its logged edits into the live document in one transaction', async () => {
  const paragraph = `<p>${'Lorem ipsum dolor sit amet. '.repeat(20)}</p>`;
  const pageId = await createPage('Big', paragraph.repeat(Math.ceil(256 * 1024 / paragraph.length)));
  await logEdits(pageId, 300);
  const document = new Y.Doc();
  let transactions = 0;
  document.on('afterTransaction', () => transactions++);
  const persistence = new PersistenceExtension(server.database.db);
  const returned = await persistence.onLoadDocument({ documentName: pageId, document } as never);
  // Nothing handed back for Hocuspocus to decode a second time: the state is already in `document`.
  expect(returned).toBeUndefined();
  expect(transactions).toBe(1);
  const text = bodyText(document);
  expect(text.length).toBeGreaterThan(250 * 1024);
  expect(text).toContain('edit 0');
  expect(text).toContain('edit 299');
  expect(readTitle(document)).toBe('Big');
});

test('a corrupt logged row is skipped and the rest of the page still loads', async () => {
  const pageId = await createPage('Sturdy', '<p>kept</p>');
  await logEdits(pageId, 2);
  await appendPageUpdates(server.database.db, pageId, [new Uint8Array([0, 9, 9, 9, 9, 200, 1])]);
  await logEdits(pageId, 1);
  const document = new Y.Doc();
  expect(await loadStoredStateInto(server.database.db, pageId, document)).toBe(true);
  expect(bodyText(document)).toContain('kept');
  expect(bodyText(document)).toContain('edit 1');
});

test('the row name becomes the title on load, but a refresh of a live document keeps its newer title', async () => {
  const pageId = await createPage('Row name', '<p>body</p>');
  const live = new Y.Doc();
  await loadStoredStateInto(server.database.db, pageId, live);
  expect(readTitle(live)).toBe('Row name');
  writeTitle(live, 'Typed ahead of the row');
  await loadStoredStateInto(server.database.db, pageId, live, { writeName: false });
  expect(readTitle(live)).toBe('Typed ahead of the row');
  expect(await loadStoredStateInto(server.database.db, '00000000-0000-4000-8000-000000000000', new Y.Doc())).toBe(false);
});

test('authenticating a collab connection reads the access columns only, never the body', async () => {
  const pageId = await createPage('Access', '<p>secret body</p>');
  const row = await findPageAccess(server.database.db, pageId);
  expect(row).toMatchObject({ id: pageId, ownedById: owner.id, isLocked: false, archivedAt: null, projectId: project.id });
  expect(Object.keys(row!).filter((key) => key.startsWith('description'))).toEqual([]);
});
