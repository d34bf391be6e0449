// Issues of the current workspace, one row per id however many lists show it: confirmed rows plus
// pending optimistic changes (STYLE §6). Every mutation shows at once, rolls back on failure with a
// toast naming what failed, and is confirmed by its answer or by the live event carrying its id.
import { http, request } from '../api/http';
import { isUndone, pastUndoWindow } from './undo-window';
import { reportFailure, toastOnFailure } from '../components/app-shell/toast-store';
import type { Priority, StateGroup } from '../../shared/issue-constants';
import { createEntityStore, createMutationId, temporaryId } from './create-entity-store';
import { issuePath, projectPath } from './api-paths';
import type { ChangeMessage } from '../../shared/live-protocol';
import type { IssueDetail, IssueListItem } from '../api/types';

/** The issue on the wire: the list row (shared/schemas/issue.ts), plus what only the detail sends. */
type WireIssue = IssueListItem & Pick<IssueDetail, 'description_html' | 'is_subscribed'>;
/** What every row has, even an optimistic one: the fields lists, cards and keys read. */
type RequiredIssueFields = 'id' | 'name' | 'sequence_id' | 'project_id' | 'state_id' | 'sort_order' | 'label_ids' | 'assignee_ids' | 'start_date' | 'target_date';

/**
 * The issue as the store keeps it, inferred from the response schemas the server declares: a list
 * row carries fewer fields than the detail and a live event or an optimistic row fewer still, so
 * only the fields every row has are required. `priority` and `state__group` are narrowed to the
 * spec's names (the schema keeps them as the server's strings).
 */
export type Issue = Pick<WireIssue, RequiredIssueFields> &
  Partial<Omit<WireIssue, RequiredIssueFields | 'priority' | 'state__group' | 'created_at' | 'updated_at'>> & {
    priority: Priority;
    state__group?: StateGroup | null;
    created_at: string;
    updated_at: string;
    /** True for a quick-add row that the server has not confirmed yet. */
    is_local_update?: boolean;
  };

export type IssuePatch = Partial<Omit<Issue, 'id'>>;

// Rows merge: a list row carries fewer fields than the detail, and must not erase them.
const issues = createEntityStore<Issue>({ mergeRows: true });
/** Raw store (confirmed + pending). Prefer the hooks. */
export const useIssueStore = issues.useStore;

/** Ensures the store belongs to `slug` (dropping another workspace's rows). */
export function scopeIssues(slug: string): void {
  if (useIssueStore.getState().scope !== slug) issues.setAll(slug, []);
}

/** Inserts or replaces many confirmed rows in one store update (lists, cache, sync pages). */
export function upsertIssues(rows: Issue[]): void {
  if (rows.length === 0) return;
  issues.upsertMany(rows);
  if (useIssueStore.getState().status !== 'ready') useIssueStore.setState({ status: 'ready' });
}

/** Removes confirmed rows (deleted or archived elsewhere). */
export const removeIssues = (ids: string[]): void => issues.removeMany(ids);

/** The row as shown (pending applied), outside React. */
export const getIssue = (id: string): Issue | undefined => issues.getRow(id);

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
      return answer ? { ...patch, ...answer, id: issueId } : undefined;
    });
  } catch (error) {
    reportFailure('toast.issueUpdateFailed', error, { name: current.name });
    throw error;
  }
}

export interface CreateIssueInput extends IssuePatch {
  name: string;
}

