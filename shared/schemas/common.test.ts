import { describe, test, expect } from 'vitest';
import {
  boundedString,
  datetimeSchema,
  emailSchema,
  hexColorSchema,
  isReservedSlug,
  isUuid,
  isoDateSchema,
  noNul,
  nonEmptyString,
  safeString,
  slugSchema,
  uuidListSchema,
  uuidSchema,
} from './common';

const UUID = '3f2b8c1e-8d4a-4c4e-9f0a-1b2c3d4e5f60';

describe('common schemas', () => {
  test('uuid', () => {
    expect(uuidSchema.parse(UUID)).toBe(UUID);
    expect(uuidSchema.safeParse(UUID.toUpperCase()).success).toBe(true);
    expect(uuidSchema.safeParse('not-a-uuid').success).toBe(false);
    expect(uuidSchema.safeParse(`${UUID}x`).success).toBe(false);
    expect(isUuid(UUID)).toBe(true);
    expect(isUuid(42)).toBe(false);
    expect(uuidListSchema.safeParse([UUID, 'x']).success).toBe(false);
  });

  test('slug', () => {
    expect(slugSchema.safeParse('my-team_1').success).toBe(true);
    expect(slugSchema.safeParse('').success).toBe(false);
    expect(slugSchema.safeParse('has space').success).toBe(false);
    expect(slugSchema.safeParse('a'.repeat(49)).success).toBe(false);
    expect(isReservedSlug('Admin')).toBe(true);
    expect(isReservedSlug('acme')).toBe(false);
  });

  test('email is trimmed and lower-cased', () => {
    expect(emailSchema.parse('  Ann@Example.COM ')).toBe('ann@example.com');
    expect(emailSchema.safeParse('nope').success).toBe(false);
    expect(emailSchema.safeParse('').success).toBe(false);
    expect(emailSchema.safeParse('a\u0000@b.co').success).toBe(false);
  });

  test('iso date checks the calendar', () => {
    expect(isoDateSchema.safeParse('2024-02-29').success).toBe(true);
    expect(isoDateSchema.safeParse('2023-02-29').success).toBe(false);
    expect(isoDateSchema.safeParse('2024-02-29T00:00:00Z').success).toBe(false);
  });

  test('datetime accepts Z and offsets', () => {
    expect(datetimeSchema.safeParse('2024-05-01T15:30:00Z').success).toBe(true);
    expect(datetimeSchema.safeParse('2024-05-01T15:30:00.123Z').success).toBe(true);
    expect(datetimeSchema.safeParse('2024-05-01T15:30:00+05:30').success).toBe(true);
    expect(datetimeSchema.safeParse('2024-05-01').success).toBe(false);
  });

  test('non-empty strings are trimmed and bounded', () => {
    const name = nonEmptyString(5);
    expect(name.parse('  abc ')).toBe('abc');
    expect(name.safeParse('   ').success).toBe(false);
    expect(name.safeParse('abcdef').success).toBe(false);
    expect(name.safeParse('a\u0000b').success).toBe(false);
    expect(boundedString(3).safeParse('').success).toBe(true);
    expect(boundedString(3).safeParse('abcd').success).toBe(false);
  });

  test('noNul rejects NUL characters', () => {
    expect(noNul('fine')).toBe(true);
    expect(noNul('bad\u0000')).toBe(false);
    expect(safeString().safeParse('x\u0000').success).toBe(false);
    expect(safeString().safeParse('').success).toBe(true);
  });

  test('hex colours', () => {
    expect(hexColorSchema.safeParse('#3f76ff').success).toBe(true);
    expect(hexColorSchema.safeParse('#fff').success).toBe(true);
    expect(hexColorSchema.safeParse('red').success).toBe(false);
  });
});

describe('bounded strings', () => {
  test('are one schema per bound, built once however many fields use it', () => {
    expect(nonEmptyString(255)).toBe(nonEmptyString(255));
    expect(boundedString(40)).toBe(boundedString(40));
    expect(boundedString(40)).not.toBe(boundedString(41));
    // Deriving from the shared one leaves it as it was.
    const optional = boundedString(3).optional();
    expect(optional.safeParse(undefined).success).toBe(true);
    expect(boundedString(3).safeParse(undefined).success).toBe(false);
    expect(boundedString(3).safeParse('abcd').error?.issues[0].message).toBe('Ensure this field has no more than 3 characters.');
  });
});
