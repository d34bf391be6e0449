// The one shape every entity store shares (STYLE §6, DESIGN "Client merge"): confirmed rows from
// the server plus pending optimistic mutations applied on top, in order.
//
// - One version book per store, inside it: a row (REST answer, list, cache) or a live change older
//   than what the store knows never overwrites; a delete leaves its version behind as a tombstone.
// - Live changes only ever touch the confirmed rows. A pending mutation stays on top of them until
//   its answer or its own live echo (same `X-Client-Mutation-Id`) confirms it.
// - A failed request drops its mutation, and nothing else: the fields and rows it touched show the
//   confirmed values again, including any live change that arrived meanwhile. Nothing is snapshot
//   and restored, so a rollback can never overwrite someone else's newer edit.
// - Creates are mutations too: the row shows under a temporary id (`temporaryId`) while pending,
//   and the server's row (answer or live echo) takes its place in the same update.
import { useMemo } from 'react';
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type { ChangeMessage } from '../../shared/live-protocol';
import { applySetDelta, type SetDelta } from '../../shared/set-delta';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export type PendingMutation<Row> =
  | { mutationId: string; kind: 'create'; id: string; row: Row }
  | {
      mutationId: string;
      kind: 'update';
      id: string;
      patch: Partial<Row>;
      /** Set fields changed by intent: applied to the set shown under it, so a teammate's additions stay visible. */
      sets?: Record<string, SetDelta>;
    }
  | { mutationId: string; kind: 'delete'; id: string };

export interface EntityState<Row> {
  /** What the rows belong to (a workspace slug), so a store never shows another scope's rows. */
  scope: string | null;
  confirmed: Map<string, Row>;
  pending: PendingMutation<Row>[];
  status: LoadStatus;
  error: unknown;
}

interface EntityStoreOptions<Row> {
  /** Whether a live change belongs in this store (default: same workspace as the store's scope). */
  accepts?(change: ChangeMessage, scope: string | null): boolean;
  /**
   * Rows arrive partial (a list sends fewer fields than the detail): merge them into the known row
   * instead of replacing it. Default false (the row replaces).
   */
  mergeRows?: boolean;
  /** Turns a live change's data into a row, e.g. to keep per-user fields the event cannot carry. */
  fromChange?(data: Record<string, unknown>, current: Row | undefined): Row;
}

interface MutateOptions {
  /**
   * False when `send` only waits for a queue that orders the requests itself (the work-item
   * outbox, client/outbox/): the store then does not hold it back behind earlier requests.
   */
  ordered?: boolean;
}

/** What a mutation's request may answer: the saved row(s), or nothing (then the patch is kept). */
type MutationAnswer<Row> = Row | Row[] | void | undefined;

export interface EntityStore<Row extends { id: string }> {
  useStore: UseBoundStore<StoreApi<EntityState<Row>>>;
  /** Replaces every confirmed row (after a list fetch). */
  setAll(scope: string | null, rows: Row[]): void;
  /** Inserts or replaces one confirmed row (ignored when an older version than known). */
  upsert(row: Row): void;
  /** The same for many rows in one store update (one copy of the map, one render). */
  upsertMany(rows: Row[]): void;
  /** Removes confirmed rows (deleted or moved out elsewhere); their versions stay as tombstones. */
  removeMany(ids: string[]): void;
  setStatus(scope: string | null, status: LoadStatus, error?: unknown): void;
  reset(): void;
  /**
   * Applies a live change: confirmed rows take it only if its version is newer than what the store
   * knows; pending mutations with the same client mutation id (for that row) are confirmed either way.
   */
  applyChange(change: ChangeMessage): void;
  /**
   * Shows `mutation` (one, or several rows of one request) at once, runs `send`, then confirms with
   * its answer. On failure exactly these pending entries are dropped and the error rethrown.
   * Requests for one row go out one after another, in the order the person made them: two
   * concurrent requests could reach the server in either order, and the later edit (a label
   * added to a set another edit also changed) would be overwritten by the earlier one.
   */
  mutate(mutation: PendingMutation<Row> | PendingMutation<Row>[], send: () => Promise<MutationAnswer<Row>>, options?: MutateOptions): Promise<void>;
  /** The rows as the user should see them: confirmed with pending applied. */
  useRows(scope?: string | null): Row[];
  /** The same, outside React. */
  getRows(): Row[];
  /** One row as shown (pending applied). */
  useRow(id: string | undefined): Row | undefined;
  /** The same, outside React. */
  getRow(id: string | undefined): Row | undefined;
}

/**
 * The id an optimistic create shows under until the server's row arrives, by its REST answer or
 * by its own live event (whichever comes first); it is derived from the request's mutation id.
 */
export function temporaryId(mutationId: string): string {
  return `temp-${mutationId}`;
}

/** Whether `id` is a create's temporary id (nothing on the server answers to it yet). */
export function isTemporaryId(id: string): boolean {
  return id.startsWith('temp-');
}

