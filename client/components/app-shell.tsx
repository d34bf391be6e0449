// The signed-in frame: sidebar (workspace switcher, navigation, account) and a top bar.
import { Bell, BellRing, House, KeyRound, Mail, Users, Webhook } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useT } from '../i18n';
import { can, memberContext } from '../../shared/permission-table';
import { signOut, useSessionStore } from '../stores/session-store';
import { useCurrentWorkspaceSlug, useWorkspace } from '../stores/workspace-store';
import { ScreenBoundary } from './error-boundary';
import { WorkspaceSwitcher } from './workspace-switcher';
import { NotificationsBell } from './app-shell/notifications-bell';
import { LiveIndicator, SearchButton, SidebarToggle, useAppSidebarCollapsed, WorkspaceWork } from './app-shell/shell-extras';
import './work-items.css';

export function AppShell({ workspaceSlug, title, actions, children }: {
  workspaceSlug?: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  const currentSlug = useCurrentWorkspaceSlug();
  const settingsSlug = useSessionStore((state) => state.settings?.workspace.last_workspace_slug ?? null);
  const slug = workspaceSlug ?? currentSlug ?? settingsSlug ?? undefined;
  const workspace = useWorkspace(slug);
  const collapsed = useAppSidebarCollapsed();
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  return (
    <div className={`app${collapsed ? ' app-sidebar-collapsed' : ''}`}>
      <aside className="sidebar">
        <WorkspaceSwitcher current={workspace} />
        <nav className="sidebar-nav" aria-label={t('nav.mainLabel')}>
          {workspace && (
            <>
              <NavLink to="/$workspaceSlug" slug={workspace.slug} exact icon={<House size={16} />} label={t('nav.home')} testId="nav-home" />
              <NavLink to="/$workspaceSlug/notifications" slug={workspace.slug} icon={<Bell size={16} />} label={t('notifications.title')} testId="nav-notifications" />
              <WorkspaceWork slug={workspace.slug} />
              <p className="sidebar-section">{t('nav.settings')}</p>
              <NavLink to="/$workspaceSlug/settings/members" slug={workspace.slug} icon={<Users size={16} />} label={t('nav.members')} testId="nav-members" />
              <NavLink to="/$workspaceSlug/settings/invitations" slug={workspace.slug} icon={<Mail size={16} />} label={t('nav.invitations')} testId="nav-invitations" />
              <NavLink to="/$workspaceSlug/settings/api-tokens" slug={workspace.slug} icon={<KeyRound size={16} />} label={t('nav.apiTokens')} testId="nav-api-tokens" />
              <NavLink to="/$workspaceSlug/settings/account/notifications" slug={workspace.slug} icon={<BellRing size={16} />} label={t('notificationPrefs.nav')} testId="nav-notification-preferences" />
              {can('workspace.webhooks', memberContext(workspace.role)) && (
                <NavLink to="/$workspaceSlug/settings/webhooks" slug={workspace.slug} icon={<Webhook size={16} />} label={t('nav.webhooks')} testId="nav-webhooks" />
              )}
            </>
          )}
        </nav>
        <AccountMenu />
      </aside>
      <div className="app-main">
        <header className="topbar">
          <SidebarToggle />
          <h1 className="topbar-title">{title}</h1>
          {workspace && <SearchButton />}
          {workspace && <LiveIndicator />}
          {workspace && <NotificationsBell workspaceSlug={workspace.slug} />}
          {actions && <div className="topbar-actions">{actions}</div>}
        </header>
        {/* A failing screen shows its notice here; the sidebar, top bar and shortcuts keep working. */}
        <main className="content"><ScreenBoundary resetKey={pathname}>{children}</ScreenBoundary></main>
      </div>
    </div>
  );
}

type WorkspaceRoute =
  | '/$workspaceSlug'
  | '/$workspaceSlug/notifications'
  | '/$workspaceSlug/settings/members'
  | '/$workspaceSlug/settings/invitations'
  | '/$workspaceSlug/settings/api-tokens'
  | '/$workspaceSlug/settings/webhooks'
  | '/$workspaceSlug/settings/account/notifications';

function NavLink({ to, slug, icon, label, testId, exact = false }: { to: WorkspaceRoute; slug: string; icon: ReactNode; label: string; testId: string; exact?: boolean }) {
  return (
    <Link
      to={to}
      params={{ workspaceSlug: slug }}
      className="nav-link"
      activeProps={{ className: 'nav-link nav-link-active', 'aria-current': 'page' }}
      activeOptions={{ exact }}
      data-testid={testId}
    >
      <span className="nav-icon" aria-hidden="true">{icon}</span>
      {label}
    </Link>
  );
}

function AccountMenu() {
  const t = useT();
  const user = useSessionStore((state) => state.user);
  const [signingOut, setSigningOut] = useState(false);
  if (!user) return null;
  const name = user.display_name || [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;

  const handleSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } catch {
      setSigningOut(false);
    }
  };

  return (
    <div className="account">
      <Link to="/profile" className="account-link" activeProps={{ className: 'account-link nav-link-active' }} data-testid="profile-link">
        <span className="avatar" aria-hidden="true">{name.charAt(0).toUpperCase()}</span>
        <span className="account-text">
          <span className="account-name">{name}</span>
          <span className="account-email">{user.email}</span>
        </span>
      </Link>
      <button type="button" className="btn btn-ghost btn-sm btn-block" onClick={() => void handleSignOut()} disabled={signingOut} data-testid="sign-out-button">
        {t('auth.signOut')}
      </button>
    </div>
  );
}
