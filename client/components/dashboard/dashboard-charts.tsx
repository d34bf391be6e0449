// The home dashboard's two charts (recharts), in their own module so the charting library loads only
// when a chart is on screen (home-dashboard.tsx imports this lazily).
import { Bar, BarChart, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { STATE_GROUP_COLORS, type StateGroup } from '../../../shared/issue-constants';

export interface ChartDatum {
  key: string;
  label: string;
  count: number;
}

const PRIORITY_COLORS: Record<string, string> = { urgent: '#dc2626', high: '#f97316', medium: '#eab308', low: '#3f76ff', none: '#a3a3a3' };

/** Issues per state group as a donut, coloured by group. */
export function StateGroupChart({ data }: { data: ChartDatum[] }) {
  const shown = data.filter((row) => row.count > 0);
  return (
    <ResponsiveContainer width="100%" height={180}>
      <PieChart>
        <Pie data={shown} dataKey="count" nameKey="label" innerRadius={48} outerRadius={76} paddingAngle={1} isAnimationActive={false}>
          {shown.map((row) => (
            <Cell key={row.key} fill={STATE_GROUP_COLORS[row.key as StateGroup] ?? '#a3a3a3'} />
          ))}
        </Pie>
        <Tooltip />
      </PieChart>
    </ResponsiveContainer>
  );
}

/** Issues per priority as bars, urgent first. */
export function PriorityChart({ data }: { data: ChartDatum[] }) {
  return (
    <ResponsiveContainer width="100%" height={180}>
      <BarChart data={data} margin={{ top: 8, right: 8, left: -24, bottom: 0 }}>
        <XAxis dataKey="label" tickLine={false} fontSize={12} />
        <YAxis allowDecimals={false} tickLine={false} fontSize={12} />
        <Tooltip cursor={{ fillOpacity: 0.1 }} />
        <Bar dataKey="count" isAnimationActive={false} radius={[4, 4, 0, 0]}>
          {data.map((row) => (
            <Cell key={row.key} fill={PRIORITY_COLORS[row.key] ?? '#a3a3a3'} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
