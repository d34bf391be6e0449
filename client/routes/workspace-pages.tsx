// `/{workspaceSlug}`: the workspace frame (membership check, current workspace). Its home page is in
// workspace-home-page.tsx, loaded on demand.
import { useEffect } from 'react';
import { Link, Outlet } from '@tanstack/react-router';
import { AuthLayout } from '../components/auth-layout';
import { PageLoader } from '../components/feedback';
import { useT } from '../i18n';
import { setCurrentWorkspace, useWorkspace, useWorkspaceStore } from '../stores/workspace-store';

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
