import { describe, expect, test } from 'vitest';
import { formatDateTime, formatDay, formatRelativeTime } from './format';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('relative time', () => {
  test('English: now, minutes, hours, yesterday, weeks, months, years — with plural rules', () => {
    expect(formatRelativeTime(ago(20), NOW, 'en')).toBe('now');
    expect(formatRelativeTime(ago(60), NOW, 'en')).toBe('1 minute ago');
    expect(formatRelativeTime(ago(150), NOW, 'en')).toBe('2 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600 + 5), NOW, 'en')).toBe('3 hours ago');
    expect(formatRelativeTime(ago(86400 + 60), NOW, 'en')).toBe('yesterday');
    expect(formatRelativeTime(ago(15 * 86400), NOW, 'en')).toBe('2 weeks ago');
    expect(formatRelativeTime(ago(65 * 86400), NOW, 'en')).toBe('2 months ago');
    expect(formatRelativeTime(ago(800 * 86400), NOW, 'en')).toBe('2 years ago');
  });

  test('Simplified Chinese', () => {
    expect(formatRelativeTime(ago(20), NOW, 'zh-CN')).toBe('现在');
    expect(formatRelativeTime(ago(150), NOW, 'zh-CN')).toBe('2分钟前');
    expect(formatRelativeTime(ago(86400 + 60), NOW, 'zh-CN')).toBe('昨天');
  });

  test('moves on as the clock does', () => {
    const at = ago(0);
    expect(formatRelativeTime(at, NOW, 'en')).toBe('now');
    expect(formatRelativeTime(at, NOW + 5 * 60_000, 'en')).toBe('5 minutes ago');
  });

  test('invalid input gives an empty string', () => {
    expect(formatRelativeTime('not a date', NOW, 'en')).toBe('');
    expect(formatRelativeTime(null, NOW, 'en')).toBe('');
  });
});

describe('absolute dates', () => {
  test('a calendar day does not shift with the time zone', () => {
    expect(formatDay('2026-03-04', 'en')).toBe('Mar 4, 2026');
    expect(formatDay('2026-03-04', 'zh-CN')).toBe('2026年3月4日');
    expect(formatDay('', 'en')).toBe('');
    expect(formatDay('<p>x</p>', 'en')).toBe('');
  });

  test('the tooltip has date and time', () => {
    expect(formatDateTime('2026-03-04T15:05:00.000Z', 'en')).toMatch(/Mar 4, 2026/);
    expect(formatDateTime('bad', 'en')).toBe('');
  });
});
