// Webhook delivery end to end on one server, with a real HTTP receiver on loopback: the documented
// body, headers and signature; 5xx retried with backoff and every attempt logged; other 4xx logged
// once; deactivation after the 5th failed retry; redeliver; targets re-checked at send time.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { webhooks } from '../../../db/schema/index';
import { createTestServer, type TestServer } from '../../../tests/support/server';
import { until } from '../../../tests/support/until';
import { buildWorld, type World } from '../../../tests/support/world';
import { signWebhookBody } from './webhook-delivery';
import { checkOutboundUrl as checkWebhookUrl, guardedLookup, isReservedAddress } from '../../outbound/guard';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A loopback receiver answering each request with the next status of `script` (then the last one). */
async function startReceiver(): Promise<{ url: string; received: Received[]; script: number[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const script: number[] = [200];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = script.length > 1 ? script.shift()! : script[0];
      res.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, script, close: () => new Promise((resolve) => server.close(() => resolve())) };
}


describe('webhook delivery', () => {
  let server: TestServer;
  let world: World;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    server = await createTestServer({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_BASE_MS: '50' } });
    world = await buildWorld(server);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  let n = 0;
  const createHook = async (toggles: Record<string, boolean>) => {
    const response = await server.inject({ method: 'POST', url: `/api/workspaces/${world.workspace.slug}/webhooks/`, headers: world.admin.headers, payload: { url: `${receiver.url}/hook-${++n}`, ...toggles } });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; secret_key: string; url: string };
  };
  const createIssue = async (name: string) => {
    const response = await server.inject({ method: 'POST', url: `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}/issues/`, headers: world.admin.headers, payload: { name } });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string };
  };
  const logs = async (hookId: string) => {
    const response = await server.inject({ method: 'GET', url: `/api/workspaces/${world.workspace.slug}/webhook-logs/${hookId}/`, headers: world.admin.headers });
    expect(response.statusCode).toBe(200);
    return response.json() as Array<{ id: string; response_status: string | null; retry_count: number; delivery_id: string; duration_ms: number; request_body: string; response_body: string; event_type: string }>;
  };
  const hookState = async (hookId: string) => (await server.inject({ method: 'GET', url: `/api/workspaces/${world.workspace.slug}/webhooks/${hookId}/`, headers: world.admin.headers })).json();

  test('a change is delivered with the documented body, headers and signature; 500 twice then 200 → three attempts logged', async () => {
    const hook = await createHook({ issue: true });
    receiver.script.splice(0, receiver.script.length, 500, 500, 200);
    const before = receiver.received.length;
    const issue = await createIssue('Ship webhooks');
    const attempts = await until(() => logs(hook.id), (rows) => rows.length >= 3);
    expect(attempts.map((a) => [a.retry_count, a.response_status]).sort()).toEqual([
      [0, '500'],
      [1, '500'],
      [2, '200'],
    ]);
    expect(new Set(attempts.map((a) => a.delivery_id)).size).toBe(1);
    expect(attempts.every((a) => a.duration_ms >= 0 && a.event_type === 'issue')).toBe(true);
    expect(attempts.find((a) => a.retry_count === 2)!.response_body).toBe('answer 200');
    const sent = receiver.received.slice(before);
    expect(sent).toHaveLength(3);
    for (const [index, request] of sent.entries()) {
      expect(request.headers['x-trellis-event']).toBe('issue');
      expect(request.headers['x-trellis-delivery']).toBe(attempts[0].delivery_id);
      expect(request.headers['x-trellis-attempt']).toBe(String(index + 1));
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['x-trellis-signature']).toBe(signWebhookBody(hook.secret_key, request.body));
      const body = JSON.parse(request.body);
      expect(body).toMatchObject({ event: 'issue', action: 'created', webhook_id: hook.id, workspace_id: world.workspace.id, data: { id: issue.id, name: 'Ship webhooks' } });
      expect(body.activity).toMatchObject({ actor: { id: world.admin.id } });
    }
    expect((await hookState(hook.id)).is_active).toBe(true);
    await server.inject({ method: 'DELETE', url: `/api/workspaces/${world.workspace.slug}/webhooks/${hook.id}/`, headers: world.admin.headers });
  });

  test('a create is one delivery with activity.field null; an update is one delivery per changed field with its old and new values', async () => {
    const hook = await createHook({ issue: true });
    receiver.script.splice(0, receiver.script.length, 200);
    const states = (await server.inject({ method: 'GET', url: `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}/states/`, headers: world.admin.headers })).json() as Array<{ id: string; name: string }>;
    const received = () => receiver.received.filter((request) => request.headers['x-trellis-signature'] === signWebhookBody(hook.secret_key, request.body)).map((request) => JSON.parse(request.body));
    const issue = await createIssue('Fan out');
    const actor = { id: world.admin.id, first_name: 'Ada', display_name: 'ada', is_bot: false };
    const [created] = await until(async () => received(), (bodies) => bodies.length >= 1);
    expect(created).toMatchObject({ event: 'issue', action: 'created', data: { id: issue.id } });
    expect(created.activity).toMatchObject({ field: null, old_value: null, new_value: null, old_identifier: null, new_identifier: null, actor });
    expect(Object.keys(created.activity.actor).sort()).toEqual(['avatar', 'avatar_url', 'display_name', 'first_name', 'id', 'is_bot', 'last_name']);

    const patch = await server.inject({ method: 'PATCH', url: `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}/issues/${issue.id}/`, headers: world.admin.headers, payload: { name: 'Fanned out', priority: 'high' } });
    expect(patch.statusCode).toBe(200);
    const updates = (await until(async () => received(), (bodies) => bodies.length >= 3)).slice(1);
    expect(updates).toHaveLength(2);
    const byField = Object.fromEntries(updates.map((body) => [body.activity.field, body]));
    expect(Object.keys(byField).sort()).toEqual(['name', 'priority']);
    expect(byField.name.activity).toMatchObject({ old_value: 'Fan out', new_value: 'Fanned out', actor });
    expect(byField.priority.activity).toMatchObject({ old_value: 'none', new_value: 'high', actor });
    for (const body of updates) expect(body).toMatchObject({ action: 'updated', data: { id: issue.id, name: 'Fanned out', priority: 'high' } });

    const from = (await server.inject({ method: 'GET', url: `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}/issues/${issue.id}/`, headers: world.admin.headers })).json().state_id as string;
    const to = states.find((state) => state.id !== from)!;
    const move = await server.inject({ method: 'PATCH', url: `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}/issues/${issue.id}/`, headers: world.admin.headers, payload: { state_id: to.id } });
    expect(move.statusCode).toBe(200);
    const [stateChange] = (await until(async () => received(), (bodies) => bodies.length >= 4)).slice(3);
    expect(stateChange.activity).toMatchObject({ field: 'state', old_identifier: from, new_identifier: to.id, old_value: states.find((state) => state.id === from)!.name, new_value: to.name });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received()).toHaveLength(4);
    await server.inject({ method: 'DELETE', url: `/api/workspaces/${world.workspace.slug}/webhooks/${hook.id}/`, headers: world.admin.headers });
  });

  test('a project update without history rows still fans out per sent field that changed, with the wire values', async () => {
    const hook = await createHook({ project: true });
    receiver.script.splice(0, receiver.script.length, 200);
    const received = () => receiver.received.filter((request) => request.headers['x-trellis-signature'] === signWebhookBody(hook.secret_key, request.body)).map((request) => JSON.parse(request.body));
    const before = (await server.inject({ method: 'GET', url: `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}/`, headers: world.admin.headers })).json();
    const patch = await server.inject({ method: 'PATCH', url: `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}/`, headers: world.admin.headers, payload: { name: 'Renamed project', description: before.description, module_view: false } });
    expect(patch.statusCode).toBe(200);
    const bodies = await until(async () => received(), (rows) => rows.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received()).toHaveLength(2);
    const byField = Object.fromEntries(bodies.map((body) => [body.activity.field, body.activity]));
    expect(byField).toMatchObject({ name: { old_value: before.name, new_value: 'Renamed project' }, module_view: { old_value: true, new_value: false } });
    await server.inject({ method: 'DELETE', url: `/api/workspaces/${world.workspace.slug}/webhooks/${hook.id}/`, headers: world.admin.headers });
  });

  test('a 4xx other than 429 is logged once and not retried; the webhook stays active; redeliver sends it again', async () => {
    const hook = await createHook({ issue: true });
    receiver.script.splice(0, receiver.script.length, 410, 200);
    await createIssue('Gone');
    const [first] = await until(() => logs(hook.id), (rows) => rows.length >= 1);
    expect(first.response_status).toBe('410');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await logs(hook.id)).toHaveLength(1);
    expect((await hookState(hook.id)).is_active).toBe(true);
    const redeliver = await server.inject({ method: 'POST', url: `/api/workspaces/${world.workspace.slug}/webhook-logs/${hook.id}/${first.id}/redeliver/`, headers: world.admin.headers });
    expect(redeliver.statusCode).toBe(202);
    const after = await until(() => logs(hook.id), (rows) => rows.length >= 2);
    const again = after.find((row) => row.id !== first.id)!;
    expect(again).toMatchObject({ response_status: '200', request_body: first.request_body });
    expect(again.delivery_id).not.toBe(first.delivery_id);
    await server.inject({ method: 'DELETE', url: `/api/workspaces/${world.workspace.slug}/webhooks/${hook.id}/`, headers: world.admin.headers });
  });

  test('429 and network errors are retried like 5xx', async () => {
    const hook = await createHook({ issue: true });
    receiver.script.splice(0, receiver.script.length, 429, 200);
    await createIssue('Slow down');
    const attempts = await until(() => logs(hook.id), (rows) => rows.length >= 2);
    expect(attempts.map((a) => [a.retry_count, a.response_status]).sort()).toEqual([
      [0, '429'],
      [1, '200'],
    ]);
    await server.inject({ method: 'DELETE', url: `/api/workspaces/${world.workspace.slug}/webhooks/${hook.id}/`, headers: world.admin.headers });
    // Nothing listens on this port: connection refused, retried until the webhook is deactivated.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await server.inject({ method: 'POST', url: `/api/workspaces/${world.workspace.slug}/webhooks/`, headers: world.admin.headers, payload: { url: `http://127.0.0.1:${port}/gone`, issue: true } });
    expect(refused.statusCode).toBe(201);
    await createIssue('Nobody home');
    const failures = await until(() => logs(refused.json().id), (rows) => rows.length >= 6);
    expect(failures.every((a) => a.response_status === null)).toBe(true);
    expect(failures.map((a) => a.retry_count).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    await until(() => hookState(refused.json().id), (state) => state.is_active === false);
  });

  test('after the 5th failed retry the webhook is deactivated; toggles decide which changes are sent', async () => {
    const hook = await createHook({ issue: true });
    const quiet = await createHook({ project: true });
    receiver.script.splice(0, receiver.script.length, 503);
    await createIssue('Never lands');
    const attempts = await until(() => logs(hook.id), (rows) => rows.length >= 6);
    expect(attempts.map((a) => a.retry_count).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(attempts.every((a) => a.response_status === '503')).toBe(true);
    await until(() => hookState(hook.id), (state) => state.is_active === false);
    // An issue change is not a project event.
    expect(await logs(quiet.id)).toEqual([]);
    receiver.script.splice(0, receiver.script.length, 200);
    await createIssue('After deactivation');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await logs(hook.id)).toHaveLength(6);
  });
});

