// The GitHub REST API as the repository import uses it (issue #15): authenticated GETs against a
// configurable base URL (GitHub Enterprise: https://host/api/v3), pages followed through the `Link`
// header, and rate limits read from the answer — `Retry-After` (secondary limits, 429) and
// `X-RateLimit-Remaining: 0` with `X-RateLimit-Reset` (primary limit) — so the caller can reschedule
// instead of sleeping. Requests go through the one outbound guard (server/outbound/): only where the
// address rules allow (the configured GITHUB_API_URL host included), no redirects, and the token
// only to the API base's own origin (a `next` link elsewhere is refused, not followed).
import type { IncomingHttpHeaders } from 'node:http';
import { OutboundRefusedError } from '../../outbound/guard';
import { OutboundResponseTooLargeError, sendOutbound, type OutboundResponse } from '../../outbound/request';

const GITHUB_TIMEOUT_MS = 30_000;
/** A page larger than this is refused (GitHub pages of 100 items are far below). */
const MAX_BODY_BYTES = 20 * 1024 * 1024;

/** The answer to one GET: status, JSON body (null if none), the next page, rate-limit advice. */
interface GithubPage {
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

/**
 * One authenticated GET through the outbound guard; resolves with the page (any status) or rejects
 * on a network error or a refused target. The token goes only to the API's own origin: a URL on any
 * other origin (a `next` link pointing elsewhere) is refused before anything is sent.
 */
export async function githubGet(url: string, token: string, apiBase: string, allowedHosts: readonly string[]): Promise<GithubPage> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new GithubRequestError(`Invalid GitHub URL: ${url}`, true);
  }
  if (target.origin !== new URL(apiBase).origin) {
    throw new GithubRequestError(`Refused to follow a GitHub link to another origin (${target.origin}); the import only talks to ${new URL(apiBase).origin}`, true);
  }
  let answer: OutboundResponse;
  try {
    answer = await sendOutbound(target, {
      headers: {
        Accept: 'application/vnd.github.full+json',
        Authorization: `Bearer ${token}`,
        'User-Agent': 'Trellis-GitHub-Import/1',
        'X-GitHub-Api-Version': '2022-11-28',
      },
      allowedHosts,
      timeoutMs: GITHUB_TIMEOUT_MS,
      maxBodyBytes: MAX_BODY_BYTES,
    });
  } catch (error) {
    if (error instanceof OutboundRefusedError) throw new GithubRequestError(error.message, true);
    if (error instanceof OutboundResponseTooLargeError) throw new GithubRequestError('GitHub answer too large', false);
    throw error;
  }
  const { status, headers } = answer;
  const text = answer.body.toString('utf8');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  const retryAt = status >= 400 ? rateLimitRetryAt(status, headers) : null;
  const reset = Number(header(headers, 'x-ratelimit-reset'));
  const exhausted = status < 400 && header(headers, 'x-ratelimit-remaining') === '0' && Number.isFinite(reset) ? new Date(reset * 1000 + 1000) : null;
  return { status, body, next: nextLink(headers.link), retryAt, exhaustedUntil: exhausted && exhausted.getTime() > Date.now() ? exhausted : null };
}

/** The message GitHub gave with an error status (`{"message": …}`), for the sync's last error. */
export function githubErrorMessage(page: GithubPage): string {
  const message = page.body && typeof page.body === 'object' && 'message' in page.body ? String((page.body as { message: unknown }).message) : '';
  return `GitHub answered ${page.status}${message ? `: ${message}` : ''}`;
}
