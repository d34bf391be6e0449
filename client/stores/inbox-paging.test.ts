// @vitest-environment happy-dom
// The intake (pages of 10 from `10:0:0`) and the notifications (pages of 30 from `30:0:0`) load
// more until the server says `next_page_results: false`, then stop asking (spec §4, §9).
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { installFakeApi, json, type FakeCall } from '../test-support/fake-api';
import { fetchIntake, fetchMoreIntake, tabDefaults, useIntakeList } from './intake-store';
import { DEFAULT_FILTERS, fetchMoreNotifications, fetchNotifications } from './notification-store';

const P = '11111111-1111-4111-8111-111111111111';
let api: ReturnType<typeof installFakeApi>;

beforeEach(() => {
  api = installFakeApi();
});
afterEach(() => vi.unstubAllGlobals());

/** A server of `total` rows answering the offset cursor `<size>:<page>:0`. */
function pagedServer(total: number, row: (index: number) => Record<string, unknown>) {
  return (call: FakeCall) => {
    const [size, page] = (call.query.get('cursor') ?? '').split(':').map(Number);
    const results = Array.from({ length: Math.max(0, Math.min(size, total - page * size)) }, (_, offset) => row(page * size + offset));
    const more = (page + 1) * size < total;
    return json(200, { results, next_cursor: `${size}:${page + 1}:0`, next_page_results: more, total_results: total });
  };
}

const cursors = (path: string) => api.calls.filter((call) => call.path === path).map((call) => `${call.query.get('cursor')} ${call.query.get('per_page')}`);

describe('load more stops once everything is loaded', () => {
  test('intake: 23 submissions → 10:0:0, 10:1:0, 10:2:0, then no more requests', async () => {
    const path = `/api/workspaces/acme/projects/${P}/intake-issues/`;
    api.on('GET', path, pagedServer(23, (index) => ({ id: `row-${index}`, status: -2, issue: { id: `issue-${index}`, name: `Request ${index}` } })));
    await fetchIntake('acme', P, tabDefaults('open'));
    expect(useIntakeList.getState()).toMatchObject({ hasMore: true, total: 23 });
    for (let click = 0; click < 5; click++) await fetchMoreIntake('acme', P);
    expect(cursors(path)).toEqual(['10:0:0 10', '10:1:0 10', '10:2:0 10']);
    expect(useIntakeList.getState().order).toHaveLength(23);
    expect(useIntakeList.getState().hasMore).toBe(false);
  });

  test('notifications: 31 rows → 30:0:0, 30:1:0, then no more requests', async () => {
    const path = '/api/workspaces/acme/users/notifications/';
    api.on('GET', path, pagedServer(31, (index) => ({ id: `n-${index}`, title: `updated ${index}`, data: {}, read_at: null, archived_at: null, snoozed_till: null })));
    await fetchNotifications('acme', DEFAULT_FILTERS);
    for (let click = 0; click < 3; click++) await fetchMoreNotifications('acme');
    expect(cursors(path)).toEqual(['30:0:0 30', '30:1:0 30']);
  });
});
