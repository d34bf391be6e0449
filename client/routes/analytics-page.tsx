// `/{workspaceSlug}/analytics` (reference §8.2, spec §2 "workspace analytics sidebar"): a chart of
// the caller's issues along one dimension, optionally segmented by a second, in issues or estimate
// points, for all or some of their projects; as bars, lines or a pie, or as a table; downloadable
// as CSV; savable as a named view (workspace admins). The chart's query lives in the URL, so a
// reload or a shared link shows the same chart. The collapsible sidebar (its flag persisted) holds
// the overview numbers, the per-project stats and the saved views.
import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { BarChart3, Download, PanelRight, Save, Trash2 } from 'lucide-react';
import { Alert } from '../components/alert';
import { AppShell } from '../components/app-shell';
import { CollapseFlag, toggleCollapsed, useCollapseFlags } from '../components/app-shell/collapse-flags';
import { ErrorNotice } from '../components/error-boundary';
import { TextField } from '../components/field';
import { chartTable, tableCsv, type ChartTable, type FixedNames } from '../components/analytics/analytics-data';
import type { ChartKind } from '../components/analytics/analytics-chart';
import { useLocale, useT, type MessageKey } from '../i18n';
import { Button, Dialog, EmptyState, IconButton, PropertyChip, Skeleton, toast, toggleValue } from '../ui';
import { can, memberContext } from '../../shared/permission-table';
import { ANALYTICS_DIMENSIONS, isAnalyticsDimension, type AnalyticsDimension, type AnalyticsYAxis } from '../../shared/schemas/analytics';
import {
  createAnalyticView,
  deleteAnalyticView,
  fetchAnalytics,
  fetchAnalyticViews,
  fetchDefaultAnalytics,
  fetchProjectStats,
  useAnalyticViews,
  type ChartParams,
} from '../stores/analytics-store';
import { useJoinedProjects } from '../stores/project-store';
import { useWorkspace } from '../stores/workspace-store';
import { useResource } from '../api/use-resource';
import './analytics.css';

const AnalyticsChart = lazy(() => import('../components/analytics/analytics-chart'));

/** The screen's state as the URL holds it (`?x_axis=&y_axis=&segment=&project=&kind=&display=`). */
export interface AnalyticsSearch {
  x_axis?: string;
  y_axis?: string;
  segment?: string;
  project?: string;
  kind?: string;
  display?: string;
}

const KINDS: readonly ChartKind[] = ['bar', 'line', 'pie'];
const NO_SEGMENT = '__none__';

interface Query {
  x: AnalyticsDimension;
  y: AnalyticsYAxis;
  segment: AnalyticsDimension | null;
  projects: string[];
}

/** The URL's query, with defaults for anything missing or unknown (priority × issues). */
function readQuery(search: AnalyticsSearch): Query {
  const x = isAnalyticsDimension(search.x_axis) ? search.x_axis : 'priority';
  const segment = isAnalyticsDimension(search.segment) && search.segment !== x ? search.segment : null;
  return { x, y: search.y_axis === 'estimate' ? 'estimate' : 'issue_count', segment, projects: (search.project ?? '').split(',').filter(Boolean) };
}

/** The API's parameters (and a saved view's query_dict) for a query. */
function chartParams(query: Query): ChartParams {
  return {
    x_axis: query.x,
    y_axis: query.y,
    ...(query.segment ? { segment: query.segment } : {}),
    ...(query.projects.length ? { project: query.projects.join(',') } : {}),
  };
}

