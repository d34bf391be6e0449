// The Origin rule for cookie-authenticated WebSockets (/live and /collab alike). Browsers attach
// the session cookie to a WebSocket opened by any site, and WebSockets have no CORS: without this
// check a foreign page could open a socket as the signed-in user (cross-site WebSocket hijacking).

interface UpgradeHeaders {
  origin?: string | null;
  host?: string | null;
}

/**
 * True when an upgrade request may use the session cookie: it has no Origin (not a browser), or its
 * Origin is the host the request was sent to or APP_BASE_URL's origin.
 */
export function isSameOrigin(headers: UpgradeHeaders, appBaseUrl: string): boolean {
  const { origin, host } = headers;
  if (!origin) return true;
  try {
    const url = new URL(origin);
    return url.host === host || url.origin === new URL(appBaseUrl).origin;
  } catch {
    return false;
  }
}
