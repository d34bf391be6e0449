// A list read a page at a time through a cursor ("load more"), outside a store: each page is one
// useResource read keyed by its cursor, so loading, error and retry behave as every other read,
// and a retry after a failed "more" asks for that page again without losing the rows shown.
import { useState } from 'react';
import { useResource } from './use-resource';

/** What a page answer must carry: its rows, and where the next page starts if there is one. */
export interface CursorPage<Row> {
  results: Row[];
  next_cursor: string;
  next_page_results: boolean;
}

export interface PagedList<Row> {
  /** The rows of every page loaded so far, in order. */
  rows: Row[];
  /** A page is loading (the first, or the next after `loadMore`). */
  loading: boolean;
  /** Why the last page failed to load (null when it did not). */
  error: unknown;
  /** True when the server has more rows after the last loaded page. */
  hasMore: boolean;
  loadMore: () => void;
  /** Asks for the page that failed again. */
  retry: () => void;
}

/**
 * Loads the first page of `key` (from `firstCursor`), and the next one on `loadMore`. A new key
 * starts over with no rows (another member's list is never shown while this one loads); a null
 * key waits.
 */
export function usePagedList<Row>(key: string | null, firstCursor: string, loadPage: (cursor: string, signal: AbortSignal) => Promise<CursorPage<Row>>): PagedList<Row> {
  const [at, setAt] = useState({ key, cursor: firstCursor });
  const [list, setList] = useState<{ key: string | null; rows: Row[]; next: string | null }>({ key, rows: [], next: null });
  const cursor = at.key === key ? at.cursor : firstCursor;
  const loaded = useResource(
    key === null ? null : `${key}|${cursor}`,
    async (signal) => {
      const page = await loadPage(cursor, signal);
      if (!signal.aborted) {
        setList((current) => ({
          key,
          rows: current.key === key && cursor !== firstCursor ? [...current.rows, ...page.results] : page.results,
          next: page.next_page_results ? page.next_cursor : null,
        }));
      }
      return page;
    },
    { keepAcrossKeys: false },
  );
  const current = list.key === key ? list : { rows: [] as Row[], next: null };
  return {
    rows: current.rows,
    loading: loaded.loading,
    error: loaded.error,
    hasMore: current.next !== null,
    loadMore: () => current.next !== null && !loaded.loading && setAt({ key, cursor: current.next }),
    retry: loaded.reload,
  };
}
