// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError, http, resetCsrfToken } from './http';

type Call = { url: string; init: RequestInit };

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let calls: Call[];
let answers: Array<(call: Call) => Response>;

beforeEach(() => {
  resetCsrfToken();
  calls = [];
  answers = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    const call = { url, init };
    calls.push(call);
    if (url === '/auth/get-csrf-token/') return json(200, { csrf_token: `tok-${calls.length}` });
    const answer = answers.shift();
    return answer ? answer(call) : json(200, {});
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const header = (call: Call, name: string) => new Headers(call.init.headers).get(name);

describe('http', () => {
  test('GET sends no CSRF token and same-origin credentials', async () => {
    answers.push(() => json(200, [{ id: 'w1' }]));
    await expect(http.get('/api/users/me/workspaces/', { search: 'a b' })).resolves.toEqual([{ id: 'w1' }]);
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/users/me/workspaces/?search=a+b');
    expect(calls[0].init.credentials).toBe('same-origin');
    expect(header(calls[0], 'X-CSRFToken')).toBeNull();
  });

  test('unsafe methods fetch the CSRF token once and send it with a JSON body', async () => {
    answers.push(() => json(200, { ok: 1 }), () => new Response(null, { status: 204 }));
    await http.post('/api/workspaces/', { name: 'Acme' }, { mutationId: 'm-1' });
    await expect(http.delete('/api/workspaces/acme/members/1/')).resolves.toBeUndefined();
    const csrfCalls = calls.filter((call) => call.url === '/auth/get-csrf-token/');
    expect(csrfCalls).toHaveLength(1);
    const [post, del] = calls.filter((call) => call.url !== '/auth/get-csrf-token/');
    expect(header(post, 'X-CSRFToken')).toBe('tok-1');
    expect(header(post, 'Content-Type')).toBe('application/json');
    expect(header(post, 'X-Client-Mutation-Id')).toBe('m-1');
    expect(post.init.body).toBe(JSON.stringify({ name: 'Acme' }));
    expect(header(del, 'X-CSRFToken')).toBe('tok-1');
  });

  test('non-2xx answers throw ApiError with status and body', async () => {
    answers.push(() => json(400, { error_code: 5065, error_message: 'AUTHENTICATION_FAILED_SIGN_IN' }));
    const error = (await http.post('/auth/sign-in/', { email: 'a@x.io', password: 'x' }).catch((thrown: unknown) => thrown)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ error_code: 5065, error_message: 'AUTHENTICATION_FAILED_SIGN_IN' });
  });

  test('a CSRF failure refetches the token and retries once', async () => {
    answers.push(() => json(403, { error: 'CSRF token missing or incorrect' }), () => json(200, { done: true }));
    await expect(http.patch('/api/users/me/', { first_name: 'A' })).resolves.toEqual({ done: true });
    const sent = calls.filter((call) => call.url === '/api/users/me/');
    expect(sent).toHaveLength(2);
    expect(header(sent[0], 'X-CSRFToken')).not.toBe(header(sent[1], 'X-CSRFToken'));
  });
});
