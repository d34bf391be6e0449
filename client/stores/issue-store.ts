// Issues of the current workspace, one row per id however many lists show it: confirmed rows plus
// pending optimistic changes (STYLE §6). Every mutation shows at once, rolls back on failure with a
// toast naming what failed, and is confirmed by its answer or by the live event carrying its id.
import { http } from '../api/http';
import type { MessageKey } from '../i18n';
import type { OutboxInput } from '../outbox/outbox';
import { setDelta, type SetDelta } from '../../shared/set-delta';
import { isDiscarded, outboxMutate, registerOutboxStore, type OutboxMutateOptions } from '../outbox/work-outbox';
import { isUndone, pastUndoWindow } from './undo-window';
import { reportFailure, toastOnFailure } from './toast-store';
import { isStateGroup, type Priority, type StateGroup } from '../../shared/issue-constants';
import { nextSortOrder } from '../../shared/sort-order';
import { createEntityStore, createMutationId, isTemporaryId, temporaryId } from './create-entity-store';
import { issuePath, projectPath } from './api-paths';
import { defaultStateIdOf } from './state-store';
import type { ChangeMessage } from '../../shared/live-protocol';
import type { IssueDetail, IssueListItem } from '../api/types';

/** The issue on the wire: the list row (shared/schemas/issue.ts), plus what only the detail sends. */
type WireIssue = IssueListItem & Pick<IssueDetail, 'description_html' | 'is_subscribed'>;
/** What every row has, even an optimistic one: the fields lists, cards and keys read. */
type RequiredIssueFields = 'id' | 'name' | 'sequence_id' | 'project_id' | 'state_id' | 'priority' | 'sort_order' | 'label_ids' | 'assignee_ids' | 'start_date' | 'target_date' | 'created_at' | 'updated_at';

/**
 * The issue as the store keeps it, inferred from the response schemas the server declares: a list
 * row carries fewer fields than the detail and a live event or an optimistic row fewer still, so
 * only the fields every row has are required. `state__group` is narrowed to the spec's five
 * (issueFromWire): the wire's may name the triage group.
 */
export type Issue = Pick<WireIssue, RequiredIssueFields> &
  Partial<Omit<WireIssue, RequiredIssueFields | 'state__group'>> & {
    state__group?: StateGroup | null;
    /** True for a quick-add row that the server has not confirmed yet. */
    is_local_update?: boolean;
  };

export type IssuePatch = Partial<Omit<Issue, 'id'>>;

/**
 * An issue as the server sends it (a list item, or the detail that extends it) as the store keeps
 * it. Its state group is narrowed to the spec's five: an issue still in triage (listed only under
 * an intake filter, which no list of this client sends) has none of them, so it has no group here,
 * as an issue without a state.
 */
export function issueFromWire(item: IssueListItem): Issue {
  return { ...item, state__group: isStateGroup(item.state__group) ? item.state__group : null };
}

/**
 * A live `issue` change carries the list item, the same for every member: it has no `is_subscribed`
 * (mine only) nor `description_html` (detail only). Keep what the row had, so adding a link does not
 * flip the subscribe button back to "Subscribe" while the server says I am subscribed.
 */
function issueFromChange(data: Record<string, unknown>, current: Issue | undefined): Issue {
  const row = data as unknown as Issue;
  if (!current) return row;
  return {
    ...row,
    ...('is_subscribed' in data || current.is_subscribed === undefined ? {} : { is_subscribed: current.is_subscribed }),
    ...('description_html' in data || current.description_html === undefined ? {} : { description_html: current.description_html }),
  };
}

// Rows merge: a list row carries fewer fields than the detail, and must not erase them.
const issues = createEntityStore<Issue>({ mergeRows: true, fromChange: issueFromChange });
/** Raw store (confirmed + pending). Prefer the hooks. */
export const useIssueStore = issues.useStore;
registerOutboxStore('issue', issues);

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

/** What an outbox entry of a change to issue `current` needs besides its request. */
function issueEntry(current: Pick<Issue, 'id' | 'name'>, mutationId: string, patch: IssuePatch, label: string, sets?: Record<string, SetDelta>) {
  return {
    mutationId,
    keys: [current.id],
    optimistic: [{ store: 'issue', entries: [{ mutationId, kind: 'update' as const, id: current.id, patch, ...(sets ? { sets } : {}) }] }],
    label: { key: label, values: { name: current.name } },
  };
}

