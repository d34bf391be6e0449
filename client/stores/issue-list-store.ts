// Loads the issues a list shows: from the local cache when it holds the project (waiting for a
// read of it under way rather than racing it with the network), else from the
// list engine (`GET …/issues/` grouped, page 0), with "load more" per group through the ungrouped
// list filtered to that group (reference §1.2). Rows go into the one issue store; this store keeps
// only per-list paging facts (group totals, pages loaded, which ids the server listed).
import { create } from 'zustand';
import { http } from '../api/http';
import { reportFailure } from './toast-store';
import { listKey, NONE_GROUP, type IssueFilters, type ListSource } from './list-model';
import { GROUP_BY_WIRE, type DisplayFilters, type GroupBy } from '../../shared/display';
import { projectPath, workspacePath } from './api-paths';
import { issueFromWire, scopeIssues, upsertIssues, type Issue } from './issue-store';
import type { IssueListItem, IssueListResponse } from '../api/types';
import type { ListSettings } from './issue-filter-store';

export interface ListPaging {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** 'cache' when every issue of the project is local, so groups are complete. */
  origin: 'server' | 'cache';
  groupTotals: Record<string, number>;
  pages: Record<string, number>;
  /** The page size the pages were read with (0: none read from the server). */
  perPage: number;
  serverIds: Set<string>;
  loadingGroups: string[];
  /** Why the last load of page 0 failed (status 'error'): the screen shows it with a Retry. */
  error?: unknown;
}

export const useIssueListStore = create<{ lists: Record<string, ListPaging> }>(() => ({ lists: {} }));

/** One empty set for every list without server rows (never mutated): a list the cache holds keeps
 * the same `serverIds` when its status changes, so its 10,000 issues are not regrouped for it. */
const NO_SERVER_IDS: ReadonlySet<string> = new Set();
const emptyPaging = (): ListPaging => ({ status: 'idle', origin: 'server', groupTotals: {}, pages: {}, perPage: 0, serverIds: NO_SERVER_IDS as Set<string>, loadingGroups: [] });

/** Projects whose issues are fully held by the local cache (set by client/local-cache). */
const cachedProjects = new Set<string>();
export function markProjectCached(projectId: string, cached: boolean): void {
  if (cached) cachedProjects.add(projectId);
  else cachedProjects.delete(projectId);
}

/** Reads of a project's cached rows under way (resolve true once the rows are in the issue store). */
const cacheReads = new Map<string, Promise<boolean>>();
/** Registers the local cache's read of a project, so a list of it waits for that instead of the server. */
export function trackCacheRead(projectId: string, read: Promise<boolean>): void {
  const tracked = read.catch(() => false);
  cacheReads.set(projectId, tracked);
  void tracked.then(() => cacheReads.get(projectId) === tracked && cacheReads.delete(projectId));
}

/**
 * Resolves once a read of the project's cached rows under way has put them in the issue store (at
 * once when none is under way), or after `limitMs` whatever the read does.
 */
