// Issue descriptions as live documents on /collab (`issue.<id>`, issue #10 item 2), over real
// WebSockets with Node providers, on PGlite and (with DATABASE_URL) Postgres: who may open them
// (the issue rules: outsiders and hidden guests refused, read-only for guests who did not write
// the issue and for archived issues), what a save writes (description_html derived with the shared
// schema, a version bump with its change event, one activity row however much was typed), a REST
// PATCH reaching open editors, and two people typing at once both keeping their text.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, asc, eq, gt } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../tests/support/server';
import { addProjectMember, addWorkspaceMember, buildProject, buildUser, buildWorkspace, setupInstance, type TestProject, type TestUser, type TestWorkspace } from '../tests/support/factories';
import { changes, issueActivities, issues } from '../db/schema/index';
import { issueDocumentName } from '../shared/collab-documents';
import { bodyText, openEditor, typeParagraph, waitFor, type TestEditor } from './testing';

/** Hocuspocus stores 2 s after the last change: waits allow for that plus a slow CI. */
const STORE_WAIT_MS = 15_000;

let server: TestServer;
let baseUrl: string;
let owner: TestUser;
let member: TestUser;
let guest: TestUser;
let outsider: TestUser;
let workspace: TestWorkspace;
let project: TestProject;
let openProject: TestProject;
const editors: TestEditor[] = [];

beforeAll(async () => {
  server = await createTestServer();
  await setupInstance(server);
  [owner, member, guest, outsider] = [await buildUser(server), await buildUser(server), await buildUser(server), await buildUser(server)];
  workspace = await buildWorkspace(server, owner);
  project = await buildProject(server, workspace, owner, { guestViewAllFeatures: false });
  openProject = await buildProject(server, workspace, owner, { identifier: 'OPN', guestViewAllFeatures: true });
  await addWorkspaceMember(server, workspace, member, 15);
  await addWorkspaceMember(server, workspace, guest, 5);
  await addWorkspaceMember(server, workspace, outsider, 15);
  for (const target of [project, openProject]) {
    await addProjectMember(server, target, member, 15);
    await addProjectMember(server, target, guest, 5);
  }
  baseUrl = await server.listen();
});

afterAll(async () => {
  editors.forEach((editor) => editor.destroy());
  await server?.close();
});

const issuesUrl = (target: TestProject) => `/api/workspaces/${workspace.slug}/projects/${target.id}/issues/`;

