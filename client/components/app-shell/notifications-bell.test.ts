// The bell's badge text, the snooze choices of spec §9 and the intake rule that a passed snooze
// counts as pending again (the screens read these helpers).
import { describe, expect, test } from 'vitest';
import { IntakeStatus } from '../../../shared/issue-constants';
import { effectiveStatus, tabDefaults } from '../../stores/intake-store';
import { SNOOZE_PRESETS, SNOOZE_TIMES, customSnooze, snoozeUntil } from '../inbox/snooze-menu';
import { badgeText } from './notifications-bell';

describe('notifications bell badge', () => {
  test('hidden at 0, the number up to 99, then 99+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('snooze choices', () => {
  test('presets are 1, 3, 5 days, 1 and 2 weeks', () => {
    expect(SNOOZE_PRESETS.map((preset) => preset.days)).toEqual([1, 3, 5, 7, 14]);
    const now = new Date('2026-01-01T10:00:00Z');
    expect(snoozeUntil(3, now)).toBe('2026-01-04T10:00:00.000Z');
  });

  test('custom times run every 30 minutes over the day', () => {
    expect(SNOOZE_TIMES).toHaveLength(48);
    expect(SNOOZE_TIMES[0]).toBe('00:00');
    expect(SNOOZE_TIMES[1]).toBe('00:30');
    expect(SNOOZE_TIMES[47]).toBe('23:30');
    const till = new Date(customSnooze('2026-03-05', '14:30'));
    expect([till.getFullYear(), till.getMonth(), till.getDate(), till.getHours(), till.getMinutes()]).toEqual([2026, 2, 5, 14, 30]);
  });
});

describe('intake tabs', () => {
  test('a passed snooze counts as pending; tabs reset sort and statuses', () => {
    const now = Date.parse('2026-01-02T00:00:00Z');
    expect(effectiveStatus({ status: IntakeStatus.SNOOZED, snoozed_till: '2026-01-01T00:00:00Z' }, now)).toBe(IntakeStatus.PENDING);
    expect(effectiveStatus({ status: IntakeStatus.SNOOZED, snoozed_till: '2026-01-03T00:00:00Z' }, now)).toBe(IntakeStatus.SNOOZED);
    expect(tabDefaults('open')).toEqual({ tab: 'open', statuses: [IntakeStatus.PENDING], orderBy: '-issue__created_at' });
    expect(tabDefaults('closed').statuses).toEqual([IntakeStatus.ACCEPTED, IntakeStatus.DECLINED, IntakeStatus.DUPLICATE]);
  });
});
