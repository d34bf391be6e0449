// Issues of the current workspace, one row per id however many lists show it: confirmed rows plus
// pending optimistic changes (STYLE §6). Every mutation shows at once, rolls back on failure with a
// toast naming what failed, and is confirmed by its answer or by the live event carrying its id.
import { useMemo } from 'react';
import { http, request } from '../api/http';
import { reportFailure } from '../components/app-shell/toast-store';
import type { Priority, StateGroup } from '../../shared/issue-constants';
import { createEntityStore, createMutationId, temporaryId } from './create-entity-store';
import { issuePath, projectPath } from './api-paths';
import { mergeChange, noteVersion, type LiveChange, type VersionBook } from './live-merge';

/** The issue as list endpoints, the detail endpoint and live events send it (reference §1.4). */
export interface Issue {
  id: string;
  name: string;
  sequence_id: number;
  project_id: string;
  state_id: string | null;
  state__group?: StateGroup | null;
  priority: Priority;
  sort_order: number;
  label_ids: string[];
  assignee_ids: string[];
  module_ids?: string[];
  cycle_id?: string | null;
  parent_id?: string | null;
  estimate_point?: string | null;
  start_date: string | null;
  target_date: string | null;
  completed_at?: string | null;
  archived_at?: string | null;
  is_draft?: boolean;
  sub_issues_count?: number;
  link_count?: number;
  attachment_count?: number;
  created_at: string;
  updated_at: string;
  created_by?: string | null;
  updated_by?: string | null;
  description_html?: string | null;
  is_subscribed?: boolean;
  version?: number;
  /** True for a quick-add row that the server has not confirmed yet. */
  is_local_update?: boolean;
}

export type IssuePatch = Partial<Omit<Issue, 'id'>>;

const issues = createEntityStore<Issue>();
const versions: VersionBook = new Map();
/** Raw store (confirmed + pending). Prefer the hooks. */
export const useIssueStore = issues.useStore;

/** Ensures the store belongs to `slug` (dropping another workspace's rows). */
export function scopeIssues(slug: string): void {
  if (useIssueStore.getState().scope !== slug) {
    versions.clear();
    issues.setAll(slug, []);
  }
}

/** Inserts or replaces many confirmed rows in one store update (lists, cache, sync pages). */
export function upsertIssues(rows: Issue[]): void {
  if (rows.length === 0) return;
  useIssueStore.setState((state) => {
    const confirmed = new Map(state.confirmed);
    for (const row of rows) {
      const known = versions.get(row.id);
      if (known !== undefined && typeof row.version === 'number' && row.version < known) continue;
      noteVersion(versions, row);
      confirmed.set(row.id, { ...confirmed.get(row.id), ...row });
    }
    return { confirmed, status: 'ready' };
  });
}

/** Removes confirmed rows (deleted or archived elsewhere). */
export function removeIssues(ids: string[]): void {
  if (ids.length === 0) return;
  useIssueStore.setState((state) => {
    const confirmed = new Map(state.confirmed);
    ids.forEach((id) => confirmed.delete(id));
    return { confirmed };
  });
}

/** The row as shown (pending applied), outside React. */
export function getIssue(id: string): Issue | undefined {
  const { confirmed, pending } = useIssueStore.getState();
  let row = confirmed.get(id);
  for (const mutation of pending) {
    if (mutation.id !== id) continue;
    if (mutation.kind === 'create') row ??= mutation.row;
    else if (row) row = mutation.kind === 'delete' ? undefined : { ...row, ...mutation.patch };
  }
  return row;
}

/** Display key `{identifier}-{sequence_id}`. */
export function issueKey(identifier: string | undefined, issue: Pick<Issue, 'sequence_id'>): string {
  return `${identifier ?? '?'}-${issue.sequence_id}`;
}

/**
 * `PATCH …/issues/{id}/` shown at once; on failure the change is dropped and a toast names it.
 * @throws ApiError
 */
export async function updateIssue(slug: string, issueId: string, patch: IssuePatch): Promise<void> {
  const current = getIssue(issueId);
  if (!current) throw new Error('Issue not found');
  const mutationId = createMutationId();
  try {
    await issues.mutate({ mutationId, kind: 'update', id: issueId, patch }, async () => {
      const answer = await http.patch<Issue | undefined>(`${issuePath(slug, current.project_id, issueId)}/`, patch, { mutationId });
      const base = useIssueStore.getState().confirmed.get(issueId) ?? current;
      const row = { ...base, ...patch, ...(answer ?? {}) };
      noteVersion(versions, row);
      return row;
    });
  } catch (error) {
    reportFailure('toast.issueUpdateFailed', error, { name: current.name });
    throw error;
  }
}

export interface CreateIssueInput extends IssuePatch {
  name: string;
}

