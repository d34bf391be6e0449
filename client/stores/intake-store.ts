// A project's intake (reference §6, spec §4 "Inbox issue"): the open tab (pending, snoozed) and the
// closed tab (accepted, declined, duplicate), sort and status filters, pages of 10 from `10:0:0`
// with a load-more that stops once `next_page_results` is false, the open submission's detail, and
// the triage actions — applied at once and rolled back on failure. Live `inbox_issue` changes keep
// the rows current.
import { useMemo } from 'react';
import { create } from 'zustand';
import { http } from '../api/http';
import type { IntakeIssue, IntakeIssueDetail, IntakeIssuePage } from '../api/types';
import { INBOX_FIRST_CURSOR } from '../../shared/cursor';
import { INTAKE_CLOSED_STATUSES, IntakeStatus } from '../../shared/issue-constants';
import type { ChangeMessage } from '../../shared/live-protocol';
import { isDiscarded, outboxMutate, registerOutboxStore } from '../outbox/work-outbox';
import { reportFailure } from './toast-store';
import { createEntityStore, createMutationId, isTemporaryId, temporaryId } from './create-entity-store';

// The rows belong to one project (the store's scope is its id, not the workspace's slug), so a live
// change is the store's when it is of that project.
const rows = createEntityStore<IntakeIssue>({ mergeRows: true, accepts: (change, scope) => scope === null || change.project_id === scope });
registerOutboxStore('intake', rows);

export type IntakeTab = 'open' | 'closed';
export type IntakeOrder = '-issue__created_at' | 'issue__created_at' | '-issue__updated_at' | 'issue__updated_at' | '-issue__sequence_id' | 'issue__sequence_id';

interface IntakeFilters {
  tab: IntakeTab;
  statuses: number[];
  orderBy: IntakeOrder;
}

/** Switching tab resets the sort to created descending and the tab's default statuses (spec §4). */
export function tabDefaults(tab: IntakeTab): IntakeFilters {
  return { tab, statuses: tab === 'open' ? [IntakeStatus.PENDING] : [...INTAKE_CLOSED_STATUSES], orderBy: '-issue__created_at' };
}

interface ListState {
  filters: IntakeFilters;
  /** Ids in server order (pages appended). */
  order: string[];
  nextCursor: string | null;
  hasMore: boolean;
  /** The server's count of the tab's filter, asked again on every live change to the intake (never counted by hand). */
  total: number;
  /** The workspace of the shown intake, for the count's request. */
  slug: string | null;
  loadingMore: boolean;
  detail: IntakeIssueDetail | null;
  /** The issue id of the submission whose detail is being fetched (the pane shows a skeleton). */
  opening: string | null;
}

export const useIntakeList = create<ListState>(() => ({ filters: tabDefaults('open'), order: [], nextCursor: null, hasMore: false, total: 0, slug: null, loadingMore: false, detail: null, opening: null }));

const base = (slug: string, projectId: string) => `/api/workspaces/${encodeURIComponent(slug)}/projects/${projectId}/intake-issues/`;

const queryOf = (filters: IntakeFilters, cursor: string) => ({ status: filters.statuses.join(','), order_by: filters.orderBy, cursor, per_page: cursor.split(':')[0] });

/** Loads the first page (a changed tab or filter starts over). @throws ApiError */
export async function fetchIntake(slug: string, projectId: string, filters: IntakeFilters = useIntakeList.getState().filters): Promise<void> {
  useIntakeList.setState({ filters, slug, order: [], nextCursor: null, hasMore: false });
  rows.setStatus(projectId, 'loading');
  try {
    const page = await http.get<IntakeIssuePage>(base(slug, projectId), queryOf(filters, INBOX_FIRST_CURSOR));
    if (useIntakeList.getState().filters !== filters) return;
    rows.setAll(projectId, page.results);
    useIntakeList.setState({ order: page.results.map((row) => row.id), nextCursor: page.next_cursor, hasMore: page.next_page_results, total: page.total_results });
  } catch (error) {
    rows.setStatus(projectId, 'error', error);
    throw error;
  }
}

