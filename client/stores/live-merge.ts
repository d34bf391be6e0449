// Merges live change events into an entity store by id, keeping only newer versions (STYLE §6,
// DESIGN "Client merge"): an event whose version is not above the row's known version is ignored,
// so a late echo of an own change never makes a row flicker back.
import type { EntityStore } from './create-entity-store';

/** The part of a /live change message the stores read. */
export interface LiveChange {
  entity: string;
  op: 'create' | 'update' | 'delete';
  version: number;
  data: Record<string, unknown>;
  project_id?: string | null;
  client_mutation_id?: string | null;
}

/** Known versions per row id, kept beside an entity store. */
export type VersionBook = Map<string, number>;

/** Records a version seen for a row (REST answers and events both carry it when the server sends it). */
export function noteVersion(book: VersionBook, row: { id: string; version?: unknown }): void {
  if (typeof row.version === 'number') {
    const known = book.get(row.id) ?? -1;
    if (row.version > known) book.set(row.id, row.version);
  }
}

/**
 * Applies one change to `store`: creates and updates upsert (merged over the current row),
 * deletes remove. Returns false when the event was older than what the store holds.
 */
export function mergeChange<Row extends { id: string }>(store: EntityStore<Row>, book: VersionBook, change: LiveChange): boolean {
  const id = typeof change.data.id === 'string' ? change.data.id : null;
  if (!id) return false;
  const known = book.get(id);
  if (known !== undefined && change.version <= known) return false;
  book.set(id, change.version);
  if (change.op === 'delete') {
    store.remove(id);
    return true;
  }
  const current = store.useStore.getState().confirmed.get(id);
  store.upsert({ ...(current ?? {}), ...(change.data as Partial<Row>), version: change.version } as unknown as Row);
  return true;
}
