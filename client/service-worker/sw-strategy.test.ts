// The service worker's answers (sw-strategy.ts) with real Request/Response objects: the network
// stands in as a function that answers or throws (offline), the Cache Storage as a small map of
// caches keyed by URL (Node has no Cache Storage; the Chromium journey covers the browser's own).
import { describe, expect, test } from 'vitest';
import { API_CACHE } from './cache-names';
import { classifyRequest, respond, warmApiCache, type StrategyDeps } from './sw-strategy';

const ORIGIN = 'https://trellis.test';
const SHELL = 'trellis-shell-test';

class MapCache {
  readonly entries = new Map<string, Response>();
  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    const hit = this.entries.get(new URL(typeof request === 'string' ? request : request instanceof URL ? request.href : request.url, ORIGIN).href);
    return hit?.clone();
  }
  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    this.entries.set(new URL(typeof request === 'string' ? request : request instanceof URL ? request.href : request.url, ORIGIN).href, response.clone());
  }
}

class MapCacheStorage {
  readonly caches = new Map<string, MapCache>();
  async open(name: string): Promise<MapCache> {
    if (!this.caches.has(name)) this.caches.set(name, new MapCache());
    return this.caches.get(name)!;
  }
  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }
}

/** The worker's world: `online` decides whether the network answers; `answer` is what the server says. */
function world(answer: (request: Request) => Response) {
  const storage = new MapCacheStorage();
  const sent: string[] = [];
  const state = { online: true };
  const background: Promise<unknown>[] = [];
  const deps: StrategyDeps = {
    caches: storage as unknown as CacheStorage,
    shellCache: SHELL,
    waitUntil: (promise) => void background.push(promise),
    fetch: async (request) => {
      if (!state.online) throw new TypeError('Failed to fetch');
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      return answer(request);
    },
  };
  const get = (path: string, init: RequestInit & { mode?: RequestMode } = {}) => {
    const { mode, ...rest } = init;
    const request = new Request(`${ORIGIN}${path}`, rest);
    // Node's Request cannot be made with mode 'navigate'; the worker only reads it.
    if (mode) Object.defineProperty(request, 'mode', { value: mode });
    const answer = respond(request, ORIGIN, deps);
    // The answer, once what the worker keeps after answering is written (as the worker stays alive for it).
    return answer && answer.then(async (response) => {
      await Promise.all(background.splice(0));
      return response;
    });
  };
  return { storage, sent, state, deps, get };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('which requests the worker answers', () => {
  const kind = (method: string, path: string, mode = 'cors') => classifyRequest({ method, url: `${ORIGIN}${path}`, mode }, ORIGIN);

  test('API reads, assets and page navigations; never writes, sockets, auth flows or other origins', () => {
    expect(kind('GET', '/api/workspaces/')).toBe('api');
    expect(kind('GET', '/assets/index-abc.js')).toBe('asset');
    expect(kind('GET', '/acme/projects/1/issues', 'navigate')).toBe('navigation');
    expect(kind('PATCH', '/api/workspaces/acme/projects/1/issues/2/')).toBe('pass');
    expect(kind('POST', '/api/workspaces/acme/projects/1/issues/')).toBe('pass');
    expect(kind('DELETE', '/api/workspaces/acme/projects/1/issues/2/')).toBe('pass');
    expect(kind('GET', '/live/', 'websocket')).toBe('pass');
    expect(kind('GET', '/collab', 'navigate')).toBe('pass');
    expect(kind('GET', '/auth/get-csrf-token/')).toBe('pass');
    expect(kind('GET', '/auth/oidc/callback/', 'navigate')).toBe('pass');
    expect(kind('GET', '/api/workspaces/'.replace('/api', ''), 'cors')).toBe('pass');
    expect(classifyRequest({ method: 'GET', url: 'https://elsewhere.test/api/x/', mode: 'cors' }, ORIGIN)).toBe('pass');
    expect(kind('POST', '/auth/sign-out/', 'navigate')).toBe('sign-out');
  });

  test('the signed-out start\'s session probe always asks the server: a kept answer could outlive a sign-out', () => {
    expect(kind('GET', '/api/users/session/')).toBe('pass');
    expect(kind('GET', '/api/users/me/')).toBe('api');
  });
});

describe('API reads', () => {
  test('online, every read goes to the server and its answer is given unchanged; offline, the last good answer comes back', async () => {
    let version = 0;
    const w = world(() => json({ results: [`v${++version}`] }));
    expect(await (await w.get('/api/workspaces/acme/projects/')!).json()).toEqual({ results: ['v1'] });
    expect(await (await w.get('/api/workspaces/acme/projects/')!).json()).toEqual({ results: ['v2'] });
    expect(w.sent).toEqual(['GET /api/workspaces/acme/projects/', 'GET /api/workspaces/acme/projects/']);
    w.state.online = false;
    expect(await (await w.get('/api/workspaces/acme/projects/')!).json()).toEqual({ results: ['v2'] });
    // Never seen: the failure stays a failure (the app says it cannot reach the server).
    await expect(w.get('/api/workspaces/acme/members/')!).rejects.toThrow(/failed to fetch/i);
  });

  test('a refusal or a server error is passed on and never replaces the kept answer', async () => {
    let status = 200;
    const w = world(() => json(status === 200 ? { id: 'i1', name: 'kept' } : { error: 'no' }, status));
    await w.get('/api/workspaces/acme/projects/1/issues/i1/');
    status = 500;
    expect((await w.get('/api/workspaces/acme/projects/1/issues/i1/')!).status).toBe(500);
    status = 404;
    expect((await w.get('/api/workspaces/acme/projects/1/issues/i1/')!).status).toBe(404);
    w.state.online = false;
    expect(await (await w.get('/api/workspaces/acme/projects/1/issues/i1/')!).json()).toEqual({ id: 'i1', name: 'kept' });
  });

  test('the query string is part of what is kept', async () => {
    const w = world((request) => json({ page: new URL(request.url).searchParams.get('page') }));
    await w.get('/api/issues/?page=1');
    await w.get('/api/issues/?page=2');
    w.state.online = false;
    expect(await (await w.get('/api/issues/?page=1')!).json()).toEqual({ page: '1' });
    expect(await (await w.get('/api/issues/?page=2')!).json()).toEqual({ page: '2' });
  });

  test('another user signing in empties what the first one left; a signed-out answer empties it too', async () => {
    let me: { id: string } | null = { id: 'alice' };
    const w = world((request) => {
      if (new URL(request.url).pathname === '/api/users/me/') return me ? json(me) : json({ error: 'signed out' }, 401);
      return json({ secret: `${me?.id}'s issues` });
    });
    await w.get('/api/users/me/');
    await w.get('/api/workspaces/acme/issues/');
    me = { id: 'bob' };
    await w.get('/api/users/me/');
    w.state.online = false;
    await expect(w.get('/api/workspaces/acme/issues/')!).rejects.toThrow();
    expect(await (await w.get('/api/users/me/')!).json()).toEqual({ id: 'bob' });

    w.state.online = true;
    await w.get('/api/workspaces/acme/issues/');
    me = null;
    expect((await w.get('/api/users/me/')!).status).toBe(401);
    expect(w.storage.caches.has(API_CACHE)).toBe(false);
    w.state.online = false;
    await expect(w.get('/api/users/me/')!).rejects.toThrow();
  });
});

describe('sign-out', () => {
  test('the API cache is emptied only once the server answered the sign-out; offline it stays (the person is still signed in)', async () => {
    const w = world((request) => (new URL(request.url).pathname === '/auth/sign-out/' ? json({ message: 'Signed out' }) : json({ results: ['kept'] })));
    await w.get('/api/workspaces/acme/projects/');
    const kept = async () => (await w.storage.open(API_CACHE)).entries.size;
    expect(await kept()).toBe(1);
    w.state.online = false;
    await expect(w.get('/auth/sign-out/', { method: 'POST' })!).rejects.toThrow(/failed to fetch/i);
    expect(await kept()).toBe(1);
    w.state.online = true;
    expect((await w.get('/auth/sign-out/', { method: 'POST' })!).status).toBe(200);
    expect(w.storage.caches.has(API_CACHE)).toBe(false);
  });
});

describe('the app shell', () => {
  test('navigations go to the network; offline they get the cached index.html', async () => {
    const w = world(() => new Response('<html>fresh</html>', { headers: { 'content-type': 'text/html' } }));
    await (await w.storage.open(SHELL)).put(`${ORIGIN}/index.html`, new Response('<html>shell</html>'));
    expect(await (await w.get('/acme/projects/1/issues', { mode: 'navigate' })!).text()).toBe('<html>fresh</html>');
    w.state.online = false;
    expect(await (await w.get('/acme/projects/1/issues', { mode: 'navigate' })!).text()).toBe('<html>shell</html>');
  });

  test('hashed assets come from the cache once there, fetched and kept otherwise', async () => {
    const w = world(() => new Response('console.log(1)'));
    expect(await (await w.get('/assets/index-abc.js')!).text()).toBe('console.log(1)');
    expect(await (await w.get('/assets/index-abc.js')!).text()).toBe('console.log(1)');
    expect(w.sent).toEqual(['GET /assets/index-abc.js']);
    w.state.online = false;
    expect(await (await w.get('/assets/index-abc.js')!).text()).toBe('console.log(1)');
  });
});

describe('the first visit', () => {
  test('the paths the page read before the worker took over are read again and kept; other paths are not', async () => {
    const w = world((request) => json({ path: new URL(request.url).pathname }));
    await warmApiCache(['/api/users/me/', '/api/workspaces/', '/assets/index.js', 42], ORIGIN, w.deps);
    expect(w.sent.sort()).toEqual(['GET /api/users/me/', 'GET /api/workspaces/']);
    w.state.online = false;
    expect(await (await w.get('/api/workspaces/')!).json()).toEqual({ path: '/api/workspaces/' });
  });
});
