// Screens of the work area: projects list, project issues (and archived, drafts), issue detail,
// project settings, global views and profile issue tabs. Their route loaders (screen-loaders.ts)
// load what they show before they render.
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { nameOrUntitled } from '../../shared/names';
import { AppShell } from '../components/app-shell';
import { openCreateIssue, setCurrentList } from '../components/command-palette/overlay-store';
import { IssueDetailPage } from '../components/issues/issue-detail';
import { IssueListView } from '../components/issues/issue-list-view';
import type { ListSource } from '../components/issues/list-model';
import { ProjectsList } from '../components/projects/projects-list';
import { ProjectSettings, type SettingsTab } from '../components/projects/project-settings';
import { useStableByContent } from '../components/use-stable-by-content';
import { useT } from '../i18n';
import { useMemberUserMap } from '../stores/member-store';
import { useProject } from '../stores/project-store';
import { can, memberContext } from '../../shared/permission-table';

/** Registers the list with the command palette while it is on screen. */
export function useCurrentList(source: ListSource): void {
  const list = useStableByContent(source);
  useEffect(() => {
    setCurrentList(list);
    return () => setCurrentList(null);
  }, [list]);
}

export function ProjectsPage({ slug }: { slug: string }) {
  const t = useT();
  return (
    <AppShell workspaceSlug={slug} title={t('nav.projects')}>
      <ProjectsList slug={slug} />
    </AppShell>
  );
}

function ProjectTabs({ slug, projectId, current }: { slug: string; projectId: string; current: ProjectSection }) {
  const t = useT();
  const tabs = [
    { key: 'issues', to: '/$workspaceSlug/projects/$projectId/issues', label: t('project.tabIssues') },
    { key: 'cycles', to: '/$workspaceSlug/projects/$projectId/cycles', label: t('cycles.nav') },
    { key: 'archived', to: '/$workspaceSlug/projects/$projectId/archived-issues', label: t('project.tabArchived') },
    { key: 'drafts', to: '/$workspaceSlug/projects/$projectId/draft-issues', label: t('project.tabDrafts') },
    { key: 'modules', to: '/$workspaceSlug/projects/$projectId/modules', label: t('modules.title') },
    { key: 'pages', to: '/$workspaceSlug/projects/$projectId/pages', label: t('screens.nav.pages') },
    { key: 'settings', to: '/$workspaceSlug/projects/$projectId/settings', label: t('project.settings') },
  ] as const;
  return (
    <nav className="segmented" aria-label={t('project.sections')}>
      {tabs.map((tab) => (
        <Link key={tab.key} to={tab.to} params={{ workspaceSlug: slug, projectId }} className={`segment${current === tab.key ? ' segment-active' : ''}`} data-testid={`project-tab-${tab.key}`}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/** The project screen the tabs mark as current. */
export type ProjectSection = 'issues' | 'cycles' | 'modules' | 'archived' | 'drafts' | 'settings';

export function ProjectFrame({ slug, projectId, current, children }: { slug: string; projectId: string; current: ProjectSection; children: ReactNode }) {
  const t = useT();
  const project = useProject(projectId);
  return (
    <AppShell
      workspaceSlug={slug}
      title={project ? nameOrUntitled(project.name) : t('common.loading')}
      actions={
        <>
          <ProjectTabs slug={slug} projectId={projectId} current={current} />
          {can('project.create', memberContext(null, project?.member_role)) && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => openCreateIssue(projectId)} data-testid="new-issue">{t('issue.create')}</button>
          )}
        </>
      }
    >
      {children}
    </AppShell>
  );
}

export function ProjectIssuesPage({ slug, projectId, kind, peekId }: { slug: string; projectId: string; kind: 'project' | 'archived' | 'draft'; peekId?: string }) {
  const navigate = useNavigate();
  const source: ListSource = { kind, projectId };
  useCurrentList(source);
  const onPeek = (id: string | null) => void navigate({ to: '.', search: id ? { peekId: id } : {}, replace: false });
  return (
    <ProjectFrame slug={slug} projectId={projectId} current={kind === 'project' ? 'issues' : kind === 'archived' ? 'archived' : 'drafts'}>
      <IssueListView slug={slug} source={source} peekId={peekId} onPeek={onPeek} />
    </ProjectFrame>
  );
}

export function IssueDetailScreen({ slug, projectId, issueId }: { slug: string; projectId: string; issueId: string }) {
  return (
    <ProjectFrame slug={slug} projectId={projectId} current="issues">
      <IssueDetailPage slug={slug} projectId={projectId} issueId={issueId} />
    </ProjectFrame>
  );
}

export function ProjectSettingsPage({ slug, projectId, tab }: { slug: string; projectId: string; tab: SettingsTab }) {
  const navigate = useNavigate();
  return (
    <ProjectFrame slug={slug} projectId={projectId} current="settings">
      <ProjectSettings slug={slug} projectId={projectId} tab={tab} onTab={(next) => void navigate({ to: '.', search: { tab: next } })} />
    </ProjectFrame>
  );
}

const GLOBAL_VIEWS = ['all-issues', 'assigned', 'created', 'subscribed'] as const;

export function GlobalViewPage({ slug, viewId, me, peekId }: { slug: string; viewId: string; me: string; peekId?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const builtIn = (GLOBAL_VIEWS as readonly string[]).includes(viewId) ? (viewId as (typeof GLOBAL_VIEWS)[number]) : null;
  const source: ListSource = { kind: 'global', viewId: builtIn ?? 'all-issues', userId: me };
  useCurrentList(source);
  return (
    <AppShell workspaceSlug={slug} title={t('nav.views')} actions={
      <nav className="segmented" aria-label={t('nav.views')}>
        {GLOBAL_VIEWS.map((view) => (
          <Link key={view} to="/$workspaceSlug/workspace-views/$globalViewId" params={{ workspaceSlug: slug, globalViewId: view }} className={`segment${view === viewId ? ' segment-active' : ''}`} data-testid={`global-view-${view}`}>
            {t(`views.${view}`)}
          </Link>
        ))}
      </nav>
    }>
      {builtIn ? <IssueListView slug={slug} source={source} peekId={peekId} onPeek={(id) => void navigate({ to: '.', search: id ? { peekId: id } : {} })} /> : <p className="muted">{t('views.savedUnavailable')}</p>}
    </AppShell>
  );
}

const PROFILE_TABS = ['assigned', 'created', 'subscribed'] as const;

export function ProfileIssuesPage({ slug, userId, tab, peekId }: { slug: string; userId: string; tab: string; peekId?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const user = useMemberUserMap().get(userId);
  const current = (PROFILE_TABS as readonly string[]).includes(tab) ? (tab as (typeof PROFILE_TABS)[number]) : 'assigned';
  const source: ListSource = { kind: 'profile', tab: current, userId };
  useCurrentList(source);
  return (
    <AppShell workspaceSlug={slug} title={user?.display_name ?? t('nav.profile')} actions={
      <nav className="segmented" aria-label={t('nav.profile')}>
        {PROFILE_TABS.map((name) => (
          <Link key={name} to="/$workspaceSlug/profile/$userId" params={{ workspaceSlug: slug, userId }} search={{ tab: name }} className={`segment${name === current ? ' segment-active' : ''}`} data-testid={`profile-tab-${name}`}>
            {t(`views.${name}`)}
          </Link>
        ))}
      </nav>
    }>
      <IssueListView slug={slug} source={source} peekId={peekId} onPeek={(id) => void navigate({ to: '.', search: { tab: current, ...(id ? { peekId: id } : {}) } })} />
    </AppShell>
  );
}