describe('webhook targets re-checked at delivery', () => {
  // Only a name is allowed here: the receiver's loopback address is not. A webhook saved while its
  // target was acceptable (the name then answered a public address, or the address was allowed)
  // must not reach loopback at delivery time: logged once as refused, not retried, nothing sent.
  let server: TestServer;
  let world: World;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    server = await createTestServer({ env: { WEBHOOK_ALLOWED_HOSTS: 'hooks.internal', WEBHOOK_RETRY_BASE_MS: '50' } });
    world = await buildWorld(server);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  const port = () => new URL(receiver.url).port;
  for (const [label, target] of [
    ['a name whose DNS answer is now loopback', () => `http://localhost:${port()}/rebound`],
    ['an address no longer allowed', () => `http://127.0.0.1:${port()}/literal`],
  ] as const) {
    test(label, async () => {
      const created = await server.inject({ method: 'POST', url: `/api/workspaces/${world.workspace.slug}/webhooks/`, headers: world.admin.headers, payload: { url: `http://hooks.internal/${label.length}`, issue: true } });
      expect(created.statusCode).toBe(201);
      const hookId = created.json().id as string;
      // What the saved URL points at by delivery time (a DNS change, or WEBHOOK_ALLOWED_HOSTS narrowed).
      await server.database.db.update(webhooks).set({ url: target() }).where(eq(webhooks.id, hookId));
      const before = receiver.received.length;
      const issue = await server.inject({ method: 'POST', url: `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}/issues/`, headers: world.admin.headers, payload: { name: label } });
      expect(issue.statusCode).toBe(201);
      const logs = async () => (await server.inject({ method: 'GET', url: `/api/workspaces/${world.workspace.slug}/webhook-logs/${hookId}/`, headers: world.admin.headers })).json() as Array<{ response_status: string | null; response_body: string }>;
      const [attempt] = await until(logs, (rows) => rows.length >= 1);
      expect(attempt.response_status).toBeNull();
      expect(attempt.response_body).toContain('Invalid or disallowed webhook URL.');
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await logs()).toHaveLength(1);
      expect(receiver.received.length).toBe(before);
      await server.inject({ method: 'DELETE', url: `/api/workspaces/${world.workspace.slug}/webhooks/${hookId}/`, headers: world.admin.headers });
    });
  }
});

