// Gantt date math: a drag writes only the dates an issue has, the header's month bands, and where
// the chart opens.
import { describe, expect, test } from 'vitest';
import { barDates, draggedDates, ganttRange, monthBands, openingDay } from './gantt-dates';

describe('dragging a bar', () => {
  test('an issue with only a due date moves its due date and gets no start date', () => {
    const dueOnly = { start_date: null, target_date: '2026-03-12' };
    expect(draggedDates(dueOnly, 'move', 3)).toEqual({ target_date: '2026-03-15' });
    expect(draggedDates(dueOnly, 'end', -2)).toEqual({ target_date: '2026-03-10' });
    expect(draggedDates(dueOnly, 'start', -2)).toEqual({ target_date: '2026-03-10' });
  });

  test('an issue with only a start date moves its start date and gets no due date', () => {
    const startOnly = { start_date: '2026-03-10', target_date: null };
    expect(draggedDates(startOnly, 'move', 2)).toEqual({ start_date: '2026-03-12' });
    expect(draggedDates(startOnly, 'move', -12)).toEqual({ start_date: '2026-02-26' });
  });

  test('an issue with both dates moves both, or one edge; a turned-over range or no move is nothing', () => {
    const both = { start_date: '2026-03-10', target_date: '2026-03-12' };
    expect(draggedDates(both, 'move', 20)).toEqual({ start_date: '2026-03-30', target_date: '2026-04-01' });
    expect(draggedDates(both, 'start', -3)).toEqual({ start_date: '2026-03-07', target_date: '2026-03-12' });
    expect(draggedDates(both, 'end', 5)).toEqual({ start_date: '2026-03-10', target_date: '2026-03-17' });
    expect(draggedDates(both, 'end', -3)).toBeNull();
    expect(draggedDates(both, 'move', 0)).toBeNull();
    expect(draggedDates({ start_date: null, target_date: null }, 'move', 1)).toBeNull();
  });

  test('a one-date issue is a one-day bar', () => {
    expect(barDates({ start_date: null, target_date: '2026-03-12' })).toEqual({ start: '2026-03-12', end: '2026-03-12' });
    expect(barDates({ start_date: '2026-03-10', target_date: null })).toEqual({ start: '2026-03-10', end: '2026-03-10' });
    expect(barDates({ start_date: null, target_date: null })).toBeNull();
  });
});

describe('the chart frame', () => {
  test('month bands cover the range exactly, cut at its ends', () => {
    const range = { start: '2026-01-25', days: 60 };
    const bands = monthBands(range);
    expect(bands.map((band) => band.month)).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(bands[0]).toEqual({ month: '2026-01', offset: 0, days: 7 });
    expect(bands[1]).toEqual({ month: '2026-02', offset: 7, days: 28 });
    expect(bands.reduce((sum, band) => sum + band.days, 0)).toBe(60);
  });

  test('the range covers every date with a margin', () => {
    const range = ganttRange([{ start_date: '2026-02-01', target_date: '2026-05-01' }], '2026-03-10');
    expect(range.start).toBe('2026-01-25');
    expect(range.days).toBeGreaterThanOrEqual(96 + 14);
  });

  test('opens on a recent early bar, else a few days before today', () => {
    expect(openingDay([{ start_date: null, target_date: '2026-03-01' }], '2026-03-20')).toBe('2026-02-27');
    expect(openingDay([{ start_date: '2025-06-01', target_date: null }], '2026-03-20')).toBe('2026-03-17');
    expect(openingDay([], '2026-03-20')).toBe('2026-03-17');
  });
});
