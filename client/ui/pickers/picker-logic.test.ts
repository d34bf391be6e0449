// The pure parts of the pickers: how a query matches an option, when "create" is offered, and
// which day a date preset or a typed date means.
import { describe, expect, test } from 'vitest';
import { isoDay, parseIsoDay, parseTypedDay, presetDays } from './date-options';
import { isNewName, pickerFilter } from './picker-filter';

describe('pickerFilter', () => {
  test('every word must appear in the label or keywords; a label starting with the query ranks first', () => {
    expect(pickerFilter('id', '', ['Todo'])).toBe(1);
    expect(pickerFilter('id', 'to', ['Todo'])).toBe(2);
    expect(pickerFilter('id', 'do', ['Todo'])).toBe(1);
    expect(pickerFilter('id', 'in prog', ['In Progress'])).toBe(2);
    expect(pickerFilter('id', 'prog in', ['In Progress'])).toBe(1);
    expect(pickerFilter('id', 'hg', ['High'])).toBe(0);
    expect(pickerFilter('id', 'ada@', ['Ada', 'ada@example.com'])).toBe(1);
    // The item value (an id) is never matched.
    expect(pickerFilter('3f76ff', '3f7', ['Todo'])).toBe(0);
  });

  test('create is offered for a new, non-blank name only (case and spaces ignored)', () => {
    expect(isNewName('bug', ['Bug', 'Feature'])).toBe(false);
    expect(isNewName('  BUG ', ['Bug'])).toBe(false);
    expect(isNewName('Bugfix', ['Bug'])).toBe(true);
    expect(isNewName('   ', ['Bug'])).toBe(false);
  });
});

describe('date options', () => {
  const now = new Date(2026, 11, 30, 23, 30); // 30 Dec 2026, late evening local time

  test('presets are local calendar days, across a year end', () => {
    expect(presetDays(now)).toEqual({ today: '2026-12-30', tomorrow: '2026-12-31', nextWeek: '2027-01-06' });
  });

  test('typed dates: ISO, month/day (this year) and month/day/year; impossible days are refused', () => {
    expect(parseTypedDay('2027-02-28', now)).toBe('2027-02-28');
    expect(parseTypedDay('2027-02-29', now)).toBeUndefined();
    expect(parseTypedDay('3/4', now)).toBe('2026-03-04');
    expect(parseTypedDay('12/24/2027', now)).toBe('2027-12-24');
    expect(parseTypedDay('13/01', now)).toBeUndefined();
    expect(parseTypedDay('tomorrow', now)).toBeUndefined();
  });

  test('isoDay and parseIsoDay are inverse for real days', () => {
    expect(isoDay(parseIsoDay('2026-01-05')!)).toBe('2026-01-05');
    expect(parseIsoDay('2026-1-5')).toBeUndefined();
    expect(parseIsoDay(null)).toBeUndefined();
  });
});
