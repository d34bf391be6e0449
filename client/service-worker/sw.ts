// The production client's service worker (built by service-worker-plugin.ts into /sw.js, which
// prepends the build's file list and version). It lets the app start without a network: the app
// shell is precached at install, requests are answered as sw-strategy.ts decides, and a new build's
// worker takes over at once and deletes the older shell.
import { API_CACHE, CACHE_PREFIX, CLEAR_API_MESSAGE, SHELL_CACHE_PREFIX, WARM_API_MESSAGE } from './cache-names';
import { clearApiCache, respond, SHELL_PATH, warmApiCache, type StrategyDeps } from './sw-strategy';

// The worker's own globals (this file is typed with the DOM library, not WebWorker's).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageEventLike extends ExtendableEvent {
  data: unknown;
}
interface WorkerScope {
  location: Location;
  caches: CacheStorage;
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}

declare const __TRELLIS_BUILD__: { version: string; files: string[] };

const worker = self as unknown as WorkerScope;
const shellCache = `${SHELL_CACHE_PREFIX}${__TRELLIS_BUILD__.version}`;

const deps = (event: ExtendableEvent): StrategyDeps => ({ caches: worker.caches, fetch: (request) => fetch(request), shellCache, waitUntil: (promise) => event.waitUntil(promise) });

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await worker.caches.open(shellCache);
      // `reload`: the shell comes from the server, never from the HTTP cache of an older build.
      await cache.addAll([SHELL_PATH, ...__TRELLIS_BUILD__.files].map((path) => new Request(path, { cache: 'reload' })));
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await worker.caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== shellCache && name !== API_CACHE) await worker.caches.delete(name);
      }
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const origin = worker.location.origin;
  const answer = respond(event.request, origin, deps(event));
  if (answer) event.respondWith(answer);
});

worker.addEventListener('message', (event) => {
  if (event.data === CLEAR_API_MESSAGE) event.waitUntil(clearApiCache(worker.caches));
  const data = event.data as { type?: unknown; paths?: unknown } | null;
  if (data?.type === WARM_API_MESSAGE) event.waitUntil(warmApiCache(data.paths, worker.location.origin, deps(event)));
});
