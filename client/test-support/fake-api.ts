// A fake of the HTTP API for client unit tests: routes `METHOD path` to handlers, records calls,
// and answers the CSRF token request. Not our database: the server is replaced at the fetch edge.
import { vi } from 'vitest';
import { resetCsrfToken } from '../api/http';

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Handler = (call: FakeCall) => { status: number; body?: unknown; headers?: Record<string, string> } | Promise<{ status: number; body?: unknown; headers?: Record<string, string> }>;

export function json(status: number, body?: unknown) {
  return { status, body };
}

/** Installs a fetch stub; unmatched requests answer 404. */
export function installFakeApi() {
  const routes: { method: string; path: string | RegExp; handler: Handler }[] = [];
  const calls: FakeCall[] = [];
  resetCsrfToken();
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    const parsed = new URL(url, 'http://test.local');
    if (parsed.pathname === '/auth/get-csrf-token/') return new Response(JSON.stringify({ csrf_token: 'tok' }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    const call: FakeCall = {
      method: init.method ?? 'GET',
      path: parsed.pathname,
      query: parsed.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const route = routes.find((row) => row.method === call.method && (typeof row.path === 'string' ? row.path === call.path : row.path.test(call.path)));
    const answer = route ? await route.handler(call) : { status: 404, body: { error: 'Page not found.' } };
    const payload = answer.body === undefined ? null : JSON.stringify(answer.body);
    return new Response(answer.status === 204 ? null : payload, { status: answer.status, headers: { 'Content-Type': 'application/json', ...(answer.headers ?? {}) } });
  }));
  return {
    calls,
    on(method: string, path: string | RegExp, handler: Handler) {
      routes.unshift({ method, path, handler });
    },
  };
}
