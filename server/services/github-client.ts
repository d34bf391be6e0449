// The GitHub REST API as the repository import uses it (issue #15): authenticated GETs against a
// configurable base URL (GitHub Enterprise: https://host/api/v3), pages followed through the `Link`
// header, and rate limits read from the answer — `Retry-After` (secondary limits, 429) and
// `X-RateLimit-Remaining: 0` with `X-RateLimit-Reset` (primary limit) — so the caller can reschedule
// instead of sleeping. Requests connect only where the webhook address rules allow
// (webhook-target.ts guardedLookup), the configured GITHUB_API_URL host included.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { guardedLookup } from './webhook-target';

export const GITHUB_TIMEOUT_MS = 30_000;
/** A page larger than this is refused (GitHub pages of 100 items are far below). */
const MAX_BODY_BYTES = 20 * 1024 * 1024;

/** The answer to one GET: status, JSON body (null if none), the next page, rate-limit advice. */
export interface GithubPage {
  status: number;
  body: unknown;
  next: string | null;
  /** Set when GitHub asked us to wait (a 403/429 with Retry-After or an exhausted limit): when to retry. */
  retryAt: Date | null;
  /** Set on a successful page when the primary limit is used up: the next request must wait until then. */
  exhaustedUntil: Date | null;
}

export class GithubRequestError extends Error {
  constructor(
    message: string,
    /** 401, 404, …: retrying will not help. */
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** The `rel="next"` URL of a Link header, or null. */
export function nextLink(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return null;
  for (const part of value.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?([^";]+)"?/.exec(part.trim());
    if (match && match[2].split(/\s+/).includes('next')) return match[1];
  }
  return null;
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** When GitHub lets us call again, from Retry-After (seconds or a date) or the exhausted primary limit. */
export function rateLimitRetryAt(status: number, headers: IncomingHttpHeaders, now = Date.now()): Date | null {
  const retryAfter = header(headers, 'retry-after');
  const remaining = header(headers, 'x-ratelimit-remaining');
  const reset = Number(header(headers, 'x-ratelimit-reset'));
  if (retryAfter !== undefined && (status === 403 || status === 429 || status === 503)) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return new Date(now + seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return new Date(Math.max(now, date));
  }
  if ((status === 403 || status === 429) && remaining === '0') {
    return Number.isFinite(reset) && reset > 0 ? new Date(Math.max(now, reset * 1000) + 1000) : new Date(now + 60_000);
  }
  if (status === 429) return new Date(now + 60_000);
  return null;
}

/** One authenticated GET; resolves with the page (any status) or rejects on a network error. */
export function githubGet(url: string, token: string, allowedHosts: readonly string[]): Promise<GithubPage> {
  return new Promise((resolve, reject) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      reject(new GithubRequestError(`Invalid GitHub URL: ${url}`, true));
      return;
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'GET',
        headers: {
          Accept: 'application/vnd.github.full+json',
          Authorization: `Bearer ${token}`,
          'User-Agent': 'Trellis-GitHub-Import/1',
          'X-GitHub-Api-Version': '2022-11-28',
        },
        lookup: guardedLookup(allowedHosts),
        timeout: GITHUB_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) req.destroy(new GithubRequestError('GitHub answer too large', false));
          else chunks.push(chunk);
        });
        res.on('error', reject);
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = null;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            body = text;
          }
          const retryAt = status >= 400 ? rateLimitRetryAt(status, res.headers) : null;
          const reset = Number(header(res.headers, 'x-ratelimit-reset'));
          const exhausted = status < 400 && header(res.headers, 'x-ratelimit-remaining') === '0' && Number.isFinite(reset) ? new Date(reset * 1000 + 1000) : null;
          resolve({ status, body, next: nextLink(res.headers.link), retryAt, exhaustedUntil: exhausted && exhausted.getTime() > Date.now() ? exhausted : null });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`GitHub did not answer within ${GITHUB_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end();
  });
}

/** The message GitHub gave with an error status (`{"message": …}`), for the sync's last error. */
export function githubErrorMessage(page: GithubPage): string {
  const message = page.body && typeof page.body === 'object' && 'message' in page.body ? String((page.body as { message: unknown }).message) : '';
  return `GitHub answered ${page.status}${message ? `: ${message}` : ''}`;
}
