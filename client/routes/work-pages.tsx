// Screens of the work area: projects list, project issues (and archived, drafts), issue detail,
// project settings, global views and profile issue tabs. Their route loaders (screen-loaders.ts)
// load what they show before they render.
import { FoldingTabs } from '../components/app-shell/folding-tabs';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Button, SkeletonRows } from '../ui';
import { Link, useNavigate } from '@tanstack/react-router';
import { nameOrUntitled } from '../../shared/names';
import { AppShell } from '../components/app-shell';
import { openCreateIssue, setCurrentList } from '../components/command-palette/overlay-store';
import { IssueDetailPage } from '../components/issues/issue-detail';
import { IssueListView } from '../components/issues/issue-list-view';
import type { ListSource } from '../stores/list-model';
import { ProjectsList } from '../components/projects/projects-list';
import type { SettingsTab } from './screen-tabs';
import { lazyScreen } from './lazy-screen';
import { useStableByContent } from '../components/use-stable-by-content';
import { useT, type MessageKey } from '../i18n';
import { useMemberUserMap } from '../stores/member-store';
import { useProject } from '../stores/project-store';
import { can, memberContext } from '../../shared/permission-table';
import { SaveAsViewButton } from './save-as-view';
import { featureOn, useFeatureOn, type ProjectFeature } from './project-feature-gate';

/** Registers the list with the command palette while it is on screen. */
// Loaded on demand: the profile's summary and activity (charts).
const MemberProfileHeader = lazyScreen(() => import('../components/dashboard/member-profile'), 'MemberProfileHeader');
const MemberProfileSummary = lazyScreen(() => import('../components/dashboard/member-profile'), 'MemberProfileSummary');
const MemberProfileActivity = lazyScreen(() => import('../components/dashboard/member-profile'), 'MemberProfileActivity');

/** The project settings screen loads on demand; the settings route preloads it (work-routes). */
export const ProjectSettings = lazyScreen(() => import('../components/projects/project-settings'), 'ProjectSettings');

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

const TAB_FEATURES = { cycles: 'cycle_view', modules: 'module_view', views: 'issue_views_view', pages: 'page_view' } as const satisfies Record<string, ProjectFeature>;

/** Archived and drafts are the sections a narrow header folds into More first. */
const FOLD_FIRST = ['drafts', 'archived'] as const;

function ProjectTabs({ slug, projectId, current }: { slug: string; projectId: string; current: ProjectSection }) {
  const t = useT();
  const project = useProject(projectId);
  const allTabs = [
    { key: 'issues', to: '/$workspaceSlug/projects/$projectId/issues', label: t('project.tabIssues') },
    { key: 'cycles', to: '/$workspaceSlug/projects/$projectId/cycles', label: t('cycles.nav') },
    { key: 'archived', to: '/$workspaceSlug/projects/$projectId/archived-issues', label: t('project.tabArchived') },
    { key: 'drafts', to: '/$workspaceSlug/projects/$projectId/draft-issues', label: t('project.tabDrafts') },
    { key: 'modules', to: '/$workspaceSlug/projects/$projectId/modules', label: t('modules.title') },
    { key: 'views', to: '/$workspaceSlug/projects/$projectId/views', label: t('nav.views') },
    { key: 'pages', to: '/$workspaceSlug/projects/$projectId/pages', label: t('screens.nav.pages') },
    { key: 'settings', to: '/$workspaceSlug/projects/$projectId/settings', label: t('project.settings') },
  ] as const;
  // Sections switched off in the project's Features settings are not offered.
  const tabs = allTabs.filter((tab) => !(tab.key in TAB_FEATURES) || featureOn(project, TAB_FEATURES[tab.key as keyof typeof TAB_FEATURES]));
  return <FoldingTabs tabs={tabs} current={current} params={{ workspaceSlug: slug, projectId }} label={t('project.sections')} moreLabel={t('project.moreSections')} testIdPrefix="project-tab-" foldFirst={FOLD_FIRST} />;
}

/** The project screen the tabs mark as current. */
type ProjectSection = 'issues' | 'cycles' | 'modules' | 'views' | 'archived' | 'drafts' | 'settings';

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
            <Button size="sm" onClick={() => openCreateIssue(projectId)} data-testid="new-issue">{t('issue.create')}</Button>
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
  // "Save as view" only where the project's views are switched on.
  const viewsOn = useFeatureOn(projectId, 'issue_views_view');
  return (
    <ProjectFrame slug={slug} projectId={projectId} current={kind === 'project' ? 'issues' : kind === 'archived' ? 'archived' : 'drafts'}>
      <IssueListView slug={slug} source={source} peekId={peekId} onPeek={onPeek} actions={kind === 'project' && viewsOn ? <SaveAsViewButton slug={slug} projectId={projectId} source={source} /> : undefined} />
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

const PROFILE_TABS = ['summary', 'activity', 'assigned', 'created', 'subscribed'] as const;
type ProfileTab = (typeof PROFILE_TABS)[number];
const PROFILE_TAB_LABELS: Record<ProfileTab, MessageKey> = {
  summary: 'memberProfile.summary',
  activity: 'memberProfile.activity',
  assigned: 'views.assigned',
  created: 'views.created',
  subscribed: 'views.subscribed',
};

/** A member's profile: their card, then Summary (stats), Activity, or their assigned / created / subscribed issues. */
export function ProfileIssuesPage({ slug, userId, tab, peekId }: { slug: string; userId: string; tab: string; peekId?: string }) {
  const t = useT();
  const user = useMemberUserMap().get(userId);
  const current: ProfileTab = (PROFILE_TABS as readonly string[]).includes(tab) ? (tab as ProfileTab) : 'summary';
  return (
    <AppShell workspaceSlug={slug} title={user?.display_name ?? t('nav.profile')} actions={
      <nav className="segmented" aria-label={t('memberProfile.tabs')}>
        {PROFILE_TABS.map((name) => (
          <Link key={name} to="/$workspaceSlug/profile/$userId" params={{ workspaceSlug: slug, userId }} search={{ tab: name }} className={`segment${name === current ? ' segment-active' : ''}`} data-testid={`profile-tab-${name}`}>
            {t(PROFILE_TAB_LABELS[name])}
          </Link>
        ))}
      </nav>
    }>
      <div className="profile-sections">
        <Suspense fallback={<SkeletonRows />}>
          <MemberProfileHeader slug={slug} userId={userId} />
          {current === 'summary' && <MemberProfileSummary slug={slug} userId={userId} />}
          {current === 'activity' && <MemberProfileActivity slug={slug} userId={userId} />}
        </Suspense>
        {current !== 'summary' && current !== 'activity' && <ProfileIssueList slug={slug} userId={userId} tab={current} peekId={peekId} />}
      </div>
    </AppShell>
  );
}

function ProfileIssueList({ slug, userId, tab, peekId }: { slug: string; userId: string; tab: 'assigned' | 'created' | 'subscribed'; peekId?: string }) {
  const navigate = useNavigate();
  const source: ListSource = { kind: 'profile', tab, userId };
  useCurrentList(source);
  return <IssueListView slug={slug} source={source} peekId={peekId} onPeek={(id) => void navigate({ to: '.', search: { tab, ...(id ? { peekId: id } : {}) } })} />;
}
