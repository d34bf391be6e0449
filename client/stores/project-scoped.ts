// Shared plumbing for rows that belong to one project (states, labels, estimates): load a
// project's rows into a workspace-scoped entity store without touching other projects' rows.
import { useEffect } from 'react';
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

/**
 * Loads a project's rows once when a screen needs them and nobody loaded them yet (lists that show
 * issues of many projects): `useEnsure(slug, projectId)` fetches while a component shows the
 * project (a null project waits), unless `loaded(projectId)` or a fetch is under way or done; a
 * failed fetch may be tried again. `reset` forgets (a workspace switch).
 */
export function loadOnce(fetch: (slug: string, projectId: string) => Promise<unknown>, loaded: (projectId: string) => boolean) {
  const requested = new Set<string>();
  const ensure = (slug: string, projectId: string): void => {
    const key = `${slug}/${projectId}`;
    if (requested.has(key) || loaded(projectId)) return;
    requested.add(key);
    void fetch(slug, projectId).catch(() => requested.delete(key));
  };
  return {
    // No state of its own, unlike useResource: the pickers that ask sit in every spreadsheet row,
    // and the rows they wait for arrive through the store, which they already read.
    useEnsure(slug: string, projectId: string | null | undefined): void {
      useEffect(() => {
        if (projectId) ensure(slug, projectId);
      }, [slug, projectId]);
    },
    reset: () => requested.clear(),
  };
}
