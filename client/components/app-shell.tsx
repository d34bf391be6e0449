// The signed-in frame: sidebar (workspace switcher, navigation, account) and a top bar.
import { BarChart3, Bell, BellRing, FileDown, House, KeyRound, Mail, Settings, UserRound, Users, Webhook } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useT } from '../i18n';
import { can, memberContext } from '../../shared/permission-table';
import { useSessionStore } from '../stores/session-store';
import { useCurrentWorkspaceSlug, useWorkspace } from '../stores/workspace-store';
import { ScreenBoundary } from './error-boundary';
import { WorkspaceSwitcher } from './workspace-switcher';
import { NotificationsBell } from './app-shell/notifications-bell';
import { OutboxIndicator } from './app-shell/outbox-indicator';
import { ConfirmDialog } from './confirm-dialog';
import { useOutboxStore } from '../outbox/work-outbox';
import { signOutWithOutbox } from '../outbox/outbox-sign-out';
import { LiveIndicator, SearchButton, SidebarToggle, useAppSidebarCollapsed, WorkspaceWork } from './app-shell/shell-extras';
import './work-items.css';
import { Button } from '../ui';

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
              {can('workspace.analytics', memberContext(workspace.role)) && (
                <NavLink to="/$workspaceSlug/analytics" slug={workspace.slug} icon={<BarChart3 size={16} />} label={t('analytics.nav')} testId="nav-analytics" />
              )}
              <WorkspaceWork slug={workspace.slug} />
              <p className="sidebar-section">{t('nav.settings')}</p>
              <NavLink to="/$workspaceSlug/settings" slug={workspace.slug} exact icon={<Settings size={16} />} label={t('workspaceSettings.nav')} testId="nav-workspace-settings" />
              <NavLink to="/$workspaceSlug/settings/members" slug={workspace.slug} icon={<Users size={16} />} label={t('nav.members')} testId="nav-members" />
              <NavLink to="/$workspaceSlug/settings/invitations" slug={workspace.slug} icon={<Mail size={16} />} label={t('nav.invitations')} testId="nav-invitations" />
              {can('workspace.api-tokens', memberContext(workspace.role)) && (
                <NavLink to="/$workspaceSlug/settings/api-tokens" slug={workspace.slug} icon={<KeyRound size={16} />} label={t('nav.apiTokens')} testId="nav-api-tokens" />
              )}
              <NavLink to="/$workspaceSlug/settings/account/notifications" slug={workspace.slug} icon={<BellRing size={16} />} label={t('notificationPrefs.nav')} testId="nav-notification-preferences" />
              {can('workspace.export', memberContext(workspace.role)) && (
                <NavLink to="/$workspaceSlug/settings/exports" slug={workspace.slug} icon={<FileDown size={16} />} label={t('nav.exports')} testId="nav-exports" />
              )}
              {can('workspace.webhooks', memberContext(workspace.role)) && (
                <NavLink to="/$workspaceSlug/settings/webhooks" slug={workspace.slug} icon={<Webhook size={16} />} label={t('nav.webhooks')} testId="nav-webhooks" />
              )}
            </>
          )}
        </nav>
        <AccountMenu slug={workspace?.slug} />
      </aside>
      <div className="app-main">
        <header className="topbar">
          <SidebarToggle />
          {/* A long project or page name is cut short beside the tabs: its tooltip shows it whole. */}
          <h1 className="topbar-title" title={title}>{title}</h1>
          {workspace && <SearchButton />}
          {workspace && <OutboxIndicator />}
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
  | '/$workspaceSlug/analytics'
  | '/$workspaceSlug/settings'
  | '/$workspaceSlug/settings/members'
  | '/$workspaceSlug/settings/invitations'
  | '/$workspaceSlug/settings/api-tokens'
  | '/$workspaceSlug/settings/webhooks'
  | '/$workspaceSlug/settings/exports'
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

function AccountMenu({ slug }: { slug?: string }) {
  const t = useT();
  const user = useSessionStore((state) => state.user);
  const [signingOut, setSigningOut] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const waiting = useOutboxStore((state) => state.records.length);
  if (!user) return null;
  const name = user.display_name || [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;

  // The server signs out first; only then is the outbox discarded (when the person agreed) or
  // closed. Offline nothing happens but a toast: every change is kept, the person still signed in.
  const handleSignOut = async (discard: boolean) => {
    setSigningOut(true);
    if (!(await signOutWithOutbox({ discard }))) setSigningOut(false);
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
      {slug && (
        <Link to="/$workspaceSlug/profile/$userId" params={{ workspaceSlug: slug, userId: user.id }} search={{ tab: 'summary' }} className="btn btn-ghost btn-sm btn-block" data-testid="my-profile-link">
          <UserRound size={14} aria-hidden="true" /> {t('memberProfile.myProfile')}
        </Link>
      )}
      <Button variant="ghost" size="sm" block onClick={() => (waiting > 0 ? setConfirming(true) : void handleSignOut(false))} disabled={signingOut} data-testid="sign-out-button">
        {t('auth.signOut')}
      </Button>
      {confirming && (
        <ConfirmDialog
          title={t('outbox.signOutTitle')}
          message={t('outbox.signOutBody', { count: waiting })}
          confirmLabel={t('outbox.signOutConfirm')}
          onConfirm={() => handleSignOut(true)}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
