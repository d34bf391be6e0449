// The one place the client talks HTTP: JSON in and out, same-origin cookies, the CSRF token on
// unsafe methods, optional client mutation ids, and a single ApiError type for every non-2xx answer.

/** A non-2xx answer from the server; `body` is the parsed JSON (or text) the server sent. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(describeBody(status, body));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** The request never got an answer: the server or the network is down (fetch itself failed). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Cannot reach the server', { cause });
    this.name = 'NetworkError';
  }
}

/** Gateway answers a proxy gives when Trellis behind it is down. */
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

/**
 * True only when a request failed for want of the server: a NetworkError, a proxy's 502/503/504,
 * or a module chunk that could not be fetched. A bug in our own code is never reported as this.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  if (error instanceof ApiError) return UNREACHABLE_STATUSES.has(error.status);
  return error instanceof TypeError && /failed to fetch|networkerror when attempting|load failed|importing a module script failed/i.test(error.message);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Sent as `X-Client-Mutation-Id`; the server echoes it on the live changes it caused. */
  mutationId?: string;
  signal?: AbortSignal;
}

const CSRF_PATH = '/auth/get-csrf-token/';
const SAFE_METHODS = new Set<HttpMethod>(['GET']);

type SyncCursorListener = (path: string, cursor: number) => void;
const syncCursorListeners = new Set<SyncCursorListener>();

/**
 * Calls `listener` with the path and `X-Sync-Cursor` of every successful answer that carries one
 * (the last change id the answer's data includes): the live stream starts from the oldest of them.
 */
export function onSyncCursor(listener: SyncCursorListener): () => void {
  syncCursorListeners.add(listener);
  return () => void syncCursorListeners.delete(listener);
}

let csrfToken: string | null = null;
let csrfRequest: Promise<string> | null = null;

/**
 * Returns the CSRF token, fetching it once from `GET /auth/get-csrf-token/`.
 * @throws Error('CSRF token not found') when the server does not return one.
 */
export function getCsrfToken(): Promise<string> {
  if (csrfToken) return Promise.resolve(csrfToken);
  csrfRequest ??= fetch(CSRF_PATH, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then(async (response) => {
      const body = (await parseBody(response)) as { csrf_token?: string } | undefined;
      if (!response.ok || !body?.csrf_token) throw new Error('CSRF token not found');
      csrfToken = body.csrf_token;
      return csrfToken;
    })
    .finally(() => {
      csrfRequest = null;
    });
  return csrfRequest;
}

/** Forgets the cached CSRF token (the server may rotate it when the session changes). */
export function resetCsrfToken(): void {
  csrfToken = null;
}

/**
 * Sends one request and returns the parsed body (undefined for 204).
 * @throws ApiError for any non-2xx status; NetworkError when no answer came.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const send = async (): Promise<Response> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (!SAFE_METHODS.has(method)) headers['X-CSRFToken'] = await getCsrfToken();
    if (options.mutationId) headers['X-Client-Mutation-Id'] = options.mutationId;
    try {
      return await fetch(buildUrl(path, options.query), {
        method,
        headers,
        credentials: 'same-origin',
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (error) {
      // An abort is the caller's decision, not an outage.
      throw options.signal?.aborted ? error : new NetworkError(error);
    }
  };

  let response = await send();
  // A rotated or expired CSRF token gets one retry with a fresh token.
  if (response.status === 403 && !SAFE_METHODS.has(method)) {
    const body = await parseBody(response.clone());
    if (isCsrfFailure(body)) {
      resetCsrfToken();
      response = await send();
    }
  }
  const body = await parseBody(response);
  if (!response.ok) throw new ApiError(response.status, body);
  const cursor = Number(response.headers.get('X-Sync-Cursor') ?? NaN);
  if (Number.isInteger(cursor) && cursor >= 0) syncCursorListeners.forEach((listener) => listener(path, cursor));
  return body as T;
}

/** Shorthands for `request` with each method. */
export const http = {
  get: <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) =>
    request<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  patch: <T>(path: string, body: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = void>(path: string, options: Omit<RequestOptions, 'method'> = {}) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};

/** Returns the first human-readable message in an API error body, if any. */
export function readErrorText(body: unknown): string | null {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body ? body : null;
  const record = body as Record<string, unknown>;
  if (typeof record.error === 'string') return record.error;
  if (typeof record.detail === 'string') return record.detail;
  for (const value of Object.values(record)) {
    if (typeof value === 'string') return value;
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  }
  return null;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function isCsrfFailure(body: unknown): boolean {
  const text = readErrorText(body) ?? (typeof body === 'string' ? body : '');
  return /csrf/i.test(text);
}

function describeBody(status: number, body: unknown): string {
  return `HTTP ${status}${readErrorText(body) ? `: ${readErrorText(body)}` : ''}`;
}
