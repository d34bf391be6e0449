// The shape every entity store shares (STYLE §6): confirmed rows from the server plus pending
// mutations applied on top in order. A failed request drops its mutation, so rollback is structural.
import { useMemo } from 'react';
import { create, type StoreApi, type UseBoundStore } from 'zustand';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export type PendingMutation<Row> =
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

export interface EntityStore<Row extends { id: string }> {
  useStore: UseBoundStore<StoreApi<EntityState<Row>>>;
  /** Replaces every confirmed row (after a list fetch). */
  setAll(scope: string | null, rows: Row[]): void;
  /** Inserts or replaces one confirmed row. */
  upsert(row: Row): void;
  /** Removes one confirmed row. */
  remove(id: string): void;
  setStatus(scope: string | null, status: LoadStatus, error?: unknown): void;
  reset(): void;
  /**
   * Applies `mutation` at once, runs `send`, then confirms with its answer (or drops the row
   * for a delete). On failure the mutation is dropped and the error rethrown.
   */
  mutate(mutation: PendingMutation<Row>, send: () => Promise<Row | void>): Promise<void>;
  /** The rows as the user should see them: confirmed with pending applied. */
  useRows(scope?: string | null): Row[];
}

/** Applies pending mutations, in order, over the confirmed rows. */
export function applyPending<Row extends { id: string }>(confirmed: Map<string, Row>, pending: PendingMutation<Row>[]): Row[] {
  if (pending.length === 0) return [...confirmed.values()];
  const view = new Map(confirmed);
  for (const mutation of pending) {
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

/** Creates the store for one entity. */
export function createEntityStore<Row extends { id: string }>(): EntityStore<Row> {
  const initial = (): EntityState<Row> => ({ scope: null, confirmed: new Map(), pending: [], status: 'idle', error: null });
  const useStore = create<EntityState<Row>>(initial);

  const withoutMutation = (mutationId: string) => (state: EntityState<Row>) => ({
    pending: state.pending.filter((item) => item.mutationId !== mutationId),
  });

  return {
    useStore,
    setAll(scope, rows) {
      useStore.setState({ scope, confirmed: new Map(rows.map((row) => [row.id, row])), status: 'ready', error: null });
    },
    upsert(row) {
      useStore.setState((state) => ({ confirmed: new Map(state.confirmed).set(row.id, row) }));
    },
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
      useStore.setState(initial());
    },
    async mutate(mutation, send) {
      useStore.setState((state) => ({ pending: [...state.pending, mutation] }));
      try {
        const answer = await send();
        useStore.setState((state) => {
          const confirmed = new Map(state.confirmed);
          const current = confirmed.get(mutation.id);
          if (mutation.kind === 'delete') confirmed.delete(mutation.id);
          else if (answer) confirmed.set(mutation.id, answer);
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
  };
}
