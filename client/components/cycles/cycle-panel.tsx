// A cycle's numbers: progress per state group and points, the burndown (recharts) by issues or
// points, and the assignee and label distributions. Live: the numbers are fetched again when the
// cycle changes (issues moved in or out) or when an issue of the cycle changes state or estimate.
import { useMemo, useState } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useResource, type Loaded } from '../../api/use-resource';
import { useT } from '../../i18n';
import type { Cycle, CycleAnalytics, CycleProgress } from '../../api/types';
import { fetchCycleAnalytics, fetchCycleProgress } from '../../stores/cycle-store';
import { useIssues } from '../../stores/issue-store';
import { ProgressBar, Skeleton } from '../../ui';

const GROUPS = ['backlog', 'unstarted', 'started', 'completed', 'cancelled'] as const;

/** A key that changes whenever something the cycle's numbers depend on changes in the stores. */
function useCycleSignature(cycle: Cycle): string {
  const issues = useIssues();
  return useMemo(() => {
    const mine = issues.filter((issue) => issue.cycle_id === cycle.id).map((issue) => `${issue.id}:${issue.state_id}:${issue.estimate_point ?? ''}:${issue.version ?? ''}`);
    return `${cycle.version}|${mine.sort().join(',')}`;
  }, [issues, cycle.id, cycle.version]);
}

interface CycleNumbersAnswer {
  progress: CycleProgress;
  analytics: CycleAnalytics | null;
}

export function CycleNumbers({ slug, cycle }: { slug: string; cycle: Cycle }) {
  const t = useT();
  const [type, setType] = useState<'issues' | 'points'>('issues');
  const signature = useCycleSignature(cycle);
  const dated = Boolean(cycle.start_date && cycle.end_date);
  // A burst of live changes asks once, 150 ms after the last. The numbers shown stay up while the
  // next ones load, and a failed refresh keeps them (only a first read that fails says so).
  const numbers: Loaded<CycleNumbersAnswer> = useResource(`${slug}|${cycle.id}|${dated}|${type}|${signature}`, async () => {
    try {
      const [progress, analytics] = await Promise.all([fetchCycleProgress(slug, cycle), dated ? fetchCycleAnalytics(slug, cycle, type) : Promise.resolve(null)]);
      return { progress, analytics };
    } catch (error) {
      if (numbers.data) return numbers.data;
      throw error;
    }
  }, { settleMs: 150 });

  if (numbers.error) return <p className="field-error" role="alert">{t('cycles.loadFailed')}</p>;
  if (!numbers.data) return <div className="cycle-panel"><Skeleton height={120} /></div>;
  const { progress, analytics } = numbers.data;

  const chart = Object.entries(analytics?.completion_chart ?? {});
  const total = type === 'points' ? progress.total_estimate_points : progress.total_issues;
  const data = chart.map(([day, remaining], index) => ({
    day: day.slice(5),
    remaining,
    ideal: chart.length > 1 ? Math.round((total - (total * index) / (chart.length - 1)) * 100) / 100 : total,
  }));

  return (
    <div className="cycle-panel" data-testid="cycle-panel">
      <section className="cycle-panel-section">
        <h3>{t('cycles.progress.title')}</h3>
        <p data-testid="cycle-progress-total">{t('cycles.progressLabel', { done: progress.completed_issues, total: progress.total_issues })}</p>
        <ProgressBar done={progress.completed_issues} total={progress.total_issues} />
        <ul className="cycle-groups">
          {GROUPS.map((group) => (
            <li key={group} data-testid={`cycle-group-${group}`}>
              <span className={`cycle-dot cycle-dot-${group}`} aria-hidden="true" />
              {t(`cycles.progress.${group}`)} <strong>{progress[`${group}_issues`]}</strong>
            </li>
          ))}
        </ul>
        <p className="muted">{t('cycles.progress.points', { done: progress.completed_estimate_points, total: progress.total_estimate_points })}</p>
      </section>
      <section className="cycle-panel-section cycle-burndown">
        <div className="cycle-panel-head">
          <h3>{t('cycles.burndown.title')}</h3>
          <div className="segmented" role="group" aria-label={t('cycles.burndown.title')}>
            {(['issues', 'points'] as const).map((option) => (
              <button key={option} type="button" className={`segment${type === option ? ' segment-active' : ''}`} aria-pressed={type === option} onClick={() => setType(option)}>
                {t(`cycles.burndown.${option}`)}
              </button>
            ))}
          </div>
        </div>
        {dated ? (
          <div className="cycle-chart" data-testid="cycle-burndown">
            <ResponsiveContainer width="100%" height={200}>
              <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
                <XAxis dataKey="day" fontSize={11} />
                <YAxis allowDecimals={type === 'points'} fontSize={11} />
                <Tooltip />
                <Line type="linear" dataKey="ideal" name={t('cycles.burndown.ideal')} stroke="var(--text-muted, #9aa4bc)" strokeDasharray="4 4" dot={false} isAnimationActive={false} />
                <Line type="stepAfter" dataKey="remaining" name={t('cycles.burndown.remaining')} stroke="var(--accent, #3f76ff)" dot={false} connectNulls={false} isAnimationActive={false} />
              </LineChart>
            </ResponsiveContainer>
          </div>
        ) : (
          <p className="muted">{t('cycles.burndown.none')}</p>
        )}
      </section>
      {analytics && (
        <section className="cycle-panel-section cycle-distribution">
          <Distribution
            title={t('cycles.distribution.assignees')}
            rows={analytics.assignees.map((row) => ({ key: row.assignee_id ?? 'none', name: row.display_name ?? t('cycles.distribution.unassigned'), done: type === 'points' ? row.completed_estimates : row.completed_issues, total: type === 'points' ? row.total_estimates : row.total_issues }))}
          />
          <Distribution
            title={t('cycles.distribution.labels')}
            rows={analytics.labels.map((row) => ({ key: row.label_id ?? 'none', name: row.label_name ?? t('cycles.distribution.noLabel'), color: row.color ?? undefined, done: type === 'points' ? row.completed_estimates : row.completed_issues, total: type === 'points' ? row.total_estimates : row.total_issues }))}
          />
        </section>
      )}
    </div>
  );
}

function Distribution({ title, rows }: { title: string; rows: Array<{ key: string; name: string; color?: string; done: number; total: number }> }) {
  const t = useT();
  return (
    <div className="cycle-distribution-list">
      <h4>{title}</h4>
      {rows.length === 0 ? (
        <p className="muted">{t('cycles.distribution.empty')}</p>
      ) : (
        <ul>
          {rows.map((row) => (
            <li key={row.key}>
              {row.color && <span className="cycle-dot" style={{ background: row.color }} aria-hidden="true" />}
              <span className="cycle-distribution-name">{row.name}</span>
              <span className="muted">{t('cycles.distribution.row', { done: row.done, total: row.total })}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
