// The outbox's transport for Node (client/outbox/outbox.ts `Transport`): plain fetch against a
// server whose base URL may change (a restarted process), signed in with session headers, throwing
// the client's own ApiError / NetworkError so the outbox classifies failures exactly as in the app.
import { ApiError, NetworkError } from '../../client/api/http';
import type { Transport } from '../../client/outbox/outbox';

/** `baseUrl()` null: offline (every request fails as no network would, at once). */
export function fetchTransport(baseUrl: () => string | null, headers: Record<string, string>, onRequest?: (method: string, path: string) => void): Transport {
  return async (request, mutationId, signal) => {
    onRequest?.(request.method, request.path);
    const base = baseUrl();
    if (base === null) throw new NetworkError(new TypeError('Failed to fetch'));
    let response: Response;
    try {
      response = await fetch(`${base}${request.path}`, {
        method: request.method,
        headers: {
          ...headers,
          accept: 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(mutationId ? { 'x-client-mutation-id': mutationId } : {}),
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal,
      });
    } catch (error) {
      throw new NetworkError(error);
    }
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    if (!response.ok) throw new ApiError(response.status, body);
    return body;
  };
}
