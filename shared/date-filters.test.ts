import { describe, test, expect } from 'vitest';
import { addDays, todayIn } from './calendar-day';
import {
  datePresetFilter,
  datePresetRange,
  formatDateRange,
  isValidIsoDate,
  parseDateFilter,
} from './date-filters';

const now = new Date('2024-03-10T23:30:00Z');

describe('parseDateFilter', () => {
  test('absolute dates with after and before', () => {
    expect(parseDateFilter('2024-01-01;after', now)).toEqual([{ op: 'gte', date: '2024-01-01' }]);
    expect(parseDateFilter('2024-01-31;before', now)).toEqual([{ op: 'lte', date: '2024-01-31' }]);
    expect(parseDateFilter('2024-01-01;after,2024-01-31;before', now)).toEqual([
      { op: 'gte', date: '2024-01-01' },
      { op: 'lte', date: '2024-01-31' },
    ]);
  });

  test('any second part other than after counts as before', () => {
    expect(parseDateFilter('2024-01-31;until', now)).toEqual([{ op: 'lte', date: '2024-01-31' }]);
  });

  test('a bare date matches that day', () => {
    expect(parseDateFilter('2024-02-29', now)).toEqual([{ op: 'eq', date: '2024-02-29' }]);
  });

  test('relative weeks and months count 7 and 30 days from the UTC day', () => {
    expect(parseDateFilter('1_weeks;after;fromnow', now)).toEqual([{ op: 'gte', date: '2024-03-17' }]);
    expect(parseDateFilter('2_weeks;before;ago', now)).toEqual([{ op: 'lte', date: '2024-02-25' }]);
    expect(parseDateFilter('1_months;after;fromnow', now)).toEqual([{ op: 'gte', date: '2024-04-09' }]);
    expect(parseDateFilter('2_months;before;fromnow', now)).toEqual([{ op: 'lte', date: '2024-05-09' }]);
    expect(parseDateFilter('1_months;after;ago', now)).toEqual([{ op: 'gte', date: '2024-02-09' }]);
  });

  test("relative terms count from the caller's day in their time zone", () => {
    // 02:00 UTC on the 10th is still the 9th in Los Angeles (UTC−8) and already the 10th in Tokyo.
    const lateEvening = new Date('2024-03-10T02:00:00Z');
    expect(parseDateFilter('1_weeks;after;fromnow', lateEvening, 'America/Los_Angeles')).toEqual([{ op: 'gte', date: '2024-03-16' }]);
    expect(parseDateFilter('1_weeks;after;fromnow', lateEvening, 'Asia/Tokyo')).toEqual([{ op: 'gte', date: '2024-03-17' }]);
    expect(parseDateFilter('1_weeks;after;fromnow', lateEvening)).toEqual([{ op: 'gte', date: '2024-03-17' }]);
  });

  test('an empty value or empty term turns the filter off', () => {
    expect(parseDateFilter('', now)).toEqual([]);
    expect(parseDateFilter('2024-01-01;after,', now)).toEqual([]);
  });

  test('malformed terms are refused', () => {
    for (const bad of ['2024-13-01;after', '2023-02-29', 'yesterday', '1_weeks;after', '1_days;after;fromnow', '2024-01-01;', ';after', 'x_weeks;after;fromnow']) {
      expect(parseDateFilter(bad, now)).toBeNull();
    }
  });
});

describe('date helpers', () => {
  test('calendar validation', () => {
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2023-02-29')).toBe(false);
    expect(isValidIsoDate('2024-2-1')).toBe(false);
    expect(isValidIsoDate('2024-04-31')).toBe(false);
  });

  test('UTC days and day arithmetic', () => {
    expect(todayIn('UTC', now)).toBe('2024-03-10');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });

  test('range form', () => {
    expect(formatDateRange('2024-01-01', '2024-01-31')).toBe('2024-01-01;after,2024-01-31;before');
    expect(formatDateRange(null, '2024-01-31')).toBe('2024-01-31;before');
    expect(formatDateRange('2024-01-01')).toBe('2024-01-01;after');
  });
});

describe('relative presets', () => {
  test('ranges relative to now', () => {
    expect(datePresetRange('today', now)).toEqual({ from: '2024-03-10', to: '2024-03-10' });
    expect(datePresetRange('yesterday', now)).toEqual({ from: '2024-03-09', to: '2024-03-09' });
    expect(datePresetRange('last_7_days', now)).toEqual({ from: '2024-03-03', to: '2024-03-10' });
    expect(datePresetRange('last_30_days', now)).toEqual({ from: '2024-02-09', to: '2024-03-10' });
  });

  test("today and yesterday are the caller's, west of UTC too", () => {
    const lateEvening = new Date('2024-03-10T02:00:00Z');
    expect(datePresetRange('today', lateEvening, 'America/Los_Angeles')).toEqual({ from: '2024-03-09', to: '2024-03-09' });
    expect(datePresetRange('yesterday', lateEvening, 'America/Los_Angeles')).toEqual({ from: '2024-03-08', to: '2024-03-08' });
  });

  test('preset filters parse back to the same range', () => {
    const value = datePresetFilter('last_7_days', now);
    expect(value).toBe('2024-03-03;after,2024-03-10;before');
    expect(parseDateFilter(value, now)).toEqual([
      { op: 'gte', date: '2024-03-03' },
      { op: 'lte', date: '2024-03-10' },
    ]);
  });
});
