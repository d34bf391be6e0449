// The home dashboard's widgets (spec §7 "Dashboard", reference accounts §12.1): overview numbers,
// my assigned and created issues by tab, my issues by state group and by priority (charts loaded
// lazily), my recent activity, my recent projects and my collaborators. Each widget loads its
// figures on its own (skeleton, empty, error with retry), saves its filters, and can be hidden;
// hidden widgets come back from the "Widgets" menu.
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { CalendarRange, EyeOff, LayoutGrid, MoreHorizontal } from 'lucide-react';
import { useLocale, useT, type MessageKey } from '../../i18n';
import { DURATIONS, ISSUE_TABS, WidgetKey, type Duration } from '../../../shared/dashboard';
import type { IssueActivity } from '../../api/types';
import type { WidgetIssue } from '../../../shared/schemas/dashboard';
import { fetchWidgetStats, updateWidget, useDashboardState, useDashboardWidgets, widgetQuery, type DashboardWidget } from '../../stores/dashboard-store';
import { useMemberUserMap } from '../../stores/member-store';
import { useProjects } from '../../stores/project-store';
import { useSessionStore } from '../../stores/session-store';
import { Avatar, Button, EmptyState, IconButton, Menu, Skeleton, SkeletonRows } from '../../ui';
import { useResource, type Loaded } from '../../api/use-resource';
import { ErrorNotice } from '../error-boundary';
import { formatDay } from '../format';
import { RelativeTime } from '../relative-time';
import { formatActivity } from '../issues/activity-format';
import { useActivityLookups } from '../issues/issue-activity';
import type { ChartDatum } from './dashboard-charts';
import './dashboard.css';

const StateGroupChart = lazy(() => import('./dashboard-charts').then((module) => ({ default: module.StateGroupChart })));
const PriorityChart = lazy(() => import('./dashboard-charts').then((module) => ({ default: module.PriorityChart })));

/** A widget's figures, refetched when its saved filters change. */
function useWidgetData<T>(slug: string, widget: DashboardWidget): Loaded<T> {
  const dashboardId = useDashboardState((state) => state.dashboardId);
  const timeZone = useSessionStore((state) => state.user?.user_timezone ?? undefined);
  const query = widgetQuery(widget, timeZone) as Record<string, string>;
  const key = dashboardId ? `${slug}|${dashboardId}|${JSON.stringify(query)}` : null;
  return useResource(key, (signal) => fetchWidgetStats<T>(slug, dashboardId!, query, signal));
}

const TITLE_KEYS: Record<WidgetKey, MessageKey> = {
  overview_stats: 'dashboard.widget.overview_stats',
  assigned_issues: 'dashboard.widget.assigned_issues',
  created_issues: 'dashboard.widget.created_issues',
  issues_by_state_groups: 'dashboard.widget.issues_by_state_groups',
  issues_by_priority: 'dashboard.widget.issues_by_priority',
  recent_activity: 'dashboard.widget.recent_activity',
  recent_projects: 'dashboard.widget.recent_projects',
  recent_collaborators: 'dashboard.widget.recent_collaborators',
};

export function HomeDashboard({ slug }: { slug: string }) {
  const t = useT();
  const widgets = useDashboardWidgets();
  const shown = widgets.filter((widget) => widget.is_visible);
  if (widgets.length === 0) return <SkeletonRows rows={6} />;
  return (
    <div className="dashboard" data-testid="home-dashboard">
      {shown.length === 0 && (
        <section className="card">
          <EmptyState title={t('dashboard.allHiddenTitle')} body={t('dashboard.allHiddenBody')} icon={<LayoutGrid size={22} />} />
        </section>
      )}
      <div className="dashboard-grid">
        {shown.map((widget) => (
          <WidgetFrame key={widget.id} widget={widget} wide={widget.key === WidgetKey.OVERVIEW_STATS}>
            <WidgetBody slug={slug} widget={widget} />
          </WidgetFrame>
        ))}
      </div>
    </div>
  );
}

