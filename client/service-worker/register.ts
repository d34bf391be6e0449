// The page's side of the service worker (sw.ts): registers it in production builds (after the
// first screen has loaded, so it never competes with it), and clears the offline copy of the API
// answers when the signed-in user changes. Kept tiny: it is in the first screen's bundle.
/// <reference types="vite/client" />
import { API_CACHE, CLEAR_API_MESSAGE, WARM_API_MESSAGE } from './cache-names';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  // The first visit read its data before the worker took over: it is handed the API paths this
  // page read, so it keeps them too and the app can start offline after that one visit.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const paths = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith('/api/'))
      .map((url) => url.pathname + url.search);
    navigator.serviceWorker.controller?.postMessage({ type: WARM_API_MESSAGE, paths: [...new Set(paths)] });
  }, { once: true });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * Forgets the API answers kept for offline start (sign-out, a sign-in): the next user on this
 * browser never starts from them. The page deletes the cache itself and tells the worker too.
 */
export async function clearOfflineApiCache(): Promise<void> {
  try {
    navigator.serviceWorker?.controller?.postMessage(CLEAR_API_MESSAGE);
    if (typeof caches !== 'undefined') await caches.delete(API_CACHE);
  } catch {
    // No Cache Storage here (an insecure origin, a test environment): nothing was kept.
  }
}
