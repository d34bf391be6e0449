// Shapes a page into the offset paginator's 12-key response (reference §0.6, §1.3): ungrouped,
// grouped and sub-grouped, with empty candidate groups, M2M fan-out and distinct-issue totals.
// The items arrive as JSON text from the database (item.ts); the response is written as JSON text
// around them, so a page of hundreds of issues is never parsed into objects and serialised again.
import { nextCursor, prevCursor, type Pagination } from '../../shared/cursor';
import { STATE_GROUPS } from '../../shared/issue-constants';
import type { WireGroupBy } from '../../shared/display';
import { M2M_ITEM_FIELD, NONE_GROUP, PRIORITY_GROUP_ORDER, isM2mGroup } from './groups';
import type { ListRequest } from './params';

/** A result row: the item's JSON text and id, plus its group, sub-group and rank in its window. */
export interface PageRow {
  id: string | null;
  item: string;
  __g?: string | null;
  __sg?: string | null;
  __rn?: number | string;
}

/** The statistics row of a grouped statement. */
export interface GroupStats {
  total: number;
  max_partition: number;
  group_counts: Array<[string | null, number]>;
  subgroup_counts: Array<[string | null, string | null, number]>;
  candidates: string[];
}

/**
 * The paginator's envelope as JSON text with `"results":` + `results` (JSON text) appended last,
 * in the key order of the reference: grouped_by, sub_grouped_by, total_count, …, extra_stats, results.
 */
function responseJson(groupBy: string | null, subGroupBy: string | null, pagination: Pagination, total: number, count: number, totalPages: number, hasNext: boolean, results: string): string {
  const envelope = JSON.stringify({
    grouped_by: groupBy,
    sub_grouped_by: subGroupBy,
    total_count: total,
    next_cursor: nextCursor(pagination),
    prev_cursor: prevCursor(pagination),
    next_page_results: hasNext,
    prev_page_results: pagination.page > 0,
    count,
    total_pages: totalPages,
    total_results: total,
    extra_stats: null,
  });
  return `${envelope.slice(0, -1)},"results":${results}}`;
}

/** `{"results":[…],"total_results":n}` */
function bucketJson(results: string, total: number): string {
  return `{"results":${results},"total_results":${total}}`;
}

/** `{"key":value,…}` from keys in order. */
function objectJson(entries: Array<[string, string]>): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
}

/** The response of an ungrouped page. */
export function shapeUngrouped(rows: PageRow[], total: number, pagination: Pagination): string {
  const hasNext = pagination.offset + pagination.perPage < total;
  const results = `[${rows.map((row) => row.item).join(',')}]`;
  return responseJson(null, null, pagination, total, rows.length, Math.ceil(total / pagination.perPage), hasNext, results);
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

/**
 * Items of the page. With an M2M grouping, the item's field for it lists only the keys the issue
 * matched on this page (reference §1.3), so those items — and only those — are rewritten.
 */
function pageItems(rows: PageRow[], request: ListRequest): Array<{ g: string; sg: string; rn: number; item: string }> {
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
    let item = row.item;
    if (fanOut.length > 0) {
      const object = JSON.parse(item) as Record<string, unknown>;
      fanOut.forEach((dim, index) => (object[M2M_ITEM_FIELD[dim.field!]!] = [...matched[index].get(row.id!)!]));
      item = JSON.stringify(object);
    }
    return { g: keyOf(row.__g), sg: keyOf(row.__sg), rn: Number(row.__rn), item };
  });
}

/** The response of a grouped or sub-grouped page. */
export function shapeGrouped(rows: PageRow[], stats: GroupStats | undefined, request: ListRequest): string {
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
  const list = (entries: typeof items) => `[${entries.map((entry) => entry.item).join(',')}]`;

  let results: string;
  if (!request.subGroupBy) {
    results = objectJson(keys.map((key) => [key, bucketJson(list(items.filter((entry) => entry.g === key)), groupCounts.get(key) ?? 0)]));
  } else {
    const subCounts = new Map<string, Map<string, number>>();
    for (const [g, sg, n] of stats?.subgroup_counts ?? []) {
      const inner = subCounts.get(keyOf(g)) ?? new Map<string, number>();
      inner.set(keyOf(sg), Number(n));
      subCounts.set(keyOf(g), inner);
    }
    const subPreferred = fixedOrder(request.subGroupBy);
    results = objectJson(
      keys.map((key) => {
        const inner = subCounts.get(key) ?? new Map<string, number>();
        const subResults = objectJson(
          orderKeys(inner.keys(), subPreferred).map((subKey) => [
            subKey,
            bucketJson(list(items.filter((entry) => entry.g === key && entry.sg === subKey)), inner.get(subKey) ?? 0),
          ]),
        );
        return [key, bucketJson(subResults, groupCounts.get(key) ?? 0)];
      }),
    );
  }
  const maxPartition = Number(stats?.max_partition ?? 0);
  const hasNext = maxPartition > pagination.offset + pagination.perPage;
  const total = Number(stats?.total ?? 0);
  return responseJson(groupBy, request.subGroupBy, pagination, total, items.length, Math.ceil(maxPartition / pagination.perPage), hasNext, results);
}
