// A member's profile page (spec §2 "/{workspaceSlug}/profile/{userId}", reference accounts §4.4):
// the header card (`user-profile/`), the Summary tab (`user-stats/`: counts, assigned issues by
// state and by priority, issues per project) and the Activity tab (`user-activity/`, paged). The
// assigned / created / subscribed tabs are issue lists (work-pages.tsx).
import { lazy, Suspense, type ReactNode } from 'react';
import { useLocale, useT, type MessageKey } from '../../i18n';
import { http } from '../../api/http';
import { usePagedList } from '../../api/use-paged-list';
import { useResource, type Loaded } from '../../api/use-resource';
import type { MemberProfile, MemberStats, UserActivityPage } from '../../api/types';
import { workspacePath } from '../../stores/api-paths';
import { useProjects } from '../../stores/project-store';
import { Avatar, Button, Skeleton, SkeletonRows } from '../../ui';
import { ErrorNotice } from '../error-boundary';
import { formatDate } from '../format';
import { STATE_GROUPS, PRIORITY_ORDER } from '../../../shared/issue-constants';
import { ActivityList, Figures } from './home-dashboard';
import './dashboard.css';

const StateGroupChart = lazy(() => import('./dashboard-charts').then((module) => ({ default: module.StateGroupChart })));
const PriorityChart = lazy(() => import('./dashboard-charts').then((module) => ({ default: module.PriorityChart })));

/** A GET of the member's figures; another member's answer is never shown while this one loads. */
function useGet<T>(path: string): Loaded<T> {
  return useResource(path, (signal) => http.get<T>(path, undefined, signal), { keepAcrossKeys: false });
}

/** The member's card: avatar, name, email and when they joined. */
export function MemberProfileHeader({ slug, userId }: { slug: string; userId: string }) {
  const t = useT();
  const locale = useLocale();
  const state = useGet<MemberProfile>(`${workspacePath(slug)}/user-profile/${encodeURIComponent(userId)}/`);
  return (
    <section className="card" data-testid="member-profile-header">
      <Figures state={state} rows={2}>
        {({ user_data: user }) => {
          const name = user.display_name || [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;
          return (
            <div className="profile-header">
              <Avatar name={name} src={user.avatar_url} size="lg" />
              <div>
                <h2 data-testid="member-profile-name">{name}</h2>
                <p className="muted">
                  {user.email} · {t('memberProfile.joined', { date: formatDate(user.date_joined, locale) })}
                </p>
              </div>
            </div>
          );
        }}
      </Figures>
    </section>
  );
}

export function MemberProfileSummary({ slug, userId }: { slug: string; userId: string }) {
  const t = useT();
  const stats = useGet<MemberStats>(`${workspacePath(slug)}/user-stats/${encodeURIComponent(userId)}/`);
  const profile = useGet<MemberProfile>(`${workspacePath(slug)}/user-profile/${encodeURIComponent(userId)}/`);
  const projects = useProjects(slug);
  const counts: Array<[keyof MemberStats, MessageKey]> = [
    ['created_issues', 'memberProfile.stat.created'],
    ['assigned_issues', 'memberProfile.stat.assigned'],
    ['completed_issues', 'memberProfile.stat.completed'],
    ['pending_issues', 'memberProfile.stat.pending'],
    ['subscribed_issues', 'memberProfile.stat.subscribed'],
  ];
  return (
    <div className="profile-sections">
      <section className="card">
        <Figures state={stats} rows={1}>
          {(data) => (
            <dl className="dashboard-stats">
              {counts.map(([key, label]) => (
                <div key={key} className="dashboard-stat" data-testid={`profile-stat-${key}`}>
                  <dt>{t(label)}</dt>
                  <dd>{data[key] as number}</dd>
                </div>
              ))}
            </dl>
          )}
        </Figures>
      </section>
      <div className="dashboard-grid">
        <section className="card dashboard-widget">
          <h2 className="dashboard-widget-title">{t('memberProfile.byState')}</h2>
          <Figures state={stats}>
            {(data) => {
              const byGroup = new Map(data.state_distribution.map((row) => [row.state_group, row.state_count]));
              const rows = STATE_GROUPS.map((group) => ({ key: group, label: t(`stateGroup.${group}` as MessageKey), count: byGroup.get(group) ?? 0 }));
              return rows.some((row) => row.count > 0) ? <Chart>{<StateGroupChart data={rows} />}</Chart> : <p className="muted dashboard-empty">{t('dashboard.empty.chart')}</p>;
            }}
          </Figures>
        </section>
        <section className="card dashboard-widget">
          <h2 className="dashboard-widget-title">{t('memberProfile.byPriority')}</h2>
          <Figures state={stats}>
            {(data) => {
              const byPriority = new Map(data.priority_distribution.map((row) => [row.priority, row.priority_count]));
              const rows = PRIORITY_ORDER.map((priority) => ({ key: priority, label: t(`priority.${priority}` as MessageKey), count: byPriority.get(priority) ?? 0 }));
              return rows.some((row) => row.count > 0) ? <Chart>{<PriorityChart data={rows} />}</Chart> : <p className="muted dashboard-empty">{t('dashboard.empty.chart')}</p>;
            }}
          </Figures>
        </section>
        <section className="card dashboard-widget">
          <h2 className="dashboard-widget-title">{t('memberProfile.projects')}</h2>
          <Figures state={profile}>
            {(data) => (
              <ul className="dashboard-legend">
                {data.project_data.map((row) => {
                  const project = projects.find((candidate) => candidate.id === row.id);
                  return (
                    <li key={row.id} data-testid="profile-project">
                      <span>{project?.name ?? t('dashboard.unknownProject')}</span>
                      <span className="muted">
                        {t('memberProfile.stat.assigned')} <strong>{row.assigned_issues}</strong> · {t('memberProfile.stat.completed')} <strong>{row.completed_issues}</strong>
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
          </Figures>
        </section>
      </div>
    </div>
  );
}

function Chart({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton height={180} width="100%" />}>{children}</Suspense>;
}

const ACTIVITY_PAGE = 20;

/** The member's history in my projects, newest first, 20 at a time. */
export function MemberProfileActivity({ slug, userId }: { slug: string; userId: string }) {
  const t = useT();
  const path = `${workspacePath(slug)}/user-activity/${encodeURIComponent(userId)}/`;
  const { rows, loading, error, hasMore, loadMore, retry } = usePagedList(path, `${ACTIVITY_PAGE}:0:0`, (cursor, signal) => http.get<UserActivityPage>(path, { per_page: ACTIVITY_PAGE, cursor }, signal));
  return (
    <section className="card" data-testid="member-profile-activity">
      {error ? <ErrorNotice error={error} onRetry={retry} compact /> : null}
      {loading && rows.length === 0 ? <SkeletonRows rows={5} /> : <ActivityList slug={slug} rows={rows} />}
      {hasMore && rows.length > 0 && !error && (
        <Button variant="secondary" size="sm" busy={loading} onClick={loadMore} data-testid="activity-load-more">
          {t('memberProfile.loadMore')}
        </Button>
      )}
    </section>
  );
}
