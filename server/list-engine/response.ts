// Shapes a page into the offset paginator's 12-key response (reference §0.6, §1.3): ungrouped,
// grouped and sub-grouped, with empty candidate groups, M2M fan-out and distinct-issue totals.
import { nextCursor, prevCursor, type Pagination } from '../../shared/cursor';
import { STATE_GROUPS } from '../../shared/issue-constants';
import type { WireGroupBy } from '../../shared/display';
import { M2M_ITEM_FIELD, NONE_GROUP, PRIORITY_GROUP_ORDER, isM2mGroup } from './groups';
import { toIssueListItem, type IssueListItem } from './item';
import type { ListRequest } from './params';

export interface GroupBucket {
  results: IssueListItem[];
  total_results: number;
}
export interface SubGroupedBucket {
  results: Record<string, GroupBucket>;
  total_results: number;
}

/** The offset paginator's response; `results` is a list, or an object of groups. */
export interface IssueListResponse {
  grouped_by: string | null;
  sub_grouped_by: string | null;
  total_count: number;
  next_cursor: string;
  prev_cursor: string;
  next_page_results: boolean;
  prev_page_results: boolean;
  count: number;
  total_pages: number;
  total_results: number;
  extra_stats: null;
  results: IssueListItem[] | Record<string, GroupBucket> | Record<string, SubGroupedBucket>;
}

/** A result row: the item's columns plus its group, sub-group and rank in its window. */
export type PageRow = Record<string, unknown> & { id: string | null; __g?: string | null; __sg?: string | null; __rn?: number | string };

/** The statistics row of a grouped statement. */
export interface GroupStats {
  total: number;
  max_partition: number;
  group_counts: Array<[string | null, number]>;
  subgroup_counts: Array<[string | null, string | null, number]>;
  candidates: string[];
}

function envelope(pagination: Pagination, total: number, count: number, totalPages: number, hasNext: boolean) {
  return {
    total_count: total,
    next_cursor: nextCursor(pagination),
    prev_cursor: prevCursor(pagination),
    next_page_results: hasNext,
    prev_page_results: pagination.page > 0,
    count,
    total_pages: totalPages,
    total_results: total,
    extra_stats: null,
  };
}

/** The response of an ungrouped page. */
export function shapeUngrouped(rows: PageRow[], total: number, pagination: Pagination): IssueListResponse {
  const results = rows.map(toIssueListItem);
  const hasNext = pagination.offset + pagination.perPage < total;
  return { grouped_by: null, sub_grouped_by: null, ...envelope(pagination, total, results.length, Math.ceil(total / pagination.perPage), hasNext), results };
}

const keyOf = (value: string | null | undefined) => (value == null ? NONE_GROUP : value);

/** Orders keys: the given order first, then the rest alphabetically with "None" last. */
function orderKeys(keys: Iterable<string>, preferred: readonly string[]): string[] {
  const rank = new Map(preferred.map((key, index) => [key, index]));
  return [...new Set(keys)].sort((a, b) => {
    const ra = rank.get(a) ?? Infinity;
    const rb = rank.get(b) ?? Infinity;
    if (ra !== rb) return ra - rb;
    if (a === NONE_GROUP || b === NONE_GROUP) return a === NONE_GROUP ? 1 : -1;
    return a < b ? -1 : a > b ? 1 : 0;
  });
}

function fixedOrder(field: WireGroupBy): readonly string[] {
  if (field === 'priority') return PRIORITY_GROUP_ORDER;
  if (field === 'state__group') return STATE_GROUPS;
  return [];
}

/** Items of the page, with each M2M field listing the keys the issue matched on this page. */
function pageItems(rows: PageRow[], request: ListRequest): Array<{ g: string; sg: string; rn: number; item: IssueListItem }> {
  const fanOut = [
    { field: request.groupBy, column: '__g' as const },
    { field: request.subGroupBy, column: '__sg' as const },
  ].filter((dim) => dim.field && isM2mGroup(dim.field));
  const matched = fanOut.map(() => new Map<string, string[]>());
  for (const row of rows) {
    fanOut.forEach((dim, index) => {
      const key = row[dim.column];
      const list = matched[index].get(row.id!) ?? [];
      if (key != null && !list.includes(key)) list.push(key);
      matched[index].set(row.id!, list);
    });
  }
  return rows.map((row) => {
    const item = toIssueListItem(row);
    fanOut.forEach((dim, index) => {
      (item as unknown as Record<string, unknown>)[M2M_ITEM_FIELD[dim.field!]!] = [...matched[index].get(row.id!)!];
    });
    return { g: keyOf(row.__g), sg: keyOf(row.__sg), rn: Number(row.__rn), item };
  });
}

/** The response of a grouped or sub-grouped page. */
export function shapeGrouped(rows: PageRow[], stats: GroupStats | undefined, request: ListRequest): IssueListResponse {
  const { pagination } = request;
  const groupBy = request.groupBy!;
  const items = pageItems(rows, request).sort((a, b) => a.rn - b.rn);
  const groupCounts = new Map((stats?.group_counts ?? []).map(([g, n]) => [keyOf(g), Number(n)]));
  const candidates = stats?.candidates ?? [];
  const preferred = [...fixedOrder(groupBy), ...candidates];
  // Plain M2M grouping lists only the groups present on this page; the others list every candidate.
  const keys =
    isM2mGroup(groupBy) && !request.subGroupBy
      ? orderKeys(items.map((entry) => entry.g), preferred)
      : orderKeys([...candidates, ...groupCounts.keys()], preferred);

  const results: Record<string, GroupBucket | SubGroupedBucket> = {};
  if (!request.subGroupBy) {
    for (const key of keys) {
      results[key] = { results: items.filter((entry) => entry.g === key).map((entry) => entry.item), total_results: groupCounts.get(key) ?? 0 };
    }
  } else {
    const subCounts = new Map<string, Map<string, number>>();
    for (const [g, sg, n] of stats?.subgroup_counts ?? []) {
      const inner = subCounts.get(keyOf(g)) ?? new Map<string, number>();
      inner.set(keyOf(sg), Number(n));
      subCounts.set(keyOf(g), inner);
    }
    const subPreferred = fixedOrder(request.subGroupBy);
    for (const key of keys) {
      const inner = subCounts.get(key) ?? new Map<string, number>();
      const subResults: Record<string, GroupBucket> = {};
      for (const subKey of orderKeys(inner.keys(), subPreferred)) {
        const entries = items.filter((entry) => entry.g === key && entry.sg === subKey);
        subResults[subKey] = { results: entries.map((entry) => entry.item), total_results: inner.get(subKey) ?? 0 };
      }
      results[key] = { results: subResults, total_results: groupCounts.get(key) ?? 0 };
    }
  }
  const maxPartition = Number(stats?.max_partition ?? 0);
  const hasNext = maxPartition > pagination.offset + pagination.perPage;
  const total = Number(stats?.total ?? 0);
  return {
    grouped_by: groupBy,
    sub_grouped_by: request.subGroupBy,
    ...envelope(pagination, total, items.length, Math.ceil(maxPartition / pagination.perPage), hasNext),
    results: results as IssueListResponse['results'],
  };
}
