// Compaction of an issue description's update log (issue #24 item 4): what editors were told is
// saved sits in issue_description_updates until a store; a compaction (the collaboration server's
// start, after a crash) folds it into the stored state and the description REST presents, as an
// issue update, and empties the log; a REST PATCH meanwhile replaces the logged text too.
import * as Y from 'yjs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { issues } from '../../../db/schema/index';
import { appendIssueDescriptionUpdates, countIssueDescriptionUpdates, loadIssueStateInto } from '../../../db/issue-description-state';
import { bodyText, typeParagraph } from '../../../collab/testing';
import { createTestServer, type TestServer } from '../../../tests/support/server';
import { buildProject, buildUser, buildWorkspace, type TestUser } from '../../../tests/support/factories';
import { compactLoggedIssueDescriptions } from './issue-description-doc';

let server: TestServer;
let owner: TestUser;
let issuesUrl: string;

beforeAll(async () => {
  server = await createTestServer();
  owner = await buildUser(server);
  const workspace = await buildWorkspace(server, owner);
  const project = await buildProject(server, workspace, owner);
  issuesUrl = `/api/workspaces/${workspace.slug}/projects/${project.id}/issues/`;
});
afterAll(async () => server?.close());

/** An issue whose description document was opened (stored state seeded) and then typed into: logged, never stored. */
async function issueWithLoggedTyping(text: string) {
  const created = await server.inject({ method: 'POST', url: issuesUrl, headers: owner.headers, payload: { name: 'Logged', description_html: '<p>Stored</p>' } });
  expect(created.statusCode, created.body).toBe(201);
  const issueId = (created.json() as { id: string }).id;
  const doc = new Y.Doc();
  await loadIssueStateInto(server.database.db, issueId, doc);
  const before = Y.encodeStateVector(doc);
  typeParagraph(doc, text);
  await appendIssueDescriptionUpdates(server.database.db, issueId, [Y.encodeStateAsUpdate(doc, before)]);
  doc.destroy();
  return issueId;
}

const readHtml = async (issueId: string) => ((await server.inject({ method: 'GET', url: `${issuesUrl}${issueId}/`, headers: owner.headers })).json() as { description_html: string }).description_html;

test('a logged update is replayed on load and compacted into description_html, as an issue update, emptying the log', async () => {
  const issueId = await issueWithLoggedTyping('Typed before the crash');
  const reopened = new Y.Doc();
  await loadIssueStateInto(server.database.db, issueId, reopened);
  expect(bodyText(reopened)).toBe('StoredTyped before the crash');
  reopened.destroy();
  expect(await readHtml(issueId)).toBe('<p>Stored</p>');
  const [before] = await server.database.db.select({ version: issues.version }).from(issues).where(eq(issues.id, issueId));

  expect(await compactLoggedIssueDescriptions(server.app.ctx)).toBeGreaterThanOrEqual(1);
  expect(await readHtml(issueId)).toBe('<p>Stored</p><p>Typed before the crash</p>');
  expect(await countIssueDescriptionUpdates(server.database.db, issueId)).toBe(0);
  const [after] = await server.database.db.select({ version: issues.version }).from(issues).where(eq(issues.id, issueId));
  expect(after.version).toBeGreaterThan(before.version);
});

test('a REST PATCH of description_html replaces the logged text too, and leaves no log behind', async () => {
  const issueId = await issueWithLoggedTyping('Logged words');
  const patch = await server.inject({ method: 'PATCH', url: `${issuesUrl}${issueId}/`, headers: owner.headers, payload: { description_html: '<p>Set over REST</p>' } });
  expect(patch.statusCode, patch.body).toBe(200);
  expect(await countIssueDescriptionUpdates(server.database.db, issueId)).toBe(0);
  const reopened = new Y.Doc();
  await loadIssueStateInto(server.database.db, issueId, reopened);
  expect(bodyText(reopened)).toBe('Set over REST');
  reopened.destroy();
});
