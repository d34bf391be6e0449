import { beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '../../tests/support/factories';
import { useTeam } from '../../tests/support/team';
import { insertCycles, insertIssues, insertLabels, insertModules } from '../../tests/list-engine/fixtures';

const team = useTeam({ member: { workspace: 15, project: 15 }, guest: { workspace: 5, project: 5 }, outsider: { workspace: 15 } }, { instanceAdmin: true });
let labelIds: string[];
let moduleIds: string[];
let cycleIds: string[];
let ids: string[];

const url = (query = '') => `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}/issues/${query}`;
const get = (path: string, user: TestUser = team.owner) => team.server.inject({ method: 'GET', url: path, headers: user.headers });

const RESPONSE_KEYS = [
  'count', 'extra_stats', 'grouped_by', 'next_cursor', 'next_page_results', 'prev_cursor', 'prev_page_results',
  'results', 'sub_grouped_by', 'total_count', 'total_pages', 'total_results',
];

beforeAll(async () => {
  const { db } = team.server.database;
  labelIds = await insertLabels(db, team.project, ['bug', 'feature']);
  moduleIds = await insertModules(db, team.project, ['Auth']);
  cycleIds = await insertCycles(db, team.project, ['Sprint 1']);
  const t = (n: number) => new Date(Date.UTC(2024, 0, 1, 0, 0, n));
  ids = await insertIssues(db, team.project, [
    { name: 'one', priority: 'urgent', stateId: team.project.states.started, labelIds: [labelIds[0], labelIds[1]], assigneeIds: [team.owner.id], createdAt: t(1), targetDate: '2024-02-01', createdBy: team.owner.id, cycleId: cycleIds[0] },
    { name: 'two', priority: 'high', stateId: team.project.states.started, labelIds: [labelIds[0]], createdAt: t(2), targetDate: '2024-03-01', createdBy: team.guest.id, moduleIds: [moduleIds[0]] },
    { name: 'three', priority: 'low', stateId: team.project.states.backlog, createdAt: t(3), createdBy: team.member.id, assigneeIds: [team.member.id, team.owner.id] },
    { name: 'four', priority: 'none', stateId: team.project.states.completed, createdAt: t(4), createdBy: team.owner.id },
  ]);
  // Never listed: archived, draft, soft-deleted.
  await insertIssues(db, team.project, [
    { name: 'archived', archivedAt: new Date(), createdBy: team.owner.id },
    { name: 'draft', isDraft: true, createdBy: team.owner.id },
    { name: 'deleted', deletedAt: new Date(), createdBy: team.owner.id },
  ]);
  const [child] = await insertIssues(db, team.project, [{ name: 'child', parentId: ids[0], createdAt: t(5), createdBy: team.owner.id }]);
  ids.push(child);
});

describe('GET issues/ ungrouped', () => {
  test('returns the 12-key envelope with list items ordered by -created_at', async () => {
    const response = await get(url());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(RESPONSE_KEYS);
    expect(body).toMatchObject({
      grouped_by: null,
      sub_grouped_by: null,
      total_count: 5,
      total_results: 5,
      count: 5,
      next_cursor: '1000:1:0',
      prev_cursor: '1000:-1:1',
      next_page_results: false,
      prev_page_results: false,
      total_pages: 1,
      extra_stats: null,
    });
    expect(body.results.map((item: { name: string }) => item.name)).toEqual(['child', 'four', 'three', 'two', 'one']);
    expect(response.headers['x-sync-cursor']).toMatch(/^\d+$/);
  });

  test('list items carry the §1.4 fields with counts as numbers', async () => {
    const body = (await get(url('?order_by=sequence_id'))).json();
    const one = body.results.find((item: { name: string }) => item.name === 'one');
    expect(Object.keys(one).sort()).toEqual(
      [
        'id', 'name', 'state_id', 'sort_order', 'completed_at', 'estimate_point', 'priority', 'start_date', 'target_date',
        'sequence_id', 'project_id', 'parent_id', 'cycle_id', 'sub_issues_count', 'created_at', 'updated_at', 'created_by',
        'updated_by', 'attachment_count', 'link_count', 'is_draft', 'archived_at', 'state__group', 'assignee_ids',
        'label_ids', 'module_ids', 'type_id', 'version',
      ].sort(),
    );
    expect(one).toMatchObject({
      priority: 'urgent',
      state_id: team.project.states.started,
      state__group: 'started',
      target_date: '2024-02-01',
      created_at: '2024-01-01T00:00:01.000Z',
      cycle_id: cycleIds[0],
      sub_issues_count: 1,
      link_count: 0,
      attachment_count: 0,
      is_draft: false,
      archived_at: null,
      assignee_ids: [team.owner.id],
      module_ids: [],
    });
    expect([...one.label_ids].sort()).toEqual([...labelIds].sort());
  });

  test('pages with the offset cursor', async () => {
    const first = (await get(url('?per_page=2&order_by=sequence_id'))).json();
    expect(first.results.map((item: { name: string }) => item.name)).toEqual(['one', 'two']);
    expect(first).toMatchObject({ count: 2, total_pages: 3, next_page_results: true, next_cursor: '2:1:0' });
    const last = (await get(url('?cursor=2:2:0&order_by=sequence_id'))).json();
    expect(last.results.map((item: { name: string }) => item.name)).toEqual(['child']);
    expect(last).toMatchObject({ next_page_results: false, prev_page_results: true, prev_cursor: '2:1:1', count: 1 });
    const beyond = (await get(url('?cursor=2:9:0'))).json();
    expect(beyond).toMatchObject({ count: 0, results: [], total_count: 5 });
  });

  test('rejects a bad cursor, a per_page above 1000 and an unknown order_by', async () => {
    for (const query of ['?cursor=abc', '?cursor=10:-1:1', '?per_page=1001', '?per_page=x', '?order_by=password']) {
      const response = await get(url(query));
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toBeTypeOf('string');
    }
    expect((await get(url('?cursor=abc'))).json()).toMatchObject({ detail: 'Invalid cursor parameter.' });
  });

  test('orders by priority rank both ways and by state group', async () => {
    const names = async (order: string) => (await get(url(`?order_by=${order}&sub_issue=false`))).json().results.map((i: { name: string }) => i.name);
    expect(await names('-priority')).toEqual(['one', 'two', 'three', 'four']);
    expect(await names('priority')).toEqual(['four', 'three', 'two', 'one']);
    expect(await names('state__group')).toEqual(['three', 'two', 'one', 'four']);
    expect(await names('-state__group')).toEqual(['four', 'two', 'one', 'three']);
    expect(await names('target_date')).toEqual(['one', 'two', 'four', 'three']);
    expect(await names('-target_date')).toEqual(['two', 'one', 'four', 'three']);
    expect(await names('labels__name')).toEqual(['two', 'one', 'four', 'three']);
  });

  test('applies legacy filters', async () => {
    const names = async (query: string) => (await get(url(`${query}&order_by=sequence_id`))).json().results.map((i: { name: string }) => i.name);
    expect(await names(`?priority=urgent,high`)).toEqual(['one', 'two']);
    expect(await names(`?priority=urgent,`)).toEqual(['one', 'two', 'three', 'four', 'child']);
    expect(await names(`?labels=${labelIds[1]}`)).toEqual(['one']);
    expect(await names(`?labels=None`)).toEqual(['three', 'four', 'child']);
    expect(await names(`?labels=None,${labelIds[1]}`)).toEqual(['one', 'three', 'four', 'child']);
    expect(await names(`?assignees=${team.member.id}`)).toEqual(['three']);
    expect(await names(`?state_group=started`)).toEqual(['one', 'two']);
    expect(await names(`?state=${team.project.states.completed}`)).toEqual(['four']);
    expect(await names(`?state=not-a-uuid`)).toEqual(['one', 'two', 'three', 'four', 'child']);
    expect(await names(`?target_date=2024-01-15;after,2024-02-15;before`)).toEqual(['one']);
    expect(await names(`?target_date=2024-03-01`)).toEqual(['two']);
    expect(await names(`?created_by=${team.guest.id}`)).toEqual(['two']);
    expect(await names(`?module=${moduleIds[0]}`)).toEqual(['two']);
    expect(await names(`?cycle=None&sub_issue=false`)).toEqual(['two', 'three', 'four']);
    expect(await names(`?sub_issue=false`)).toEqual(['one', 'two', 'three', 'four']);
    expect(await names(`?type=backlog`)).toEqual(['three', 'child']);
    expect(await names(`?type=active`)).toEqual(['one', 'two']);
    expect(await names(`?name=HRE`)).toEqual(['three']);
    expect(await names(`?parent=${ids[0]}`)).toEqual(['child']);
  });

  test('updated_at__gt keeps the issues changed after the instant; a bad one is a 400', async () => {
    const total = async (query: string) => (await get(url(query))).json().total_count;
    expect(await total('?updated_at__gt=2000-01-01T00:00:00Z')).toBe(5);
    expect(await total('?updated_at__gt=2999-01-01T00:00:00Z')).toBe(0);
    const bad = await get(url('?updated_at__gt=yesterday'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ updated_at__gt: ['Must be a valid datetime.'] });
  });

  test('applies the filters= JSON tree and refuses a bad one', async () => {
    const tree = (value: unknown) => `?filters=${encodeURIComponent(JSON.stringify(value))}&order_by=sequence_id`;
    const names = async (value: unknown) => (await get(url(tree(value)))).json().results.map((i: { name: string }) => i.name);
    expect(await names({ priority__in: 'urgent,low' })).toEqual(['one', 'three']);
    expect(await names({ or: [{ priority: 'high' }, { label_id__in: [labelIds[1]] }] })).toEqual(['one', 'two']);
    expect(await names({ AND: [{ state_group__in: 'started' }, { not: { priority: 'urgent' } }] })).toEqual(['two']);
    expect(await names({ target_date__range: '2024-01-01,2024-02-28' })).toEqual(['one']);
    expect(await names({ assignee_id: team.owner.id })).toEqual(['one', 'three']);
    expect(await names({})).toHaveLength(5);
    for (const bad of ['{bad', JSON.stringify({ password: 'x' }), JSON.stringify({ and: [] }), JSON.stringify({ state_id: 'nope' })]) {
      const response = await get(url(`?filters=${encodeURIComponent(bad)}`));
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toHaveProperty('code');
    }
    // The reference implementation's codes, checked in its order: shape, then field names, then values.
    const code = async (value: unknown) => (await get(url(`?filters=${encodeURIComponent(JSON.stringify(value))}`))).json().code;
    expect(await code({ and: [{ password: 1 }, { and: [] }] })).toBe('invalid_operator_children');
    expect(await code({ and: [{ priority: 'high' }], or: [{ priority: 'low' }] })).toBe('multiple_logical_operators');
    expect(await code({ and: [{ priority: 'high' }], priority: 'low' })).toBe('mixed_operator_and_fields');
    expect(await code({ not: [{ priority: 'high' }] })).toBe('invalid_not_child');
    expect(await code({ or: [1] })).toBe('invalid_operator_child_type');
    expect(await code({ priority__in: [] })).toBe('empty_list_value');
    expect(await code({ priority: { a: 1 } })).toBe('invalid_value_type');
    expect(await code(5)).toBe('invalid_filter_node');
    expect(await code({ target_date__lt: '2024-01-01' })).toBe('invalid_filter_field');
    expect(await code({ state_id: 'nope' })).toBe('invalid_filterset');
    // Inherited object keys are not filter fields (`constructor` used to reach the SQL compiler with no column).
    const inherited = await get(url(`?filters=${encodeURIComponent(JSON.stringify({ constructor: ids[0] }))}`));
    expect(inherited.statusCode).toBe(400);
    expect(inherited.json()).toMatchObject({ code: 'invalid_filter_field' });
    // A falsy or empty tree filters nothing.
    for (const empty of ['null', '[]']) expect((await get(url(`?filters=${empty}`))).json().total_count).toBe(5);
    let deep: unknown = { priority: 'high' };
    for (let i = 0; i < 6; i++) deep = { not: deep };
    expect((await get(url(tree(deep)))).json()).toMatchObject({ code: 'max_depth_exceeded' });
  });
});

describe('GET issues/ grouped', () => {
  test('groups by state with every non-triage state present', async () => {
    const body = (await get(url('?group_by=state_id&per_page=50&order_by=sequence_id'))).json();
    expect(body.grouped_by).toBe('state_id');
    expect(Object.keys(body.results).sort()).toEqual(Object.values(team.project.states).sort());
    expect(body.results[team.project.states.started].results.map((i: { name: string }) => i.name)).toEqual(['one', 'two']);
    expect(body.results[team.project.states.started].total_results).toBe(2);
    expect(body.results[team.project.states.cancelled]).toEqual({ results: [], total_results: 0 });
    expect(body.total_count).toBe(5);
    expect(body.count).toBe(5);
  });

  test('accepts the display names of groupings', async () => {
    const body = (await get(url('?group_by=priority'))).json();
    expect(body.grouped_by).toBe('priority');
    expect(Object.keys(body.results)).toEqual(['low', 'medium', 'high', 'urgent', 'none']);
    expect(body.results.medium).toEqual({ results: [], total_results: 0 });
  });

  test('fans M2M groups out and counts distinct issues', async () => {
    const body = (await get(url('?group_by=labels__id&order_by=sequence_id'))).json();
    expect(Object.keys(body.results).sort()).toEqual([...labelIds, 'None'].sort());
    const bug = body.results[labelIds[0]];
    expect(bug.total_results).toBe(2);
    expect(bug.results.map((i: { name: string }) => i.name)).toEqual(['one', 'two']);
    expect([...bug.results[0].label_ids].sort()).toEqual([...labelIds].sort());
    expect(bug.results[1].label_ids).toEqual([labelIds[0]]);
    expect(body.results.None.results.every((i: { label_ids: string[] }) => i.label_ids.length === 0)).toBe(true);
    expect(body.total_count).toBe(5);
    expect(body.count).toBe(6);
  });

  test('pages each group and reports the largest group in total_pages', async () => {
    const body = (await get(url('?group_by=state_id&per_page=1&order_by=sequence_id'))).json();
    expect(body.total_pages).toBe(2);
    expect(body.next_page_results).toBe(true);
    expect(body.results[team.project.states.started].results.map((i: { name: string }) => i.name)).toEqual(['one']);
    const next = (await get(url('?group_by=state_id&cursor=1:1:0&order_by=sequence_id'))).json();
    expect(next.results[team.project.states.started].results.map((i: { name: string }) => i.name)).toEqual(['two']);
    expect(next.results[team.project.states.started].total_results).toBe(2);
    expect(next.next_page_results).toBe(false);
  });

  test('sub-groups state × priority', async () => {
    const body = (await get(url(`?group_by=state_id&sub_group_by=priority&order_by=sequence_id`))).json();
    expect(body.sub_grouped_by).toBe('priority');
    expect(Object.keys(body.results)).toHaveLength(5);
    const started = body.results[team.project.states.started];
    expect(started.total_results).toBe(2);
    expect(Object.keys(started.results)).toEqual(['high', 'urgent']);
    expect(started.results.urgent).toMatchObject({ total_results: 1 });
    expect(started.results.urgent.results[0].name).toBe('one');
    expect(body.results[team.project.states.cancelled]).toEqual({ results: {}, total_results: 0 });
  });

  test('refuses equal or unknown groupings', async () => {
    const same = await get(url('?group_by=state_id&sub_group_by=state'));
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ error: 'Group by and sub group by cannot have same parameters' });
    expect((await get(url('?group_by=name'))).statusCode).toBe(400);
    expect((await get(url('?group_by=state_id&sub_group_by=bogus'))).statusCode).toBe(400);
  });

  test('every wire grouping answers', async () => {
    const fields = ['state_id', 'state__group', 'priority', 'project_id', 'cycle_id', 'issue_module__module_id', 'labels__id', 'assignees__id', 'created_by', 'target_date', 'start_date'];
    for (const field of fields) {
      const response = await get(url(`?group_by=${field}&sub_group_by=${field === 'priority' ? 'labels__id' : 'priority'}`));
      expect(response.statusCode, field).toBe(200);
      expect(response.json().total_count, field).toBe(5);
    }
    const byCycle = (await get(url('?group_by=cycle_id'))).json();
    expect(Object.keys(byCycle.results)).toEqual([cycleIds[0], 'None']);
    const byDate = (await get(url('?group_by=target_date'))).json();
    expect(Object.keys(byDate.results)).toEqual(['2024-02-01', '2024-03-01', 'None']);
  });
});

describe('GET issues/ access', () => {
  test('a guest sees only the issues they created', async () => {
    const body = (await get(url(), team.guest)).json();
    expect(body.results.map((i: { name: string }) => i.name)).toEqual(['two']);
    expect(body.total_count).toBe(1);
  });

  test('anonymous gets 401, a non-member 403, an unknown project 404', async () => {
    expect((await team.server.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
    expect((await get(url(), team.outsider)).statusCode).toBe(403);
    const missing = await get(`/api/workspaces/${team.workspace.slug}/projects/00000000-0000-4000-8000-000000000000/issues/`);
    expect(missing.statusCode).toBe(404);
    expect((await get(`/api/workspaces/${team.workspace.slug}/projects/not-a-uuid/issues/`)).statusCode).toBe(404);
  });

  test('a 100 kB query value is refused with 400', async () => {
    expect((await get(url(`?name=${'x'.repeat(100_000)}`))).statusCode).toBe(400);
  });
});