/** The "Widgets" menu of the top bar: every widget with a tick when shown; choosing one shows or hides it. */
export function WidgetsMenu() {
  const t = useT();
  const widgets = useDashboardWidgets();
  if (widgets.length === 0) return null;
  return (
    <Menu
      label={t('dashboard.manageWidgets')}
      trigger={
        <Button variant="secondary" size="sm" data-testid="dashboard-widgets-menu">
          <LayoutGrid size={14} aria-hidden="true" /> {t('dashboard.manageWidgets')}
        </Button>
      }
      items={widgets.map((widget) => ({
        id: `widget-toggle-${widget.key}`,
        label: `${widget.is_visible ? t('dashboard.hide') : t('dashboard.show')}: ${t(TITLE_KEYS[widget.key as WidgetKey] ?? 'dashboard.widget.unknown')}`,
        onSelect: () => void updateWidget(widget, { is_visible: !widget.is_visible }),
      }))}
    />
  );
}

function WidgetFrame({ widget, wide, children }: { widget: DashboardWidget; wide?: boolean; children: ReactNode }) {
  const t = useT();
  const title = t(TITLE_KEYS[widget.key as WidgetKey] ?? 'dashboard.widget.unknown');
  const hasDuration = 'duration' in widget.widget_filters;
  return (
    <section className={`card dashboard-widget${wide ? ' dashboard-widget-wide' : ''}`} aria-label={title} data-testid={`widget-${widget.key}`}>
      <header className="dashboard-widget-header">
        <h2 className="dashboard-widget-title">{title}</h2>
        <div className="dashboard-widget-tools">
          {hasDuration && <DurationMenu widget={widget} />}
          <Menu
            label={title}
            trigger={<IconButton label={t('dashboard.widgetMenu', { widget: title })} icon={<MoreHorizontal size={16} />} data-testid={`widget-menu-${widget.key}`} />}
            items={[{ id: `hide-${widget.key}`, label: t('dashboard.hideWidget'), icon: <EyeOff size={14} />, onSelect: () => void updateWidget(widget, { is_visible: false }) }]}
          />
        </div>
      </header>
      {children}
    </section>
  );
}

const SELECTABLE_DURATIONS = DURATIONS.filter((duration) => duration !== 'custom');

function DurationMenu({ widget }: { widget: DashboardWidget }) {
  const t = useT();
  const current = (widget.widget_filters.duration as Duration | undefined) ?? 'none';
  return (
    <Menu
      label={t('dashboard.duration')}
      trigger={
        <Button variant="ghost" size="sm" data-testid={`widget-duration-${widget.key}`}>
          <CalendarRange size={14} aria-hidden="true" /> {t(`dashboard.duration.${current}` as MessageKey)}
        </Button>
      }
      items={SELECTABLE_DURATIONS.map((duration) => ({
        id: `duration-${widget.key}-${duration}`,
        label: t(`dashboard.duration.${duration}` as MessageKey),
        onSelect: () => void updateWidget(widget, { filters: { duration } }),
      }))}
    />
  );
}

function WidgetBody({ slug, widget }: { slug: string; widget: DashboardWidget }) {
  switch (widget.key) {
    case WidgetKey.OVERVIEW_STATS:
      return <OverviewWidget slug={slug} widget={widget} />;
    case WidgetKey.ASSIGNED_ISSUES:
    case WidgetKey.CREATED_ISSUES:
      return <IssuesWidget slug={slug} widget={widget} />;
    case WidgetKey.ISSUES_BY_STATE_GROUPS:
    case WidgetKey.ISSUES_BY_PRIORITY:
      return <ChartWidget slug={slug} widget={widget} />;
    case WidgetKey.RECENT_ACTIVITY:
      return <ActivityWidget slug={slug} widget={widget} />;
    case WidgetKey.RECENT_PROJECTS:
      return <ProjectsWidget slug={slug} widget={widget} />;
    case WidgetKey.RECENT_COLLABORATORS:
      return <CollaboratorsWidget slug={slug} widget={widget} />;
    default:
      return null;
  }
}

/** Loading skeleton, error with retry, or the content (widgets, and the profile page's sections). */
export function Figures<T>({ state, rows = 3, children }: { state: Loaded<T>; rows?: number; children: (data: T) => ReactNode }) {
  if (state.error) return <ErrorNotice error={state.error} onRetry={state.reload} compact />;
  if (state.data === null) return <SkeletonRows rows={rows} />;
  return <>{children(state.data)}</>;
}

