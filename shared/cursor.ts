// The offset cursor `{perPage}:{page}:{isPrev}` of reference §0.6 and the page sizes of spec §9, parsed strictly so bad input is a 400.

/** Largest page a list returns (`per_page` above it → 400). */
export const MAX_PER_PAGE = 1000;
/** Page size when a request sends neither `per_page` nor a cursor. */
export const DEFAULT_PER_PAGE = 1000;

/** Page sizes the client uses (spec §9, reference §1.2). */
export const PAGE_SIZE = {
  INBOX: 10,
  NOTIFICATIONS: 30,
  LOCAL_CACHE_SYNC: 1000,
  LIST_UNGROUPED: 100,
  LIST_GROUPED: 50,
  KANBAN_GROUPED: 30,
  KANBAN_SUB_GROUPED: 10,
  GANTT: 100,
} as const;

/** Rows per insert batch when the local issue cache stores what it synced (spec §9). */
export const LOCAL_CACHE_INSERT_BATCH = {
  /** Issues written during a sync. */
  ISSUE_SYNC: 200,
  /** Issues written otherwise. */
  ISSUES: 100,
  /** Labels, modules, cycles, states, estimates and members. */
  OTHER: 500,
} as const;

/** A decoded offset cursor: page size, 0-based page index and the "previous" flag. */
interface OffsetCursor {
  perPage: number;
  page: number;
  isPrev: boolean;
}

const CURSOR_RE = /^(\d{1,9}):(\d{1,9}):([01])$/;

/** Encodes a cursor: `{ perPage: 10, page: 0, isPrev: false }` → `"10:0:0"`. */
export function formatCursor(cursor: OffsetCursor): string {
  return `${cursor.perPage}:${cursor.page}:${cursor.isPrev ? 1 : 0}`;
}

/** The cursor of the first page of a given size (`firstCursor(10)` → `"10:0:0"`). */
export function firstCursor(perPage: number): string {
  return formatCursor({ perPage, page: 0, isPrev: false });
}

/** First inbox cursor, `"10:0:0"`. */
export const INBOX_FIRST_CURSOR = firstCursor(PAGE_SIZE.INBOX);
/** First notifications cursor, `"30:0:0"`. */
export const NOTIFICATIONS_FIRST_CURSOR = firstCursor(PAGE_SIZE.NOTIFICATIONS);

/**
 * Decodes a cursor, or returns `null` when it is malformed: three non-negative integers joined by
 * `:`, a page size between 1 and MAX_PER_PAGE, and a last part of 0 or 1.
 */
export function parseCursor(raw: string): OffsetCursor | null {
  const match = CURSOR_RE.exec(raw);
  if (!match) return null;
  const perPage = Number(match[1]);
  const page = Number(match[2]);
  if (perPage < 1 || perPage > MAX_PER_PAGE) return null;
  return { perPage, page, isPrev: match[3] === '1' };
}

/** The cursor of the page after `cursor`, as the response's `next_cursor`. */
export function nextCursor(cursor: OffsetCursor): string {
  return formatCursor({ perPage: cursor.perPage, page: cursor.page + 1, isPrev: false });
}

/** The cursor of the page before `cursor`, as the response's `prev_cursor` (`"100:-1:1"` on page 0). */
export function prevCursor(cursor: OffsetCursor): string {
  return formatCursor({ perPage: cursor.perPage, page: cursor.page - 1, isPrev: true });
}

/** Why pagination parameters were refused; the server answers 400 with `message`. */
export class InvalidPaginationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidPaginationError';
  }
}

export const INVALID_CURSOR_MESSAGE = 'Invalid cursor parameter.';
const INVALID_PER_PAGE_MESSAGE = `Invalid per_page value. Cannot exceed ${MAX_PER_PAGE}.`;
/** For a per_page that is not a positive whole number (the reference's text covers only "too big"). */
const MALFORMED_PER_PAGE_MESSAGE = `Invalid per_page value. It must be a whole number from 1 to ${MAX_PER_PAGE}.`;

