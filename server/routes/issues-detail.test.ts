// issues-detail/: the project list with relation expansions for the gantt chart's connectors.
import { describe, expect, test } from 'vitest';
import { useWorld } from '../../tests/support/world';

const world = useWorld();
const { call } = world;

describe('GET issues-detail/', () => {
  test('lists like issues/ and expands relations in both directions', async () => {
    const a = (await call('member', 'POST', 'issues/', { name: 'Blocked one' })).json();
    const b = (await call('member', 'POST', 'issues/', { name: 'Blocker' })).json();
    expect((await call('member', 'POST', `issues/${a.id}/issue-relation/`, { relation_type: 'blocked_by', issues: [b.id] })).statusCode).toBeLessThan(300);

    const plain = await call('guest', 'GET', 'issues-detail/?per_page=100');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['x-sync-cursor']).toMatch(/^\d+$/);

    const response = await call('member', 'GET', 'issues-detail/?per_page=100&expand=issue_relation,issue_related');
    expect(response.statusCode).toBe(200);
    const rows = response.json().results as Array<{ id: string; issue_relation: Array<{ id: string; relation_type: string }>; issue_related: Array<{ id: string; relation_type: string }> }>;
    const rowA = rows.find((row) => row.id === a.id)!;
    const rowB = rows.find((row) => row.id === b.id)!;
    expect(rowA.issue_relation.map((item) => [item.id, item.relation_type])).toEqual([[b.id, 'blocked_by']]);
    expect(rowB.issue_related.map((item) => [item.id, item.relation_type])).toEqual([[a.id, 'blocking']]);
    expect(rowB.issue_relation).toEqual([]);
  });

  test('outsiders are refused and bad cursors are a 400', async () => {
    expect((await call('outsider', 'GET', 'issues-detail/')).statusCode).toBe(403);
    expect((await call('member', 'GET', 'issues-detail/?cursor=bogus')).statusCode).toBe(400);
  });
});
