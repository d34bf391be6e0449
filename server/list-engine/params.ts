// Reads an issue list's query string (reference §1.2, §0.6) into one ListRequest: the filter tree
// (legacy filters AND the `filters=` JSON), order, grouping and the offset cursor.
import { InvalidPaginationError, resolvePagination, type Pagination } from '../../shared/cursor';
import { LIST_DEFAULT_ORDER_BY, type WireGroupBy } from '../../shared/display';
import { BadRequestError } from '../errors';
import { allOf, type Condition } from './conditions';
import { resolveGroupBy } from './groups';
import { parseLegacyFilters, type QueryParams } from './legacy-filters';
import { parseRichFilters } from './rich-filters';

export interface ListRequest {
  filter: Condition | null;
  orderBy: string;
  groupBy: WireGroupBy | null;
  subGroupBy: WireGroupBy | null;
  pagination: Pagination;
}

/** Raw query values as Fastify parses them (a repeated key is an array; the last value wins, as in Django). */
export type RawQuery = Record<string, string | string[] | undefined>;

/** Flattens repeated query keys to their last value. */
export function flattenQuery(query: RawQuery): QueryParams {
  const flat: QueryParams = {};
  for (const [key, value] of Object.entries(query)) flat[key] = Array.isArray(value) ? value[value.length - 1] : value;
  return flat;
}

/**
 * Resolves `cursor` / `per_page`.
 * @throws BadRequestError with the reference's message, in `error` and `detail`.
 */
export function resolveListPagination(query: QueryParams): Pagination {
  try {
    return resolvePagination(query);
  } catch (error) {
    if (error instanceof InvalidPaginationError) throw new BadRequestError(error.message, { detail: error.message });
    throw error;
  }
}

interface ParseOptions {
  /** Grouping is refused silently (workspace issue list: always ungrouped). */
  allowGrouping: boolean;
  /** The order used when the request sends none. */
  defaultOrderBy?: string;
  now?: Date;
  /** The caller's time zone: relative date filters count from their today (UTC when absent). */
  timeZone?: string;
}

/**
 * Parses a list request.
 * @throws BadRequestError for a bad cursor/per_page, filter tree, order_by or group_by, or equal group and sub-group.
 */
export function parseListRequest(raw: RawQuery, options: ParseOptions): ListRequest {
  const query = flattenQuery(raw);
  const now = options.now ?? new Date();
  const pagination = resolveListPagination(query);
  const filter = allOf([parseRichFilters(query.filters), parseLegacyFilters(query, now, options.timeZone)]);
  const orderBy = query.order_by && query.order_by !== '' ? query.order_by : options.defaultOrderBy ?? LIST_DEFAULT_ORDER_BY;
  let groupBy: WireGroupBy | null = null;
  let subGroupBy: WireGroupBy | null = null;
  if (options.allowGrouping) {
    groupBy = resolveGroupBy(query.group_by, 'group_by');
    subGroupBy = resolveGroupBy(query.sub_group_by, 'sub_group_by');
    if (groupBy && subGroupBy && groupBy === subGroupBy) {
      throw new BadRequestError('Group by and sub group by cannot have same parameters');
    }
    if (!groupBy) subGroupBy = null;
  }
  return { filter, orderBy, groupBy, subGroupBy, pagination };
}
