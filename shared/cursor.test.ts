import { describe, test, expect } from 'vitest';
import {
  DEFAULT_PER_PAGE,
  INBOX_FIRST_CURSOR,
  LOCAL_CACHE_INSERT_BATCH,
  MAX_PER_PAGE,
  NOTIFICATIONS_FIRST_CURSOR,
  PAGE_SIZE,
  InvalidPaginationError,
  firstCursor,
  formatCursor,
  formatSyncCursor,
  issuePageSize,
  nextCursor,
  parseCursor,
  parseSyncCursor,
  prevCursor,
  resolvePagination,
} from './cursor';

describe('offset cursor', () => {
  test('round-trips', () => {
    expect(parseCursor('100:2:0')).toEqual({ perPage: 100, page: 2, isPrev: false });
    expect(parseCursor('10:0:1')).toEqual({ perPage: 10, page: 0, isPrev: true });
    expect(formatCursor({ perPage: 100, page: 2, isPrev: false })).toBe('100:2:0');
    expect(firstCursor(50)).toBe('50:0:0');
  });

  test('rejects malformed cursors', () => {
    for (const bad of ['', '100', '100:0', '100:0:2', '100:-1:1', 'a:0:0', '0:0:0', '1001:0:0', '10:0:0:0', ' 10:0:0', '1e2:0:0', '10.5:0:0', '10:0:0\n']) {
      expect(parseCursor(bad)).toBeNull();
    }
  });

  test('next and previous cursors follow the reference shape', () => {
    const c = { perPage: 100, page: 0, isPrev: false };
    expect(nextCursor(c)).toBe('100:1:0');
    expect(prevCursor(c)).toBe('100:-1:1');
    expect(prevCursor({ ...c, page: 3 })).toBe('100:2:1');
  });

  test('page sizes and first cursors of spec §9', () => {
    expect(MAX_PER_PAGE).toBe(1000);
    expect(DEFAULT_PER_PAGE).toBe(1000);
    expect(PAGE_SIZE.INBOX).toBe(10);
    expect(INBOX_FIRST_CURSOR).toBe('10:0:0');
    expect(PAGE_SIZE.NOTIFICATIONS).toBe(30);
    expect(NOTIFICATIONS_FIRST_CURSOR).toBe('30:0:0');
    expect(PAGE_SIZE.LOCAL_CACHE_SYNC).toBe(1000);
    expect(LOCAL_CACHE_INSERT_BATCH).toEqual({ ISSUE_SYNC: 200, ISSUES: 100, OTHER: 500 });
  });

  test('layout page sizes', () => {
    expect(issuePageSize('list', false)).toBe(100);
    expect(issuePageSize('list', true)).toBe(50);
    expect(issuePageSize('kanban', true)).toBe(30);
    expect(issuePageSize('kanban', true, true)).toBe(10);
    expect(issuePageSize('gantt_chart', false)).toBe(100);
  });
});

describe('resolvePagination', () => {
  test('defaults to the first page of 1000', () => {
    expect(resolvePagination({})).toEqual({ perPage: 1000, page: 0, isPrev: false, offset: 0 });
  });

  test('per_page sets the size of the first page', () => {
    expect(resolvePagination({ per_page: '30' })).toMatchObject({ perPage: 30, page: 0, offset: 0 });
  });

  test('the cursor decides the page and its size', () => {
    expect(resolvePagination({ per_page: '30', cursor: '10:3:0' })).toEqual({ perPage: 10, page: 3, isPrev: false, offset: 30 });
  });

  test('invalid values throw', () => {
    expect(() => resolvePagination({ cursor: 'nope' })).toThrow(InvalidPaginationError);
    expect(() => resolvePagination({ cursor: 'nope' })).toThrow('Invalid cursor parameter.');
    expect(() => resolvePagination({ per_page: '1001' })).toThrow('Invalid per_page value. Cannot exceed 1000.');
    expect(() => resolvePagination({ per_page: '0' })).toThrow(InvalidPaginationError);
    // Only a size over the limit gets the reference's "Cannot exceed" text; 0 or junk say what is wanted.
    expect(() => resolvePagination({ per_page: '0' })).toThrow('Invalid per_page value. It must be a whole number from 1 to 1000.');
    expect(() => resolvePagination({ per_page: 'ten' })).toThrow('Invalid per_page value. It must be a whole number from 1 to 1000.');
    expect(() => resolvePagination({ per_page: '-5' })).toThrow(InvalidPaginationError);
    expect(() => resolvePagination({ per_page: 'ten' })).toThrow(InvalidPaginationError);
  });
});

describe('sync cursor', () => {
  test('parses page size, page and offset', () => {
    expect(parseSyncCursor('1000:2:0')).toEqual({ perPage: 1000, page: 2, offset: 0 });
    expect(formatSyncCursor({ perPage: 1000, page: 2, offset: 0 })).toBe('1000:2:0');
    expect(parseSyncCursor('1000:2')).toBeNull();
    expect(parseSyncCursor('2000:0:0')).toBeNull();
  });
});
