// Cycles of the workspace's projects (spec §4 "Cycle status", §7 "Cycles"): load, create, update
// (optimistic, reverted on failure), archive/restore, delete, transfer (through the work-item
// outbox: it moves issues), and the per-cycle progress and analytics. Live `cycle` changes land here; `is_favorite` is per user, so a live change keeps
// the value this user already has.
import { useMemo } from 'react';
import { http } from '../api/http';
import type { ActiveCyclesPage, Cycle, CycleAnalytics, CycleProgress } from '../api/types';
import { reportFailure } from './toast-store';
import { compareCycles, UNFINISHED_STATE_GROUPS } from '../../shared/cycle';
import { outboxMutate } from '../outbox/work-outbox';
import type { ChangeMessage } from '../../shared/live-protocol';
import { createEntityStore, createMutationId } from './create-entity-store';
import { projectPath, workspacePath } from './api-paths';
import { loadOnce, replaceProjectRows } from './project-scoped';
import { issueEntities } from './issue-store';
import { getState } from './state-store';

const cycles = createEntityStore<Cycle>({
  mergeRows: true,
  fromChange: (data, current) => ({ ...(data as unknown as Cycle), is_favorite: current?.is_favorite ?? false }),
});
export const useCycleStore = cycles.useStore;

const cyclesPath = (slug: string, projectId: string) => `${projectPath(slug, projectId)}/cycles`;

/** `GET …/cycles/` and `…/archived-cycles/` into the store. @throws ApiError */
export async function fetchCycles(slug: string, projectId: string): Promise<Cycle[]> {
  const [live, archived] = await Promise.all([
    http.get<Cycle[]>(`${cyclesPath(slug, projectId)}/`),
    http.get<Cycle[]>(`${projectPath(slug, projectId)}/archived-cycles/`).catch(() => [] as Cycle[]),
  ]);
  const rows = [...live, ...archived];
  replaceProjectRows(cycles, slug, projectId, rows);
  return rows;
}

const cycleLoader = loadOnce((slug, projectId) => fetchCycles(slug, projectId), (projectId) => cycles.getRows().some((row) => row.project_id === projectId));
/** Loads a project's cycles once while a component shows them (the cycle chip on a row of a list that did not load them). */
export const useEnsureCycles = cycleLoader.useEnsure;

/**
 * `GET /api/workspaces/{ws}/active-cycles/` (the current cycle of each of my projects); the cycles
 * go into the store too, so live `cycle` events keep their counts current. @throws ApiError
 */
export async function fetchActiveCycles(slug: string, cursor?: string): Promise<ActiveCyclesPage> {
  const page = await http.get<ActiveCyclesPage>(`${workspacePath(slug)}/active-cycles/`, { per_page: '20', ...(cursor ? { cursor } : {}) });
  if (cycles.useStore.getState().scope !== slug) cycles.setAll(slug, []);
  cycles.upsertMany(page.results.map((row) => ({ ...row, priority_issues: undefined }) as Cycle));
  return page;
}

/** Every cycle the store holds that is current now (any project of the workspace). */
export function useCurrentCycleSignature(): string {
  const rows = cycles.useRows();
  return useMemo(() => rows.filter((row) => row.status === 'current' && !row.archived_at).map((row) => `${row.id}:${row.version ?? 0}`).sort().join(','), [rows]);
}

interface CycleInput {
  name: string;
  description?: string;
  start_date: string | null;
  end_date: string | null;
}

/** `POST …/cycles/`. @throws ApiError */
export async function createCycle(slug: string, projectId: string, input: CycleInput): Promise<Cycle> {
  const row = await http.post<Cycle>(`${cyclesPath(slug, projectId)}/`, input, { mutationId: createMutationId() });
  cycles.upsert(row);
  return row;
}

/** `PATCH …/cycles/{id}/`, shown at once, reverted on failure. @throws ApiError */
export async function updateCycle(slug: string, cycle: Cycle, patch: Partial<CycleInput>): Promise<void> {
  const mutationId = createMutationId();
  await cycles.mutate({ mutationId, kind: 'update', id: cycle.id, patch: patch as Partial<Cycle> }, async () =>
    http.patch<Cycle>(`${cyclesPath(slug, cycle.project_id)}/${cycle.id}/`, patch, { mutationId }),
  );
}

/** `POST …/cycles/date-check/`: true when the dates overlap no other cycle. @throws ApiError */
export async function checkCycleDates(slug: string, projectId: string, start: string, end: string, cycleId?: string): Promise<boolean> {
  const answer = await http.post<{ status: boolean }>(`${cyclesPath(slug, projectId)}/date-check/`, { start_date: start, end_date: end, cycle_id: cycleId ?? null });
  return answer.status;
}