async function createIssue(by: TestUser, body: Record<string, unknown> = {}, target: TestProject = project) {
  const response = await server.inject({ method: 'POST', url: issuesUrl(target), headers: by.headers, payload: { name: 'Described', ...body } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

async function readIssue(issueId: string, target: TestProject = project) {
  const response = await server.inject({ method: 'GET', url: `${issuesUrl(target)}${issueId}/`, headers: owner.headers });
  return response.json() as { description_html: string; description_stripped: string };
}

function open(issueId: string, user: TestUser | null): TestEditor {
  const editor = openEditor(baseUrl, issueDocumentName(issueId), { cookie: user?.headers.cookie });
  editors.push(editor);
  return editor;
}

/** Resolves with 'refused' or the first scope granted. */
async function outcome(editor: TestEditor): Promise<string> {
  const result = await Promise.race([editor.refused.then(() => 'refused'), waitFor(() => editor.scopes.length > 0, 'a scope').then(() => editor.scopes[0])]);
  editor.destroy();
  return result;
}

describe('who may open an issue description', () => {
  test('members edit, outsiders and the signed-out are refused, the guest rule applies', async () => {
    const issue = await createIssue(owner, { description_html: '<p>Rules</p>' });
    // Guests cannot create issues here (member+); one created before a demotion is theirs to edit.
    const guestsOwn = await createIssue(owner, { description_html: '<p>Mine</p>' });
    await server.database.db.update(issues).set({ createdBy: guest.id }).where(eq(issues.id, guestsOwn.id));
    const visibleToGuests = await createIssue(owner, {}, openProject);
    expect(await outcome(open(issue.id, member))).toBe('read-write');
    expect(await outcome(open(issue.id, outsider))).toBe('refused');
    expect(await outcome(open(issue.id, null))).toBe('refused');
    // Guest rule: hidden unless the guest wrote it (or the project shows guests everything, read-only).
    expect(await outcome(open(issue.id, guest))).toBe('refused');
    expect(await outcome(open(guestsOwn.id, guest))).toBe('read-write');
    expect(await outcome(open(visibleToGuests.id, guest))).toBe('readonly');
  });

  test('an archived issue opens read-only, a deleted one not at all', async () => {
    const archived = await createIssue(owner);
    const deleted = await createIssue(owner);
    await server.database.db.update(issues).set({ archivedAt: new Date() }).where(eq(issues.id, archived.id));
    expect((await server.inject({ method: 'DELETE', url: `${issuesUrl(project)}${deleted.id}/`, headers: owner.headers })).statusCode).toBe(204);
    expect(await outcome(open(archived.id, member))).toBe('readonly');
    expect(await outcome(open(deleted.id, member))).toBe('refused');
  });
});

describe('saving a description document', () => {
  test('typing is stored as description_html with a version bump, a change event and one activity row', async () => {
    const issue = await createIssue(owner, { description_html: '<p>Original</p>' });
    const [before] = await server.database.db.select({ version: issues.version }).from(issues).where(eq(issues.id, issue.id));
    const [lastChange] = await server.database.db.select({ id: changes.id }).from(changes).orderBy(asc(changes.id)).limit(1).offset(0);
    const editor = open(issue.id, member);
    await editor.synced;
    expect(bodyText(editor.doc)).toBe('Original');
    typeParagraph(editor.doc, 'First words');
    await new Promise((resolve) => setTimeout(resolve, 300));
    typeParagraph(editor.doc, 'More words');
    await waitFor(async () => (await readIssue(issue.id)).description_html.includes('More words'), 'description_html updated', STORE_WAIT_MS);

    const stored = await readIssue(issue.id);
    expect(stored.description_html).toBe('<p>Original</p><p>First words</p><p>More words</p>');
    expect(stored.description_stripped).toContain('First words');
    const [after] = await server.database.db.select({ version: issues.version, binary: issues.descriptionBinary }).from(issues).where(eq(issues.id, issue.id));
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.binary).not.toBeNull();
    const events = await server.database.db
      .select({ version: changes.version, data: changes.data })
      .from(changes)
      .where(and(eq(changes.entity, 'issue'), eq(changes.entityId, issue.id), gt(changes.id, lastChange?.id ?? 0)));
    expect(events.some((event) => event.version === after.version)).toBe(true);
    const rows = await server.database.db
      .select()
      .from(issueActivities)
      .where(and(eq(issueActivities.issueId, issue.id), eq(issueActivities.field, 'description')));
    expect(rows).toHaveLength(1);
    expect(rows[0].actorId).toBe(member.id);
    editor.destroy();
  });

  test('a REST PATCH of description_html reaches the open editor and the next save keeps both', async () => {
    const issue = await createIssue(owner, { description_html: '<p>Start</p>' });
    const editor = open(issue.id, member);
    await editor.synced;
    const patch = await server.inject({ method: 'PATCH', url: `${issuesUrl(project)}${issue.id}/`, headers: owner.headers, payload: { description_html: '<p>Start</p><p>From REST</p>' } });
    expect(patch.statusCode, patch.body).toBe(200);
    await waitFor(() => bodyText(editor.doc).includes('From REST'), 'REST change reaches the editor', STORE_WAIT_MS);
    typeParagraph(editor.doc, 'Typed after');
    await waitFor(async () => (await readIssue(issue.id)).description_html.includes('Typed after'), 'save after REST', STORE_WAIT_MS);
    expect((await readIssue(issue.id)).description_html).toBe('<p>Start</p><p>From REST</p><p>Typed after</p>');
    editor.destroy();
  });

  test('two people typing at once both keep their text, and a later opener sees both', async () => {
    const issue = await createIssue(owner, { description_html: '<p>Shared</p>' });
    const a = open(issue.id, owner);
    const b = open(issue.id, member);
    await Promise.all([a.synced, b.synced]);
    typeParagraph(a.doc, 'Alpha text');
    typeParagraph(b.doc, 'Bravo text');
    await waitFor(() => bodyText(a.doc) === bodyText(b.doc) && bodyText(a.doc).includes('Alpha') && bodyText(a.doc).includes('Bravo'), 'converge');
    a.destroy();
    b.destroy();
    await waitFor(async () => {
      const html = (await readIssue(issue.id)).description_html;
      return html.includes('Alpha text') && html.includes('Bravo text');
    }, 'both stored', STORE_WAIT_MS);
    const later = open(issue.id, member);
    await later.synced;
    expect(bodyText(later.doc)).toMatch(/^Shared(Alpha textBravo text|Bravo textAlpha text)$/);
    later.destroy();
  });
});
