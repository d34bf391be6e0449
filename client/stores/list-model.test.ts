import { describe, expect, test } from 'vitest';
import type { Issue } from './issue-store';
import { groupIssues, issueComparator, listKey, matchesFilters, matchesSource, NONE_GROUP, patchForGroupMove } from './list-model';

const P = 'p1';
function issue(id: string, patch: Partial<Issue> = {}): Issue {
  return { id, name: id, sequence_id: 1, project_id: P, state_id: 's1', priority: 'none', sort_order: 65535, label_ids: [], assignee_ids: [], start_date: null, target_date: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', ...patch };
}
const groupOf = () => 'started' as const;
const display = { type: null, sub_issue: true };

describe('list sources', () => {
  test('project lists hide archived issues and drafts; the archived and draft lists show only those', () => {
    const live = issue('a');
    const archived = issue('b', { archived_at: '2026-02-01' });
    const draft = issue('c', { is_draft: true });
    expect([live, archived, draft].filter((row) => matchesSource(row, { kind: 'project', projectId: P })).map((row) => row.id)).toEqual(['a']);
    expect([live, archived, draft].filter((row) => matchesSource(row, { kind: 'archived', projectId: P })).map((row) => row.id)).toEqual(['b']);
    expect([live, archived, draft].filter((row) => matchesSource(row, { kind: 'draft', projectId: P })).map((row) => row.id)).toEqual(['c']);
  });

  test('built-in global views filter by me', () => {
    const mine = issue('a', { assignee_ids: ['me'] });
    const created = issue('b', { created_by: 'me' });
    const other = issue('c', { assignee_ids: ['bob'], created_by: 'bob' });
    const rows = [mine, created, other];
    const ids = (viewId: 'all-issues' | 'assigned' | 'created' | 'subscribed', serverIds?: Set<string>) =>
      rows.filter((row) => matchesSource(row, { kind: 'global', viewId, userId: 'me' }, serverIds)).map((row) => row.id);
    expect(ids('all-issues')).toEqual(['a', 'b', 'c']);
    expect(ids('assigned')).toEqual(['a']);
    expect(ids('created')).toEqual(['b']);
    expect(ids('subscribed', new Set(['c']))).toEqual(['c']);
    expect(listKey({ kind: 'profile', userId: 'u', tab: 'created' })).toBe('profile:u:created');
  });
});

describe('filters', () => {
  test('each filter key narrows; None matches empty many-valued fields', () => {
    const a = issue('a', { priority: 'high', label_ids: ['l1'], assignee_ids: [] });
    const b = issue('b', { priority: 'low', label_ids: [], assignee_ids: ['u1'] });
    const keep = (filters: Parameters<typeof matchesFilters>[1]) => [a, b].filter((row) => matchesFilters(row, filters, display, groupOf)).map((row) => row.id);
    expect(keep({ priority: ['high'] })).toEqual(['a']);
    expect(keep({ labels: [NONE_GROUP] })).toEqual(['b']);
    expect(keep({ assignees: ['u1'] })).toEqual(['b']);
    expect(keep({ priority: [] })).toEqual(['a', 'b']);
  });

  test('type backlog keeps the backlog group; sub_issue false hides children', () => {
    const child = issue('a', { parent_id: 'x' });
    expect(matchesFilters(child, {}, { type: null, sub_issue: false }, groupOf)).toBe(false);
    expect(matchesFilters(child, {}, { type: 'backlog', sub_issue: true }, groupOf)).toBe(false);
    expect(matchesFilters(child, {}, { type: 'active', sub_issue: true }, groupOf)).toBe(true);
  });
});

describe('ordering and grouping', () => {
  test('orders by sort_order, -priority (urgent first) and due date with nulls last', () => {
    const rows = [issue('a', { sort_order: 3, priority: 'low', target_date: null }), issue('b', { sort_order: 1, priority: 'urgent', target_date: '2026-03-01' }), issue('c', { sort_order: 2, priority: 'high', target_date: '2026-01-01' })];
    expect([...rows].sort(issueComparator('sort_order')).map((row) => row.id)).toEqual(['b', 'c', 'a']);
    expect([...rows].sort(issueComparator('-priority')).map((row) => row.id)).toEqual(['b', 'c', 'a']);
    expect([...rows].sort(issueComparator('target_date')).map((row) => row.id)).toEqual(['c', 'b', 'a']);
  });

  test('groups keep candidate order, add unknown groups, and put many-valued issues in each group', () => {
    const rows = [issue('a', { label_ids: ['l1', 'l2'] }), issue('b', { label_ids: [] })];
    const groups = groupIssues(rows, 'labels', ['l2', 'l1', NONE_GROUP, 'l3'], false, groupOf);
    expect(groups.map((group) => [group.key, group.issues.map((row) => row.id)])).toEqual([['l2', ['a']], ['l1', ['a']], [NONE_GROUP, ['b']]]);
    expect(groupIssues(rows, 'labels', ['l3'], true, groupOf).map((group) => group.key)).toContain('l3');
  });

  test('moving between groups changes the grouped field', () => {
    const row = issue('a', { assignee_ids: ['u1', 'u2'], label_ids: ['l1'] });
    expect(patchForGroupMove(row, 'state', 's1', 's2')).toEqual({ state_id: 's2' });
    expect(patchForGroupMove(row, 'priority', 'none', 'urgent')).toEqual({ priority: 'urgent' });
    expect(patchForGroupMove(row, 'assignees', 'u1', 'u3')).toEqual({ assignee_ids: ['u2', 'u3'] });
    expect(patchForGroupMove(row, 'labels', 'l1', NONE_GROUP)).toEqual({ label_ids: [] });
    expect(patchForGroupMove(row, 'state', 's1', 's1')).toBeNull();
    expect(patchForGroupMove(row, 'created_by', 'x', 'y')).toBeNull();
  });
});
