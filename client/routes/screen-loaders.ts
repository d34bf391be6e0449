// Route loaders: what each signed-in screen loads before it renders. They call the stores' load
// functions (the stores keep the rows; screens read them through hooks) and let failures reject,
// so the route's error component shows them with a Retry instead of a half-empty screen.
import { ApiError } from '../api/http';
import { syncProject } from '../local-cache/issue-cache';
import { fetchIssueDetail } from '../stores/issue-detail-store';
import { getIssue } from '../stores/issue-store';
import { fetchWorkspaceLabels } from '../stores/label-store';
import { fetchMembers } from '../stores/member-store';
import { fetchPages } from '../stores/page-store';
import { ensureProjects } from '../stores/project-store';
import { getListSettings, loadListSettings } from '../stores/issue-filter-store';
import { cachedRowsRead } from '../stores/issue-list-store';
import { fetchWorkspaceStates } from '../stores/state-store';
import { toastOnFailure } from '../stores/toast-store';
import { ensureWorkspaces } from '../stores/workspace-store';
import { whenUserKnown } from '../stores/session-store';
import { startEarly, takeEarly } from './early-reads';
import { loadProjectReads } from './project-reads';
import { preloadLayout } from '../components/layouts/layout-chunks';

/** The projects of the workspace (the projects list, the sidebar, every project screen). */
export async function loadProjects(slug: string): Promise<void> {
  await ensureProjects(slug);
}

/**
 * A project's names (project-reads.ts: states, labels, members, estimates, from the local cache's
 * copy when it has one), and the start of the local-cache sync, which runs on its own and reports
 * through the issue store. On a page load both were usually started from the URL already
 * (startScreenReadsEarly).
 */
export async function loadProjectScreen(slug: string, projectId: string): Promise<void> {
  void takeEarly(projectCacheKey(slug, projectId), () => syncProject(slug, projectId));
  await takeEarly(projectReadsKey(slug, projectId), () => loadProjectReads(slug, projectId));
}

const projectReadsKey = (slug: string, projectId: string) => `project:${slug}:${projectId}`;
const projectCacheKey = (slug: string, projectId: string) => `project-cache:${slug}:${projectId}`;

/** My workspaces (the workspace route's loader: the frame of every signed-in screen). */
export async function loadMyWorkspaces(): Promise<void> {
  await takeEarly('workspaces', ensureWorkspaces);
}

let earlyStarted = false;

/**
 * Called by the guard of signed-in pages on the page load's first navigation, right after it has
 * asked for the session: starts the reads of the screen the URL names (my workspaces; a project's
 * names for a project screen), so they travel alongside the session's round trip instead of after
 * it. Later navigations find the session loaded and need no head start.
 */
export function startScreenReadsEarly(pathname: string): void {
  if (earlyStarted) return;
  earlyStarted = true;
  const [slug, section, projectId] = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (!slug) return;
  startEarly('workspaces', ensureWorkspaces);
  if (section !== 'projects' || !projectId) return;
  startEarly(projectReadsKey(slug, projectId), () => loadProjectReads(slug, projectId));
  // The local cache is per user: it opens as soon as `users/me/` names who is signed in.
  startEarly(projectCacheKey(slug, projectId), async () => ((await whenUserKnown()) ? syncProject(slug, projectId) : Promise.reject(new Error('signed out'))));
}

/**
 * A project list's saved layout and filters (`…/user-properties/`), started with the project's
 * loader instead of after the screen mounts: the list paints its rows only once it knows its
 * layout. Not waited for (the list starts from the user's last known copy); never rejects. The
 * layout's chunk (kanban, calendar…) is asked for as soon as the layout is known.
 */
export async function loadProjectList(slug: string, projectId: string): Promise<void> {
  const source = { kind: 'project', projectId } as const;
  if (!getListSettings(source).loaded) void loadListSettings(slug, source).then((settings) => preloadLayout(settings.displayFilters.layout));
  // The layout it had last time (or already has): its chunk loads alongside the loaders.
  preloadLayout(getListSettings(source).displayFilters.layout);
  // The project's cached issues, when this browser holds them (the project route's loader started
  // that read): the list then renders once, with its rows, instead of rendering empty while the
  // read waits for the busy main thread and again when the rows land. Bounded: a slow or stuck
  // database never holds the screen back for long (the list shows its skeleton meanwhile).
  await cachedRowsRead(projectId, CACHED_ROWS_WAIT_MS);
}

/** How long a list's loader waits for the local cache's read of its project's issues. */
const CACHED_ROWS_WAIT_MS = 1000;

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
