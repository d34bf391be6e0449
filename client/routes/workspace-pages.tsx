// `/{workspaceSlug}`: the workspace frame (membership check, current workspace) and its home.
import { useEffect } from 'react';
import { Link, Outlet } from '@tanstack/react-router';
import { AuthLayout } from '../components/auth-layout';
import { AppShell } from '../components/app-shell';
import { EmptyState, PageLoader } from '../components/feedback';
import { WorkspaceAvatar } from '../components/workspace-switcher';
import { useT } from '../i18n';
import { setCurrentWorkspace, useWorkspace, useWorkspaceStore } from '../stores/workspace-store';
import { can, memberContext } from '../../shared/permission-table';

export function WorkspaceLayout({ workspaceSlug }: { workspaceSlug: string }) {
  const t = useT();
  const workspace = useWorkspace(workspaceSlug);
  const status = useWorkspaceStore((state) => state.status);

  useEffect(() => {
    if (workspace) setCurrentWorkspace(workspace.slug);
  }, [workspace]);

  if (!workspace && (status === 'loading' || status === 'idle')) return <PageLoader />;
  if (!workspace) {
    return (
      <AuthLayout title={t('workspace.notFound.title')} subtitle={t('workspace.notFound.body')}>
        <Link to="/" className="btn btn-primary btn-block" data-testid="go-home-link">{t('page.goHome')}</Link>
      </AuthLayout>
    );
  }
  return <Outlet />;
}

export function WorkspaceHomePage({ workspaceSlug }: { workspaceSlug: string }) {
  const t = useT();
  const workspace = useWorkspace(workspaceSlug);
  if (!workspace) return null;
  const canInvite = can('workspace.invite', memberContext(workspace.role));
  return (
    <AppShell workspaceSlug={workspaceSlug} title={t('nav.home')}>
      <section className="card hero" data-testid="workspace-home">
        <WorkspaceAvatar workspace={workspace} size="lg" />
        <div>
          <h2 className="hero-title">{t('workspace.home.title', { workspace: workspace.name })}</h2>
          {typeof workspace.total_members === 'number' && (
            <p className="muted">{t('workspace.members.count', { count: workspace.total_members })}</p>
          )}
        </div>
      </section>
      <section className="card">
        <EmptyState
          title={t('workspace.home.emptyTitle')}
          body={t('workspace.home.emptyBody')}
          action={
            canInvite ? (
              <Link to="/$workspaceSlug/settings/members" params={{ workspaceSlug }} className="btn btn-secondary">
                {t('workspace.home.inviteCta')}
              </Link>
            ) : undefined
          }
        />
      </section>
    </AppShell>
  );
}
