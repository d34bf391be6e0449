// Sending through the outbound guard (guard.ts): one request, the target's literal address and
// every DNS answer checked, redirects never followed (a 3xx is returned as it is, so a credential
// sent to one origin never travels on to another), a timeout and a bound on the answer's size.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { assertLiteralTargetAllowed, guardedLookup, parseOutboundUrl } from './guard';

interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Hosts reachable although private (WEBHOOK_ALLOWED_HOSTS, an integration's configured host). */
  allowedHosts: readonly string[];
  timeoutMs: number;
  /** An answer larger than this fails the request (`keepBytes` unset) … */
  maxBodyBytes?: number;
  /** … or, when set, only this many bytes are kept and the rest is read and dropped. */
  keepBytes?: number;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export class OutboundResponseTooLargeError extends Error {}

const DEFAULT_MAX_BODY_BYTES = 20 * 1024 * 1024;

/**
 * One guarded request. Resolves with the answer (any status, redirects included); rejects with
 * OutboundRefusedError for a refused target, or the network error.
 */
export function sendOutbound(rawUrl: string | URL, options: OutboundRequest): Promise<OutboundResponse> {
  return new Promise((resolve, reject) => {
    let url: URL;
    try {
      url = parseOutboundUrl(String(rawUrl));
      assertLiteralTargetAllowed(url, options.allowedHosts);
    } catch (error) {
      reject(error);
      return;
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers = { ...options.headers };
    if (options.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(options.body));
    const maxBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    const req = send(url, { method: options.method ?? 'GET', headers, lookup: guardedLookup(options.allowedHosts), timeout: options.timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (options.keepBytes !== undefined) {
          if (size < options.keepBytes) chunks.push(chunk);
        } else if (size + chunk.length > maxBytes) {
          req.destroy(new OutboundResponseTooLargeError(`answer larger than ${maxBytes} bytes`));
        } else chunks.push(chunk);
        size += chunk.length;
      });
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('the answer was cut off')));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: options.keepBytes !== undefined ? body.subarray(0, options.keepBytes) : body });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A `fetch` for libraries that take one (openid-client's customFetch, the OAuth code flow) that goes
 * through the guard. Redirects are not followed: `redirect: 'follow'` gets the 3xx itself.
 */
export function guardedFetch(allowedHosts: readonly string[], timeoutMs = 10_000): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init.method ?? (input instanceof Request ? input.method : 'GET');
    const headers: Record<string, string> = {};
    new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined)).forEach((value, key) => (headers[key] = value));
    let body: string | Buffer | undefined;
    if (init.body !== undefined && init.body !== null) {
      if (typeof init.body === 'string') body = init.body;
      else if (init.body instanceof URLSearchParams) {
        body = init.body.toString();
        headers['content-type'] ??= 'application/x-www-form-urlencoded;charset=UTF-8';
      } else body = Buffer.from(await new Response(init.body).arrayBuffer());
    }
    init.signal?.throwIfAborted();
    const answer = await sendOutbound(url, { method, headers, body, allowedHosts, timeoutMs });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(answer.headers)) {
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(key, one);
    }
    return new Response(NULL_BODY_STATUSES.has(answer.status) ? null : new Uint8Array(answer.body), { status: answer.status, headers: responseHeaders });
  }) as typeof fetch;
}
