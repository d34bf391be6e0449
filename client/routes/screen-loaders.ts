// Route loaders: what each signed-in screen loads before it renders. They call the stores' load
// functions (the stores keep the rows; screens read them through hooks) and let failures reject,
// so the route's error component shows them with a Retry instead of a half-empty screen.
import { ApiError } from '../api/http';
import { syncProject } from '../local-cache/issue-cache';
import { fetchEstimates } from '../stores/estimate-store';
import { fetchCycles } from '../stores/cycle-store';
import { fetchModules } from '../stores/module-store';
import { fetchIssueDetail } from '../stores/issue-detail-store';
import { getIssue } from '../stores/issue-store';
import { fetchProjectLabels, fetchWorkspaceLabels } from '../stores/label-store';
import { fetchMembers, fetchProjectMembers } from '../stores/member-store';
import { fetchPages } from '../stores/page-store';
import { ensureProjects } from '../stores/project-store';
import { getListSettings, loadListSettings } from '../stores/issue-filter-store';
import { fetchProjectStates, fetchWorkspaceStates } from '../stores/state-store';
import { toastOnFailure } from '../components/app-shell/toast-store';
import { preloadLayout } from '../components/layouts/layout-chunks';

/** The projects of the workspace (the projects list, the sidebar, every project screen). */
export async function loadProjects(slug: string): Promise<void> {
  await ensureProjects(slug);
}

/**
 * A project's states, labels, members and estimates (every project screen shows their names), and
 * the start of the local-cache sync, which runs on its own and reports through the issue store.
 */
export async function loadProjectScreen(slug: string, projectId: string): Promise<void> {
  void syncProject(slug, projectId);
  // Cycle names (cycle chip, bulk bar) and module names (module chip) load alongside but are not
  // waited for: those answers carry progress figures and were the slowest of the set (cycles and
  // modules ~430 / ~500 ms on a 10,000-issue project vs ~80 ms for states), so waiting held the
  // first row back; their chips show "…" until the names arrive. A failure never blocks the screen.
  // They are asked for last: the browser sends at most 6 requests at a time to one HTTP/1.1 host,
  // so what the screen waits for goes first.
  const needed = Promise.all([
    ensureProjects(slug),
    fetchProjectStates(slug, projectId),
    fetchProjectLabels(slug, projectId),
    fetchProjectMembers(slug, projectId),
    fetchMembers(slug),
    fetchEstimates(slug, projectId),
  ]);
  void fetchCycles(slug, projectId).catch(() => []);
  void fetchModules(slug, projectId).catch(() => []);
  await needed;
}

/**
 * A project list's saved layout and filters (`…/user-properties/`), started with the project's
 * loader instead of after the screen mounts: the list paints its rows only once it knows its
 * layout. Not waited for (the list shows its skeleton meanwhile); never rejects. The layout's
 * chunk (kanban, calendar…) is asked for as soon as the layout is known.
 */
export function startProjectListSettings(slug: string, projectId: string): void {
  const source = { kind: 'project', projectId } as const;
  if (!getListSettings(source).loaded) void loadListSettings(slug, source).then((settings) => preloadLayout(settings.displayFilters.layout));
  // The layout it had last time (or already has): its chunk loads alongside the loaders.
  preloadLayout(getListSettings(source).displayFilters.layout);
}

/** What workspace-wide issue lists (views, a member's profile) need to show names. */
export async function loadWorkspaceScreen(slug: string): Promise<void> {
  await Promise.all([ensureProjects(slug), fetchWorkspaceStates(slug), fetchWorkspaceLabels(slug), fetchMembers(slug)]);
}

/**
 * The issue and its detail. When the issue row is already known (opened from a list) the screen
 * shows it at once and the detail follows; a failure of that refresh toasts. Otherwise the loader
 * waits, so a failure reaches the error component — except a refusal (4xx: no such issue, no
 * access), which the screen itself answers with "issue not found" from the detail store's status.
 */
export async function loadIssueScreen(slug: string, projectId: string, issueId: string): Promise<void> {
  const loading = fetchIssueDetail(slug, projectId, issueId);
  if (getIssue(issueId)) {
    toastOnFailure(loading, 'toast.issueLoadFailed');
    return;
  }
  try {
    await loading;
  } catch (error) {
    if (!(error instanceof ApiError && error.status < 500)) throw error;
  }
}

/** The project's pages (the pages list). */
export async function loadPagesScreen(slug: string, projectId: string): Promise<void> {
  await fetchPages(slug, projectId);
}
