import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiTokens } from '../../db/schema/index';
import { hashSecret } from '../security';
import { useWorld } from '../../tests/support/world';

describe('API tokens', () => {
  const world = useWorld({ env: { RATE_LIMIT_API_KEY_PER_MIN: '3' } });

  const base = () => `/api/workspaces/${world.workspace.slug}/api-tokens/`;
  const createToken = async (payload: Record<string, unknown> = { label: 'ci' }) => {
    const response = await world.server.inject({ method: 'POST', url: base(), headers: world.member.headers, payload });
    expect(response.statusCode).toBe(201);
    return response.json();
  };
  const asKey = (key: string, url: string) => world.server.inject({ method: 'GET', url, headers: { 'x-api-key': key } });

  test('create returns the secret once; list and get never do', async () => {
    const token = await createToken({ label: 'deploy', description: 'ci runner' });
    expect(token.token).toMatch(/^trl_api_[0-9a-f]{32}$/);
    expect(token).toMatchObject({ label: 'deploy', description: 'ci runner', is_active: true, workspace: world.workspace.id, user: world.member.id });
    const [row] = await world.server.database.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row.tokenHash).toBe(hashSecret(token.token));
    const list = (await world.server.inject({ method: 'GET', url: base(), headers: world.member.headers })).json();
    expect(list.map((t: { id: string }) => t.id)).toContain(token.id);
    expect(list.every((t: object) => !('token' in t))).toBe(true);
    const one = await world.server.inject({ method: 'GET', url: `${base()}${token.id}/`, headers: world.member.headers });
    expect(one.json()).toMatchObject({ id: token.id, label: 'deploy' });
    expect(one.json()).not.toHaveProperty('token');
    // Tokens are personal: the admin neither sees nor revokes the member's.
    expect((await world.server.inject({ method: 'GET', url: base(), headers: world.admin.headers })).json()).toEqual([]);
    expect((await world.server.inject({ method: 'DELETE', url: `${base()}${token.id}/`, headers: world.admin.headers })).statusCode).toBe(404);
  });

  test('label is required; guests and outsiders are refused', async () => {
    const missing = await world.server.inject({ method: 'POST', url: base(), headers: world.member.headers, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty('label');
    expect((await world.server.inject({ method: 'POST', url: base(), headers: world.guest.headers, payload: { label: 'x' } })).statusCode).toBe(403);
    expect((await world.server.inject({ method: 'GET', url: base(), headers: world.outsider.headers })).statusCode).toBe(403);
  });

  test('a key works on its workspace and /users/me, not elsewhere, and needs no CSRF', async () => {
    const { token } = await createToken();
    expect((await asKey(token, `/api/workspaces/${world.workspace.slug}/members/`)).statusCode).toBe(200);
    const me = await asKey(token, '/api/users/me/');
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(world.member.id);
    const other = await asKey(token, `/api/workspaces/${world.otherWorkspace.slug}/members/`);
    expect(other.statusCode).toBe(403);
  });

  test('revoked, expired and garbage keys get 401', async () => {
    const revoked = await createToken();
    expect((await world.server.inject({ method: 'DELETE', url: `${base()}${revoked.id}/`, headers: world.member.headers })).statusCode).toBe(204);
    expect((await asKey(revoked.token, '/api/users/me/')).statusCode).toBe(401);
    expect((await world.server.inject({ method: 'GET', url: `${base()}${revoked.id}/`, headers: world.member.headers })).statusCode).toBe(404);

    const expired = await createToken({ label: 'old', expired_at: '2020-01-01T00:00:00Z' });
    expect(expired.is_active).toBe(false);
    expect((await asKey(expired.token, '/api/users/me/')).statusCode).toBe(401);
    const garbage = await asKey('trl_api_00000000000000000000000000000000', '/api/users/me/');
    expect(garbage.statusCode).toBe(401);
  });

  test('past the per-token limit a key gets 429 with code 5900', async () => {
    const { token } = await createToken();
    for (let i = 0; i < 3; i++) expect((await asKey(token, '/api/users/me/')).statusCode).toBe(200);
    const limited = await asKey(token, '/api/users/me/');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error_code: 5900, error_message: 'RATE_LIMIT_EXCEEDED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});