/**
 * Creates an issue: a temporary row shows at once, the server's row replaces it, then the cycle
 * and modules are added (a cycle of null is ignored). On failure the temporary row disappears.
 * @throws ApiError
 */
export async function createIssue(
  slug: string,
  projectId: string,
  input: CreateIssueInput,
  extras: { cycleId?: string | null; moduleIds?: string[]; draft?: boolean } = {},
): Promise<Issue> {
  const mutationId = createMutationId();
  const tempId = temporaryId(mutationId);
  const now = new Date().toISOString();
  const temp: Issue = {
    id: tempId,
    sequence_id: 0,
    project_id: projectId,
    state_id: null,
    priority: 'none',
    sort_order: 65535,
    label_ids: [],
    assignee_ids: [],
    start_date: null,
    target_date: null,
    created_at: now,
    updated_at: now,
    is_draft: extras.draft ?? false,
    ...input,
    is_local_update: true,
  };
  upsertIssues([temp]);
  try {
    const body = { ...input, ...(extras.draft ? { is_draft: true } : {}) };
    const path = extras.draft ? `${projectPath(slug, projectId)}/issue-drafts/` : `${projectPath(slug, projectId)}/issues/`;
    const created = await http.post<Issue>(path, body, { mutationId });
    removeIssues([tempId]);
    upsertIssues([{ ...created, label_ids: created.label_ids ?? [], assignee_ids: created.assignee_ids ?? [], project_id: created.project_id ?? projectId }]);
    if (extras.cycleId) await addIssuesToCycle(slug, projectId, extras.cycleId, [created.id]).catch(() => undefined);
    if (extras.moduleIds?.length) await setIssueModules(slug, projectId, created.id, extras.moduleIds, []).catch(() => undefined);
    return created;
  } catch (error) {
    removeIssues([tempId]);
    reportFailure('toast.issueCreateFailed', error, { name: input.name });
    throw error;
  }
}

/** `POST …/cycles/{id}/cycle-issues/ {issues}` and the matching local change. @throws ApiError */
export async function addIssuesToCycle(slug: string, projectId: string, cycleId: string, issueIds: string[]): Promise<void> {
  await http.post(`${projectPath(slug, projectId)}/cycles/${cycleId}/cycle-issues/`, { issues: issueIds }, { mutationId: createMutationId() });
  upsertIssues(issueIds.map((id) => getIssue(id)).filter((row): row is Issue => Boolean(row)).map((row) => ({ ...row, cycle_id: cycleId })));
}

/** `POST …/issues/{id}/modules/ {modules, removed_modules}`. @throws ApiError */
export async function setIssueModules(slug: string, projectId: string, issueId: string, add: string[], remove: string[]): Promise<void> {
  await http.post(`${issuePath(slug, projectId, issueId)}/modules/`, { modules: add, removed_modules: remove }, { mutationId: createMutationId() });
  const row = getIssue(issueId);
  if (row) upsertIssues([{ ...row, module_ids: [...new Set([...(row.module_ids ?? []).filter((id) => !remove.includes(id)), ...add])] }]);
}

/** `DELETE …/issues/{id}/`, hidden at once. @throws ApiError */
export async function deleteIssue(slug: string, issueId: string): Promise<void> {
  const current = getIssue(issueId);
  if (!current) throw new Error('Issue not found');
  const mutationId = createMutationId();
  try {
    await issues.mutate({ mutationId, kind: 'delete', id: issueId }, async () => {
      await http.delete(`${issuePath(slug, current.project_id, issueId)}/`, { mutationId });
    });
  } catch (error) {
    reportFailure('toast.issueDeleteFailed', error, { name: current.name });
    throw error;
  }
}

/** Runs one request for several rows: each gets a pending mutation; all confirm or all drop. */
async function mutateMany(ids: string[], kind: 'update' | 'delete', patch: IssuePatch, send: (mutationId: string) => Promise<unknown>): Promise<void> {
  const mutationId = createMutationId();
  const shared = send(mutationId);
  await Promise.all(
    ids.map((id) =>
      issues.mutate(kind === 'delete' ? { mutationId: `${mutationId}:${id}`, kind, id } : { mutationId: `${mutationId}:${id}`, kind, id, patch }, async () => {
        await shared;
      }),
    ),
  );
}

/** `DELETE …/bulk-delete-issues/ {issue_ids}` for issues of one project. @throws ApiError */
export async function bulkDeleteIssues(slug: string, projectId: string, issueIds: string[]): Promise<void> {
  try {
    await mutateMany(issueIds, 'delete', {}, (mutationId) =>
      request(`${projectPath(slug, projectId)}/bulk-delete-issues/`, { method: 'DELETE', body: { issue_ids: issueIds }, mutationId }),
    );
  } catch (error) {
    reportFailure('toast.bulkDeleteFailed', error, { count: issueIds.length });
    throw error;
  }
}

