// Shared plumbing for rows that belong to one project (states, labels, estimates): load a
// project's rows into a workspace-scoped entity store without touching other projects' rows.
import type { EntityStore } from './create-entity-store';

/** Replaces the rows of one project, keeping every other project's rows. */
export function replaceProjectRows<Row extends { id: string; project_id?: string | null; project?: string | null }>(
  store: EntityStore<Row>,
  slug: string,
  projectId: string,
  rows: Row[],
): void {
  const state = store.useStore.getState();
  const kept = state.scope === slug
    ? [...state.confirmed.values()].filter((row) => (row.project_id ?? row.project) !== projectId)
    : [];
  store.setAll(slug, [...kept, ...rows.map((row) => ({ ...row, project_id: row.project_id ?? row.project ?? projectId }))]);
}
