// Calendar weeks as a locale lays them out: the first day of the week, weekday headers, weekends.
import { describe, expect, test } from 'vitest';
import { calendarWeeks, countWeekendDates, firstDayOfWeek, rescheduleToDay, weekdayHeaders } from './calendar-dates';

describe('first day of the week', () => {
  test('follows the locale: Sunday in the US, Monday in Britain and China', () => {
    expect(firstDayOfWeek('en-US')).toBe(0);
    expect(firstDayOfWeek('en')).toBe(0);
    expect(firstDayOfWeek('en-GB')).toBe(1);
    expect(firstDayOfWeek('zh-CN')).toBe(1);
  });

  test('an unusable tag falls back to Monday', () => {
    expect(firstDayOfWeek('not a tag!')).toBe(1);
  });
});

describe('calendar weeks', () => {
  test('a Sunday-first month starts on the Sunday on or before the 1st and ends on a Saturday', () => {
    // 1 March 2026 is a Sunday, 31 March a Tuesday.
    const weeks = calendarWeeks('2026-03-15', 'month', true, 0);
    expect(weeks[0]![0]).toBe('2026-03-01');
    expect(weeks.at(-1)).toEqual(['2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04']);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  test('a Monday-first week holds the anchor and ends on Sunday', () => {
    expect(calendarWeeks('2026-03-22', 'week', true, 1)).toEqual([['2026-03-16', '2026-03-17', '2026-03-18', '2026-03-19', '2026-03-20', '2026-03-21', '2026-03-22']]);
    expect(calendarWeeks('2026-03-22', 'week', true, 0)).toEqual([['2026-03-22', '2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28']]);
  });

  test('weekends are in by default and out only when asked', () => {
    const shown = calendarWeeks('2026-03-15', 'month', true).flat();
    expect(shown).toContain('2026-03-14');
    expect(shown).toContain('2026-03-15');
    const hidden = calendarWeeks('2026-03-15', 'month', false, 0);
    expect(hidden.flat()).not.toContain('2026-03-14');
    expect(hidden[0]).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']);
  });
});

describe('weekday headers and hidden weekend issues', () => {
  test('headers name the shown days in the locale, in the order of the grid', () => {
    const week = calendarWeeks('2026-03-22', 'week', true, 0)[0]!;
    expect(weekdayHeaders(week, 'en-US').map((header) => header.short)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    const monday = calendarWeeks('2026-03-22', 'week', false, 1)[0]!;
    expect(weekdayHeaders(monday, 'zh-CN').map((header) => header.short)).toEqual(['周一', '周二', '周三', '周四', '周五']);
    expect(weekdayHeaders(monday, 'en-GB')[0]!.long).toBe('Monday');
  });

  test('counts the dated issues that hiding weekends would hide in the shown range', () => {
    const dates = ['2026-03-14', '2026-03-15', '2026-03-16', null, '2026-04-25', undefined];
    expect(countWeekendDates(dates, '2026-03-01', '2026-04-04')).toBe(2);
  });
});

describe('rescheduling by a drop on a day', () => {
  test('moves the due date and keeps an earlier start date', () => {
    expect(rescheduleToDay({ start_date: '2026-03-01', target_date: '2026-03-05' }, '2026-03-09')).toEqual({ target_date: '2026-03-09' });
    expect(rescheduleToDay({ start_date: null, target_date: '2026-03-05' }, '2026-03-02')).toEqual({ target_date: '2026-03-02' });
  });

  test('brings a start date that would come after the new due date along to it', () => {
    expect(rescheduleToDay({ start_date: '2026-03-04', target_date: '2026-03-05' }, '2026-03-02')).toEqual({ target_date: '2026-03-02', start_date: '2026-03-02' });
  });

  test('a drop on the day it is already due changes nothing', () => {
    expect(rescheduleToDay({ start_date: null, target_date: '2026-03-05' }, '2026-03-05')).toBeNull();
  });
});
