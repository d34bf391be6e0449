// The workspace's active cycles (spec §7 "Cycles", workspace `active-cycles/`): the current cycle
// of each of my projects with its progress, its counts per state group and its urgent and
// high-priority issues. A live `cycle` event (issues in or out, dates) or `issue` event (an issue
// of a shown cycle changing state or priority) reloads the page's first page.
import { useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { RefreshCcw } from 'lucide-react';
import { AppShell } from '../components/app-shell';
import { PRIORITY_LABEL, STATE_GROUP_LABEL } from '../components/issues/labels';
import type { ActiveCycle, ActiveCyclesPage } from '../api/types';
import { useResource } from '../api/use-resource';
import { useT } from '../i18n';
import { fetchActiveCycles, useCurrentCycleSignature, useCycle } from '../stores/cycle-store';
import { issueKey, useIssues } from '../stores/issue-store';
import { useProject } from '../stores/project-store';
import { isPriority } from '../../shared/issue-constants';
import { Button, EmptyState, ProgressBar } from '../ui';
import { PriorityIcon } from '../ui/pickers/property-icons';
import '../components/cycles/cycles.css';

const GROUPS = ['backlog', 'unstarted', 'started', 'completed', 'cancelled'] as const;

export function ActiveCyclesPage({ slug, initial }: { slug: string; initial: ActiveCyclesPage }) {
  const t = useT();
  const [rows, setRows] = useState<ActiveCycle[]>(initial.results);
  const [next, setNext] = useState(initial.next_page_results ? initial.next_cursor : null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const cycleSignature = useCurrentCycleSignature();
  const issues = useIssues();
  // Issue events (a state or priority change of an issue in one of these cycles) move the counts
  // without a cycle event: they count too.
  const issueSignature = useMemo(() => {
    const shown = new Set(rows.map((row) => row.id));
    return issues.filter((issue) => issue.cycle_id && shown.has(issue.cycle_id)).map((issue) => `${issue.id}:${issue.state_id}:${issue.priority}:${issue.version ?? ''}`).sort().join(',');
  }, [issues, rows]);
  const signature = `${cycleSignature}|${issueSignature}`;
  const [shownSignature] = useState(signature);

  // A live change (a cycle's counts or dates, a new current cycle, an issue of one of these
  // cycles) reloads the first page shortly after; until one comes, the loader's page is current.
  const refresh = useResource(signature === shownSignature ? null : `${slug}|${signature}`, async (signal) => {
    const page = await fetchActiveCycles(slug);
    if (!signal.aborted) {
      setRows(page.results);
      setNext(page.next_page_results ? page.next_cursor : null);
      setFailed(false);
    }
    return page;
  }, { settleMs: 300 });

  const more = () => {
    if (!next) return;
    setBusy(true);
    fetchActiveCycles(slug, next)
      .then((page) => {
        setRows((current) => [...current, ...page.results.filter((row) => !current.some((seen) => seen.id === row.id))]);
        setNext(page.next_page_results ? page.next_cursor : null);
      }, () => setFailed(true))
      .finally(() => setBusy(false));
  };

  return (
    <AppShell workspaceSlug={slug} title={t('cycles.active.title')}>
      <div className="active-cycles" data-testid="active-cycles">
        {(failed || refresh.error !== null) && <p className="muted" role="alert">{t('cycles.active.loadFailed')}</p>}
        {rows.length === 0 ? (
          <EmptyState title={t('cycles.active.empty')} body={t('cycles.active.emptyBody')} icon={<RefreshCcw size={22} />} />
        ) : (
          rows.map((row) => <ActiveCycleCard key={row.id} slug={slug} row={row} />)
        )}
        {next && <Button size="sm" variant="secondary" onClick={more} disabled={busy}>{t('cycles.active.more')}</Button>}
      </div>
    </AppShell>
  );
}

function ActiveCycleCard({ slug, row }: { slug: string; row: ActiveCycle }) {
  const t = useT();
  // The newer of the page's copy and the store's (which live cycle events update first).
  const live = useCycle(row.id);
  const cycle = live && (live.version ?? 0) > row.version ? { ...row, ...live } : row;
  const project = useProject(cycle.project_id);
  const daysLeft = cycle.end_date ? Math.max(0, Math.ceil((new Date(cycle.end_date).getTime() - Date.now()) / 86_400_000)) : null;
  return (
    <section className="active-cycle" data-testid={`active-cycle-${cycle.name}`} aria-labelledby={`active-cycle-${cycle.id}`}>
      <div className="active-cycle-head">
        <span className="muted">{project?.name ?? '…'}</span>
        <h3 id={`active-cycle-${cycle.id}`}>
          <Link to="/$workspaceSlug/projects/$projectId/cycles/$cycleId" params={{ workspaceSlug: slug, projectId: cycle.project_id, cycleId: cycle.id }}>{cycle.name}</Link>
        </h3>
        {daysLeft !== null && <span className="cycle-status cycle-status-current">{t('cycles.active.daysLeft', { count: daysLeft })}</span>}
      </div>
      <div className="cycle-row-progress" data-testid={`active-cycle-progress-${cycle.name}`}>
        <ProgressBar done={cycle.completed_issues} total={cycle.total_issues} />
        <span className="muted">{t('cycles.progressLabel', { done: cycle.completed_issues, total: cycle.total_issues })}</span>
      </div>
      <ul className="cycle-groups">
        {GROUPS.map((group) => (
          <li key={group}><span className={`cycle-dot cycle-dot-${group}`} aria-hidden="true" />{t(STATE_GROUP_LABEL[group])} {cycle[`${group}_issues`]}</li>
        ))}
      </ul>
      <h4>{t('cycles.active.priorityIssues')}</h4>
      {row.priority_issues.length === 0 ? (
        <p className="muted">{t('cycles.active.noPriorityIssues')}</p>
      ) : (
        <ul className="active-cycle-issues">
          {row.priority_issues.map((issue) => (
            <li key={issue.id}>
              {isPriority(issue.priority) && <PriorityIcon priority={issue.priority} />}
              <span className="sr-only">{isPriority(issue.priority) ? t(PRIORITY_LABEL[issue.priority]) : issue.priority}</span>
              <Link to="/$workspaceSlug/projects/$projectId/issues/$issueId" params={{ workspaceSlug: slug, projectId: issue.project_id, issueId: issue.id }} className="issue-key">
                {issueKey(project?.identifier, issue)}
              </Link>
              <span className="issue-title">{issue.name}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
