// /api/v1's foundation, driven by plain HTTP and Plane's Node SDK: API-key auth (any header case,
// expiry, workspace), the per-key rate limit with its headers, Plane's list envelope and cursor
// pagination, and JSON 4xx errors for bad input.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PlaneClient } from '@makeplane/plane-node-sdk';
import { createApiKey, startPublicApiWorld, statusOf, type PublicApiWorld } from './support';

describe('/api/v1 foundation', () => {
  let t: PublicApiWorld;
  beforeAll(async () => {
    t = await startPublicApiWorld({ RATE_LIMIT_API_KEY_PER_MIN: '40' });
  });
  afterAll(async () => t?.server.close());

  const get = (url: string, headers: Record<string, string> = {}) => fetch(`${t.baseUrl}${url}`, { headers });

  test('users/me answers the key owner, whatever the case of the header name', async () => {
    for (const name of ['X-API-Key', 'x-api-key', 'X-Api-Key', 'X-API-KEY']) {
      const response = await get('/api/v1/users/me/', { [name]: t.memberKey });
      expect(response.status).toBe(200);
      expect((await response.json()).id).toBe(t.world.member.id);
    }
    const me = await t.plane.users.me();
    expect(me).toMatchObject({ id: t.world.member.id, email: t.world.member.email });
  });

  test('no key, a bad key, an expired key and a session cookie all get 401 with a JSON body', async () => {
    const url = `/api/v1/workspaces/${t.world.workspace.slug}/projects/`;
    for (const headers of [{}, { 'x-api-key': 'trl_api_00000000000000000000000000000000' }, t.world.member.headers]) {
      const response = await get(url, headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toHaveProperty('detail');
    }
    const expired = await createApiKey(t.server, t.world, t.world.member, { label: 'old', expired_at: '2020-01-01T00:00:00Z' });
    expect((await get(url, { 'x-api-key': expired })).status).toBe(401);
    expect(await statusOf(new PlaneClient({ baseUrl: t.baseUrl, apiKey: 'nope' }).users.me())).toBe(401);
  });

  test('a key reaches only its own workspace, with the roles of its user', async () => {
    expect(await statusOf(t.plane.projects.list(t.world.otherWorkspace.slug))).toBe(403);
    // The outsider's key belongs to their workspace: ours answers 403, theirs 200.
    const guestKey = await createApiKey(t.server, t.world, t.world.admin, { label: 'admin' });
    const asAdmin = new PlaneClient({ baseUrl: t.baseUrl, apiKey: guestKey });
    expect((await asAdmin.projects.list(t.world.workspace.slug)).results.map((p) => p.id)).toContain(t.world.project.id);
    // A member may not create states (project admins only), as in the app API.
    const refused = await statusOf(t.plane.states.create(t.world.workspace.slug, t.world.project.id, { name: 'Review', color: '#112233', group: 'started' } as never));
    expect(refused).toBe(403);
  });

  test('rate limit: remaining and reset headers, then 429', async () => {
    const key = await createApiKey(t.server, t.world, t.world.member, { label: 'limited' });
    const first = await get('/api/v1/users/me/', { 'x-api-key': key });
    expect(first.headers.get('x-ratelimit-remaining')).toBe('39');
    const reset = Number(first.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThan(Date.now() / 1000 - 1);
    let last = first;
    for (let i = 0; i < 40 && last.status !== 429; i++) last = await get('/api/v1/users/me/', { 'x-api-key': key });
    expect(last.status).toBe(429);
    expect(last.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(await last.json()).toMatchObject({ error_code: 5900 });
  });

  test('lists answer in Plane envelope and page with the cursor', async () => {
    const slug = t.world.workspace.slug;
    const first = await t.plane.states.list(slug, t.world.project.id, { per_page: 2 } as never);
    expect(first).toMatchObject({ count: 2, total_results: 5, total_pages: 3, next_page_results: true, prev_page_results: false, next_cursor: '2:1:0' });
    const seen = [...first.results.map((s) => s.id)];
    let cursor: string | undefined = first.next_cursor;
    let more = first.next_page_results;
    while (more) {
      const page = await t.plane.states.list(slug, t.world.project.id, { per_page: 2, cursor } as never);
      seen.push(...page.results.map((s) => s.id));
      cursor = page.next_cursor;
      more = page.next_page_results!;
    }
    const app = (await t.appGet(`/api/workspaces/${slug}/projects/${t.world.project.id}/states/`)) as Array<{ id: string }>;
    expect(seen).toEqual(app.map((s) => s.id));
  });

  test('the OpenAPI 3.1 document lists every /api/v1 route, with the schemas the routes validate with', async () => {
    const response = await get('/api/v1/schema/');
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { openapi: string; paths: Record<string, Record<string, any>>; components: any };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.ApiKeyAuth).toEqual({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    const registered = t.routes.filter((route) => route.url.startsWith('/api/v1/') && route.method !== 'HEAD').map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(operations.sort()).toEqual(registered.sort());
    const create = doc.paths['/api/v1/workspaces/{slug}/projects/{projectId}/work-items/'].post;
    expect(create.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(['path:slug', 'path:projectId']);
    const body = create.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['name']);
    expect(body.properties.priority.enum).toEqual(['urgent', 'high', 'medium', 'low', 'none']);
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['state', 'labels', 'assignees', 'parent', 'start_date', 'target_date']));
    const list = doc.paths['/api/v1/workspaces/{slug}/projects/{projectId}/work-items/'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['per_page', 'cursor', 'order_by', 'expand', 'fields']));
    expect(Object.keys(list.responses['200'].content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['results', 'next_cursor', 'prev_cursor', 'next_page_results', 'prev_page_results', 'count', 'total_pages', 'total_results']),
    );
  });

  test('bad input answers 4xx JSON, never 500', async () => {
    const slug = t.world.workspace.slug;
    const key = { 'x-api-key': t.memberKey, 'content-type': 'application/json' };
    const base = `${t.baseUrl}/api/v1/workspaces/${slug}/projects/${t.world.project.id}`;
    const cases: Array<[string, RequestInit]> = [
      [`${base}/work-items/?per_page=abc`, { headers: key }],
      [`${base}/work-items/?cursor=garbage`, { headers: key }],
      [`${base}/work-items/?order_by=nonsense`, { headers: key }],
      [`${base}/work-items/`, { method: 'POST', headers: key, body: '{"name": ' }],
      [`${base}/work-items/`, { method: 'POST', headers: key, body: JSON.stringify({ name: '' }) }],
      [`${base}/work-items/`, { method: 'POST', headers: key, body: JSON.stringify({ name: 'x', state: 'not-a-uuid' }) }],
      [`${base}/work-items/`, { method: 'POST', headers: key, body: JSON.stringify({ name: 'x', priority: 'extreme' }) }],
      [`${base}/work-items/not-a-uuid/`, { headers: key }],
      [`${t.baseUrl}/api/v1/workspaces/${slug}/work-items/NOPE-1/`, { headers: key }],
      [`${t.baseUrl}/api/v1/workspaces/${slug}/work-items/garbage/`, { headers: key }],
    ];
    for (const [url, init] of cases) {
      const response = await fetch(url, init);
      expect(response.status, url).toBeGreaterThanOrEqual(400);
      expect(response.status, url).toBeLessThan(500);
      expect(typeof (await response.json()), url).toBe('object');
    }
  });
});
