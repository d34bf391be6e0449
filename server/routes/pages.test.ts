// Page REST endpoints (reference §5.3, spec §6 page permissions): every route, its status codes and
// error bodies, with owner, member, guest, outsider and anonymous callers.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as Y from 'yjs';
import { and, eq } from 'drizzle-orm';
import { changes, pageVersions } from '../../db/schema/index';
import { createTestServer, type TestServer } from '../../tests/support/server';
import { addProjectMember, addWorkspaceMember, buildProject, buildUser, buildWorkspace, type TestProject, type TestUser, type TestWorkspace } from '../../tests/support/factories';
import { readTitle } from '../../shared/document-content';
import { PageAccess } from '../../shared/visibility';

let server: TestServer;
let owner: TestUser; // project admin, creates most pages
let member: TestUser;
let guest: TestUser;
let outsider: TestUser;
let workspace: TestWorkspace;
let project: TestProject;

beforeAll(async () => {
  server = await createTestServer();
  owner = await buildUser(server);
  member = await buildUser(server);
  guest = await buildUser(server);
  outsider = await buildUser(server);
  workspace = await buildWorkspace(server, owner);
  project = await buildProject(server, workspace, owner);
  for (const [user, role] of [[member, 15], [guest, 5]] as const) {
    await addWorkspaceMember(server, workspace, user, role);
    await addProjectMember(server, project, user, role);
  }
  await addWorkspaceMember(server, workspace, outsider, 15);
});

afterAll(async () => server?.close());

const base = () => `/api/workspaces/${workspace.slug}/projects/${project.id}`;
type Page = { id: string; name: string; access: number; is_locked: boolean; archived_at: string | null; is_favorite: boolean; owned_by: string; parent: string | null; label_ids: string[]; description_html: string };

function call(user: TestUser | null, method: string, path: string, payload?: unknown) {
  return server.inject({ method: method as 'GET', url: `${base()}${path}`, headers: user?.headers ?? {}, payload: payload as object });
}