/** Appends the next page; does nothing once everything is loaded. @throws ApiError */
export async function fetchMoreIntake(slug: string, projectId: string): Promise<void> {
  const { nextCursor, hasMore, filters, loadingMore } = useIntakeList.getState();
  if (!nextCursor || !hasMore || loadingMore) return;
  useIntakeList.setState({ loadingMore: true });
  try {
    const page = await http.get<IntakeIssuePage>(base(slug, projectId), queryOf(filters, nextCursor));
    rows.upsertMany(page.results);
    useIntakeList.setState((state) => ({
      order: [...state.order, ...page.results.map((row) => row.id).filter((id) => !state.order.includes(id))],
      nextCursor: page.next_cursor,
      hasMore: page.next_page_results,
      total: page.total_results,
    }));
  } finally {
    useIntakeList.setState({ loadingMore: false });
  }
}

/** Loads one submission's detail (`expand=issue_inbox`). @throws ApiError */
export async function fetchIntakeDetail(slug: string, projectId: string, issueId: string): Promise<IntakeIssueDetail> {
  useIntakeList.setState({ opening: issueId });
  // Only the last submission clicked is shown: an earlier, slower answer does not replace it.
  const stillWanted = () => useIntakeList.getState().opening === issueId;
  try {
    const detail = await http.get<IntakeIssueDetail>(`${base(slug, projectId)}${issueId}/`, { expand: 'issue_inbox' });
    if (stillWanted()) useIntakeList.setState({ detail, opening: null });
    return detail;
  } catch (error) {
    if (stillWanted()) useIntakeList.setState({ opening: null });
    throw error;
  }
}

export function clearIntakeDetail(): void {
  useIntakeList.setState({ detail: null, opening: null });
}

/** The open submission's detail with its row's waiting triage applied, so what the person did shows at once. */
export function useIntakeDetail(): IntakeIssueDetail | null {
  const detail = useIntakeList((state) => state.detail);
  const row = rows.useRow(detail?.id);
  return useMemo(() => (detail && row ? { ...detail, status: row.status, snoozed_till: row.snoozed_till, duplicate_to: row.duplicate_to } : detail), [detail, row]);
}

/** The outbox entry's ordering keys and the row marker's id for a submission: its row and its issue. */
const keysOf = (row: IntakeIssue) => [...new Set([row.id, row.issue.id])];

/**
 * Submits a new issue to the intake through the work-item outbox (issue 17): it shows on the open
 * tab at once under a temporary id, and the server's row takes its place when the request lands.
 * Resolves true when the server answered, false when it is out of reach (the submission waits).
 * @throws ApiError when the server refused it (it stays, failed, until retried or discarded)
 */
export async function createIntakeIssue(slug: string, projectId: string, issue: { name: string; description_html?: string; priority?: string }): Promise<boolean> {
  const mutationId = createMutationId();
  const id = temporaryId(mutationId);
  const now = new Date().toISOString();
  const row: IntakeIssue = {
    id,
    status: IntakeStatus.PENDING,
    duplicate_to: null,
    snoozed_till: null,
    source: 'IN_APP',
    created_by: null,
    version: 0,
    issue: { id, name: issue.name, priority: issue.priority ?? 'none', sequence_id: 0, project_id: projectId, created_at: now, label_ids: [], created_by: null },
  };
  const answer = await outboxMutate({
    mutationId,
    keys: [id],
    createsTemp: id,
    request: { method: 'POST', path: base(slug, projectId), body: { source: 'IN_APP', issue } },
    optimistic: [{ store: 'intake', entries: [{ mutationId, kind: 'create', id, row }] }],
    label: { key: 'outbox.kind.intakeCreate', values: { name: issue.name } },
  });
  const created = answer as IntakeIssueDetail | undefined;
  if (created) useIntakeList.setState((state) => (state.order.includes(created.id) ? state : { order: [created.id, ...state.order] }));
  return created !== undefined;
}

type TriageChange = { status: number; snoozed_till?: string | null; duplicate_to?: string | null };

/**
 * Accept / decline / snooze / duplicate through the work-item outbox: shown at once, kept until the
 * server answers, replayed with its mutation id. Resolves true when the server answered, false when
 * it is out of reach. @throws ApiError when refused (the row shows it failed until retried or discarded)
 */
export async function triageIntake(slug: string, projectId: string, row: IntakeIssue, change: TriageChange): Promise<boolean> {
  const mutationId = createMutationId();
  const answer = await outboxMutate({
    mutationId,
    keys: keysOf(row),
    request: { method: 'PATCH', path: `${base(slug, projectId)}${row.issue.id}/`, body: change },
    optimistic: [{ store: 'intake', entries: [{ mutationId, kind: 'update', id: row.id, patch: change }] }],
    label: { key: 'outbox.kind.triage', values: { name: row.issue.name } },
  });
  const detail = answer as IntakeIssueDetail | undefined;
  if (detail && useIntakeList.getState().detail?.id === detail.id) useIntakeList.setState({ detail });
  return detail !== undefined;
}

