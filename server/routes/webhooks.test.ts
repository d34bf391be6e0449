// Webhook routes (API.md "Webhooks", reference §10): the secret only on create and regenerate, URL
// rules (scheme, local and private targets unless allowed, duplicates), admin only, 404s.
import { describe, expect, test } from 'vitest';
import { useWorld } from '../../tests/support/world';

describe('webhooks', () => {
  // 127.0.0.2 is allowed (a test receiver); every other private address is refused.
  const world = useWorld({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.2, hooks.internal' } });

  const base = () => `/api/workspaces/${world.workspace.slug}/webhooks/`;
  const post = (payload: Record<string, unknown>, headers = world.admin.headers) => world.server.inject({ method: 'POST', url: base(), headers, payload });
  let n = 0;
  const create = async (extra: Record<string, unknown> = {}) => {
    const response = await post({ url: `http://127.0.0.2:9/hook-${++n}`, ...extra });
    expect(response.statusCode).toBe(201);
    return response.json();
  };

  test('create answers the secret once; list and detail never do', async () => {
    const hook = await create({ issue: true, cycle: true });
    expect(hook.secret_key).toMatch(/^trl_wh_[0-9a-f]{32}$/);
    expect(hook).toMatchObject({ is_active: true, project: false, issue: true, cycle: true, module: false, issue_comment: false, workspace: world.workspace.id, created_by: world.admin.id });
    const list = (await world.server.inject({ method: 'GET', url: base(), headers: world.admin.headers })).json();
    expect(list.map((h: { id: string }) => h.id)).toContain(hook.id);
    expect(list.every((h: object) => !('secret_key' in h))).toBe(true);
    const one = await world.server.inject({ method: 'GET', url: `${base()}${hook.id}/`, headers: world.admin.headers });
    expect(one.statusCode).toBe(200);
    expect(one.json()).not.toHaveProperty('secret_key');
    expect(one.json()).toMatchObject({ id: hook.id, url: hook.url });
  });

  test('regenerate answers a new secret; PATCH changes toggles and never the secret', async () => {
    const hook = await create();
    const regenerated = await world.server.inject({ method: 'POST', url: `${base()}${hook.id}/regenerate/`, headers: world.admin.headers });
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.json().secret_key).toMatch(/^trl_wh_[0-9a-f]{32}$/);
    expect(regenerated.json().secret_key).not.toBe(hook.secret_key);
    const patched = await world.server.inject({ method: 'PATCH', url: `${base()}${hook.id}/`, headers: world.admin.headers, payload: { project: true, is_active: false, secret_key: 'trl_wh_mine' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ project: true, is_active: false });
    expect(patched.json()).not.toHaveProperty('secret_key');
  });

  test('only http(s); local and private targets refused unless WEBHOOK_ALLOWED_HOSTS lists them', async () => {
    const cases: Array<[string, string]> = [
      ['ftp://example.com/hook', 'Invalid schema. Only HTTP and HTTPS are allowed.'],
      ['javascript:alert(1)', 'Invalid schema. Only HTTP and HTTPS are allowed.'],
      ['not a url', 'Invalid URL.'],
      ['http://localhost:3000/hook', 'Local URLs are not allowed.'],
      ['http://127.0.0.1/hook', 'Local URLs are not allowed.'],
      ['http://[::1]/hook', 'Local URLs are not allowed.'],
      ['http://10.1.2.3/hook', 'Invalid or disallowed webhook URL.'],
      ['http://192.168.0.10/hook', 'Invalid or disallowed webhook URL.'],
      ['http://169.254.169.254/latest/meta-data', 'Invalid or disallowed webhook URL.'],
      ['http://[::ffff:10.0.0.1]/hook', 'Invalid or disallowed webhook URL.'],
      // IPv4 inside IPv6 in the spellings that slipped before issue #24 (::/96 and ::ffff:0:0:0/96).
      ['http://[::127.0.0.1]/hook', 'Invalid or disallowed webhook URL.'],
      ['http://[::ffff:0:7f00:1]/hook', 'Invalid or disallowed webhook URL.'],
      ['http://does-not-resolve.invalid/hook', 'Invalid or disallowed webhook URL.'],
    ];
    for (const [url, message] of cases) {
      const response = await post({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ url: [message] });
    }
    // A listed name is allowed without resolving it; a listed address is allowed.
    expect((await post({ url: 'http://hooks.internal/x' })).statusCode).toBe(201);
    expect((await post({ url: 'https://127.0.0.2/x' })).statusCode).toBe(201);
    // PATCH checks the URL again.
    const hook = await create();
    const bad = await world.server.inject({ method: 'PATCH', url: `${base()}${hook.id}/`, headers: world.admin.headers, payload: { url: 'http://10.0.0.1/' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ url: ['Invalid or disallowed webhook URL.'] });
  });

  test('a URL already used in the workspace is 409, on create and on PATCH; another workspace may use it', async () => {
    const first = await create();
    const duplicate = await post({ url: first.url });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: 'URL already exists for the workspace' });
    const second = await create();
    const patch = await world.server.inject({ method: 'PATCH', url: `${base()}${second.id}/`, headers: world.admin.headers, payload: { url: first.url } });
    expect(patch.statusCode).toBe(409);
    // Saving its own URL again is fine; a deleted webhook frees its URL.
    expect((await world.server.inject({ method: 'PATCH', url: `${base()}${second.id}/`, headers: world.admin.headers, payload: { url: second.url } })).statusCode).toBe(200);
    expect((await world.server.inject({ method: 'DELETE', url: `${base()}${first.id}/`, headers: world.admin.headers })).statusCode).toBe(204);
    expect((await post({ url: first.url })).statusCode).toBe(201);
    const other = await post({ url: first.url }, world.outsider.headers);
    expect(other.statusCode).toBe(403);
    const elsewhere = await world.server.inject({ method: 'POST', url: `/api/workspaces/${world.otherWorkspace.slug}/webhooks/`, headers: world.outsider.headers, payload: { url: first.url } });
    expect(elsewhere.statusCode).toBe(201);
  });

  test('workspace admins only; unknown, deleted and foreign ids are 404', async () => {
    for (const caller of [world.member, world.guest]) {
      expect((await world.server.inject({ method: 'GET', url: base(), headers: caller.headers })).statusCode).toBe(403);
      expect((await post({ url: 'http://127.0.0.2/x' }, caller.headers)).statusCode).toBe(403);
    }
    expect((await world.server.inject({ method: 'GET', url: base() })).statusCode).toBe(401);
    const hook = await create();
    expect((await world.server.inject({ method: 'DELETE', url: `${base()}${hook.id}/`, headers: world.admin.headers })).statusCode).toBe(204);
    for (const url of [`${base()}${hook.id}/`, `${base()}00000000-0000-4000-8000-000000000000/`, `${base()}not-a-uuid/`]) {
      expect((await world.server.inject({ method: 'GET', url, headers: world.admin.headers })).statusCode, url).toBe(404);
    }
    expect((await world.server.inject({ method: 'POST', url: `${base()}${hook.id}/regenerate/`, headers: world.admin.headers })).statusCode).toBe(404);
    expect((await world.server.inject({ method: 'GET', url: `/api/workspaces/${world.workspace.slug}/webhook-logs/${hook.id}/`, headers: world.admin.headers })).statusCode).toBe(404);
    const foreign = await world.server.inject({ method: 'POST', url: `/api/workspaces/${world.otherWorkspace.slug}/webhooks/`, headers: world.outsider.headers, payload: { url: 'http://127.0.0.2/foreign' } });
    expect((await world.server.inject({ method: 'GET', url: `${base()}${foreign.json().id}/`, headers: world.admin.headers })).statusCode).toBe(404);
    const missingLog = `/api/workspaces/${world.workspace.slug}/webhook-logs/${foreign.json().id}/00000000-0000-4000-8000-000000000000/redeliver/`;
    expect((await world.server.inject({ method: 'POST', url: missingLog, headers: world.admin.headers })).statusCode).toBe(404);
  });

  test('bad bodies are 400 with the field named', async () => {
    expect((await post({})).json()).toHaveProperty('url');
    expect((await post({ url: 'http://127.0.0.2/y', issue: 'yes' })).statusCode).toBe(400);
    expect((await post({ url: `http://127.0.0.2/${'x'.repeat(3000)}` })).statusCode).toBe(400);
  });
});
