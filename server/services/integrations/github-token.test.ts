import { describe, expect, test } from 'vitest';
import { decryptToken, encryptToken } from './github-token';

describe('GitHub token storage', () => {
  test('round-trips, never stores the plain token, and refuses another key', () => {
    const stored = encryptToken('secret-one-0123456789', 'ghp_plainToken123');
    expect(stored).not.toContain('ghp_plainToken123');
    expect(decryptToken('secret-one-0123456789', stored)).toBe('ghp_plainToken123');
    expect(() => decryptToken('secret-two-0123456789', stored)).toThrow();
    expect(encryptToken('secret-one-0123456789', 'x')).not.toBe(encryptToken('secret-one-0123456789', 'x'));
  });
});
