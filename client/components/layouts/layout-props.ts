// What every layout receives from the list view.
import type { Issue } from '../../stores/issue-store';
import type { ListSettings } from '../../stores/issue-filter-store';
import type { ListPaging } from '../../stores/issue-list-store';
import type { ListSource } from '../../stores/list-model';
import type { GroupedList } from '../issues/use-issue-list';

export interface LayoutProps {
  slug: string;
  source: ListSource;
  list: GroupedList;
  settings: ListSettings;
  paging: ListPaging;
  /** Inline editing and drag and drop. */
  canEdit: boolean;
  /** Per-group quick add (not in the profile context, spec §2). */
  canQuickAdd: boolean;
  /** The project new issues go to (project contexts). */
  projectId?: string;
  onOpen: (issue: Issue) => void;
  onLoadMore: (groupKey: string) => void;
}

/** True when a group has more issues on the server than the list holds. */
export function hasMoreInGroup(paging: ListPaging, groupKey: string, shown: number): boolean {
  const total = paging.groupTotals[groupKey] ?? 0;
  // The total is the server's count at the last read; issues moved out of the group, deleted or
  // archived since then leave it higher than what is shown. Only pages the server has not sent yet
  // are "more" (else a group of one issue offered "Load more" that loaded nothing).
  const unread = paging.perPage > 0 ? total > (paging.pages[groupKey] ?? 1) * paging.perPage : true;
  return paging.origin === 'server' && total > shown && unread;
}