/**
 * The outbox entry of `PATCH …/issues/{id}/`: only the fields the person changed, and labels and
 * assignees as their additions and removals (`label_ids_add`, … — merged by the server into the
 * set it holds, and shown here on top of the set the store holds, so a teammate's change to the
 * same set stays, on screen and on the server).
 */
export function issuePatchEntry(slug: string, current: Issue, patch: IssuePatch, mutationId = createMutationId(), label = 'outbox.kind.update'): OutboxInput {
  const { label_ids: labelIds, assignee_ids: assigneeIds, ...fields } = patch;
  const sets: Record<string, SetDelta> = {};
  if (labelIds) sets.label_ids = setDelta(current.label_ids ?? [], labelIds);
  if (assigneeIds) sets.assignee_ids = setDelta(current.assignee_ids ?? [], assigneeIds);
  return {
    ...issueEntry(current, mutationId, fields, label, sets),
    request: { method: 'PATCH', path: `${issuePath(slug, current.project_id, current.id)}/`, body: fields, sets },
  };
}

/** Runs an outbox change; a refusal is toasted (and stays in the "changes not saved" list) and rethrown. */
async function send(input: OutboxInput, failure: MessageKey, vars: Record<string, string | number>, options?: OutboxMutateOptions): Promise<unknown> {
  try {
    return await outboxMutate(input, options);
  } catch (error) {
    if (isUndone(error) || isDiscarded(error)) return undefined;
    reportFailure(failure, error, vars);
    throw error;
  }
}

/**
 * `PATCH …/issues/{id}/` through the outbox: shown at once, sent when the server is reachable;
 * a refusal is toasted and stays on the row as failed.
 * @throws ApiError
 */
export async function updateIssue(slug: string, issueId: string, patch: IssuePatch): Promise<void> {
  const current = getIssue(issueId);
  if (!current) throw new Error('Issue not found');
  await send(issuePatchEntry(slug, current, patch), 'toast.issueUpdateFailed', { name: current.name });
}

interface CreateIssueInput extends IssuePatch {
  name: string;
}

/** The server's issue with the list fields the client relies on (older answers may leave them out). */
function normalized(row: Issue, projectId: string): Issue {
  return { ...row, label_ids: row.label_ids ?? [], assignee_ids: row.assignee_ids ?? [], project_id: row.project_id ?? projectId };
}

/**
 * The sort_order the server gives a new issue (the state's largest + one step, server/services/work-items/issue.ts),
 * from the rows held here, so a quick-added issue shows where it will stay: below AL-1, not above it.
 * Without a state (the project's default applies) the largest of the project's rows is used.
 */
function lastSortOrderAfter(projectId: string, stateId: string | null | undefined): number {
  let max: number | null = null;
  for (const row of issues.getRows()) {
    if (row.project_id !== projectId || (stateId && row.state_id !== stateId)) continue;
    if (max === null || row.sort_order > max) max = row.sort_order;
  }
  return nextSortOrder(max);
}

/**
 * Creates an issue: a temporary row shows at once, the server's row replaces it, then the cycle
 * and modules are added (a cycle of null is ignored). Offline the temporary row is answered and
 * stays pending; what is made on it (comments, sub-issues, the cycle) waits for the real id.
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
  // Shown with the state it will get (the project's default when none is chosen), online or not.
  const stateId = input.state_id ?? defaultStateIdOf(projectId);
  const temp: Issue = {
    id: temporaryId(mutationId),
    sequence_id: 0,
    project_id: projectId,
    priority: 'none',
    sort_order: lastSortOrderAfter(projectId, stateId),
    label_ids: [],
    assignee_ids: [],
    start_date: null,
    target_date: null,
    created_at: now,
    updated_at: now,
    is_draft: extras.draft ?? false,
    ...input,
    state_id: stateId,
    is_local_update: true,
  };
  const body = { ...input, ...(extras.draft ? { is_draft: true } : {}) };
  const path = extras.draft ? `${projectPath(slug, projectId)}/issue-drafts/` : `${projectPath(slug, projectId)}/issues/`;
  const answer = await send({
    mutationId,
    keys: [temp.id],
    createsTemp: temp.id,
    request: { method: 'POST', path, body },
    answerPatch: { label_ids: [], assignee_ids: [], project_id: projectId },
    optimistic: [{ store: 'issue', entries: [{ mutationId, kind: 'create', id: temp.id, row: temp }] }],
    label: { key: 'outbox.kind.create', values: { name: input.name } },
  }, 'toast.issueCreateFailed', { name: input.name });
  const saved = answer && typeof (answer as Issue).id === 'string' ? normalized(answer as Issue, projectId) : temp;
  // The issue exists (or will) either way; a cycle or module that did not stick is said, not hidden.
  if (extras.cycleId) await toastOnFailure(addIssuesToCycle(slug, projectId, extras.cycleId, [saved.id]), 'toast.issueUpdateFailed', { name: saved.name });
  if (extras.moduleIds?.length) await toastOnFailure(setIssueModules(slug, projectId, saved.id, extras.moduleIds, []), 'toast.issueUpdateFailed', { name: saved.name });
  return saved;
}

/** Pending updates of several rows that one request (one mutation id) makes. */
function rowPatches(mutationId: string, patches: Array<{ id: string; patch: IssuePatch }>) {
  return patches.map(({ id, patch }) => ({ mutationId, kind: 'update' as const, id, patch }));
}

