// OAuth test doubles on loopback: an oauth2-mock-server (OIDC issuer, or plain OAuth2 with custom
// endpoint paths for GitHub/GitLab), a tiny JSON API server for provider user endpoints, and a
// browser-like walk through redirect → provider authorize → callback with real HTTP.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';

export interface OAuthMock {
  server: OAuth2Server;
  /** Base URL (issuer) of the mock, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

/** Starts an oauth2-mock-server on 127.0.0.1 with an RS256 key and the given endpoint paths. */
export async function startOAuthMock(endpoints: Partial<Record<'authorize' | 'token' | 'userinfo', string>> = {}): Promise<OAuthMock> {
  const server = new OAuth2Server(undefined, undefined, { endpoints });
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const url = server.issuer.url!.replace(/\/$/, '');
  return { server, url, close: () => server.stop() };
}

export interface JsonApi {
  url: string;
  /** Requests received (method, path, authorization header). */
  requests: Array<{ method: string; path: string; authorization: string | undefined }>;
  close(): Promise<void>;
}

/** A loopback HTTP server answering JSON per path (e.g. GitHub's /user and /user/emails). */
export async function startJsonApi(routes: Record<string, (request: IncomingMessage) => { status?: number; body: unknown }>): Promise<JsonApi> {
  const requests: JsonApi['requests'] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    requests.push({ method: request.method ?? 'GET', path, authorization: request.headers.authorization });
    const route = routes[path];
    const answer = route ? route(request) : { status: 404, body: { message: 'Not Found' } };
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface OAuthWalk {
  /** The first answer of our server (the redirect to the provider). */
  start: Response;
  /** The provider's authorize answer (a redirect to our callback), if reached. */
  authorize?: Response;
  /** Our callback's answer (a redirect into the app), if reached. */
  callback?: Response;
  /** The session-id cookie the callback set, if any. */
  sessionKey?: string;
}

function cookiesOf(response: Response): Map<string, string> {
  const jar = new Map<string, string>();
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const index = pair.indexOf('=');
    jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
  }
  return jar;
}

/**
 * Walks the browser path with real HTTP against a listening server: GET `startPath`, follow the
 * redirect to the provider's authorize endpoint, then call our callback with the state cookie.
 * `appBaseUrl` is the configured APP_BASE_URL, rewritten to `listenUrl` for the callback.
 */
export async function walkOAuth(listenUrl: string, appBaseUrl: string, startPath: string): Promise<OAuthWalk> {
  const start = await fetch(`${listenUrl}${startPath}`, { redirect: 'manual' });
  const location = start.headers.get('location') ?? '';
  if (start.status !== 302 || location.startsWith(appBaseUrl)) return { start };
  const stateCookie = cookiesOf(start).get('oauth-state');
  const authorize = await fetch(location, { redirect: 'manual' });
  const callbackUrl = authorize.headers.get('location') ?? '';
  if (!callbackUrl.startsWith(appBaseUrl)) return { start, authorize };
  const callback = await fetch(`${listenUrl}${callbackUrl.slice(appBaseUrl.length)}`, {
    redirect: 'manual',
    headers: stateCookie ? { cookie: `oauth-state=${stateCookie}` } : {},
  });
  return { start, authorize, callback, sessionKey: cookiesOf(callback).get('session-id') || undefined };
}
