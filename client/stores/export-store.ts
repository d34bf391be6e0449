// The caller's issue exports of a workspace (GET, POST /api/workspaces/{slug}/export-issues/). An
// export is written by a job on the server, not by this client, and no live event carries its
// progress: while any export is queued or processing, the history is polled.
import { useEffect, useMemo } from 'react';
import { http } from '../api/http';
import type { ExportPage, ExportProvider, ExportWire } from '../../shared/schemas/export';
import { isExportRunning } from '../../shared/export-constants';
import { createEntityStore, createMutationId } from './create-entity-store';

const exportsStore = createEntityStore<ExportWire>();

/** How many history rows the screen shows (newest first). */
const EXPORT_HISTORY_SIZE = 50;
/** Polling interval while an export is running. */
const EXPORT_POLL_MS = 1500;

const exportsPath = (slug: string) => `/api/workspaces/${encodeURIComponent(slug)}/export-issues/`;

/** Loads the newest exports into the store. @throws ApiError */
export async function fetchExports(slug: string, options: { quiet?: boolean } = {}): Promise<ExportWire[]> {
  if (!options.quiet) exportsStore.setStatus(slug, 'loading');
  try {
    const page = await http.get<ExportPage>(exportsPath(slug), { per_page: EXPORT_HISTORY_SIZE, cursor: `${EXPORT_HISTORY_SIZE}:0:0` });
    exportsStore.setAll(slug, page.results);
    return page.results;
  } catch (error) {
    if (!options.quiet) exportsStore.setStatus(slug, 'error', error);
    throw error;
  }
}

/** Starts an export of `projectIds` (every project of mine when empty) and reloads the history. @throws ApiError */
export async function startExport(slug: string, provider: ExportProvider, projectIds: string[]): Promise<void> {
  await http.post(exportsPath(slug), { provider, ...(projectIds.length ? { project: projectIds } : {}) }, { mutationId: createMutationId() });
  await fetchExports(slug, { quiet: true });
}

/** The history, newest first. */
export function useExports(slug: string): ExportWire[] {
  const rows = exportsStore.useRows(slug);
  return useMemo(() => [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at)), [rows]);
}

export function useExportsStatus(slug: string) {
  return exportsStore.useStore((state) => (state.scope === slug ? state.status : 'idle'));
}

/** Polls the history while any export is queued or processing; stops once all have finished. */
export function useExportPolling(slug: string, rows: ExportWire[]): void {
  const running = rows.some((row) => isExportRunning(row.status));
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void fetchExports(slug, { quiet: true }).catch(() => {}), EXPORT_POLL_MS);
    return () => clearInterval(timer);
  }, [slug, running]);
}

export const resetExports = exportsStore.reset;