/** Properties a bulk update may set (API.md bulk-operation-issues). */
export interface BulkProperties {
  state_id?: string;
  priority?: Priority;
  start_date?: string | null;
  target_date?: string | null;
  label_ids?: string[];
  assignee_ids?: string[];
}

/**
 * `POST …/bulk-operation-issues/`, all or nothing. Labels and assignees are added to each issue.
 * @throws Error('Issue not found') when an issue is not loaded; ApiError from the server.
 */
export async function bulkUpdateIssues(slug: string, projectId: string, issueIds: string[], properties: BulkProperties): Promise<void> {
  const rows = issueIds.map((id) => getIssue(id));
  if (rows.some((row) => !row)) throw new Error('Issue not found');
  const mutationId = createMutationId();
  const shared = http.post(`${projectPath(slug, projectId)}/bulk-operation-issues/`, { issue_ids: issueIds, properties }, { mutationId });
  try {
    await Promise.all(
      (rows as Issue[]).map((row) => {
        const patch: IssuePatch = { ...properties };
        if (properties.label_ids) patch.label_ids = [...new Set([...row.label_ids, ...properties.label_ids])];
        if (properties.assignee_ids) patch.assignee_ids = [...new Set([...row.assignee_ids, ...properties.assignee_ids])];
        return issues.mutate({ mutationId: `${mutationId}:${row.id}`, kind: 'update', id: row.id, patch }, async () => {
          await shared;
        });
      }),
    );
  } catch (error) {
    reportFailure('toast.bulkUpdateFailed', error, { count: issueIds.length });
    throw error;
  }
}

/** `POST …/issues/{id}/archive/`: the issue leaves the list at once. @throws ApiError (4xx when not closed) */
export async function archiveIssue(slug: string, issueId: string): Promise<void> {
  const current = getIssue(issueId);
  if (!current) throw new Error('Issue not found');
  const mutationId = createMutationId();
  try {
    await issues.mutate({ mutationId, kind: 'update', id: issueId, patch: { archived_at: new Date().toISOString().slice(0, 10) } }, async () => {
      const answer = await http.post<{ archived_at: string }>(`${issuePath(slug, current.project_id, issueId)}/archive/`, {}, { mutationId });
      return { ...current, archived_at: answer?.archived_at ?? new Date().toISOString().slice(0, 10) };
    });
  } catch (error) {
    reportFailure('toast.issueArchiveFailed', error, { name: current.name });
    throw error;
  }
}

/** Subscribes or unsubscribes me (`POST`/`DELETE …/subscribe/`), optimistic; re-fetches on error. */
export async function setIssueSubscribed(slug: string, issueId: string, subscribed: boolean): Promise<void> {
  const current = getIssue(issueId);
  if (!current) throw new Error('Issue not found');
  const mutationId = createMutationId();
  const path = `${issuePath(slug, current.project_id, issueId)}/subscribe/`;
  try {
    await issues.mutate({ mutationId, kind: 'update', id: issueId, patch: { is_subscribed: subscribed } }, async () => {
      if (subscribed) await http.post(path, {}, { mutationId });
      else await http.delete(path, { mutationId });
      return { ...(useIssueStore.getState().confirmed.get(issueId) ?? current), is_subscribed: subscribed };
    });
  } catch (error) {
    reportFailure('toast.subscriptionFailed', error, { name: current.name });
    void http.get<{ subscribed: boolean }>(path).then((answer) => {
      const row = useIssueStore.getState().confirmed.get(issueId);
      if (row) upsertIssues([{ ...row, is_subscribed: answer.subscribed }]);
    }).catch(() => undefined);
  }
}

/** Applies a live `issue` change (version-checked; own changes confirm without flicker). */
export function applyIssueChange(change: LiveChange): void {
  mergeChange(issues, versions, change);
}

/** Every issue as the user should see it (pending applied). */
export function useIssues(): Issue[] {
  return issues.useRows();
}

/** One issue as shown. */
export function useIssue(issueId: string | undefined): Issue | undefined {
  const confirmed = useIssueStore((state) => (issueId ? state.confirmed.get(issueId) : undefined));
  const pending = useIssueStore((state) => state.pending);
  return useMemo(() => {
    let row = confirmed;
    for (const mutation of pending) {
      if (mutation.id !== issueId) continue;
      if (mutation.kind === 'create') row ??= mutation.row;
      else if (row) row = mutation.kind === 'delete' ? undefined : { ...row, ...mutation.patch };
    }
    return row;
  }, [confirmed, pending, issueId]);
}

export const resetIssues = (): void => {
  versions.clear();
  issues.reset();
};
