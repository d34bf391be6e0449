import { describe, expect, test } from 'vitest';
import { nextLink, rateLimitRetryAt } from './github-client';

describe('GitHub pagination and rate-limit headers', () => {
  test('the next page comes from Link rel="next" wherever it stands', () => {
    const link = '<https://api.github.com/repositories/1/issues?page=3>; rel="next", <https://api.github.com/repositories/1/issues?page=9>; rel="last"';
    expect(nextLink(link)).toBe('https://api.github.com/repositories/1/issues?page=3');
    expect(nextLink('<https://x/y?page=1>; rel="prev", <https://x/y?page=1>; rel="first"')).toBeNull();
    expect(nextLink(undefined)).toBeNull();
  });

  test('Retry-After (seconds or date), an exhausted limit until its reset, and plain errors', () => {
    const now = Date.UTC(2026, 0, 1, 12);
    expect(rateLimitRetryAt(429, { 'retry-after': '30' }, now)?.getTime()).toBe(now + 30_000);
    expect(rateLimitRetryAt(403, { 'retry-after': new Date(now + 90_000).toUTCString() }, now)?.getTime()).toBe(now + 90_000);
    const reset = now / 1000 + 600;
    expect(rateLimitRetryAt(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) }, now)?.getTime()).toBe(reset * 1000 + 1000);
    // A reset already past still waits a moment rather than hammering.
    expect(rateLimitRetryAt(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(now / 1000 - 5) }, now)?.getTime()).toBe(now + 1000);
    expect(rateLimitRetryAt(429, {}, now)?.getTime()).toBe(now + 60_000);
    // A 403 that is not a rate limit (no permission) is not retried later.
    expect(rateLimitRetryAt(403, { 'x-ratelimit-remaining': '4999' }, now)).toBeNull();
    expect(rateLimitRetryAt(404, {}, now)).toBeNull();
  });
});