/** A fresh id for `X-Client-Mutation-Id` (randomUUID is missing on plain-http origins). */
export function createMutationId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The pending-apply step for one mutation: what `row` (the current view of `mutation.id`) becomes. */
function applyOne<Row>(row: Row | undefined, mutation: PendingMutation<Row>): Row | undefined {
  if (mutation.kind === 'create') return row ?? mutation.row;
  if (!row || mutation.kind === 'delete') return undefined;
  const next = { ...row, ...mutation.patch };
  for (const [field, delta] of Object.entries(mutation.sets ?? {})) {
    const current = (next as Record<string, unknown>)[field];
    (next as Record<string, unknown>)[field] = applySetDelta(Array.isArray(current) ? (current as string[]) : [], delta);
  }
  return next;
}

/** Applies pending mutations, in order, over the confirmed rows (the one pending-apply loop). */
export function applyPending<Row extends { id: string }>(confirmed: Map<string, Row>, pending: PendingMutation<Row>[]): Row[] {
  if (pending.length === 0) return [...confirmed.values()];
  const view = new Map(confirmed);
  for (const mutation of pending) {
    const next = applyOne(view.get(mutation.id), mutation);
    if (next) view.set(mutation.id, next);
    else view.delete(mutation.id);
  }
  return [...view.values()];
}

/** One row with the pending mutations for it applied (the same loop, for one id). */
function applyPendingToRow<Row>(confirmed: Row | undefined, id: string, pending: PendingMutation<Row>[]): Row | undefined {
  let row = confirmed;
  for (const mutation of pending) if (mutation.id === id) row = applyOne(row, mutation);
  return row;
}

function versionOf(row: unknown): number | undefined {
  const version = (row as { version?: unknown } | null)?.version;
  return typeof version === 'number' ? version : undefined;
}

