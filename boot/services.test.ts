// The composition root starts what TRELLIS_ROLE selects and nothing else: `all` serves REST, /live
// and /collab; `server` has no collaboration server in its process (REST page writes go through
// storage, compacted at once and announced by NOTIFY — so the page's html and versions are the same
// as with collab in the process); `collab` serves /collab and the operator probes only and runs no jobs.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as Y from 'yjs';
import { createTestServer, type TestServer } from '../tests/support/server';
import { buildProject, buildUser, buildWorkspace, type TestProject, type TestUser, type TestWorkspace } from '../tests/support/factories';
import { readTitle } from '../shared/document-content';
import { loadStoredState } from '../db/page-storage';

/** Status of a plain GET; 426 means a WebSocket route is mounted there. */
async function status(server: TestServer, url: string): Promise<number> {
  return (await server.inject({ method: 'GET', url })).statusCode;
}

describe('TRELLIS_ROLE=all', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => server?.close());

  test('serves REST, /live and /collab, runs the jobs, and hands REST the live documents', async () => {
    expect(await status(server, '/api/instances/')).toBe(200);
    expect(await status(server, '/live/')).toBe(426);
    expect(await status(server, '/collab')).toBe(426);
    expect(await status(server, '/healthz')).toBe(200);
    expect(server.app.ctx.collab).toBeDefined();
    expect(server.app.ctx.maintenance).toBeDefined();
  });
});

describe('TRELLIS_ROLE=server', () => {
  let server: TestServer;
  let owner: TestUser;
  let workspace: TestWorkspace;
  let project: TestProject;
  beforeAll(async () => {
    server = await createTestServer({ env: { TRELLIS_ROLE: 'server' } });
    owner = await buildUser(server);
    workspace = await buildWorkspace(server, owner);
    project = await buildProject(server, workspace, owner);
  });
  afterAll(async () => server?.close());

  test('serves REST and /live, runs the jobs, and has no collaboration server', async () => {
    expect(await status(server, '/api/instances/')).toBe(200);
    expect(await status(server, '/live/')).toBe(426);
    expect(await status(server, '/collab')).toBe(404);
    expect(server.app.ctx.collab).toBeUndefined();
    expect(server.app.ctx.maintenance).toBeDefined();
  });

  test('a REST rename and description change reach the stored document: html, title and version as with collab', async () => {
    const base = `/api/workspaces/${workspace.slug}/projects/${project.id}/pages`;
    const created = await server.inject({ method: 'POST', url: `${base}/`, headers: owner.headers, payload: { name: 'Draft', description_html: '<p>one</p>' } });
    expect(created.statusCode).toBe(201);
    const pageId = created.json().id as string;
    const patched = await server.inject({ method: 'PATCH', url: `${base}/${pageId}/description/`, headers: owner.headers, payload: { description_html: '<p>one</p><p>two</p>' } });
    expect(patched.statusCode).toBe(200);
    const renamed = await server.inject({ method: 'PATCH', url: `${base}/${pageId}/`, headers: owner.headers, payload: { name: 'Final' } });
    expect(renamed.statusCode).toBe(200);

    const detail = await server.inject({ method: 'GET', url: `${base}/${pageId}/`, headers: owner.headers });
    expect(detail.json()).toMatchObject({ name: 'Final', description_html: '<p>one</p><p>two</p>' });
    const doc = new Y.Doc();
    Y.applyUpdate(doc, (await loadStoredState(server.database.db, pageId))!);
    expect(readTitle(doc)).toBe('Final');
    const versions = await server.inject({ method: 'GET', url: `${base}/${pageId}/versions/`, headers: owner.headers });
    expect(versions.json()).toHaveLength(1);
  });
});

describe('TRELLIS_ROLE=collab', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ env: { TRELLIS_ROLE: 'collab' } });
  });
  afterAll(async () => server?.close());

  test('serves /collab and the operator probes only, and runs no jobs', async () => {
    expect(await status(server, '/collab')).toBe(426);
    expect(await status(server, '/healthz')).toBe(200);
    expect(await status(server, '/readyz')).toBe(200);
    expect(await status(server, '/api/instances/')).toBe(404);
    expect(await status(server, '/live/')).toBe(404);
    expect(server.app.ctx.maintenance).toBeUndefined();
  });
});