interface Overview {
  assigned_issues_count: number;
  pending_issues_count: number;
  completed_issues_count: number;
  created_issues_count: number;
}

function OverviewWidget({ slug, widget }: { slug: string; widget: DashboardWidget }) {
  const t = useT();
  const state = useWidgetData<Overview>(slug, widget);
  const items: Array<[keyof Overview, MessageKey]> = [
    ['assigned_issues_count', 'dashboard.overview.assigned'],
    ['pending_issues_count', 'dashboard.overview.overdue'],
    ['completed_issues_count', 'dashboard.overview.completed'],
    ['created_issues_count', 'dashboard.overview.created'],
  ];
  return (
    <Figures state={state} rows={1}>
      {(data) => (
        <dl className="dashboard-stats">
          {items.map(([key, label]) => (
            <div key={key} className="dashboard-stat" data-testid={`stat-${key}`}>
              <dt>{t(label)}</dt>
              <dd>{data[key]}</dd>
            </div>
          ))}
        </dl>
      )}
    </Figures>
  );
}

function IssuesWidget({ slug, widget }: { slug: string; widget: DashboardWidget }) {
  const t = useT();
  const locale = useLocale();
  const state = useWidgetData<{ issues: WidgetIssue[]; count: number }>(slug, widget);
  const tab = (widget.widget_filters.tab as string | undefined) ?? 'upcoming';
  return (
    <>
      <nav className="segmented dashboard-tabs" aria-label={t('dashboard.tabs')}>
        {ISSUE_TABS.map((name) => (
          <button
            key={name}
            type="button"
            className={`segment${name === tab ? ' segment-active' : ''}`}
            aria-pressed={name === tab}
            onClick={() => void updateWidget(widget, { filters: { tab: name } })}
            data-testid={`widget-tab-${widget.key}-${name}`}
          >
            {t(`dashboard.tab.${name}` as MessageKey)}
          </button>
        ))}
      </nav>
      <Figures state={state}>
        {(data) =>
          data.issues.length === 0 ? (
            <p className="muted dashboard-empty" data-testid={`widget-empty-${widget.key}`}>{t(`dashboard.empty.${tab}` as MessageKey)}</p>
          ) : (
            <>
              <ul className="dashboard-issues">
                {data.issues.map((issue) => (
                  <li key={issue.id} data-testid="widget-issue">
                    <Link to="/$workspaceSlug/projects/$projectId/issues/$issueId" params={{ workspaceSlug: slug, projectId: issue.project_id, issueId: issue.id }} className="dashboard-issue-link">
                      <span className="dashboard-issue-key">{issue.project__identifier}-{issue.sequence_id}</span>
                      <span className="dashboard-issue-name">{issue.name}</span>
                    </Link>
                    <span className="muted dashboard-issue-date">{issue.target_date ? formatDay(issue.target_date, locale) : ''}</span>
                  </li>
                ))}
              </ul>
              {data.count > data.issues.length && <p className="muted dashboard-more">{t('dashboard.moreIssues', { count: data.count - data.issues.length })}</p>}
            </>
          )
        }
      </Figures>
    </>
  );
}

function ChartWidget({ slug, widget }: { slug: string; widget: DashboardWidget }) {
  const t = useT();
  const byState = widget.key === WidgetKey.ISSUES_BY_STATE_GROUPS;
  const state = useWidgetData<Array<{ state?: string; priority?: string; count: number }>>(slug, widget);
  return (
    <Figures state={state} rows={4}>
      {(rows) => {
        const data: ChartDatum[] = rows.map((row) => {
          const key = (byState ? row.state : row.priority) ?? '';
          return { key, label: t((byState ? `stateGroup.${key}` : `priority.${key}`) as MessageKey), count: row.count };
        });
        const total = data.reduce((sum, row) => sum + row.count, 0);
        if (total === 0) return <p className="muted dashboard-empty" data-testid={`widget-empty-${widget.key}`}>{t('dashboard.empty.chart')}</p>;
        return (
          <div className="dashboard-chart">
            <Suspense fallback={<Skeleton height={180} width="100%" />}>{byState ? <StateGroupChart data={data} /> : <PriorityChart data={data} />}</Suspense>
            <ul className="dashboard-legend">
              {data.map((row) => (
                <li key={row.key} data-testid={`chart-count-${row.key}`}>
                  <span>{row.label}</span> <strong>{row.count}</strong>
                </li>
              ))}
            </ul>
          </div>
        );
      }}
    </Figures>
  );
}