const nameOf = (issueIds: string[]) => (issueIds.length === 1 ? getIssue(issueIds[0])?.name ?? '' : String(issueIds.length));

/** `POST …/cycles/{id}/cycle-issues/ {issues}` through the outbox, shown at once. @throws ApiError */
export async function addIssuesToCycle(slug: string, projectId: string, cycleId: string, issueIds: string[]): Promise<void> {
  const mutationId = createMutationId();
  await outboxMutate({
    mutationId,
    keys: issueIds,
    request: { method: 'POST', path: `${projectPath(slug, projectId)}/cycles/${cycleId}/cycle-issues/`, body: { issues: issueIds } },
    optimistic: [{ store: 'issue', entries: rowPatches(mutationId, issueIds.map((id) => ({ id, patch: { cycle_id: cycleId } }))) }],
    label: { key: 'outbox.kind.cycle', values: { name: nameOf(issueIds) } },
  });
}

/**
 * Puts one issue into `cycleId` (`POST …/cycle-issues/`, moving it out of any other cycle) or, with
 * null, takes it out of its cycle (`DELETE …/cycle-issues/{id}/`), through the outbox; shown at once.
 * @throws ApiError
 */
export async function setIssueCycle(slug: string, issueId: string, cycleId: string | null): Promise<void> {
  const current = getIssue(issueId);
  if (!current) throw new Error('Issue not found');
  const from = current.cycle_id ?? null;
  if (from === cycleId) return;
  const mutationId = createMutationId();
  const cycles = `${projectPath(slug, current.project_id)}/cycles`;
  await outboxMutate({
    mutationId,
    keys: [issueId],
    request: cycleId ? { method: 'POST', path: `${cycles}/${cycleId}/cycle-issues/`, body: { issues: [issueId] } } : { method: 'DELETE', path: `${cycles}/${from}/cycle-issues/${issueId}/` },
    optimistic: [{ store: 'issue', entries: rowPatches(mutationId, [{ id: issueId, patch: { cycle_id: cycleId } }]) }],
    label: { key: 'outbox.kind.cycle', values: { name: current.name } },
  });
}

/**
 * The outbox entry of `POST …/issues/{id}/modules/ {modules, removed_modules}` (already a delta),
 * shown as the same delta on top of the modules the store holds.
 */
export function issueModulesEntry(slug: string, projectId: string, issueId: string, add: string[], remove: string[], mutationId = createMutationId()): OutboxInput {
  return {
    mutationId,
    keys: [issueId],
    request: { method: 'POST', path: `${issuePath(slug, projectId, issueId)}/modules/`, body: { modules: add, removed_modules: remove } },
    optimistic: [{ store: 'issue', entries: [{ mutationId, kind: 'update', id: issueId, patch: {}, sets: { module_ids: { add, remove } } }] }],
    label: { key: 'outbox.kind.modules', values: { name: getIssue(issueId)?.name ?? '' } },
  };
}

/** `POST …/issues/{id}/modules/` through the outbox, shown at once. @throws ApiError */
export async function setIssueModules(slug: string, projectId: string, issueId: string, add: string[], remove: string[]): Promise<void> {
  await outboxMutate(issueModulesEntry(slug, projectId, issueId, add, remove));
}

/**
 * `DELETE …/issues/{id}/`, hidden at once. With `undoWindow` the request is queued only after it
 * and an Undo shows the issue again with nothing sent. @throws ApiError
 */
