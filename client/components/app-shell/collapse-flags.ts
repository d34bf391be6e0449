// Sidebar collapse flags of spec §2, persisted in localStorage: app sidebar, profile sidebar,
// workspace analytics sidebar and issue detail sidebar.
import { create } from 'zustand';

export const CollapseFlag = {
  APP_SIDEBAR: 'app_sidebar_collapsed',
  PROFILE_SIDEBAR: 'profile_sidebar_collapsed',
  WORKSPACE_ANALYTICS_SIDEBAR: 'workspace_analytics_sidebar_collapsed',
  ISSUE_DETAIL_SIDEBAR: 'issue_detail_sidebar_collapsed',
} as const;
export type CollapseFlag = (typeof CollapseFlag)[keyof typeof CollapseFlag];

function read(flag: CollapseFlag): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(flag) === 'true';
  } catch {
    return false;
  }
}

export const useCollapseFlags = create<Record<CollapseFlag, boolean>>(() => ({
  app_sidebar_collapsed: read(CollapseFlag.APP_SIDEBAR),
  profile_sidebar_collapsed: read(CollapseFlag.PROFILE_SIDEBAR),
  workspace_analytics_sidebar_collapsed: read(CollapseFlag.WORKSPACE_ANALYTICS_SIDEBAR),
  issue_detail_sidebar_collapsed: read(CollapseFlag.ISSUE_DETAIL_SIDEBAR),
}));

/** Sets a flag and remembers it in localStorage. */
function setCollapsed(flag: CollapseFlag, value: boolean): void {
  useCollapseFlags.setState({ [flag]: value });
  try {
    localStorage.setItem(flag, String(value));
  } catch {
    // Not persisted: the flag lasts for this page only.
  }
}

export function toggleCollapsed(flag: CollapseFlag): void {
  setCollapsed(flag, !useCollapseFlags.getState()[flag]);
}
