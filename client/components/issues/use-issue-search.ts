// The server's issue search for pickers and the palette (`…/projects/{id}/search-issues/`): asked as
// the person types, a quarter second after the last key, so a picker offers issues the browser has
// not loaded (a big project's store holds only its first pages). A newer query aborts the older one.
import { useEffect, useState } from 'react';
import { http } from '../../api/http';
import { projectPath } from '../../stores/api-paths';

interface IssueSearchHit {
  id: string;
  name: string;
  sequence_id: number;
  project_id: string;
  project__identifier?: string;
}

/** Wait after the last key before asking the server. */
const SEARCH_DEBOUNCE_MS = 250;

export interface IssueSearchOptions {
  /** Shortest query that is sent; 0 also asks for an empty query (the newest issues). */
  minLength?: number;
  /** Extra query parameters (`workspace_search`, exclusion flags). */
  params?: Record<string, string | boolean>;
}

/** Hits for the query and whether an answer is still awaited; empty on failure. */
export function useIssueSearch(slug: string, projectId: string | undefined, query: string, { minLength = 0, params }: IssueSearchOptions = {}): { hits: IssueSearchHit[]; loading: boolean } {
  const [state, setState] = useState<{ hits: IssueSearchHit[]; loading: boolean }>({ hits: [], loading: false });
  const paramsKey = JSON.stringify(params ?? {});
  useEffect(() => {
    const q = query.trim();
    if (!projectId || q.length < minLength) {
      setState({ hits: [], loading: false });
      return;
    }
    setState((current) => ({ ...current, loading: true }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void http
        .get<IssueSearchHit[]>(`${projectPath(slug, projectId)}/search-issues/`, { ...(JSON.parse(paramsKey) as Record<string, string>), search: q }, controller.signal)
        .then(
          (rows) => setState({ hits: Array.isArray(rows) ? rows : [], loading: false }),
          () => {
            if (!controller.signal.aborted) setState({ hits: [], loading: false });
          },
        );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug, projectId, query, minLength, paramsKey]);
  return state;
}
