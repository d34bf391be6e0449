// Small, audited crypto helpers: random tokens, hashing of stored secrets, constant-time compare.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token of `bytes` random bytes, hex encoded. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('hex');
}

/** A 6-digit numeric code from a CSPRNG (100000–999999). */
export function randomDigits(): string {
  return String(randomInt(100_000, 1_000_000));
}

/** Security: secrets are stored only as hashes; the one hash lives with the credential look-ups in db/. */
export { hashSecret } from '../db/identity';

export function hmacHex(key: string, data: string | Buffer): string {
  return createHmac('sha256', key).update(data).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