/** `DELETE …/cycles/{id}/`, hidden at once. */
export async function deleteCycle(slug: string, cycle: Cycle): Promise<void> {
  const mutationId = createMutationId();
  try {
    await cycles.mutate({ mutationId, kind: 'delete', id: cycle.id }, async () => {
      await http.delete(`${cyclesPath(slug, cycle.project_id)}/${cycle.id}/`, { mutationId });
    });
  } catch (error) {
    reportFailure('cycles.toast.deleteFailed', error, { name: cycle.name });
    throw error;
  }
}

/** `POST …/archive/` (archive) or `DELETE …/archive/` (restore), shown at once. */
export async function setCycleArchived(slug: string, cycle: Cycle, archived: boolean): Promise<void> {
  const mutationId = createMutationId();
  const url = `${cyclesPath(slug, cycle.project_id)}/${cycle.id}/archive/`;
  try {
    await cycles.mutate({ mutationId, kind: 'update', id: cycle.id, patch: { archived_at: archived ? new Date().toISOString() : null, is_favorite: archived ? false : cycle.is_favorite } }, async () => {
      if (archived) await http.post(url, {}, { mutationId });
      else await http.delete(url, { mutationId });
    });
  } catch (error) {
    reportFailure('cycles.toast.archiveFailed', error, { name: cycle.name });
    throw error;
  }
}

/** Favorite or unfavorite a cycle (`user-favorite-cycles/`), shown at once. */
export async function setCycleFavorite(slug: string, cycle: Cycle, favorite: boolean): Promise<void> {
  const mutationId = createMutationId();
  await cycles.mutate({ mutationId, kind: 'update', id: cycle.id, patch: { is_favorite: favorite } }, async () => {
    if (favorite) await http.post(`${projectPath(slug, cycle.project_id)}/user-favorite-cycles/`, { cycle: cycle.id }, { mutationId });
    else await http.delete(`${projectPath(slug, cycle.project_id)}/user-favorite-cycles/${cycle.id}/`, { mutationId });
  });
}

/**
 * The cycle's issues the transfer moves, as far as this browser knows them: those in `cycle` whose
 * state is backlog, unstarted or started (the server's rule; its answer decides the rest).
 */
function unfinishedIssuesOf(cycleId: string): string[] {
  return issueEntities
    .getRows()
    .filter((issue) => issue.cycle_id === cycleId && (UNFINISHED_STATE_GROUPS as readonly string[]).includes(getState(issue.state_id)?.group ?? issue.state__group ?? ''))
    .map((issue) => issue.id);
}

/**
 * `POST …/transfer-issues/ {new_cycle_id}` through the work-item outbox (issue 17): the unfinished
 * issues show in the new cycle at once and the request is kept until the server answers it,
 * replayed with its original mutation id. Resolves true when the server answered, false when it is
 * out of reach (the transfer waits, shown pending).
 * @throws ApiError when the server refused it (it stays in "changes not saved" with its message)
 */
export async function transferCycleIssues(slug: string, cycle: Cycle, newCycleId: string): Promise<boolean> {
  const mutationId = createMutationId();
  const moved = unfinishedIssuesOf(cycle.id);
  const answer = await outboxMutate({
    mutationId,
    // Both cycles: a later transfer out of the target waits for this one to land.
    keys: [cycle.id, newCycleId, ...moved],
    request: { method: 'POST', path: `${cyclesPath(slug, cycle.project_id)}/${cycle.id}/transfer-issues/`, body: { new_cycle_id: newCycleId } },
    optimistic: [{ store: 'issue', entries: moved.map((id) => ({ mutationId, kind: 'update' as const, id, patch: { cycle_id: newCycleId } })) }],
    label: { key: 'outbox.kind.transfer', values: { name: cycle.name } },
  });
  return answer !== undefined;
}

/** `GET …/progress/`. @throws ApiError */
export function fetchCycleProgress(slug: string, cycle: Pick<Cycle, 'id' | 'project_id'>): Promise<CycleProgress> {
  return http.get<CycleProgress>(`${cyclesPath(slug, cycle.project_id)}/${cycle.id}/progress/`);
}

/** `GET …/analytics/?type=`. @throws ApiError */
export function fetchCycleAnalytics(slug: string, cycle: Pick<Cycle, 'id' | 'project_id'>, type: 'issues' | 'points'): Promise<CycleAnalytics> {
  return http.get<CycleAnalytics>(`${cyclesPath(slug, cycle.project_id)}/${cycle.id}/analytics/?type=${type}`);
}

export const applyCycleChange = (change: ChangeMessage): void => cycles.applyChange(change);

/** The project's cycles (archived ones included) in the spec's order. */
export function useProjectCycles(projectId: string | undefined): Cycle[] {
  const rows = cycles.useRows();
  return useMemo(() => rows.filter((row) => row.project_id === projectId).sort(compareCycles), [rows, projectId]);
}

export const useCycle = (cycleId: string | undefined): Cycle | undefined => cycles.useRow(cycleId);