/** The server's issue with the list fields the client relies on (older answers may leave them out). */
function normalized(row: Issue, projectId: string): Issue {
  return { ...row, label_ids: row.label_ids ?? [], assignee_ids: row.assignee_ids ?? [], project_id: row.project_id ?? projectId };
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
  const now = new Date().toISOString();
  const temp: Issue = {
    id: temporaryId(mutationId),
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
  let created: Issue | undefined;
  try {
    await issues.mutate({ mutationId, kind: 'create', id: temp.id, row: temp }, async () => {
      const body = { ...input, ...(extras.draft ? { is_draft: true } : {}) };
      const path = extras.draft ? `${projectPath(slug, projectId)}/issue-drafts/` : `${projectPath(slug, projectId)}/issues/`;
      created = normalized(await http.post<Issue>(path, body, { mutationId }), projectId);
      return created;
    });
  } catch (error) {
    reportFailure('toast.issueCreateFailed', error, { name: input.name });
    throw error;
  }
  const saved = created!;
  // The issue exists either way; a cycle or module that did not stick is said, not hidden.
  if (extras.cycleId) await toastOnFailure(addIssuesToCycle(slug, projectId, extras.cycleId, [saved.id]), 'toast.issueUpdateFailed', { name: saved.name });
  if (extras.moduleIds?.length) await toastOnFailure(setIssueModules(slug, projectId, saved.id, extras.moduleIds, []), 'toast.issueUpdateFailed', { name: saved.name });
  return saved;
}

/** Pending updates of several rows that one request (one mutation id) makes. */
function rowPatches(mutationId: string, patches: Array<{ id: string; patch: IssuePatch }>) {
  return patches.map(({ id, patch }) => ({ mutationId, kind: 'update' as const, id, patch }));
}

/** `POST …/cycles/{id}/cycle-issues/ {issues}`, shown at once. @throws ApiError */
export async function addIssuesToCycle(slug: string, projectId: string, cycleId: string, issueIds: string[]): Promise<void> {
  const mutationId = createMutationId();
  await issues.mutate(rowPatches(mutationId, issueIds.map((id) => ({ id, patch: { cycle_id: cycleId } }))), async () => {
    await http.post(`${projectPath(slug, projectId)}/cycles/${cycleId}/cycle-issues/`, { issues: issueIds }, { mutationId });
  });
}

/** `POST …/issues/{id}/modules/ {modules, removed_modules}`, shown at once. @throws ApiError */
export async function setIssueModules(slug: string, projectId: string, issueId: string, add: string[], remove: string[]): Promise<void> {
  const mutationId = createMutationId();
  const before = getIssue(issueId)?.module_ids ?? [];
  const moduleIds = [...new Set([...before.filter((id) => !remove.includes(id)), ...add])];
  await issues.mutate({ mutationId, kind: 'update', id: issueId, patch: { module_ids: moduleIds } }, async () => {
    await http.post(`${issuePath(slug, projectId, issueId)}/modules/`, { modules: add, removed_modules: remove }, { mutationId });
  });
}

/**
 * `DELETE …/issues/{id}/`, hidden at once. With `undoWindow` the request waits for it and an Undo
 * shows the issue again with nothing sent. @throws ApiError
 */
export async function deleteIssue(slug: string, issueId: string, options: { undoWindow?: () => Promise<boolean> } = {}): Promise<void> {
  const current = getIssue(issueId);
  if (!current) throw new Error('Issue not found');
  const mutationId = createMutationId();
  try {
    await issues.mutate({ mutationId, kind: 'delete', id: issueId }, async () => {
      await pastUndoWindow(options.undoWindow);
      await http.delete(`${issuePath(slug, current.project_id, issueId)}/`, { mutationId });
    });
  } catch (error) {
    if (isUndone(error)) return;
    reportFailure('toast.issueDeleteFailed', error, { name: current.name });
    throw error;
  }
}

/** `DELETE …/bulk-delete-issues/ {issue_ids}` for issues of one project: one request, all rows hidden at once. @throws ApiError */
export async function bulkDeleteIssues(slug: string, projectId: string, issueIds: string[], options: { undoWindow?: () => Promise<boolean> } = {}): Promise<void> {
  const mutationId = createMutationId();
  try {
    await issues.mutate(issueIds.map((id) => ({ mutationId, kind: 'delete' as const, id })), async () => {
      await pastUndoWindow(options.undoWindow);
      await request(`${projectPath(slug, projectId)}/bulk-delete-issues/`, { method: 'DELETE', body: { issue_ids: issueIds }, mutationId });
    });
  } catch (error) {
    if (isUndone(error)) return;
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
  /** Moves every issue into this cycle (null: out of any cycle). */
  cycle_id?: string | null;
}

/**
 * `POST …/bulk-operation-issues/`, all or nothing. Labels and assignees are added to each issue.
 * @throws Error('Issue not found') when an issue is not loaded; ApiError from the server.
 */
export async function bulkUpdateIssues(slug: string, projectId: string, issueIds: string[], properties: BulkProperties): Promise<void> {
  const rows = issueIds.map((id) => getIssue(id));
  if (rows.some((row) => !row)) throw new Error('Issue not found');
  const mutationId = createMutationId();
  const patches = (rows as Issue[]).map((row) => {
    const patch: IssuePatch = { ...properties };
    if (properties.label_ids) patch.label_ids = [...new Set([...row.label_ids, ...properties.label_ids])];
    if (properties.assignee_ids) patch.assignee_ids = [...new Set([...row.assignee_ids, ...properties.assignee_ids])];
    return { id: row.id, patch };
  });
  try {
    await issues.mutate(rowPatches(mutationId, patches), async () => {
      await http.post(`${projectPath(slug, projectId)}/bulk-operation-issues/`, { issue_ids: issueIds, properties }, { mutationId });
    });
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

/** `DELETE …/issues/{id}/archive/`: the archived issue is back in its lists at once (archive's undo). @throws ApiError */
export async function unarchiveIssue(slug: string, issueId: string, projectId: string): Promise<void> {
  const current = useIssueStore.getState().confirmed.get(issueId) ?? getIssue(issueId);
  const mutationId = createMutationId();
  if (!current) {
    await http.delete(`${issuePath(slug, projectId, issueId)}/archive/`, { mutationId });
    return;
  }
  await issues.mutate({ mutationId, kind: 'update', id: issueId, patch: { archived_at: null } }, async () => {
    await http.delete(`${issuePath(slug, projectId, issueId)}/archive/`, { mutationId });
    return { ...current, archived_at: null };
  });
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
    // The failure is toasted above; this re-read only corrects the flag, and the next load does too.
    void http.get<{ subscribed: boolean }>(path).then((answer) => {
      const row = useIssueStore.getState().confirmed.get(issueId);
      if (row) upsertIssues([{ ...row, is_subscribed: answer.subscribed }]);
    }).catch(() => undefined);
  }
}

/** Applies a live `issue` change (version-checked; own changes confirm without flicker). */
export const applyIssueChange = (change: ChangeMessage): void => issues.applyChange(change);

/** Every issue as the user should see it (pending applied). */
export function useIssues(): Issue[] {
  return issues.useRows();
}

/** One issue as shown. */
export const useIssue = (issueId: string | undefined): Issue | undefined => issues.useRow(issueId);

/** The store itself, for actions that live beside this file (issue-move.ts). */
export const issueEntities = issues;

export const resetIssues = (): void => issues.reset();
