// What the service worker does with each request, kept apart from the worker's globals so Node
// tests can drive it with real Request/Response objects and an in-memory CacheStorage:
// - hashed build assets (/assets/*): cache first (they never change under one name);
// - page navigations: network first, the cached index.html when the network fails (offline boot);
// - same-origin `GET /api/…`: network first, the last good answer kept and given back only when the
//   network fails, so online behaviour is unchanged and the app can start offline with the data it
//   last saw. Never a non-GET, never /live or /collab (sockets) nor /auth (sign-in flows).
// The API cache belongs to one signed-in user: it is emptied when `/api/users/me/` names another
// user or answers 401/403, and when the server answered a sign-out (the page clears it too).
import { API_CACHE } from './cache-names';

type RequestKind = 'asset' | 'navigation' | 'api' | 'sign-out' | 'pass';

const SERVER_PREFIXES = ['/api/', '/auth/', '/live', '/collab'];
const ME_PATH = '/api/users/me/';
/**
 * The signed-out start's "who is signed in?" probe is never kept: its answer is true only of the
 * moment it was given, and signed in it names the user, so a kept copy could outlive a sign-out.
 */
const SESSION_PROBE_PATH = '/api/users/session/';
export const SHELL_PATH = '/index.html';

/** Which strategy a request gets (`pass`: the worker does not answer it, the browser fetches as usual). */
export function classifyRequest(request: { method: string; url: string; mode: string }, origin: string): RequestKind {
  const url = new URL(request.url);
  if (url.origin !== origin) return 'pass';
  if (request.method === 'POST' && url.pathname === '/auth/sign-out/') return 'sign-out';
  if (request.method !== 'GET') return 'pass';
  if (url.pathname === SESSION_PROBE_PATH) return 'pass';
  if (url.pathname.startsWith('/api/')) return 'api';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  if (request.mode === 'navigate' && !SERVER_PREFIXES.some((prefix) => url.pathname === prefix.replace(/\/$/, '') || url.pathname.startsWith(prefix))) return 'navigation';
  return 'pass';
}

export interface StrategyDeps {
  caches: CacheStorage;
  fetch: (request: Request) => Promise<Response>;
  shellCache: string;
  /** Keeps the worker alive for work done after the answer was given (the event's waitUntil). */
  waitUntil(promise: Promise<unknown>): void;
}

/** Empties the API cache (sign-out, another user). */
export async function clearApiCache(caches: CacheStorage): Promise<void> {
  await caches.delete(API_CACHE);
}

async function cacheFirst(request: Request, deps: StrategyDeps): Promise<Response> {
  const cache = await deps.caches.open(deps.shellCache);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await deps.fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function navigation(request: Request, deps: StrategyDeps): Promise<Response> {
  try {
    return await deps.fetch(request);
  } catch (error) {
    const shell = await (await deps.caches.open(deps.shellCache)).match(SHELL_PATH);
    if (shell) return shell;
    throw error;
  }
}

/** The user id an answer of `/api/users/me/` names, if it is one. */
async function userIdOf(response: Response | undefined): Promise<string | null> {
  if (!response) return null;
  try {
    const body = (await response.clone().json()) as { id?: unknown };
    return typeof body?.id === 'string' ? body.id : null;
  } catch {
    return null;
  }
}

/** Keeps a network answer of an API read (a good one), emptying the cache first when the user changed. */
async function keep(request: Request, response: Response, deps: StrategyDeps): Promise<void> {
  const isMe = new URL(request.url).pathname === ME_PATH;
  if (isMe && (response.status === 401 || response.status === 403)) return clearApiCache(deps.caches);
  if (!response.ok) return;
  if (isMe) {
    // Another user's answers are never kept beside this one's.
    const previous = await userIdOf(await (await deps.caches.open(API_CACHE)).match(request));
    const current = await userIdOf(response);
    if (previous && previous !== current) await clearApiCache(deps.caches);
  }
  await (await deps.caches.open(API_CACHE)).put(request, response);
}

async function api(request: Request, deps: StrategyDeps): Promise<Response> {
  let response: Response;
  try {
    response = await deps.fetch(request);
  } catch (error) {
    // Offline: the last good answer, if there is one; else the failure as it was.
    // ignoreVary: the kept answer is this user's whatever headers the page's read carried.
    const hit = await (await deps.caches.open(API_CACHE)).match(request, { ignoreVary: true });
    if (hit) return hit;
    throw error;
  }
  // Kept after the answer is given: the page never waits for the copy to be written.
  deps.waitUntil(keep(request, response.clone(), deps).catch(() => undefined));
  return response;
}

/**
 * A sign-out goes to the server as it is; the API cache is emptied only once the server answered
 * it (2xx, or the form post's redirect). Offline it fails as without the worker and the cache stays:
 * the person is still signed in and the app must still start offline.
 */
async function signOutThrough(request: Request, deps: StrategyDeps): Promise<Response> {
  const response = await deps.fetch(request);
  if (response.ok || response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) await clearApiCache(deps.caches);
  return response;
}

/** Answers `request`, or returns null when the browser should fetch it without the worker. */
export function respond(request: Request, origin: string, deps: StrategyDeps): Promise<Response> | null {
  switch (classifyRequest(request, origin)) {
    case 'asset':
      return cacheFirst(request, deps);
    case 'navigation':
      return navigation(request, deps);
    case 'api':
      return api(request, deps);
    case 'sign-out':
      return signOutThrough(request, deps);
    default:
      return null;
  }
}

/** At most this many paths are read again when the worker first takes over a page. */
const WARM_LIMIT = 100;

/**
 * Reads `paths` (API paths the page read before the worker controlled it) through the API strategy,
 * so they are kept as if the worker had seen them. Failures are ignored: it is only a head start.
 */
export async function warmApiCache(paths: unknown, origin: string, deps: StrategyDeps): Promise<void> {
  if (!Array.isArray(paths)) return;
  const kept: Promise<unknown>[] = [];
  const local: StrategyDeps = { ...deps, waitUntil: (promise) => void kept.push(promise) };
  const reads = paths
    .filter((path): path is string => typeof path === 'string' && path.startsWith('/api/'))
    .slice(0, WARM_LIMIT)
    .map((path) => api(new Request(new URL(path, origin), { credentials: 'same-origin', headers: { Accept: 'application/json' } }), local).catch(() => undefined));
  await Promise.all(reads);
  await Promise.all(kept);
}
