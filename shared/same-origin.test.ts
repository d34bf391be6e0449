import { describe, expect, test } from 'vitest';
import { isSameOrigin } from './same-origin';

const BASE = 'https://trellis.example.com';

describe('isSameOrigin', () => {
  test('no Origin (not a browser) may use the cookie', () => {
    expect(isSameOrigin({ host: 'trellis.example.com' }, BASE)).toBe(true);
    expect(isSameOrigin({ origin: null, host: null }, BASE)).toBe(true);
  });

  test("the request's own host or APP_BASE_URL's origin is the same origin", () => {
    expect(isSameOrigin({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }, BASE)).toBe(true);
    expect(isSameOrigin({ origin: 'https://trellis.example.com', host: 'internal:3000' }, BASE)).toBe(true);
  });

  test('another site, another port or a malformed Origin is foreign', () => {
    expect(isSameOrigin({ origin: 'https://evil.example', host: 'trellis.example.com' }, BASE)).toBe(false);
    expect(isSameOrigin({ origin: 'http://127.0.0.1:4000', host: '127.0.0.1:3000' }, BASE)).toBe(false);
    expect(isSameOrigin({ origin: 'http://trellis.example.com', host: 'internal:3000' }, BASE)).toBe(false);
    expect(isSameOrigin({ origin: 'null', host: 'trellis.example.com' }, BASE)).toBe(false);
  });
});