async function create(user: TestUser, body: Record<string, unknown> = {}): Promise<Page> {
  const response = await call(user, 'POST', '/pages/', { name: 'A page', ...body });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('create, read, list', () => {
  test('a member creates a page and becomes its owner; the detail carries description_html', async () => {
    const page = await create(member, { name: 'Spec', description_html: '<h2>Title</h2><p>Body <script>x</script></p>', access: PageAccess.PRIVATE, color: '#ff0000' });
    expect(page).toMatchObject({ name: 'Spec', owned_by: member.id, access: PageAccess.PRIVATE, is_locked: false, archived_at: null, is_favorite: false, parent: null });
    expect(page.description_html).toBe('<h2>Title</h2><p>Body</p>');
    const detail = await call(member, 'GET', `/pages/${page.id}/`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: page.id, issue_ids: [], project_ids: [project.id], workspace: workspace.id });
    const [change] = await server.database.db.select().from(changes).where(and(eq(changes.entityId, page.id), eq(changes.op, 'create'))).orderBy(changes.id);
    expect(change).toMatchObject({ entity: 'page', audienceUserId: member.id });
  });

  test('guests cannot create pages; anonymous callers get 401 and outsiders 403', async () => {
    expect((await call(guest, 'POST', '/pages/', { name: 'x' })).statusCode).toBe(403);
    const anonymous = await call(null, 'GET', '/pages/');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect((await call(outsider, 'GET', '/pages/')).json()).toEqual({ error: "You don't have the required permissions." });
  });

  test('bad input is a 400 in the contract format and changes nothing', async () => {
    const before = (await call(owner, 'GET', '/pages/')).json().length;
    expect((await call(owner, 'POST', '/pages/', { name: 'x'.repeat(100_000) })).json()).toHaveProperty('name');
    expect((await call(owner, 'POST', '/pages/', { name: 5 })).statusCode).toBe(400);
    expect((await call(owner, 'POST', '/pages/', { access: 7 })).json()).toHaveProperty('access');
    expect((await call(owner, 'POST', '/pages/', { parent: 'nope' })).statusCode).toBe(400);
    expect((await call(owner, 'POST', '/pages/', { labels: ['00000000-0000-4000-8000-000000000000'] })).json()).toHaveProperty('labels');
    expect((await call(owner, 'POST', '/pages/', { description_binary: 'PGh0bWw+' })).json()).toEqual({ description_binary: ['Invalid binary data: looks like markup'] });
    expect((await call(owner, 'GET', '/pages/not-a-uuid/')).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/pages/00000000-0000-4000-8000-000000000000/')).json()).toEqual({ error: 'Page not found' });
    expect((await call(owner, 'GET', '/pages/')).json().length).toBe(before);
  });

  test("lists show root pages the caller may see, favorites first; private pages only to their owner; guests only their own", async () => {
    const parent = await create(owner, { name: 'Parent' });
    const child = await create(owner, { name: 'Child', parent: parent.id });
    const secret = await create(owner, { name: 'Secret', access: PageAccess.PRIVATE });
    const favorite = await create(owner, { name: 'Fav' });
    expect((await call(owner, 'POST', `/favorite-pages/${favorite.id}/`)).statusCode).toBe(204);
    const ownerList = (await call(owner, 'GET', '/pages/')).json() as Page[];
    expect(ownerList[0].id).toBe(favorite.id);
    expect(ownerList[0].is_favorite).toBe(true);
    expect(ownerList.map((p) => p.id)).toContain(secret.id);
    expect(ownerList.map((p) => p.id)).not.toContain(child.id);
    const memberIds = ((await call(member, 'GET', '/pages/')).json() as Page[]).map((p) => p.id);
    expect(memberIds).toContain(parent.id);
    expect(memberIds).not.toContain(secret.id);
    expect((await call(member, 'GET', `/pages/${secret.id}/`)).statusCode).toBe(403);
    const guestPages = (await call(guest, 'GET', '/pages/')).json() as Page[];
    expect(guestPages).toEqual([]);
    const search = (await call(owner, 'GET', '/pages/?search=pare')).json() as Page[];
    expect(search.map((p) => p.name)).toEqual(['Parent']);
    const favorites = (await call(owner, 'GET', '/favorite-pages/')).json() as Page[];
    expect(favorites.map((p) => p.id)).toEqual([favorite.id]);
    const summary = (await call(member, 'GET', '/pages-summary/')).json();
    expect(summary).toEqual({ public_pages: expect.any(Number), private_pages: 1, archived_pages: 0 });
  });
});

describe('update', () => {
  test('members edit public pages; access changes by non-owners and edits of locked pages are refused', async () => {
    const page = await create(owner);
    const renamed = await call(member, 'PATCH', `/pages/${page.id}/`, { name: 'Renamed', color: '#00ff00' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed', color: '#00ff00' });
    expect((await call(member, 'PATCH', `/pages/${page.id}/`, { access: PageAccess.PRIVATE })).json()).toEqual({
      error: 'Access cannot be updated since this page is owned by someone else',
    });
    expect((await call(guest, 'PATCH', `/pages/${page.id}/`, { name: 'guest' })).statusCode).toBe(403);
    await call(owner, 'POST', `/pages/${page.id}/lock/`);
    expect((await call(owner, 'PATCH', `/pages/${page.id}/`, { name: 'x' })).json()).toEqual({ error: 'Page is locked' });
    const state = await call(owner, 'GET', `/pages/${page.id}/description/`);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, new Uint8Array(state.rawPayload));
    expect(readTitle(doc)).toBe('Renamed');
  });

  test('a page cannot be its own parent', async () => {
    const page = await create(owner);
    expect((await call(owner, 'PATCH', `/pages/${page.id}/`, { parent: page.id })).json()).toHaveProperty('parent');
  });
});

describe('access, lock, archive, delete', () => {
  test('only the owner changes access or locks', async () => {
    const page = await create(member);
    expect((await call(owner, 'POST', `/pages/${page.id}/access/`, { access: PageAccess.PRIVATE })).statusCode).toBe(400);
    expect((await call(member, 'POST', `/pages/${page.id}/access/`, { access: 3 })).statusCode).toBe(400);
    expect((await call(member, 'POST', `/pages/${page.id}/access/`, { access: PageAccess.PRIVATE })).statusCode).toBe(204);
    expect(((await call(member, 'GET', `/pages/${page.id}/`)).json() as Page).access).toBe(1);
    expect((await call(owner, 'POST', `/pages/${page.id}/lock/`)).statusCode).toBe(403);
    expect((await call(member, 'POST', `/pages/${page.id}/lock/`)).statusCode).toBe(204);
    expect(((await call(member, 'GET', `/pages/${page.id}/`)).json() as Page).is_locked).toBe(true);
    expect((await call(member, 'DELETE', `/pages/${page.id}/lock/`)).statusCode).toBe(204);
    expect(((await call(member, 'GET', `/pages/${page.id}/`)).json() as Page).is_locked).toBe(false);
  });

  test('archiving takes the subtree and removes favorites; restore detaches a child whose parent stays archived', async () => {
    const parent = await create(member);
    const child = await create(member, { parent: parent.id });
    await call(member, 'POST', `/favorite-pages/${parent.id}/`);
    expect((await call(guest, 'POST', `/pages/${parent.id}/archive/`)).statusCode).toBe(403);
    const denied = await call(member, 'POST', `/pages/${(await create(owner)).id}/archive/`);
    expect(denied.json()).toEqual({ error: 'Only the owner or admin can archive the page' });
    const archived = await call(member, 'POST', `/pages/${parent.id}/archive/`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().archived_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(((await call(member, 'GET', `/pages/${child.id}/`)).json() as Page).archived_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await call(member, 'GET', '/favorite-pages/')).json()).toEqual([]);
    const archivedList = ((await call(member, 'GET', '/archived-pages/')).json() as Page[]).map((p) => p.id);
    expect(archivedList).toEqual(expect.arrayContaining([parent.id, child.id]));
    expect((await call(member, 'PATCH', `/pages/${parent.id}/description/`, { description_html: '<p>x</p>' })).json()).toEqual({ error_code: 4702, error_message: 'PAGE_ARCHIVED' });
    expect((await call(member, 'DELETE', `/pages/${child.id}/archive/`)).statusCode).toBe(204);
    const restored = (await call(member, 'GET', `/pages/${child.id}/`)).json() as Page;
    expect(restored).toMatchObject({ archived_at: null, parent: null });
    expect((await call(member, 'DELETE', `/pages/${parent.id}/archive/`)).statusCode).toBe(204);
  });

  test('delete needs an archived page and the owner or a project admin', async () => {
    const page = await create(member);
    expect((await call(member, 'DELETE', `/pages/${page.id}/`)).json()).toEqual({ error: 'The page should be archived before deleting' });
    await call(member, 'POST', `/pages/${page.id}/archive/`);
    const otherMember = await buildUser(server);
    await addWorkspaceMember(server, workspace, otherMember, 15);
    await addProjectMember(server, project, otherMember, 15);
    expect((await call(otherMember, 'DELETE', `/pages/${page.id}/`)).json()).toEqual({ error: 'Only admin or owner can delete the page' });
    expect((await call(owner, 'DELETE', `/pages/${page.id}/`)).statusCode).toBe(204);
    expect((await call(member, 'GET', `/pages/${page.id}/`)).statusCode).toBe(404);
  });
});

describe('favorites, duplicate, versions, description', () => {
  test('favorites are per user, member+ and idempotent', async () => {
    const page = await create(owner);
    expect((await call(guest, 'POST', `/favorite-pages/${page.id}/`)).statusCode).toBe(403);
    expect((await call(member, 'POST', `/favorite-pages/${page.id}/`)).statusCode).toBe(204);
    expect((await call(member, 'POST', `/favorite-pages/${page.id}/`)).statusCode).toBe(204);
    expect(((await call(member, 'GET', `/pages/${page.id}/`)).json() as Page).is_favorite).toBe(true);
    expect(((await call(owner, 'GET', `/pages/${page.id}/`)).json() as Page).is_favorite).toBe(false);
    expect((await call(member, 'DELETE', `/favorite-pages/${page.id}/`)).statusCode).toBe(204);
    expect(((await call(member, 'GET', `/pages/${page.id}/`)).json() as Page).is_favorite).toBe(false);
  });

  test('duplicate copies content with " (Copy)" and the caller as owner; private pages of others are 403', async () => {
    const page = await create(owner, { name: 'Original', description_html: '<p>copied text</p>' });
    const copy = await call(member, 'POST', `/pages/${page.id}/duplicate/`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ name: 'Original (Copy)', owned_by: member.id, description_html: '<p>copied text</p>' });
    const secret = await create(owner, { access: PageAccess.PRIVATE });
    expect((await call(member, 'POST', `/pages/${secret.id}/duplicate/`)).statusCode).toBe(403);
    expect((await call(guest, 'POST', `/pages/${page.id}/duplicate/`)).statusCode).toBe(403);
  });

  test('description GET is the Yjs state; PATCH merges binary or base64 and records a version', async () => {
    const page = await create(member, { description_html: '<p>one</p>' });
    const get = await call(member, 'GET', `/pages/${page.id}/description/`);
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('application/octet-stream');
    expect(get.headers['content-disposition']).toBe('attachment; filename="page_description.bin"');
    const doc = new Y.Doc();
    Y.applyUpdate(doc, new Uint8Array(get.rawPayload));
    const vector = Y.encodeStateVector(doc);
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText('two')]);
    doc.getXmlFragment('default').push([paragraph]);
    const update = Buffer.from(Y.encodeStateAsUpdate(doc, vector));
    const patch = await call(member, 'PATCH', `/pages/${page.id}/description/`, { description_binary: update.toString('base64') });
    expect(patch.json()).toEqual({ message: 'Updated successfully' });
    expect(((await call(member, 'GET', `/pages/${page.id}/`)).json() as Page).description_html).toBe('<p>one</p><p>two</p>');
    const versions = await call(member, 'GET', `/pages/${page.id}/versions/`);
    expect(versions.json()).toHaveLength(1);
    const version = await call(member, 'GET', `/pages/${page.id}/versions/${versions.json()[0].id}/`);
    expect(version.json()).toMatchObject({ page: page.id, owned_by: member.id, description_html: '<p>one</p><p>two</p>', description_binary: expect.any(String) });
    // A second save by the same user within 10 minutes updates that version in place.
    await call(member, 'PATCH', `/pages/${page.id}/description/`, { description_html: '<p>three</p>' });
    expect((await call(member, 'GET', `/pages/${page.id}/versions/`)).json()).toHaveLength(1);
    expect((await call(member, 'GET', `/pages/${page.id}/versions/00000000-0000-4000-8000-000000000000/`)).statusCode).toBe(404);
  });

  test('only 20 versions are kept', async () => {
    const page = await create(member);
    const users = [member, owner];
    for (let index = 0; index < 22; index++) {
      const response = await call(users[index % 2], 'PATCH', `/pages/${page.id}/description/`, { description_html: `<p>v${index}</p>` });
      expect(response.statusCode).toBe(200);
    }
    const rows = await server.database.db.select().from(pageVersions).where(eq(pageVersions.pageId, page.id));
    expect(rows).toHaveLength(20);
  });

  test('description errors: locked 4701, bad bytes, guests, private pages of others', async () => {
    const page = await create(member);
    const raw = (payload: Buffer, user = member) =>
      server.inject({ method: 'PATCH', url: `${base()}/pages/${page.id}/description/`, headers: { ...user.headers, 'content-type': 'application/octet-stream' }, payload });
    expect((await raw(Buffer.from([1, 2]))).json()).toEqual({ description_binary: ['Invalid binary data: too small'] });
    expect((await raw(Buffer.from('<script>alert(1)</script>'))).json()).toEqual({ description_binary: ['Invalid binary data: looks like markup'] });
    expect((await raw(Buffer.from([200, 1, 2, 3, 4, 5, 6, 7, 8]))).statusCode).toBe(400);
    expect((await call(member, 'PATCH', `/pages/${page.id}/description/`, { description_binary: '***' })).json()).toEqual({ description_binary: ['Invalid binary data: not base64'] });
    expect((await call(member, 'PATCH', `/pages/${page.id}/description/`, { description_html: 5 })).statusCode).toBe(400);
    // A guest does not see other people's pages here (guest_view_all_features is off).
    expect((await call(guest, 'PATCH', `/pages/${page.id}/description/`, { description_html: '<p>g</p>' })).statusCode).toBe(404);
    await call(member, 'POST', `/pages/${page.id}/lock/`);
    expect((await call(member, 'PATCH', `/pages/${page.id}/description/`, { description_html: '<p>x</p>' })).json()).toEqual({ error_code: 4701, error_message: 'PAGE_LOCKED' });
    const secret = await create(owner, { access: PageAccess.PRIVATE });
    expect((await call(member, 'GET', `/pages/${secret.id}/description/`)).statusCode).toBe(404);
    expect((await call(outsider, 'GET', `/pages/${secret.id}/description/`)).statusCode).toBe(403);
  });
});