export function cachedRowsRead(projectId: string, limitMs: number): Promise<void> {
  const read = cacheReads.get(projectId);
  if (!read) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    void read.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** True when the project's rows come from the local cache (waiting for a read under way). */
async function heldByCache(projectId: string): Promise<boolean> {
  if (cachedProjects.has(projectId)) return true;
  const read = cacheReads.get(projectId);
  return read ? (await read) && cachedProjects.has(projectId) : false;
}

/** Page size the client uses per layout and grouping (reference §1.2). */
export function perPageFor(display: DisplayFilters): number {
  if (display.layout === 'kanban') return display.sub_group_by ? 10 : 30;
  if (display.layout === 'list' && display.group_by) return 50;
  return 100;
}

const FILTER_KEY_OF_GROUP: Record<GroupBy, string> = {
  state: 'state',
  'state_detail.group': 'state_group',
  priority: 'priority',
  project: 'project',
  cycle: 'cycle',
  module: 'module',
  labels: 'labels',
  assignees: 'assignees',
  created_by: 'created_by',
};

function listPath(slug: string, source: ListSource): string {
  switch (source.kind) {
    case 'project':
    case 'view':
      // A view's list is the project list with the view's filters (reference §4), which the list
      // settings hold: unsaved edits to them show at once, wider or narrower.
      return `${projectPath(slug, source.projectId)}/issues/`;
    case 'archived':
      return `${projectPath(slug, source.projectId)}/archived-issues/`;
    case 'draft':
      return `${projectPath(slug, source.projectId)}/issue-drafts/`;
    case 'cycle':
      return `${projectPath(slug, source.projectId)}/cycles/${source.cycleId}/cycle-issues/`;
    case 'module':
      return `${projectPath(slug, source.projectId)}/modules/${source.moduleId}/issues/`;
    case 'global':
    case 'workspace-view':
      return `${workspacePath(slug)}/issues/`;
    case 'profile':
      return `${workspacePath(slug)}/user-issues/${source.userId}/`;
  }
}

/** The query string of a list request (filters as comma lists, reference §1.2). */
export function buildListQuery(source: ListSource, settings: Pick<ListSettings, 'displayFilters' | 'filters'>, grouped: boolean): Record<string, string> {
  const display = settings.displayFilters;
  const query: Record<string, string> = { order_by: display.order_by, layout: display.layout };
  for (const [key, values] of Object.entries(settings.filters as IssueFilters)) {
    // A cycle's list leaves the cycle key out of its own filters (spec §5).
    if (source.kind === 'cycle' && key === 'cycle') continue;
    if (values && values.length) query[key] = values.join(',');
  }
  if (display.type && display.type !== 'all') query.type = display.type;
  if (display.sub_issue === false) query.sub_issue = 'false';
  const view = source.kind === 'global' ? source.viewId : source.kind === 'profile' ? source.tab : null;
  if (view === 'assigned' && (source.kind === 'global' || source.kind === 'profile')) query.assignees = source.userId;
  if (view === 'created' && (source.kind === 'global' || source.kind === 'profile')) query.created_by = source.userId;
  if (view === 'subscribed' && (source.kind === 'global' || source.kind === 'profile')) query.subscriber = source.userId;
  // The workspace list has no grouping (reference §1.6.11); groups are then formed locally.
  if (grouped && source.kind !== 'global' && source.kind !== 'workspace-view' && display.group_by) {
    query.group_by = GROUP_BY_WIRE[display.group_by];
    if (display.sub_group_by) query.sub_group_by = GROUP_BY_WIRE[display.sub_group_by];
  }
  return query;
}

/** Flattens an offset-paginated list answer: every issue (as the store keeps it) plus each group's total. */
export function readListResponse(answer: IssueListResponse): { issues: Issue[]; groupTotals: Record<string, number> } {
  if (Array.isArray(answer.results)) return { issues: answer.results.map(issueFromWire), groupTotals: { all: answer.total_count } };
  const listed: IssueListItem[] = [];
  const groupTotals: Record<string, number> = {};
  for (const [key, bucket] of Object.entries(answer.results)) {
    groupTotals[key] = bucket.total_results;
    if (Array.isArray(bucket.results)) listed.push(...bucket.results);
    else for (const sub of Object.values<{ results: IssueListItem[] }>(bucket.results)) listed.push(...sub.results);
  }
  const issues = listed.map(issueFromWire);
  // An M2M grouping lists one issue in several groups with only that group's ids: keep one full copy.
  const byId = new Map<string, Issue>();
  for (const issue of issues) {
    const seen = byId.get(issue.id);
    byId.set(issue.id, seen ? { ...issue, label_ids: union(seen.label_ids, issue.label_ids), assignee_ids: union(seen.assignee_ids, issue.assignee_ids), module_ids: union(seen.module_ids, issue.module_ids) } : issue);
  }
  return { issues: [...byId.values()], groupTotals };
}

function union(a: string[] | undefined, b: string[] | undefined): string[] {
  return [...new Set([...(a ?? []), ...(b ?? [])])];
}

function setPaging(key: string, patch: Partial<ListPaging>): void {
  useIssueListStore.setState((state) => ({ lists: { ...state.lists, [key]: { ...(state.lists[key] ?? emptyPaging()), ...patch } } }));
}

/** Loads page 0 of a list (or marks it ready when the cache holds the project). */
export async function fetchIssueList(slug: string, source: ListSource, settings: ListSettings): Promise<void> {
  const key = listKey(source);
  scopeIssues(slug);
  if (source.kind === 'project' && !cachedProjects.has(source.projectId) && cacheReads.has(source.projectId)) setPaging(key, { status: 'loading' });
  // The cached rows paint the list as soon as IndexedDB has them; live events and the cache's own
  // sync keep them current, so no list request is sent (spec §9). A failed read falls back to it.
  if (source.kind === 'project' && (await heldByCache(source.projectId))) {
    setPaging(key, { status: 'ready', origin: 'cache', groupTotals: {}, pages: {} });
    return;
  }
  setPaging(key, { status: 'loading', error: undefined });
  const perPage = perPageFor(settings.displayFilters);
  try {
    const answer = await http.get<IssueListResponse>(listPath(slug, source), { ...buildListQuery(source, settings, true), per_page: perPage, cursor: `${perPage}:0:0` });
    const { issues, groupTotals } = readListResponse(answer);
    upsertIssues(issues.map(withDefaults(source)));
    const pages = Object.fromEntries(Object.keys(groupTotals).map((group) => [group, 1]));
    setPaging(key, { status: 'ready', origin: 'server', groupTotals, pages, perPage, serverIds: new Set(issues.map((issue) => issue.id)) });
  } catch (error) {
    setPaging(key, { status: 'error', error });
    reportFailure('toast.issuesFetchFailed', error);
  }
}

/** Loads the next page of one group through the ungrouped list filtered to that group. */
export async function loadMoreInGroup(slug: string, source: ListSource, settings: ListSettings, groupKey: string): Promise<void> {
  const key = listKey(source);
  const paging = useIssueListStore.getState().lists[key] ?? emptyPaging();
  if (paging.loadingGroups.includes(groupKey)) return;
  const perPage = perPageFor(settings.displayFilters);
  const page = paging.pages[groupKey] ?? 1;
  const query = buildListQuery(source, settings, false);
  const groupBy = settings.displayFilters.group_by;
  if (groupBy && groupKey !== 'all') query[FILTER_KEY_OF_GROUP[groupBy]] = groupKey === NONE_GROUP ? 'None' : groupKey;
  setPaging(key, { loadingGroups: [...paging.loadingGroups, groupKey] });
  try {
    const answer = await http.get<IssueListResponse>(listPath(slug, source), { ...query, per_page: perPage, cursor: `${perPage}:${page}:0` });
    const { issues } = readListResponse(answer);
    upsertIssues(issues.map(withDefaults(source)));
    const latest = useIssueListStore.getState().lists[key] ?? emptyPaging();
    setPaging(key, {
      pages: { ...latest.pages, [groupKey]: page + 1 },
      serverIds: new Set([...latest.serverIds, ...issues.map((issue) => issue.id)]),
      loadingGroups: latest.loadingGroups.filter((group) => group !== groupKey),
    });
  } catch (error) {
    const latest = useIssueListStore.getState().lists[key] ?? emptyPaging();
    setPaging(key, { loadingGroups: latest.loadingGroups.filter((group) => group !== groupKey) });
    reportFailure('toast.issuesFetchFailed', error);
  }
}

function withDefaults(source: ListSource) {
  return (issue: Issue): Issue => ({
    ...issue,
    label_ids: issue.label_ids ?? [],
    assignee_ids: issue.assignee_ids ?? [],
    is_draft: source.kind === 'draft' ? true : issue.is_draft,
  });
}

const EMPTY = emptyPaging();
/** Paging facts of one list. */
export function useListPaging(source: ListSource): ListPaging {
  const key = listKey(source);
  return useIssueListStore((state) => state.lists[key]) ?? EMPTY;
}
