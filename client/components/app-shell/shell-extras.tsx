// Work-item additions to the app shell: the live connection indicator, the sidebar collapse
// toggle, global view and active-cycle links and the per-workspace wiring (live stream, overlays, shortcuts).
import { Layers, PanelLeft, RefreshCcw } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import { useT } from '../../i18n';
import { GlobalOverlays } from '../command-palette/global-overlays';
import { openPalette } from '../command-palette/overlay-store';
import { CollapseFlag, toggleCollapsed, useCollapseFlags } from './collapse-flags';
import { useLiveStatus, useWorkspaceLive } from './live-connection';
import { useOutboxShowsOffline, useWorkspaceOutbox } from './outbox-indicator';
import { SidebarWork } from './sidebar-projects';
import { Button } from '../../ui';

/** The live stream's state; hidden while the outbox indicator says "Offline" (one indicator, never two). */
export function LiveIndicator() {
  const t = useT();
  const state = useLiveStatus((store) => store.state) as 'connected' | 'reconnecting' | 'offline';
  if (useOutboxShowsOffline()) return null;
  return (
    <span className={`live-indicator live-${state}`} role="status" data-testid="live-status" data-state={state}>
      <span className="dot" aria-hidden="true" /> {t(`live.${state}`)}
    </span>
  );
}

export function SidebarToggle() {
  const t = useT();
  const collapsed = useCollapseFlags((flags) => flags[CollapseFlag.APP_SIDEBAR]);
  return (
    <button type="button" className="icon-button" aria-label={collapsed ? t('nav.expandSidebar') : t('nav.collapseSidebar')} aria-pressed={collapsed} onClick={() => toggleCollapsed(CollapseFlag.APP_SIDEBAR)} data-testid="sidebar-toggle">
      <PanelLeft size={18} aria-hidden="true" />
    </button>
  );
}

export function useAppSidebarCollapsed(): boolean {
  return useCollapseFlags((flags) => flags[CollapseFlag.APP_SIDEBAR]);
}

/** The palette's keys as this machine's keyboard labels them: ⌘K on Apple devices, Ctrl K elsewhere. */
function paletteKeys(platform = typeof navigator === 'undefined' ? '' : navigator.platform || navigator.userAgent): string {
  return /Mac|iPhone|iPad|iPod/i.test(platform) ? '⌘K' : 'Ctrl K';
}

export function SearchButton() {
  const t = useT();
  return (
    <Button variant="secondary" size="sm" onClick={openPalette} data-testid="open-palette">
      {t('palette.open')} <kbd>{paletteKeys()}</kbd>
    </Button>
  );
}

/** Sidebar links and sections of the work area, plus the workspace-wide wiring. */
export function WorkspaceWork({ slug }: { slug: string }) {
  const t = useT();
  useWorkspaceLive(slug);
  useWorkspaceOutbox(slug);
  return (
    <>
      <Link to="/$workspaceSlug/workspace-views/$globalViewId" params={{ workspaceSlug: slug, globalViewId: 'all-issues' }} className="nav-link" activeProps={{ className: 'nav-link nav-link-active' }} data-testid="nav-views">
        <Layers className="nav-icon" size={16} aria-hidden="true" />
        {t('nav.views')}
      </Link>
      <Link to="/$workspaceSlug/active-cycles" params={{ workspaceSlug: slug }} className="nav-link" activeProps={{ className: 'nav-link nav-link-active' }} data-testid="nav-active-cycles">
        <RefreshCcw className="nav-icon" size={16} aria-hidden="true" />
        {t('cycles.active.nav')}
      </Link>
      <SidebarWork slug={slug} />
      <GlobalOverlays slug={slug} />
    </>
  );
}