export async function deleteIssue(slug: string, issueId: string, options: { undoWindow?: () => Promise<boolean> } = {}): Promise<void> {
  const current = getIssue(issueId);
  if (!current) throw new Error('Issue not found');
  const mutationId = createMutationId();
  await send({
    mutationId,
    keys: [issueId],
    request: { method: 'DELETE', path: `${issuePath(slug, current.project_id, issueId)}/` },
    optimistic: [{ store: 'issue', entries: [{ mutationId, kind: 'delete', id: issueId }] }],
    label: { key: 'outbox.kind.delete', values: { name: current.name } },
  }, 'toast.issueDeleteFailed', { name: current.name }, { before: () => pastUndoWindow(options.undoWindow) });
}

/** `DELETE …/bulk-delete-issues/ {issue_ids}` for issues of one project: one request, all rows hidden at once. @throws ApiError */
export async function bulkDeleteIssues(slug: string, projectId: string, issueIds: string[], options: { undoWindow?: () => Promise<boolean> } = {}): Promise<void> {
  const mutationId = createMutationId();
  await send({
    mutationId,
    keys: issueIds,
    request: { method: 'DELETE', path: `${projectPath(slug, projectId)}/bulk-delete-issues/`, body: { issue_ids: issueIds } },
    optimistic: [{ store: 'issue', entries: issueIds.map((id) => ({ mutationId, kind: 'delete' as const, id })) }],
    label: { key: 'outbox.kind.bulkDelete', values: { count: issueIds.length } },
  }, 'toast.bulkDeleteFailed', { count: issueIds.length }, { before: () => pastUndoWindow(options.undoWindow) });
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
 * `POST …/bulk-operation-issues/`, all or nothing. Labels and assignees are added to each issue
 * (the server adds them: a delta already).
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
  await send({
    mutationId,
    keys: issueIds,
    request: { method: 'POST', path: `${projectPath(slug, projectId)}/bulk-operation-issues/`, body: { issue_ids: issueIds, properties } },
    optimistic: [{ store: 'issue', entries: rowPatches(mutationId, patches) }],
    label: { key: 'outbox.kind.bulkUpdate', values: { count: issueIds.length } },
  }, 'toast.bulkUpdateFailed', { count: issueIds.length });
}

/** `POST …/issues/{id}/archive/`: the issue leaves the list at once. @throws ApiError (4xx when not closed) */
export async function archiveIssue(slug: string, issueId: string): Promise<void> {
  const current = getIssue(issueId);
  if (!current) throw new Error('Issue not found');
  const input = issueEntry(current, createMutationId(), { archived_at: new Date().toISOString().slice(0, 10) }, 'outbox.kind.archive');
  await send({ ...input, request: { method: 'POST', path: `${issuePath(slug, current.project_id, issueId)}/archive/`, body: {} } }, 'toast.issueArchiveFailed', { name: current.name });
}

/** `DELETE …/issues/{id}/archive/`: the archived issue is back in its lists at once (archive's undo). @throws ApiError */
export async function unarchiveIssue(slug: string, issueId: string, projectId: string): Promise<void> {
  const current = useIssueStore.getState().confirmed.get(issueId) ?? getIssue(issueId);
  const input = issueEntry(current ?? { id: issueId, name: '' }, createMutationId(), { archived_at: null }, 'outbox.kind.unarchive');
  await outboxMutate({ ...input, optimistic: current ? input.optimistic : [], request: { method: 'DELETE', path: `${issuePath(slug, projectId, issueId)}/archive/` } });
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
    void refreshIssueSubscribed(slug, issueId).catch(() => undefined);
  }
}

/**
 * Re-reads whether I am subscribed (`GET …/subscribe/`). The server subscribes whoever changes an
 * issue (reference §7.2), and no live change says so: the detail calls this after my own changes.
 */
export async function refreshIssueSubscribed(slug: string, issueId: string): Promise<void> {
  const current = getIssue(issueId);
  if (!current || isTemporaryId(issueId)) return;
  const answer = await http.get<{ subscribed: boolean }>(`${issuePath(slug, current.project_id, issueId)}/subscribe/`);
  const row = useIssueStore.getState().confirmed.get(issueId);
  if (row && row.is_subscribed !== answer.subscribed) upsertIssues([{ ...row, is_subscribed: answer.subscribed }]);
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
