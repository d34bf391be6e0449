// `/{workspaceSlug}`'s home: the member's dashboard widgets (loaded on demand by workspace-route).
import { Link } from '@tanstack/react-router';
import { useResource } from '../api/use-resource';
import { AppShell } from '../components/app-shell';
import { EmptyState } from '../components/feedback';
import { WorkspaceAvatar } from '../components/workspace-switcher';
import { useT } from '../i18n';
import { useWorkspace } from '../stores/workspace-store';
import { can, memberContext } from '../../shared/permission-table';
import { ErrorNotice } from '../components/error-boundary';
import { HomeDashboard, WidgetsMenu } from '../components/dashboard/home-dashboard';
import { loadHomeDashboard, useDashboardState } from '../stores/dashboard-store';
import { useProjects } from '../stores/project-store';
import { useSessionStore } from '../stores/session-store';
import { Button, SkeletonRows } from '../ui';
import { openCreateProject } from '../components/command-palette/overlay-store';

export function WorkspaceHomePage({ workspaceSlug }: { workspaceSlug: string }) {
  const t = useT();
  const workspace = useWorkspace(workspaceSlug);
  const user = useSessionStore((state) => state.user);
  const status = useDashboardState((state) => state.status);
  const error = useDashboardState((state) => state.error);
  const projects = useProjects(workspaceSlug);
  // The widgets' list, read into the dashboard store (whose status the screen shows; the read never
  // rejects). Not a route loader's: the screen shows its frame and a skeleton meanwhile, and the
  // store would bring date-fns into the first screen's JavaScript.
  const { reload } = useResource(workspaceSlug, () => loadHomeDashboard(workspaceSlug));
  if (!workspace) return null;
  const canInvite = can('workspace.invite', memberContext(workspace.role));
  const canCreateProject = can('workspace.create-project', memberContext(workspace.role));
  const name = user?.display_name || user?.first_name || '';
  return (
    <AppShell workspaceSlug={workspaceSlug} title={t('nav.home')} actions={status === 'ready' ? <WidgetsMenu /> : undefined}>
      <section className="card hero" data-testid="workspace-home">
        <WorkspaceAvatar workspace={workspace} size="lg" />
        <div>
          <h2 className="hero-title">{name ? t('dashboard.greeting', { name }) : t('workspace.home.title', { workspace: workspace.name })}</h2>
          <p className="muted">
            {workspace.name}
            {typeof workspace.total_members === 'number' && ` · ${t('workspace.members.count', { count: workspace.total_members })}`}
          </p>
        </div>
      </section>
      {projects.length === 0 && (
        <section className="card">
          <EmptyState
            title={t('workspace.home.emptyTitle')}
            body={t('workspace.home.emptyBody')}
            action={
              canCreateProject || canInvite ? (
                <div className="form-actions">
                  {canCreateProject && (
                    <Button onClick={openCreateProject} data-testid="home-new-project">
                      {t('workspace.home.newProjectCta')}
                    </Button>
                  )}
                  {canInvite && (
                    <Link to="/$workspaceSlug/settings/members" params={{ workspaceSlug }} className="btn btn-secondary">
                      {t('workspace.home.inviteCta')}
                    </Link>
                  )}
                </div>
              ) : undefined
            }
          />
        </section>
      )}
      {status === 'error' ? (
        <section className="card" data-testid="dashboard-error">
          <ErrorNotice error={error} onRetry={reload} />
        </section>
      ) : status === 'ready' ? (
        <HomeDashboard slug={workspaceSlug} />
      ) : (
        <SkeletonRows rows={6} />
      )}
    </AppShell>
  );
}
