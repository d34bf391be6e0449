// The analytics chart (recharts, loaded with this module only when the analytics screen draws a
// chart): bars stacked by segment, one line per segment, or a pie of the x totals.
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartTable } from './analytics-data';

export type ChartKind = 'bar' | 'line' | 'pie';

/** Distinct, readable colours for segments and slices, cycled. */
const PALETTE = ['#3f76ff', '#f59e0b', '#46a758', '#e5484d', '#8e4ec6', '#12a594', '#d6409f', '#978365', '#0091ff', '#60646c'];
const colour = (index: number) => PALETTE[index % PALETTE.length];

export default function AnalyticsChart({ table, kind, measureLabel }: { table: ChartTable; kind: ChartKind; measureLabel: string }) {
  const segmented = table.segments.length > 0;
  const data = table.rows.map((row) => ({ name: row.label, total: row.total, ...Object.fromEntries(table.segments.map((s) => [`s:${s.key}`, row.values[s.key] ?? 0])) }));
  const series = segmented ? table.segments.map((s, index) => ({ key: `s:${s.key}`, name: s.label, color: colour(index) })) : [{ key: 'total', name: measureLabel, color: colour(0) }];
  return (
    <ResponsiveContainer width="100%" height={320}>
      {kind === 'pie' ? (
        <PieChart>
          <Tooltip />
          <Legend />
          <Pie data={data} dataKey="total" nameKey="name" outerRadius={120} isAnimationActive={false}>
            {data.map((_, index) => <Cell key={index} fill={colour(index)} />)}
          </Pie>
        </PieChart>
      ) : kind === 'line' ? (
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis dataKey="name" fontSize={11} />
          <YAxis fontSize={11} />
          <Tooltip />
          {segmented && <Legend />}
          {series.map((s) => <Line key={s.key} type="monotone" dataKey={s.key} name={s.name} stroke={s.color} isAnimationActive={false} />)}
        </LineChart>
      ) : (
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis dataKey="name" fontSize={11} />
          <YAxis fontSize={11} />
          <Tooltip />
          {segmented && <Legend />}
          {series.map((s) => <Bar key={s.key} dataKey={s.key} name={s.name} stackId="x" fill={s.color} isAnimationActive={false} />)}
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
