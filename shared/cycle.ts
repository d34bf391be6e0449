// Cycle status and order (spec §4 "Cycle status", §9 "Cycle order"; reference §2.1), shared by the
// server (list order, rules) and the client (tabs, the same order after a live change).

export const CycleStatus = { CURRENT: 'current', UPCOMING: 'upcoming', DRAFT: 'draft', COMPLETED: 'completed' } as const;
export type CycleStatus = (typeof CycleStatus)[keyof typeof CycleStatus];

/** The cycle's status at `now` from its stored instants (ISO strings or Dates; both null: draft). */
export function cycleStatus(start: string | Date | null, end: string | Date | null, now: Date = new Date()): CycleStatus {
  if (!start || !end) return CycleStatus.DRAFT;
  const t = now.getTime();
  if (new Date(start).getTime() > t) return CycleStatus.UPCOMING;
  if (new Date(end).getTime() < t) return CycleStatus.COMPLETED;
  return CycleStatus.CURRENT;
}

const RANK: Record<CycleStatus, number> = { current: 0, upcoming: 1, draft: 2, completed: 3 };

interface Orderable {
  name: string;
  status: string;
  start_date: string | null;
}

/** Spec §9: current, then upcoming, then draft (then completed); upcoming by start date, the others by name. */
export function compareCycles(a: Orderable, b: Orderable): number {
  const rank = (RANK[a.status as CycleStatus] ?? 4) - (RANK[b.status as CycleStatus] ?? 4);
  if (rank !== 0) return rank;
  if (a.status === CycleStatus.UPCOMING && a.start_date && b.start_date && a.start_date !== b.start_date) {
    return a.start_date < b.start_date ? -1 : 1;
  }
  return a.name.localeCompare(b.name);
}

/** State groups whose issues a transfer moves (reference §2.3): everything not completed or cancelled. */
export const UNFINISHED_STATE_GROUPS = ['backlog', 'unstarted', 'started'] as const;
