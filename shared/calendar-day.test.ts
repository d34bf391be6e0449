import { describe, expect, test } from 'vitest';
import { addDays, personalTimeZone, todayIn } from './calendar-day';

describe('todayIn', () => {
  test('at 02:00 UTC it is still yesterday west of UTC and already today east of it', () => {
    const at = new Date('2024-03-10T02:00:00Z');
    expect(todayIn('America/Los_Angeles', at)).toBe('2024-03-09');
    expect(todayIn('UTC', at)).toBe('2024-03-10');
    expect(todayIn('Asia/Tokyo', at)).toBe('2024-03-10');
    // Late in the UTC day the east has moved on.
    expect(todayIn('Pacific/Kiritimati', new Date('2024-03-10T20:00:00Z'))).toBe('2024-03-11');
  });

  test('a zone the runtime does not know counts as UTC', () => {
    expect(todayIn('Nowhere/City', new Date('2024-03-10T02:00:00Z'))).toBe('2024-03-10');
  });
});

describe('addDays', () => {
  test('steps whole calendar days across months, leap days, years and daylight-saving changes', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-09', 2)).toBe('2024-03-11');
    expect(addDays('2024-11-02', 1)).toBe('2024-11-03');
    expect(addDays('2024-01-31', 30)).toBe('2024-03-01');
  });
});

describe('personalTimeZone', () => {
  test("the profile's zone when one was chosen, else the fallback (the browser's)", () => {
    expect(personalTimeZone('Asia/Tokyo', 'America/Los_Angeles')).toBe('Asia/Tokyo');
    expect(personalTimeZone('UTC', 'America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(personalTimeZone(undefined, 'America/Los_Angeles')).toBe('America/Los_Angeles');
  });
});