describe('webhook targets', () => {
  test('reserved addresses', () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::127.0.0.1', '::ffff:7f00:1', '::ffff:0:7f00:1', '::ffff:0:127.0.0.1', '::a00:1', '0:0:0:0:0:ffff:a9fe:a9fe']) {
      expect(isReservedAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '::ffff:808:808', '64:ff9c::1']) expect(isReservedAddress(address), address).toBe(false);
  });

  test('a name that resolves to a private address is refused, unless the name or the address is allowed', async () => {
    const rebinding = async () => ['93.184.216.34', '10.0.0.5'];
    await expect(checkWebhookUrl('https://hooks.example.com/x', [], rebinding)).rejects.toThrow('Invalid or disallowed webhook URL.');
    await expect(checkWebhookUrl('https://hooks.example.com/x', ['hooks.example.com'], rebinding)).resolves.toBeInstanceOf(URL);
    await expect(checkWebhookUrl('https://hooks.example.com/x', ['10.0.0.5'], rebinding)).resolves.toBeInstanceOf(URL);
    await expect(checkWebhookUrl('https://hooks.example.com/x', [], async () => ['93.184.216.34'])).resolves.toBeInstanceOf(URL);
  });

  test('at send time the lookup refuses a private answer (the address connected to is the one checked)', async () => {
    const lookup = guardedLookup([]);
    const result = await new Promise<{ error: Error | null; address: string }>((resolve) =>
      lookup('localhost', {}, (error, address) => resolve({ error, address: String(address) })),
    );
    expect(result.error?.message).toMatch(/disallowed/);
    const allowed = await new Promise<{ error: Error | null; address: string }>((resolve) =>
      guardedLookup(['localhost'])('localhost', {}, (error, address) => resolve({ error, address: String(address) })),
    );
    expect(allowed.error).toBeNull();
  });
});
