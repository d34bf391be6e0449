// Merges live change events into an entity store by id, keeping only newer versions (STYLE §6,
// DESIGN "Client merge"). Besides the store's own version check, a VersionBook remembers versions
// that arrived through REST lists and sync pages, so an older replayed event never overwrites a
// newer row and an own change never flickers back.
import type { ChangeMessage } from '../../shared/live-protocol';
import type { EntityStore } from './create-entity-store';

/** A /live change message as the stores receive it. */
export type LiveChange = ChangeMessage;

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
 * Applies one change to `store` (upsert for create/update, removal for delete) unless the book
 * knows an equal or newer version. Returns false when the event was ignored as old.
 */
export function mergeChange<Row extends { id: string }>(store: EntityStore<Row>, book: VersionBook, change: LiveChange): boolean {
  const id = typeof change.data.id === 'string' ? change.data.id : null;
  if (!id) return false;
  const known = book.get(id);
  if (known !== undefined && change.version <= known) return false;
  book.set(id, change.version);
  store.applyChange({ ...change, data: change.op === 'delete' ? change.data : { ...change.data, version: change.version } });
  return true;
}
