// A module's progress as a chart: its issues per state group (the module row's live counts), drawn
// with recharts — the one charting library, as the cycle burndown and analytics use it.
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { STATE_GROUPS, STATE_GROUP_COLORS } from '../../../shared/issue-constants';
import { useT } from '../../i18n';
import type { Module } from '../../stores/module-store';
import { STATE_GROUP_LABEL } from '../issues/labels';
import { ProgressBar } from '../../ui';

export function ModuleProgressChart({ module }: { module: Module }) {
  const t = useT();
  const data = STATE_GROUPS.map((group) => ({ group, name: t(STATE_GROUP_LABEL[group]), issues: module[`${group}_issues`] ?? 0 }));
  const total = module.total_issues ?? 0;
  const completed = module.completed_issues ?? 0;
  return (
    <section className="module-panel module-progress-panel" data-testid="module-progress-chart">
      <h3>{t('modules.detail.progress')}</h3>
      <p data-testid="module-progress-summary">{t('modules.detail.progressSummary', { completed, total })}</p>
      <ProgressBar done={completed} total={total} />
      {/* The numbers in words for screen readers; the chart repeats them for the eye, hidden and out
          of the Tab order (recharts' keyboard layer would be a focus stop inside aria-hidden). */}
      <ul className="sr-only">
        {data.map((row) => <li key={row.group}>{`${row.name}: ${row.issues}`}</li>)}
      </ul>
      <div className="module-chart" aria-hidden="true">
        <ResponsiveContainer width="100%" height={160}>
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -24 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
            <XAxis dataKey="name" fontSize={11} interval={0} />
            <YAxis allowDecimals={false} fontSize={11} />
            <Tooltip cursor={{ fill: 'var(--surface-muted)' }} />
            <Bar dataKey="issues" name={t('modules.detail.progress')} isAnimationActive={false}>
              {data.map((row) => <Cell key={row.group} fill={STATE_GROUP_COLORS[row.group]} />)}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}
