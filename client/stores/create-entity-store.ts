// The shape every entity store shares (STYLE §6): confirmed rows from the server plus pending
// mutations applied on top in order. Live change events update the confirmed rows when their
// version is newer, and confirm the pending mutation that carries their client mutation id; a
// failed request drops its mutation, so rollback is structural.
import { useMemo } from 'react';
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type { ChangeMessage } from '../../shared/live-protocol';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export type PendingMutation<Row> =
  | { mutationId: string; kind: 'create'; id: string; row: Row }
  | { mutationId: string; kind: 'update'; id: string; patch: Partial<Row> }
  | { mutationId: string; kind: 'delete'; id: string };

export interface EntityState<Row> {
  /** What the rows belong to (a workspace slug), so a store never shows another scope's rows. */
  scope: string | null;
  confirmed: Map<string, Row>;
  pending: PendingMutation<Row>[];
  status: LoadStatus;
  error: unknown;
}

export interface EntityStoreOptions {
  /** Whether a live change belongs in this store (default: same workspace as the store's scope). */
  accepts?(change: ChangeMessage, scope: string | null): boolean;
}

export interface EntityStore<Row extends { id: string }> {
  useStore: UseBoundStore<StoreApi<EntityState<Row>>>;
  /** Replaces every confirmed row (after a list fetch). */
  setAll(scope: string | null, rows: Row[]): void;
  /** Inserts or replaces one confirmed row (ignored when an equal or newer version is known). */
  upsert(row: Row): void;
  /** The same for many rows in one store update (one copy of the map, one render). */
  upsertMany(rows: Row[]): void;
  /** Removes one confirmed row. */
  remove(id: string): void;
  setStatus(scope: string | null, status: LoadStatus, error?: unknown): void;
  reset(): void;
  /**
   * Applies a live change: confirmed rows take it only if its version is newer than what the store
   * has; a pending mutation with the same client mutation id is confirmed (dropped) either way.
   */
  applyChange(change: ChangeMessage): void;
  /**
   * Applies `mutation` at once, runs `send`, then confirms with its answer (or drops the row
   * for a delete). On failure the mutation is dropped and the error rethrown.
   */
  mutate(mutation: PendingMutation<Row>, send: () => Promise<Row | void>): Promise<void>;
  /** The rows as the user should see them: confirmed with pending applied. */
  useRows(scope?: string | null): Row[];
  /** The same, outside React. */
  getRows(): Row[];
}

/**
 * The id an optimistic create shows under until the server's row arrives, by its REST answer or
 * by its own live event (whichever comes first); it is derived from the request's mutation id.
 */
export function temporaryId(mutationId: string): string {
  return `temp-${mutationId}`;
}

/** Applies pending mutations, in order, over the confirmed rows. */
export function applyPending<Row extends { id: string }>(confirmed: Map<string, Row>, pending: PendingMutation<Row>[]): Row[] {
  if (pending.length === 0) return [...confirmed.values()];
  const view = new Map(confirmed);
  for (const mutation of pending) {
    if (mutation.kind === 'create') {
      if (!view.has(mutation.id)) view.set(mutation.id, mutation.row);
      continue;
    }
    const current = view.get(mutation.id);
    if (!current) continue;
    if (mutation.kind === 'delete') view.delete(mutation.id);
    else view.set(mutation.id, { ...current, ...mutation.patch });
  }
  return [...view.values()];
}

/** A fresh id for `X-Client-Mutation-Id` (randomUUID is missing on plain-http origins). */
export function createMutationId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

function versionOf(row: unknown): number | undefined {
  const version = (row as { version?: unknown } | null)?.version;
  return typeof version === 'number' ? version : undefined;
}

/** Creates the store for one entity. */
export function createEntityStore<Row extends { id: string }>(options: EntityStoreOptions = {}): EntityStore<Row> {
  const initial = (): EntityState<Row> => ({ scope: null, confirmed: new Map(), pending: [], status: 'idle', error: null });
  const useStore = create<EntityState<Row>>(initial);
  /** Last known version per id, kept after a delete (a tombstone) so a late older event cannot resurrect it. */
  let versions = new Map<string, number>();
  const accepts = options.accepts ?? ((change: ChangeMessage, scope: string | null) => scope === null || change.workspace === scope);

  const withoutMutation = (mutationId: string) => (state: EntityState<Row>) => ({
    pending: state.pending.filter((item) => item.mutationId !== mutationId),
  });

  /** True (and remembered) when `version` is newer than what the store knows for `id`. */
  const isNewer = (id: string, version: number | undefined) => {
    if (version === undefined) return true;
    const known = versions.get(id);
    if (known !== undefined && version <= known) return false;
    versions.set(id, version);
    return true;
  };

  const upsertMany = (rows: Row[]) => {
    const fresh = rows.filter((row) => isNewer(row.id, versionOf(row)));
    if (fresh.length === 0) return;
    useStore.setState((state) => {
      const confirmed = new Map(state.confirmed);
      for (const row of fresh) confirmed.set(row.id, row);
      return { confirmed };
    });
  };

  return {
    useStore,
    setAll(scope, rows) {
      versions = new Map();
      for (const row of rows) {
        const version = versionOf(row);
        if (version !== undefined) versions.set(row.id, version);
      }
      useStore.setState({ scope, confirmed: new Map(rows.map((row) => [row.id, row])), status: 'ready', error: null });
    },
    upsert: (row) => upsertMany([row]),
    upsertMany,
    remove(id) {
      useStore.setState((state) => {
        const confirmed = new Map(state.confirmed);
        confirmed.delete(id);
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
      const newer = id !== '' && isNewer(id, change.version);
      const confirms = change.client_mutation_id !== null && state.pending.some((item) => item.mutationId === change.client_mutation_id);
      // My own create can come back on the stream before its REST answer: the server's row takes
      // the place of the temporary one (`temporaryId`) in the same update, so it never shows twice.
      const tempId = change.op === 'create' && change.client_mutation_id ? temporaryId(change.client_mutation_id) : null;
      const replacesTemp = tempId !== null && state.confirmed.has(tempId);
      if (!newer && !confirms && !replacesTemp) return;
      useStore.setState((current) => {
        let confirmed = current.confirmed;
        if (newer || replacesTemp) confirmed = new Map(confirmed);
        if (replacesTemp) confirmed.delete(tempId);
        if (newer) {
          if (change.op === 'delete') confirmed.delete(id);
          else confirmed.set(id, change.data as unknown as Row);
        }
        const pending = confirms ? current.pending.filter((item) => item.mutationId !== change.client_mutation_id) : current.pending;
        return { confirmed, pending };
      });
    },
    async mutate(mutation, send) {
      useStore.setState((state) => ({ pending: [...state.pending, mutation] }));
      try {
        const answer = await send();
        useStore.setState((state) => {
          // Already confirmed by its live change (which may be newer than this answer): nothing to do.
          if (!state.pending.some((item) => item.mutationId === mutation.mutationId)) return {};
          const confirmed = new Map(state.confirmed);
          const current = confirmed.get(mutation.id);
          if (mutation.kind === 'delete') confirmed.delete(mutation.id);
          else if (answer) {
            if (isNewer(mutation.id, versionOf(answer))) confirmed.set(mutation.id, answer);
          } else if (mutation.kind === 'create') confirmed.set(mutation.id, mutation.row);
          else if (current) confirmed.set(mutation.id, { ...current, ...mutation.patch });
          return { confirmed, ...withoutMutation(mutation.mutationId)(state) };
        });
      } catch (error) {
        useStore.setState(withoutMutation(mutation.mutationId));
        throw error;
      }
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
  };
}