/**
 * Deletes a submission (and, unless accepted, its issue) through the work-item outbox: hidden at
 * once. Resolves true when the server answered, false when it is out of reach.
 * @throws ApiError when refused (the row comes back, failed, until retried or discarded)
 */
export async function deleteIntake(slug: string, projectId: string, row: IntakeIssue): Promise<boolean> {
  const mutationId = createMutationId();
  const answered = await outboxMutate({
    mutationId,
    keys: keysOf(row),
    request: { method: 'DELETE', path: `${base(slug, projectId)}${row.issue.id}/` },
    optimistic: [{ store: 'intake', entries: [{ mutationId, kind: 'delete', id: row.id }] }],
    label: { key: 'outbox.kind.intakeDelete', values: { name: row.issue.name } },
  });
  if (useIntakeList.getState().detail?.id === row.id) clearIntakeDetail();
  return answered !== undefined;
}

/** A triage action's failure: the server's reason as a toast (nothing when the person discarded it). */
export function reportIntakeFailure(error: unknown): void {
  if (!isDiscarded(error)) reportFailure('intake.actionFailed', error);
}

/** Live: intake rows of the shown project, and the tab's count asked again of the server. */
export function applyIntakeChange(change: ChangeMessage): void {
  const projectId = change.project_id;
  if (!projectId || projectId !== rows.useStore.getState().scope) return;
  rows.applyChange(change);
  if (change.op === 'create') {
    useIntakeList.setState((state) => (state.order.includes(change.data.id as string) ? state : { order: [change.data.id as string, ...state.order] }));
  }
  scheduleTotalRefresh(projectId);
}

const TOTAL_REFRESH_DELAY_MS = 150;
let totalRefresh: ReturnType<typeof setTimeout> | undefined;

/**
 * The "Open N" count is the server's: a triage here or in another browser, a new or a deleted
 * request each arrive as a live change, and a burst of them (four accepted in a row) asks once.
 * Counting by hand drifts — a change to a row this browser never loaded cannot say whether it left the filter.
 */
function scheduleTotalRefresh(projectId: string): void {
  clearTimeout(totalRefresh);
  totalRefresh = setTimeout(() => void refreshIntakeTotal(projectId).catch(() => undefined), TOTAL_REFRESH_DELAY_MS);
}

/** Asks the server how many requests the tab's filter holds (one row's page). @throws ApiError */
async function refreshIntakeTotal(projectId: string): Promise<void> {
  const { slug, filters } = useIntakeList.getState();
  if (!slug || rows.useStore.getState().scope !== projectId) return;
  const page = await http.get<IntakeIssuePage>(base(slug, projectId), queryOf(filters, COUNT_CURSOR));
  if (useIntakeList.getState().filters === filters) useIntakeList.setState({ total: page.total_results });
}

/** A page of one row: only its `total_results` is read. */
const COUNT_CURSOR = '1:0:0';

/** A snoozed row whose date has passed counts as pending (spec §4). */
export function effectiveStatus(row: Pick<IntakeIssue, 'status' | 'snoozed_till'>, now = Date.now()): number {
  if (row.status === IntakeStatus.SNOOZED && row.snoozed_till && new Date(row.snoozed_till).getTime() <= now) return IntakeStatus.PENDING;
  return row.status;
}

/** The loaded rows of the tab's filter, in server order; rows triaged out of the filter leave it. */
export function useIntakeRows(projectId: string): IntakeIssue[] {
  const list = rows.useRows(projectId);
  const order = useIntakeList((state) => state.order);
  const statuses = useIntakeList((state) => state.filters.statuses);
  return useMemo(() => {
    const byId = new Map(list.map((row) => [row.id, row]));
    // Submissions made here that the server has not answered yet (offline) come first.
    const waiting = list.filter((row) => isTemporaryId(row.id)).map((row) => row.id);
    return [...waiting, ...order].map((id) => byId.get(id)).filter((row): row is IntakeIssue => Boolean(row) && statuses.includes(effectiveStatus(row!)));
  }, [list, order, statuses]);
}

export function useIntakeStatus(projectId: string) {
  return rows.useStore((state) => (state.scope === projectId ? state.status : 'idle'));
}

/** The submissions as shown (waiting changes applied), outside React. */
export const getIntakeRows = (): IntakeIssue[] => rows.getRows();

export const resetIntake = rows.reset;