/** Creates the store for one entity. */
export function createEntityStore<Row extends { id: string }>(options: EntityStoreOptions<Row> = {}): EntityStore<Row> {
  const initial = (): EntityState<Row> => ({ scope: null, confirmed: new Map(), pending: [], status: 'idle', error: null });
  const useStore = create<EntityState<Row>>(initial);
  /** The version book: last known version per id, kept after a delete so a late older event cannot resurrect it. */
  let versions = new Map<string, number>();
  /** The last request sent (or waiting) per row id: the next one for that row waits for it. */
  const inFlight = new Map<string, Promise<unknown>>();
  const inOrder = <T,>(ids: string[], send: () => Promise<T>): Promise<T> => {
    const before = ids.map((id) => inFlight.get(id)).filter((promise) => promise !== undefined);
    const sent = before.length === 0 ? send() : Promise.allSettled(before).then(send);
    const settled = sent.then(() => undefined, () => undefined);
    for (const id of ids) inFlight.set(id, settled);
    void settled.then(() => {
      for (const id of ids) if (inFlight.get(id) === settled) inFlight.delete(id);
    });
    return sent;
  };
  const accepts = options.accepts ?? ((change: ChangeMessage, scope: string | null) => scope === null || change.workspace === scope);
  const fromChange = options.fromChange ?? ((data: Record<string, unknown>) => data as unknown as Row);

  /**
   * Records `version` for `id` when it is not older than what is known. `strict` refuses an equal
   * version too (a replayed live change); a REST row of the same version may add fields.
   */
  const admit = (id: string, version: number | undefined, strict: boolean) => {
    if (version === undefined) return true;
    const known = versions.get(id);
    if (known !== undefined && (strict ? version <= known : version < known)) return false;
    versions.set(id, version);
    return true;
  };

  /** Writes a row into a confirmed map being built (merged into the known row when so configured). */
  const put = (confirmed: Map<string, Row>, row: Row) => {
    const known = options.mergeRows ? confirmed.get(row.id) : undefined;
    confirmed.set(row.id, known ? { ...known, ...row } : row);
  };

  const upsertMany = (rows: Row[]) => {
    const fresh = rows.filter((row) => admit(row.id, versionOf(row), false));
    if (fresh.length === 0) return;
    useStore.setState((state) => {
      const confirmed = new Map(state.confirmed);
      for (const row of fresh) put(confirmed, row);
      return { confirmed };
    });
  };

  /** Whether pending entry `item` is the one a live change for `id` with `mutationId` confirms. */
  const confirmedBy = (item: PendingMutation<Row>, mutationId: string, id: string) =>
    item.mutationId === mutationId && (item.id === id || item.kind === 'create');

  const rowOf = (state: EntityState<Row>, id: string | undefined) => (id === undefined ? undefined : applyPendingToRow(state.confirmed.get(id), id, state.pending));

  return {
    useStore,
    setAll(scope, rows) {
      versions = new Map();
      for (const row of rows) {
        const version = versionOf(row);
        if (version !== undefined) versions.set(row.id, version);
      }
      // A row equal to the one held keeps its object, and an answer that changes nothing changes
      // no state: a refresh of unchanged rows (a reload's remembered copy, then the server's answer)
      // re-renders nothing, where every list over 10,000 issues regrouped on each one.
      const state = useStore.getState();
      const held = state.scope === scope ? state.confirmed : new Map<string, Row>();
      let changed = state.scope !== scope || rows.length !== held.size;
      const confirmed = new Map<string, Row>();
      for (const row of rows) {
        const known = held.get(row.id);
        if (known !== undefined && sameRow(known, row)) confirmed.set(row.id, known);
        else {
          confirmed.set(row.id, row);
          changed = true;
        }
      }
      if (changed) useStore.setState({ scope, confirmed, status: 'ready', error: null });
      // The same rows after a reload marked `loading`: only the status moves, the rows stay the same map.
      else if (state.status !== 'ready' || state.error !== null) useStore.setState({ status: 'ready', error: null });
    },
    upsert: (row) => upsertMany([row]),
    upsertMany,
    removeMany(ids) {
      const present = ids.filter((id) => useStore.getState().confirmed.has(id));
      if (present.length === 0) return;
      useStore.setState((state) => {
        const confirmed = new Map(state.confirmed);
        for (const id of present) confirmed.delete(id);
        return { confirmed };
      });
    },
    setStatus(scope, status, error = null) {
      useStore.setState((state) =>
        state.scope === scope ? { status, error } : { scope, status, error, confirmed: new Map(), pending: [] },
      );
    },
    reset() {
      versions = new Map();
      useStore.setState(initial());
    },
    applyChange(change) {
      const state = useStore.getState();
      if (!accepts(change, state.scope)) return;
      const id = String(change.data.id ?? '');
      if (id === '') return;
      const newer = admit(id, change.version, true);
      const mutationId = change.client_mutation_id;
      const confirms = mutationId !== null && state.pending.some((item) => confirmedBy(item, mutationId, id));
      if (!newer && !confirms) return;
      useStore.setState((current) => {
        let confirmed = current.confirmed;
        if (newer) {
          confirmed = new Map(confirmed);
          if (change.op === 'delete') confirmed.delete(id);
          else confirmed.set(id, fromChange({ ...change.data, version: change.version }, confirmed.get(id)));
        }
        const pending = confirms ? current.pending.filter((item) => !confirmedBy(item, mutationId, id)) : current.pending;
        return { confirmed, pending };
      });
    },
    async mutate(mutation, send, mutateOptions = {}) {
      const entries = Array.isArray(mutation) ? mutation : [mutation];
      const mine = new Set(entries);
      const withoutMine = (state: EntityState<Row>) => state.pending.filter((item) => !mine.has(item));
      useStore.setState((state) => ({ pending: [...state.pending, ...entries] }));
      let answer: MutationAnswer<Row>;
      try {
        answer = await (mutateOptions.ordered === false ? send() : inOrder([...new Set(entries.map((entry) => entry.id))], send));
      } catch (error) {
        useStore.setState((state) => ({ pending: withoutMine(state) }));
        throw error;
      }
      const rows = answer ? (Array.isArray(answer) ? answer : [answer]) : [];
      useStore.setState((state) => {
        const confirmed = new Map(state.confirmed);
        const answered = new Set<string>();
        // Answers are version-checked: a live change that confirmed this mutation first may be newer.
        for (const row of rows) {
          if (!admit(row.id, versionOf(row), true)) continue;
          put(confirmed, row);
          answered.add(row.id);
        }
        // Entries not yet confirmed by their live echo and not answered keep what they showed.
        for (const item of state.pending) {
          if (!mine.has(item)) continue;
          if (item.kind === 'delete') confirmed.delete(item.id);
          else if (item.kind === 'create' ? rows.length > 0 : answered.has(item.id)) continue;
          else {
            const next = applyOne(confirmed.get(item.id), item);
            if (next) confirmed.set(item.id, next);
          }
        }
        return { confirmed, pending: withoutMine(state) };
      });
    },
    useRows(scope) {
      const confirmed = useStore((state) => state.confirmed);
      const pending = useStore((state) => state.pending);
      const storeScope = useStore((state) => state.scope);
      return useMemo(
        () => (scope !== undefined && scope !== storeScope ? [] : applyPending(confirmed, pending)),
        [confirmed, pending, scope, storeScope],
      );
    },
    getRows() {
      const state = useStore.getState();
      return applyPending(state.confirmed, state.pending);
    },
    useRow(id) {
      const confirmed = useStore((state) => (id === undefined ? undefined : state.confirmed.get(id)));
      const pending = useStore((state) => state.pending);
      return useMemo(() => (id === undefined ? undefined : applyPendingToRow(confirmed, id, pending)), [confirmed, pending, id]);
    },
    getRow: (id) => rowOf(useStore.getState(), id),
  };
}

/** Whether two rows read from the API hold the same values (plain JSON data, keys in the same order). */
function sameRow(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
