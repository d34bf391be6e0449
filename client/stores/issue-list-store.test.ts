// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { installFakeApi, json } from '../test-support/fake-api';
import { defaultListSettings } from './issue-filter-store';
import { buildListQuery, fetchIssueList, loadMoreInGroup, markProjectCached, perPageFor, readListResponse, useIssueListStore } from './issue-list-store';
import { resetIssues, useIssueStore, type Issue } from './issue-store';
import type { IssueListItem } from '../api/types';
import { buildIssueListItem, buildIssueListPage } from '../test-support/wire-rows';

const P = '11111111-1111-4111-8111-111111111111';
const row = (id: string, patch: Partial<Issue> = {}) => ({ id, name: id, project_id: P, label_ids: [], assignee_ids: [], ...patch }) as Issue;
let api: ReturnType<typeof installFakeApi>;

beforeEach(() => {
  api = installFakeApi();
  resetIssues();
  useIssueListStore.setState({ lists: {} });
});
afterEach(() => vi.unstubAllGlobals());

describe('list answers', () => {
  const item = (id: string, patch: Partial<IssueListItem> = {}) => buildIssueListItem({ id, project_id: P, ...patch });

  test('reads ungrouped, grouped and sub-grouped answers', () => {
    expect(readListResponse(buildIssueListPage([item('a')], 9))).toEqual({ issues: [item('a')], groupTotals: { all: 9 } });
    const grouped = readListResponse(buildIssueListPage({ s1: { results: [item('a')], total_results: 12 }, s2: { results: [], total_results: 0 } }));
    expect(grouped.groupTotals).toEqual({ s1: 12, s2: 0 });
    const sub = readListResponse(buildIssueListPage({ s1: { total_results: 2, results: { high: { results: [item('a')], total_results: 1 }, low: { results: [item('b')], total_results: 1 } } } }));
    expect(sub.issues.map((issue) => issue.id)).toEqual(['a', 'b']);
  });

  test('an issue listed in several label groups keeps every label', () => {
    const answer = readListResponse(buildIssueListPage({ l1: { results: [item('a', { label_ids: ['l1'] })], total_results: 1 }, l2: { results: [item('a', { label_ids: ['l2'] })], total_results: 1 } }));
    expect(answer.issues).toHaveLength(1);
    expect(answer.issues[0]!.label_ids).toEqual(['l1', 'l2']);
  });

  test('an issue still in triage has no state group of the five', () => {
    expect(readListResponse(buildIssueListPage([item('a', { state__group: 'triage' })], 1)).issues[0]!.state__group).toBeNull();
  });
});

describe('requests', () => {
  test('group_by goes on the wire as the server field; the workspace list is never grouped', () => {
    const settings = defaultListSettings({ kind: 'project', projectId: P });
    settings.displayFilters = { ...settings.displayFilters, layout: 'kanban', group_by: 'labels', sub_group_by: 'priority' };
    settings.filters = { priority: ['high', 'urgent'] };
    expect(buildListQuery({ kind: 'project', projectId: P }, settings, true)).toMatchObject({ group_by: 'labels__id', sub_group_by: 'priority', priority: 'high,urgent', order_by: 'sort_order' });
    expect(perPageFor(settings.displayFilters)).toBe(10);
    const global = buildListQuery({ kind: 'global', viewId: 'subscribed', userId: 'me' }, { ...settings }, true);
    expect(global.group_by).toBeUndefined();
    expect(global.subscriber).toBe('me');
  });

  test('page 0 is fetched grouped, then "load more" asks for the group ungrouped with its filter', async () => {
    const source = { kind: 'project', projectId: P } as const;
    const settings = defaultListSettings(source);
    settings.displayFilters = { ...settings.displayFilters, group_by: 'state' };
    api.on('GET', `/api/workspaces/acme/projects/${P}/issues/`, (call) =>
      call.query.get('group_by') ? json(200, { results: { s1: { results: [row('a', { state_id: 's1' })], total_results: 60 } } }) : json(200, { results: [row('b', { state_id: 's1' })], total_count: 60 }),
    );
    await fetchIssueList('acme', source, settings);
    expect(api.calls[0]!.query.get('cursor')).toBe('50:0:0');
    expect(useIssueListStore.getState().lists[`project:${P}`]).toMatchObject({ status: 'ready', groupTotals: { s1: 60 } });
    await loadMoreInGroup('acme', source, settings, 's1');
    const more = api.calls[1]!;
    expect(more.query.get('state')).toBe('s1');
    expect(more.query.get('group_by')).toBeNull();
    expect(more.query.get('cursor')).toBe('50:1:0');
    expect(useIssueStore.getState().confirmed.size).toBe(2);
  });

  test('a project held by the local cache needs no request', async () => {
    markProjectCached(P, true);
    await fetchIssueList('acme', { kind: 'project', projectId: P }, defaultListSettings({ kind: 'project', projectId: P }));
    expect(api.calls).toHaveLength(0);
    expect(useIssueListStore.getState().lists[`project:${P}`]?.origin).toBe('cache');
    markProjectCached(P, false);
  });
});
