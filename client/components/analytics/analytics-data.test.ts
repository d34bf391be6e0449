// The analytics screen's table and CSV: segments become columns, names come from the extras,
// fixed values are translated, and the CSV quotes and defuses what a spreadsheet would misread.
import { describe, expect, test } from 'vitest';
import type { AnalyticsResponse } from '../../../shared/schemas/analytics';
import { chartTable, monthName, tableCsv } from './analytics-data';

const extras: AnalyticsResponse['extras'] = {
  state_details: [],
  assignee_details: [],
  label_details: [
    { labels__id: 'l1', labels__name: 'bug, "nasty"', labels__color: '#f00' },
    { labels__id: 'l2', labels__name: '=cmd()', labels__color: '#0f0' },
  ],
  cycle_details: [],
  module_details: [],
};
const fixed = (kind: string, value: string) => (kind === 'none' ? 'None' : `${kind}:${value}`);

describe('analytics table', () => {
  test('one row per x value, a column per segment, totals', () => {
    const data: AnalyticsResponse = {
      total: 3,
      distribution: {
        urgent: [{ dimension: 'urgent', segment: 'l1', count: 2 }, { dimension: 'urgent', segment: null, count: 1 }],
        none: [{ dimension: 'none', segment: 'l2', count: 1 }],
      },
      extras,
    };
    const table = chartTable(data, { x_axis: 'priority', y_axis: 'issue_count', segment: 'labels__id' }, fixed, 'en');
    expect(table.rows.map((row) => [row.label, row.total, row.values])).toEqual([
      ['priority:urgent', 3, { l1: 2, None: 1 }],
      ['priority:none', 1, { l2: 1 }],
    ]);
    expect(table.segments).toEqual([{ key: 'l2', label: '=cmd()' }, { key: 'l1', label: 'bug, "nasty"' }, { key: 'None', label: 'None' }]);
    expect(tableCsv(table, { x: 'Priority', total: 'Total' })).toBe(
      'Priority,\'=cmd(),"bug, ""nasty""",None,Total\r\npriority:urgent,0,2,1,3\r\npriority:none,1,0,0,1\r\n',
    );
  });

  test('id axes follow the extras order (by name), None last', () => {
    const data: AnalyticsResponse = {
      total: 3,
      distribution: { None: [{ dimension: null, count: 1 }], l2: [{ dimension: 'l2', count: 1 }], l1: [{ dimension: 'l1', count: 1 }] },
      extras,
    };
    expect(chartTable(data, { x_axis: 'labels__id', y_axis: 'issue_count' }, fixed, 'en').rows.map((row) => row.label)).toEqual(['bug, "nasty"', '=cmd()', 'None']);
  });

  test('estimate sums and month names', () => {
    const data: AnalyticsResponse = { total: 2, distribution: { '2026-3': [{ dimension: '2026-3', estimate: 0.1 }, { dimension: '2026-3', estimate: 0.2 }] }, extras };
    const table = chartTable(data, { x_axis: 'created_at', y_axis: 'estimate' }, fixed, 'en');
    expect(table.rows).toEqual([{ key: '2026-3', label: 'Mar 2026', total: 0.3, values: {} }]);
    expect(monthName('2026-12', 'zh-CN')).toContain('2026');
    expect(monthName('junk', 'en')).toBe('junk');
  });
});
