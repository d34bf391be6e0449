import { describe, expect, test } from 'vitest';
import type { ListPaging } from '../../stores/issue-list-store';
import { hasMoreInGroup } from './layout-props';

const paging = (patch: Partial<ListPaging>): ListPaging => ({ status: 'ready', origin: 'server', groupTotals: {}, pages: {}, perPage: 50, serverIds: new Set(), loadingGroups: [], ...patch });

describe('"Load more" in a group', () => {
  test('offered while the server has pages it has not sent', () => {
    expect(hasMoreInGroup(paging({ groupTotals: { todo: 60 }, pages: { todo: 1 } }), 'todo', 50)).toBe(true);
    expect(hasMoreInGroup(paging({ groupTotals: { todo: 60 }, pages: { todo: 2 } }), 'todo', 60)).toBe(false);
  });

  test('not under the one issue left after another moved out of the group since the read', () => {
    // The server counted 2 in "Todo" and sent both; one moved to "In progress" live.
    expect(hasMoreInGroup(paging({ groupTotals: { todo: 2 }, pages: { todo: 1 } }), 'todo', 1)).toBe(false);
  });

  test('never for a list the local cache holds whole', () => {
    expect(hasMoreInGroup(paging({ origin: 'cache', groupTotals: { todo: 90 } }), 'todo', 1)).toBe(false);
  });
});