function download(name: string, text: string) {
  // A BOM so spreadsheet programs read the UTF-8 names (Chinese, accents) right.
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function AnalyticsPage({ workspaceSlug, search }: { workspaceSlug: string; search: AnalyticsSearch }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const workspace = useWorkspace(workspaceSlug);
  const allowed = can('workspace.analytics', memberContext(workspace?.role));
  const isAdmin = can('workspace.analytic-views', memberContext(workspace?.role));
  const collapsed = useCollapseFlags((flags) => flags[CollapseFlag.WORKSPACE_ANALYTICS_SIDEBAR]);
  const projects = useJoinedProjects(workspaceSlug);
  const query = readQuery(search);
  const params = chartParams(query);
  const kind: ChartKind = (KINDS as readonly string[]).includes(search.kind ?? '') ? (search.kind as ChartKind) : 'bar';
  const display = search.display === 'table' ? 'table' : 'chart';
  const [saving, setSaving] = useState(false);

  const setSearch = (patch: Partial<AnalyticsSearch>) =>
    void navigate({ to: '/$workspaceSlug/analytics', params: { workspaceSlug }, search: (current: AnalyticsSearch) => ({ ...current, ...patch }), replace: true });

  const chart = useResource(allowed ? `${workspaceSlug}?${new URLSearchParams(params)}` : 'none', (signal) =>
    allowed ? fetchAnalytics(workspaceSlug, params, signal) : Promise.resolve(null),
  );
  const fixed: FixedNames = (kindOfName, value) =>
    kindOfName === 'none' ? t('analytics.none') : t((kindOfName === 'priority' ? `priority.${value}` : `stateGroup.${value}`) as MessageKey);
  const table = useMemo(
    () => (chart.data ? chartTable(chart.data, { x_axis: query.x, y_axis: query.y, segment: query.segment }, fixed, locale) : null),
    // `fixed` follows the locale; the query is in `chart.data`'s key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [chart.data, locale],
  );
  const dimensionName = (dimension: AnalyticsDimension) => t(`analytics.dimension.${dimension}` as MessageKey);
  const measureName = t(`analytics.y.${query.y}`);
  const dimensionOptions = ANALYTICS_DIMENSIONS.map((dimension) => ({ value: dimension, label: dimensionName(dimension) }));

  const downloadCsv = () => {
    if (!table) return;
    const name = `analytics-${query.x}${query.segment ? `-${query.segment}` : ''}-${query.y}.csv`;
    download(name, tableCsv(table, { x: dimensionName(query.x), total: t('analytics.total') }));
  };

  return (
    <AppShell
      workspaceSlug={workspaceSlug}
      title={t('analytics.title')}
      actions={
        allowed && (
          <>
            {isAdmin && (
              <Button variant="secondary" size="sm" onClick={() => setSaving(true)} data-testid="analytics-save-view">
                <Save size={14} aria-hidden="true" /> {t('analytics.save')}
              </Button>
            )}
            <IconButton
              label={collapsed ? t('analytics.showSidebar') : t('analytics.hideSidebar')}
              aria-pressed={!collapsed}
              onClick={() => toggleCollapsed(CollapseFlag.WORKSPACE_ANALYTICS_SIDEBAR)}
              data-testid="analytics-sidebar-toggle"
              icon={<PanelRight size={16} aria-hidden="true" />}
            />
          </>
        )
      }
    >
      {!allowed ? (
        <Alert tone="info">{t('analytics.membersOnly')}</Alert>
      ) : (
        <div className={`analytics${collapsed ? ' analytics-sidebar-collapsed' : ''}`} data-testid="analytics-page">
          <div className="analytics-main">
            <p className="page-lead">{t('analytics.lead')}</p>
            <div className="analytics-controls" role="toolbar" aria-label={t('analytics.title')}>
              <span className="analytics-control">
                <span className="analytics-control-label" aria-hidden="true">{t('analytics.xAxis')}</span>
                <PropertyChip
                  label={t('analytics.xAxis')}
                  valueText={dimensionName(query.x)}
                  options={dimensionOptions}
                  selected={[query.x]}
                  onSelect={(value) => setSearch({ x_axis: value, ...(value === query.segment ? { segment: undefined } : {}) })}
                  testId="analytics-x-axis"
                />
              </span>
              <span className="analytics-control">
                <span className="analytics-control-label" aria-hidden="true">{t('analytics.segment')}</span>
                <PropertyChip
                  label={t('analytics.segment')}
                  valueText={query.segment ? dimensionName(query.segment) : t('analytics.noSegment')}
                  empty={!query.segment}
                  options={[{ value: NO_SEGMENT, label: t('analytics.noSegment') }, ...dimensionOptions.filter((option) => option.value !== query.x)]}
                  selected={[query.segment ?? NO_SEGMENT]}
                  onSelect={(value) => setSearch({ segment: value === NO_SEGMENT ? undefined : value })}
                  testId="analytics-segment"
                />
              </span>
              <span className="analytics-control">
                <span className="analytics-control-label" aria-hidden="true">{t('analytics.projects')}</span>
                <PropertyChip
                  label={t('analytics.projects')}
                  valueText={query.projects.length ? projects.filter((p) => query.projects.includes(p.id)).map((p) => p.name).join(', ') || t('analytics.someProjects', { count: query.projects.length }) : t('analytics.allProjects')}
                  empty={query.projects.length === 0}
                  multiple
                  options={projects.map((project) => ({ value: project.id, label: project.name, keywords: [project.identifier] }))}
                  selected={query.projects}
                  onSelect={(value) => setSearch({ project: toggleValue(query.projects, value).join(',') || undefined })}
                  testId="analytics-projects"
                />
              </span>
              <Segmented
                label={t('analytics.measure')}
                value={query.y}
                options={(['issue_count', 'estimate'] as const).map((value) => ({ value, label: t(`analytics.y.${value}`) }))}
                onChange={(value) => setSearch({ y_axis: value === 'issue_count' ? undefined : value })}
                testId="analytics-y-axis"
              />
              <Segmented
                label={t('analytics.display')}
                value={display}
                options={(['chart', 'table'] as const).map((value) => ({ value, label: t(`analytics.display.${value}`) }))}
                onChange={(value) => setSearch({ display: value === 'chart' ? undefined : value })}
                testId="analytics-display"
              />
              {display === 'chart' && (
                <Segmented
                  label={t('analytics.chartKind')}
                  value={kind}
                  options={KINDS.map((value) => ({ value, label: t(`analytics.kind.${value}`) }))}
                  onChange={(value) => setSearch({ kind: value === 'bar' ? undefined : value })}
                  testId="analytics-kind"
                />
              )}
              <Button variant="secondary" size="sm" onClick={downloadCsv} disabled={!table || table.rows.length === 0} data-testid="analytics-download">
                <Download size={14} aria-hidden="true" /> {t('analytics.download')}
              </Button>
            </div>
            <section className="card analytics-result" aria-busy={chart.loading} aria-live="polite">
              {chart.error ? (
                <ErrorNotice error={chart.error} onRetry={chart.reload} />
              ) : !table ? (
                <div data-testid="analytics-loading"><Skeleton height={320} /></div>
              ) : table.rows.length === 0 ? (
                <EmptyState title={t('analytics.emptyTitle')} body={t('analytics.emptyBody')} icon={<BarChart3 size={22} />} />
              ) : (
                <>
                  <p className="muted" data-testid="analytics-total">{t('analytics.charted', { count: table.total })}</p>
                  {display === 'table' ? (
                    <AnalyticsTable table={table} caption={t('analytics.tableCaption', { measure: measureName, x: dimensionName(query.x) })} xName={dimensionName(query.x)} />
                  ) : (
                    <div className="analytics-chart" data-testid="analytics-chart" data-kind={kind}>
                      <Suspense fallback={<Skeleton height={320} />}>
                        <AnalyticsChart table={table} kind={kind} measureLabel={measureName} />
                      </Suspense>
                    </div>
                  )}
                </>
              )}
            </section>
          </div>
          {!collapsed && (
            <AnalyticsSidebar
              slug={workspaceSlug}
              projectIds={query.projects}
              isAdmin={isAdmin}
              onOpenView={(dict) => setSearch({ x_axis: dict.x_axis, y_axis: dict.y_axis === 'issue_count' ? undefined : dict.y_axis, segment: dict.segment, project: dict.project })}
            />
          )}
        </div>
      )}
      {saving && <SaveViewDialog slug={workspaceSlug} params={params} onClose={() => setSaving(false)} />}
    </AppShell>
  );
}

function Segmented<V extends string>({ label, value, options, onChange, testId }: { label: string; value: V; options: Array<{ value: V; label: string }>; onChange: (value: V) => void; testId: string }) {
  return (
    <div className="segmented" role="group" aria-label={label} data-testid={testId}>
      {options.map((option) => (
        <button key={option.value} type="button" className={`segment${value === option.value ? ' segment-active' : ''}`} aria-pressed={value === option.value} onClick={() => onChange(option.value)} data-testid={`${testId}-${option.value}`}>
          {option.label}
        </button>
      ))}
    </div>
  );
}

function AnalyticsTable({ table, caption, xName }: { table: ChartTable; caption: string; xName: string }) {
  const t = useT();
  return (
    <div className="analytics-table-wrap">
      <table className="analytics-table" data-testid="analytics-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{xName}</th>
            {table.segments.map((segment) => <th key={segment.key} scope="col">{segment.label}</th>)}
            <th scope="col">{t('analytics.total')}</th>
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.key} data-testid="analytics-table-row">
              <th scope="row">{row.label}</th>
              {table.segments.map((segment) => <td key={segment.key}>{row.values[segment.key] ?? 0}</td>)}
              <td>{row.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AnalyticsSidebar({ slug, projectIds, isAdmin, onOpenView }: { slug: string; projectIds: string[]; isAdmin: boolean; onOpenView: (dict: Record<string, string>) => void }) {
  const t = useT();
  const projects = useJoinedProjects(slug);
  const filter: ChartParams = projectIds.length ? { project: projectIds.join(',') } : {};
  const overview = useResource(`${slug}|${projectIds.join(',')}`, (signal) => fetchDefaultAnalytics(slug, filter, signal));
  const stats = useResource(`${slug}|stats|${projectIds.join(',')}`, (signal) => fetchProjectStats(slug, projectIds.length ? projectIds : null, signal));
  const views = useAnalyticViews(slug);
  useResource(isAdmin ? `${slug}|views` : 'none', () => (isAdmin ? fetchAnalyticViews(slug) : Promise.resolve([])));

  const remove = async (viewId: string) => {
    try {
      await deleteAnalyticView(slug, viewId);
    } catch {
      toast.error(t('analytics.deleteFailed'));
    }
  };

  return (
    <aside className="analytics-sidebar" aria-label={t('analytics.sidebar')} data-testid="analytics-sidebar">
      <section>
        <h2 className="analytics-sidebar-title">{t('analytics.overview')}</h2>
        {overview.error ? (
          <ErrorNotice error={overview.error} onRetry={overview.reload} compact />
        ) : !overview.data ? (
          <Skeleton height={60} />
        ) : (
          <dl className="analytics-figures">
            <div><dt>{t('analytics.overview.total')}</dt><dd data-testid="analytics-overview-total">{overview.data.total_issues}</dd></div>
            <div><dt>{t('analytics.overview.open')}</dt><dd data-testid="analytics-overview-open">{overview.data.open_issues}</dd></div>
            <div><dt>{t('analytics.overview.openEstimate')}</dt><dd>{overview.data.open_estimate_sum}</dd></div>
          </dl>
        )}
      </section>
      <section>
        <h2 className="analytics-sidebar-title">{t('analytics.projectStats')}</h2>
        {stats.error ? (
          <ErrorNotice error={stats.error} onRetry={stats.reload} compact />
        ) : !stats.data ? (
          <Skeleton height={40} />
        ) : (
          <ul className="analytics-project-stats">
            {stats.data.map((row) => (
              <li key={row.id} data-testid="analytics-project-stat">
                <span className="analytics-project-name">{projects.find((p) => p.id === row.id)?.name ?? row.id}</span>
                <span className="muted">{t('analytics.projectStats.row', { done: row.completed_issues ?? 0, total: row.total_issues ?? 0 })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {isAdmin && (
        <section>
          <h2 className="analytics-sidebar-title">{t('analytics.savedViews')}</h2>
          {views.length === 0 ? (
            <p className="muted">{t('analytics.savedViews.empty')}</p>
          ) : (
            <ul className="analytics-views" data-testid="analytics-views">
              {views.map((view) => (
                <li key={view.id} className="analytics-view">
                  <button type="button" className="analytics-view-open" onClick={() => onOpenView(view.query_dict)} aria-label={t('analytics.openView', { name: view.name })} data-testid="analytics-view-open">
                    {view.name}
                  </button>
                  <IconButton label={t('analytics.deleteView', { name: view.name })} onClick={() => void remove(view.id)} icon={<Trash2 size={14} aria-hidden="true" />} data-testid="analytics-view-delete" />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </aside>
  );
}

function SaveViewDialog({ slug, params, onClose }: { slug: string; params: ChartParams; onClose: () => void }) {
  const t = useT();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    try {
      await createAnalyticView(slug, { name: name.trim(), query_dict: params });
      toast.success(t('analytics.saved'));
      onClose();
    } catch {
      toast.error(t('analytics.saveFailed'));
      setBusy(false);
    }
  };
  return (
    <Dialog title={t('analytics.saveTitle')} onClose={onClose} testId="analytics-save-dialog">
      <form className="form" onSubmit={submit} noValidate>
        <TextField label={t('analytics.saveName')} value={name} onChange={(event) => setName(event.target.value)} maxLength={255} data-testid="analytics-view-name" />
        <div className="form-actions">
          <Button variant="secondary" onClick={onClose} disabled={busy}>{t('common.cancel')}</Button>
          <Button type="submit" busy={busy} disabled={!name.trim()} data-testid="analytics-view-submit">{t('common.save')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