function ActivityWidget({ slug, widget }: { slug: string; widget: DashboardWidget }) {
  const state = useWidgetData<IssueActivity[]>(slug, widget);
  return (
    <Figures state={state}>
      {(rows) => <ActivityList slug={slug} rows={rows} />}
    </Figures>
  );
}

/** Activity rows as sentences, each linking to its issue (also the profile page's activity). */
export function ActivityList({ slug, rows }: { slug: string; rows: IssueActivity[] }) {
  const t = useT();
  const locale = useLocale();
  const lookups = useActivityLookups();
  if (rows.length === 0) return <p className="muted dashboard-empty" data-testid="activity-empty">{t('dashboard.empty.activity')}</p>;
  return (
    <ul className="dashboard-activity">
      {rows.map((row) => {
        const issue = row.issue_detail as { id?: string; name?: string; sequence_id?: number } | null;
        const project = row.project_detail as { identifier?: string } | null;
        return (
          <li key={row.id} data-testid="activity-row">
            <span>{formatActivity(row, lookups, t, locale)}</span>
            {issue?.id && row.project && (
              <Link to="/$workspaceSlug/projects/$projectId/issues/$issueId" params={{ workspaceSlug: slug, projectId: row.project, issueId: issue.id }} className="dashboard-activity-issue">
                {project?.identifier ? `${project.identifier}-${issue.sequence_id} ` : ''}
                {issue.name}
              </Link>
            )}
            {row.created_at && <RelativeTime value={row.created_at} className="muted" />}
          </li>
        );
      })}
    </ul>
  );
}

function ProjectsWidget({ slug, widget }: { slug: string; widget: DashboardWidget }) {
  const t = useT();
  const state = useWidgetData<string[]>(slug, widget);
  const projects = useProjects(slug);
  const byId = useMemo(() => new Map(projects.map((project) => [project.id, project])), [projects]);
  return (
    <Figures state={state}>
      {(ids) =>
        ids.length === 0 ? (
          <p className="muted dashboard-empty">{t('dashboard.empty.projects')}</p>
        ) : (
          <ul className="dashboard-projects">
            {ids.map((id) => {
              const project = byId.get(id);
              return (
                <li key={id} data-testid="recent-project">
                  <Link to="/$workspaceSlug/projects/$projectId/issues" params={{ workspaceSlug: slug, projectId: id }}>
                    <span className="dashboard-project-key">{project?.identifier ?? ''}</span> {project?.name ?? t('dashboard.unknownProject')}
                  </Link>
                </li>
              );
            })}
          </ul>
        )
      }
    </Figures>
  );
}

function CollaboratorsWidget({ slug, widget }: { slug: string; widget: DashboardWidget }) {
  const t = useT();
  const state = useWidgetData<Array<{ user_id: string; active_issue_count: number }>>(slug, widget);
  const users = useMemberUserMap();
  return (
    <Figures state={state}>
      {(rows) =>
        rows.length === 0 ? (
          <p className="muted dashboard-empty">{t('dashboard.empty.collaborators')}</p>
        ) : (
          <ul className="dashboard-people">
            {rows.map((row) => {
              const user = users.get(row.user_id);
              const name = user?.display_name || t('activity.someone');
              return (
                <li key={row.user_id}>
                  <Link to="/$workspaceSlug/profile/$userId" params={{ workspaceSlug: slug, userId: row.user_id }} className="dashboard-person" data-testid="collaborator-link">
                    <Avatar name={name} src={user?.avatar_url} size="sm" />
                    <span className="dashboard-person-name">{name}</span>
                    <span className="muted">{t('dashboard.activeIssues', { count: row.active_issue_count })}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )
      }
    </Figures>
  );
}