/** The message refusing `perPage`, or null when it is a valid page size. */
export function perPageProblem(raw: string): string | null {
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) return MALFORMED_PER_PAGE_MESSAGE;
  return Number(raw) > MAX_PER_PAGE ? INVALID_PER_PAGE_MESSAGE : null;
}

/** Resolved pagination of a list request. */
export interface Pagination extends OffsetCursor {
  /** Rows to skip: `page * perPage`. */
  offset: number;
}

/**
 * Resolves the `per_page` and `cursor` query parameters. Without a cursor the first page of
 * `per_page` (default 1000) is used; with one, the cursor's page size wins, as in the reference.
 * @throws InvalidPaginationError for a malformed cursor or a per_page that is not 1..1000.
 */
export function resolvePagination(query: { per_page?: string | null; cursor?: string | null }): Pagination {
  let perPage = DEFAULT_PER_PAGE;
  if (query.per_page != null && query.per_page !== '') {
    const problem = perPageProblem(query.per_page);
    if (problem) throw new InvalidPaginationError(problem);
    perPage = Number(query.per_page);
  }
  let cursor: OffsetCursor = { perPage, page: 0, isPrev: false };
  if (query.cursor != null && query.cursor !== '') {
    const parsed = parseCursor(query.cursor);
    if (!parsed) throw new InvalidPaginationError(INVALID_CURSOR_MESSAGE);
    cursor = parsed;
  }
  return { ...cursor, offset: cursor.page * cursor.perPage };
}

/** The reference's 12-key offset-cursor response (§0.4) around one page of rows out of `total`. */
export function offsetPage<T>(results: T[], total: number, page: Pagination) {
  return {
    grouped_by: null,
    sub_grouped_by: null,
    total_count: total,
    next_cursor: nextCursor(page),
    prev_cursor: prevCursor(page),
    next_page_results: page.offset + page.perPage < total,
    prev_page_results: page.page > 0,
    count: results.length,
    total_pages: Math.ceil(total / page.perPage),
    total_results: total,
    extra_stats: null,
    results,
  };
}

/** The same for a list whose rows are all loaded and sorted: the page is cut here. */
export function offsetPageResponse<T>(rows: T[], page: Pagination) {
  return offsetPage(rows.slice(page.offset, page.offset + page.perPage), rows.length, page);
}

/** A decoded sync ("global") cursor `{pageSize}:{page}:{offset}`; the offset is unused and normally 0. */
interface SyncCursor {
  perPage: number;
  page: number;
  offset: number;
}

/** Decodes a sync cursor (`v2/issues/`), or `null` when malformed. */
export function parseSyncCursor(raw: string): SyncCursor | null {
  const match = /^(\d{1,9}):(\d{1,9}):(\d{1,9})$/.exec(raw);
  if (!match) return null;
  const perPage = Number(match[1]);
  if (perPage < 1 || perPage > MAX_PER_PAGE) return null;
  return { perPage, page: Number(match[2]), offset: Number(match[3]) };
}

/** Encodes a sync cursor: `{ perPage: 1000, page: 2, offset: 0 }` → `"1000:2:0"`. */
export function formatSyncCursor(cursor: SyncCursor): string {
  return `${cursor.perPage}:${cursor.page}:${cursor.offset}`;
}

/** The page size the client asks for in a layout (reference §1.2). */
export function issuePageSize(layout: string, grouped: boolean, subGrouped = false): number {
  if (layout === 'kanban') return subGrouped ? PAGE_SIZE.KANBAN_SUB_GROUPED : PAGE_SIZE.KANBAN_GROUPED;
  if (layout === 'gantt_chart') return PAGE_SIZE.GANTT;
  return grouped ? PAGE_SIZE.LIST_GROUPED : PAGE_SIZE.LIST_UNGROUPED;
}
