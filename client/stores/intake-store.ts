// A project's intake (reference §6, spec §4 "Inbox issue"): the open tab (pending, snoozed) and the
// closed tab (accepted, declined, duplicate), sort and status filters, pages of 10 from `10:0:0`
// with a load-more that stops once `next_page_results` is false, the open submission's detail, and
// the triage actions — applied at once and rolled back on failure. Live `inbox_issue` changes keep
// the rows current.
import { useMemo } from 'react';
import { create } from 'zustand';
import { http } from '../api/http';
import type { IntakeIssue, IntakeIssueDetail } from '../api/types';
import { INBOX_FIRST_CURSOR } from '../../shared/cursor';
import { INTAKE_CLOSED_STATUSES, INTAKE_OPEN_STATUSES, IntakeStatus } from '../../shared/issue-constants';
import type { ChangeMessage } from '../../shared/live-protocol';
import { createEntityStore, createMutationId } from './create-entity-store';

const rows = createEntityStore<IntakeIssue>({ mergeRows: true });

export type IntakeTab = 'open' | 'closed';
export type IntakeOrder = '-issue__created_at' | 'issue__created_at' | '-issue__updated_at' | 'issue__updated_at' | '-issue__sequence_id' | 'issue__sequence_id';

export interface IntakeFilters {
  tab: IntakeTab;
  statuses: number[];
  orderBy: IntakeOrder;
}

/** Switching tab resets the sort to created descending and the tab's default statuses (spec §4). */
export function tabDefaults(tab: IntakeTab): IntakeFilters {
  return { tab, statuses: tab === 'open' ? [IntakeStatus.PENDING] : [...INTAKE_CLOSED_STATUSES], orderBy: '-issue__created_at' };
}

export const TAB_STATUSES: Record<IntakeTab, readonly number[]> = { open: INTAKE_OPEN_STATUSES, closed: INTAKE_CLOSED_STATUSES };

interface ListState {
  filters: IntakeFilters;
  /** Ids in server order (pages appended). */
  order: string[];
  nextCursor: string | null;
  hasMore: boolean;
  total: number;
  loadingMore: boolean;
  detail: IntakeIssueDetail | null;
}

export const useIntakeList = create<ListState>(() => ({ filters: tabDefaults('open'), order: [], nextCursor: null, hasMore: false, total: 0, loadingMore: false, detail: null }));

const base = (slug: string, projectId: string) => `/api/workspaces/${encodeURIComponent(slug)}/projects/${projectId}/intake-issues/`;

interface Page {
  results: IntakeIssue[];
  next_cursor: string;
  next_page_results: boolean;
  total_results: number;
}

const queryOf = (filters: IntakeFilters, cursor: string) => ({ status: filters.statuses.join(','), order_by: filters.orderBy, cursor, per_page: cursor.split(':')[0] });

/** Loads the first page (a changed tab or filter starts over). @throws ApiError */
export async function fetchIntake(slug: string, projectId: string, filters: IntakeFilters = useIntakeList.getState().filters): Promise<void> {
  useIntakeList.setState({ filters, order: [], nextCursor: null, hasMore: false });
  rows.setStatus(projectId, 'loading');
  try {
    const page = await http.get<Page>(base(slug, projectId), queryOf(filters, INBOX_FIRST_CURSOR));
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
    const page = await http.get<Page>(base(slug, projectId), queryOf(filters, nextCursor));
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
  const detail = await http.get<IntakeIssueDetail>(`${base(slug, projectId)}${issueId}/`, { expand: 'issue_inbox' });
  useIntakeList.setState({ detail });
  return detail;
}

export function clearIntakeDetail(): void {
  useIntakeList.setState({ detail: null });
}

/** Submits a new issue to the intake; it shows on the open tab. @throws ApiError */
export async function createIntakeIssue(slug: string, projectId: string, issue: { name: string; description_html?: string; priority?: string }): Promise<IntakeIssueDetail> {
  const created = await http.post<IntakeIssueDetail>(base(slug, projectId), { source: 'IN_APP', issue }, { mutationId: createMutationId() });
  const { duplicate_issue_detail: _duplicate, ...row } = created;
  rows.upsert({ ...row, issue: { id: created.issue.id, name: created.issue.name, priority: created.issue.priority, sequence_id: created.issue.sequence_id, project_id: created.issue.project_id, created_at: created.issue.created_at, label_ids: created.issue.label_ids, created_by: created.issue.created_by } });
  useIntakeList.setState((state) => (state.order.includes(created.id) ? state : { order: [created.id, ...state.order], total: state.total + 1 }));
  return created;
}

export type TriageChange = { status: number; snoozed_till?: string | null; duplicate_to?: string | null };

/** Accept / decline / snooze / duplicate, shown at once and rolled back on failure. @throws ApiError */
export async function triageIntake(slug: string, projectId: string, row: IntakeIssue, change: TriageChange): Promise<void> {
  const mutationId = createMutationId();
  await rows.mutate({ mutationId, kind: 'update', id: row.id, patch: change }, async () => {
    const detail = await http.patch<IntakeIssueDetail>(`${base(slug, projectId)}${row.issue.id}/`, change, { mutationId });
    const current = useIntakeList.getState().detail;
    if (current?.id === detail.id) useIntakeList.setState({ detail });
    const { duplicate_issue_detail: _duplicate, issue: _issue, ...fields } = detail;
    return { ...row, ...fields };
  });
}

/** Deletes a submission (and, unless accepted, its issue). @throws ApiError */
export async function deleteIntake(slug: string, projectId: string, row: IntakeIssue): Promise<void> {
  const mutationId = createMutationId();
  await rows.mutate({ mutationId, kind: 'delete', id: row.id }, async () => {
    await http.delete(`${base(slug, projectId)}${row.issue.id}/`, { mutationId });
  });
  clearIntakeDetail();
}

/** Live: intake rows of the shown project. */
export function applyIntakeChange(change: ChangeMessage): void {
  if (change.project_id !== rows.useStore.getState().scope) return;
  rows.applyChange(change);
  if (change.op === 'create') {
    useIntakeList.setState((state) => (state.order.includes(change.data.id as string) ? state : { order: [change.data.id as string, ...state.order], total: state.total + 1 }));
  }
}

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
    return order.map((id) => byId.get(id)).filter((row): row is IntakeIssue => Boolean(row) && statuses.includes(effectiveStatus(row!)));
  }, [list, order, statuses]);
}

export function useIntakeStatus(projectId: string) {
  return rows.useStore((state) => (state.scope === projectId ? state.status : 'idle'));
}

export const resetIntake = rows.reset;
