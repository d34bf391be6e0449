// Property test of the list engine: random issue sets inserted into the real test database, random
// filter / order / grouping / page choices sent to GET issues/, and the response compared with a
// plain in-memory evaluation of the reference's rules (§1.2, §1.3). Bounded to ~30 runs.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, expect, test } from 'vitest';
import type { TestProject } from '../support/factories';
import { useTeam } from '../support/team';
import { clearIssues, insertCycles, insertIssues, insertLabels, insertModules, type IssueSpec } from './fixtures';

const PRIORITIES = ['urgent', 'high', 'medium', 'low', 'none'];
const GROUPS = ['backlog', 'unstarted', 'started', 'completed', 'cancelled'];
const DAYS = ['2024-05-01', '2024-05-02', '2024-05-03', '2024-05-04', '2024-05-05'];
const ORDERS = ['-created_at', 'created_at', 'sort_order', '-priority', 'priority', 'target_date', '-target_date', 'start_date', 'state__group', '-state__group', 'sequence_id', '-updated_at', 'labels__name'];
const GROUP_FIELDS = ['state_id', 'priority', 'state__group', 'labels__id', 'assignees__id', 'cycle_id', 'issue_module__module_id', 'target_date', 'created_by'];
const M2M = ['labels__id', 'assignees__id', 'issue_module__module_id'];
const LABEL_NAMES = ['alpha', 'bravo', 'charlie'];

const team = useTeam({ member: { workspace: 15, project: 15 }, guest: { workspace: 5, project: 5 } }, { instanceAdmin: true });
let labels: string[];
let moduleIds: string[];
let cycleIds: string[];
let stateIds: string[];

interface Issue extends Required<Pick<IssueSpec, 'priority' | 'sortOrder'>> {
  id: string;
  seq: number;
  stateId: string | null;
  group: string | null;
  createdAt: number;
  createdBy: string;
  targetDate: string | null;
  startDate: string | null;
  labelIds: string[];
  assigneeIds: string[];
  moduleIds: string[];
  cycleId: string | null;
  parentId: string | null;
  hidden: boolean;
}

beforeAll(async () => {
  const { db } = team.server.database;
  labels = await insertLabels(db, team.project, LABEL_NAMES);
  moduleIds = await insertModules(db, team.project, ['m1', 'm2']);
  cycleIds = await insertCycles(db, team.project, ['c1', 'c2']);
  stateIds = GROUPS.map((group) => team.project.states[group as keyof TestProject['states']]);
});

const subset = <T>(items: readonly T[]) => fc.subarray([...items]);

function issueArb() {
  return fc.record({
    state: fc.integer({ min: -1, max: 4 }),
    priority: fc.constantFrom(...PRIORITIES),
    sortOrder: fc.constantFrom(1000, 2000, 65535),
    createdAt: fc.integer({ min: 0, max: 6 }),
    creator: fc.integer({ min: 0, max: 2 }),
    targetDate: fc.option(fc.constantFrom(...DAYS), { nil: null }),
    startDate: fc.option(fc.constantFrom(...DAYS), { nil: null }),
    labels: subset([0, 1, 2]),
    assignees: subset([0, 1]),
    modules: subset([0, 1]),
    cycle: fc.integer({ min: -1, max: 1 }),
    parent: fc.option(fc.nat(20), { nil: null }),
    hidden: fc.constantFrom(false, false, false, false, true),
  });
}

/** Mostly null: each filter is present in about one run in five, so most runs keep some issues. */
const sometimes = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: arb, weight: 1 });

const queryArb = fc.record({
  priorities: sometimes(fc.subarray(PRIORITIES, { minLength: 2 })),
  states: sometimes(fc.subarray([0, 1, 2, 3, 4, -1], { minLength: 2 })),
  labels: sometimes(fc.subarray([0, 1, 2, -1], { minLength: 1 })),
  assignees: sometimes(fc.subarray([0, 1, -1], { minLength: 1 })),
  targetRange: sometimes(fc.tuple(fc.constantFrom(...DAYS.slice(0, 3)), fc.constantFrom(...DAYS.slice(2)))),
  type: sometimes(fc.constantFrom('active', 'backlog')),
  subIssue: sometimes(fc.constant(true)).map(Boolean),
  rich: sometimes(fc.constantFrom('or', 'not')),
  orderBy: fc.constantFrom(...ORDERS),
  groupBy: fc.option(fc.constantFrom(...GROUP_FIELDS), { nil: null }),
  subGroupBy: sometimes(fc.constantFrom(...GROUP_FIELDS)),
  perPage: fc.integer({ min: 1, max: 6 }),
  page: fc.integer({ min: 0, max: 2 }),
  asGuest: sometimes(fc.constant(true)).map(Boolean),
});
type Query = typeof queryArb extends fc.Arbitrary<infer T> ? T : never;
type RawIssue = ReturnType<typeof issueArb> extends fc.Arbitrary<infer T> ? T : never;

function buildIssues(raw: RawIssue[]): Issue[] {
  const users = [team.owner.id, team.member.id, team.guest.id];
  const issues: Issue[] = [];
  raw.forEach((r, index) => {
    const parent = r.parent !== null && r.parent < index ? issues[r.parent] : null;
    issues.push({
      id: randomUUID(),
      seq: index,
      stateId: r.state < 0 ? null : stateIds[r.state],
      group: r.state < 0 ? null : GROUPS[r.state],
      priority: r.priority,
      sortOrder: r.sortOrder,
      createdAt: Date.UTC(2024, 0, 1) + r.createdAt * 1000,
      createdBy: users[r.creator],
      targetDate: r.targetDate,
      startDate: r.startDate,
      labelIds: r.labels.map((i) => labels[i]),
      assigneeIds: r.assignees.map((i) => [team.owner.id, team.member.id][i]),
      moduleIds: r.modules.map((i) => moduleIds[i]),
      cycleId: r.cycle < 0 ? null : cycleIds[r.cycle],
      parentId: parent && !parent.hidden ? parent.id : null,
      hidden: r.hidden,
    });
  });
  return issues;
}

function queryString(q: Query): string {
  const params = new URLSearchParams();
  if (q.priorities) params.set('priority', q.priorities.join(','));
  if (q.states) params.set('state', q.states.map((i) => (i < 0 ? 'None' : stateIds[i])).join(','));
  if (q.labels) params.set('labels', q.labels.map((i) => (i < 0 ? 'None' : labels[i])).join(','));
  if (q.assignees) params.set('assignees', q.assignees.map((i) => (i < 0 ? 'None' : [team.owner.id, team.member.id][i])).join(','));
  if (q.targetRange) params.set('target_date', `${q.targetRange[0]};after,${q.targetRange[1]};before`);
  if (q.type) params.set('type', q.type);
  if (q.subIssue) params.set('sub_issue', 'false');
  if (q.rich === 'or') params.set('filters', JSON.stringify({ or: [{ priority__in: 'urgent,high' }, { label_id__in: [labels[0]] }] }));
  if (q.rich === 'not') params.set('filters', JSON.stringify({ not: { state_group: 'completed' } }));
  params.set('order_by', q.orderBy);
  if (q.groupBy) params.set('group_by', q.groupBy);
  if (q.subGroupBy) params.set('sub_group_by', q.subGroupBy);
  params.set('cursor', `${q.perPage}:${q.page}:0`);
  return params.toString();
}

const inList = (value: string | null, list: number[] | null, all: string[]) =>
  !list || list.some((i) => (i === -1 ? value === null : all[i] === value));
const anyIn = (values: string[], list: number[] | null, all: string[]) =>
  !list || list.some((i) => (i === -1 ? values.length === 0 : values.includes(all[i])));

function matches(issue: Issue, q: Query, viewer: string): boolean {
  if (issue.hidden) return false;
  if (q.asGuest && issue.createdBy !== viewer) return false;
  if (q.priorities && !q.priorities.includes(issue.priority)) return false;
  if (!inList(issue.stateId, q.states, stateIds)) return false;
  if (!anyIn(issue.labelIds, q.labels, labels)) return false;
  if (!anyIn(issue.assigneeIds, q.assignees, [team.owner.id, team.member.id])) return false;
  if (q.targetRange && !(issue.targetDate && issue.targetDate >= q.targetRange[0] && issue.targetDate <= q.targetRange[1])) return false;
  if (q.type === 'active' && !['unstarted', 'started'].includes(issue.group ?? '')) return false;
  if (q.type === 'backlog' && issue.group !== 'backlog') return false;
  if (q.subIssue && issue.parentId !== null) return false;
  if (q.rich === 'or' && !(['urgent', 'high'].includes(issue.priority) || issue.labelIds.includes(labels[0]))) return false;
  if (q.rich === 'not' && issue.group === 'completed') return false;
  return true;
}

function sortValue(issue: Issue, field: string): string | number | null {
  switch (field) {
    case 'created_at':
    case 'updated_at':
      return issue.createdAt;
    case 'sort_order':
      return issue.sortOrder;
    case 'priority':
      return PRIORITIES.indexOf(issue.priority);
    case 'target_date':
      return issue.targetDate;
    case 'start_date':
      return issue.startDate;
    case 'state__group':
      return issue.group === null ? null : GROUPS.indexOf(issue.group);
    case 'sequence_id':
      return issue.seq;
    case 'labels__name': {
      const names = issue.labelIds.map((id) => LABEL_NAMES[labels.indexOf(id)]).sort();
      return names[0] ?? null;
    }
    default:
      throw new Error(field);
  }
}

function comparator(orderBy: string) {
  const desc = orderBy.startsWith('-');
  const field = desc ? orderBy.slice(1) : orderBy;
  const keyDesc = field === 'priority' ? !desc : desc;
  return (a: Issue, b: Issue) => {
    const va = sortValue(a, field);
    const vb = sortValue(b, field);
    if (va !== vb) {
      if (va === null) return 1;
      if (vb === null) return -1;
      return (va < vb ? -1 : 1) * (keyDesc ? -1 : 1);
    }
    if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

function groupKeys(issue: Issue, field: string): string[] {
  const orNone = (values: string[]) => (values.length ? values : ['None']);
  switch (field) {
    case 'state_id':
      return [issue.stateId ?? 'None'];
    case 'priority':
      return [issue.priority];
    case 'state__group':
      return [issue.group ?? 'None'];
    case 'labels__id':
      return orNone(issue.labelIds);
    case 'assignees__id':
      return orNone(issue.assigneeIds);
    case 'cycle_id':
      return [issue.cycleId ?? 'None'];
    case 'issue_module__module_id':
      return orNone(issue.moduleIds);
    case 'target_date':
      return [issue.targetDate ?? 'None'];
    case 'created_by':
      return [issue.createdBy];
    default:
      throw new Error(field);
  }
}

function candidates(field: string): string[] {
  switch (field) {
    case 'state_id':
      return stateIds;
    case 'priority':
      return PRIORITIES;
    case 'state__group':
      return GROUPS;
    case 'cycle_id':
      return [...cycleIds, 'None'];
    case 'labels__id':
      return [...labels, 'None'];
    case 'issue_module__module_id':
      return [...moduleIds, 'None'];
    case 'assignees__id':
      return [team.owner.id, team.member.id, team.guest.id, 'None'];
    default:
      return [];
  }
}

type Item = { id: string; label_ids: string[]; assignee_ids: string[]; module_ids: string[] };
type Bucket = { results: Item[] | Record<string, { results: Item[]; total_results: number }>; total_results: number };

function checkGrouped(body: { results: Record<string, Bucket>; [key: string]: unknown }, visible: Issue[], q: Query) {
  const groupBy = q.groupBy!;
  const subGroupBy = q.subGroupBy;
  const sorted = [...visible].sort(comparator(q.orderBy));
  const offset = q.page * q.perPage;
  const rows = sorted.flatMap((issue) =>
    groupKeys(issue, groupBy).flatMap((g) => (subGroupBy ? groupKeys(issue, subGroupBy) : ['None']).map((sg) => ({ issue, g, sg }))),
  );
  const partitions = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = subGroupBy ? `${row.g}|${row.sg}` : row.g;
    partitions.set(key, [...(partitions.get(key) ?? []), row]);
  }
  const pageRows = [...partitions.values()].flatMap((part) => part.slice(offset, offset + q.perPage));
  const maxPartition = Math.max(0, ...[...partitions.values()].map((part) => part.length));
  expect(body.total_count).toBe(visible.length);
  expect(body.total_pages).toBe(Math.ceil(maxPartition / q.perPage));
  expect(body.next_page_results).toBe(maxPartition > offset + q.perPage);
  expect(body.count).toBe(pageRows.length);
  const distinct = (list: typeof rows) => new Set(list.map((row) => row.issue.id)).size;
  const found = [...new Set(rows.map((row) => row.g))];
  const expectedKeys = M2M.includes(groupBy) && !subGroupBy ? [...new Set(pageRows.map((row) => row.g))] : [...new Set([...candidates(groupBy), ...found])];
  expect(Object.keys(body.results).sort()).toEqual([...expectedKeys].sort());
  // Fan-out: an M2M field lists the keys the issue matched on this page.
  const matchedOnPage = (issueId: string, column: 'g' | 'sg') =>
    [...new Set(pageRows.filter((row) => row.issue.id === issueId).map((row) => row[column]).filter((key) => key !== 'None'))].sort();
  const fields: Record<string, keyof Item> = { labels__id: 'label_ids', assignees__id: 'assignee_ids', issue_module__module_id: 'module_ids' };
  const checkItems = (items: Item[], expected: typeof rows) => {
    expect(items.map((item) => item.id)).toEqual(expected.map((row) => row.issue.id));
    for (const item of items) {
      if (fields[groupBy]) expect([...(item[fields[groupBy]] as string[])].sort()).toEqual(matchedOnPage(item.id, 'g'));
      if (subGroupBy && fields[subGroupBy]) expect([...(item[fields[subGroupBy]] as string[])].sort()).toEqual(matchedOnPage(item.id, 'sg'));
    }
  };
  for (const key of expectedKeys) {
    const bucket = body.results[key];
    const inGroup = rows.filter((row) => row.g === key);
    expect(bucket.total_results, `group ${key}`).toBe(distinct(inGroup));
    if (!subGroupBy) {
      checkItems(bucket.results as Item[], pageRows.filter((row) => row.g === key));
      continue;
    }
    const subKeys = [...new Set(inGroup.map((row) => row.sg))];
    const sub = bucket.results as Record<string, { results: Item[]; total_results: number }>;
    expect(Object.keys(sub).sort()).toEqual(subKeys.sort());
    for (const subKey of subKeys) {
      expect(sub[subKey].total_results).toBe(distinct(inGroup.filter((row) => row.sg === subKey)));
      checkItems(sub[subKey].results, pageRows.filter((row) => row.g === key && row.sg === subKey));
    }
  }
}

test('the list engine agrees with an in-memory evaluation of the rules', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(issueArb(), { minLength: 3, maxLength: 24 }), queryArb, async (raw, q) => {
      const { db } = team.server.database;
      await clearIssues(db, team.project);
      const issues = buildIssues(raw);
      await insertIssues(
        db,
        team.project,
        issues.map((issue) => ({
          id: issue.id,
          stateId: issue.stateId,
          priority: issue.priority,
          sortOrder: issue.sortOrder,
          createdAt: new Date(issue.createdAt),
          createdBy: issue.createdBy,
          targetDate: issue.targetDate,
          startDate: issue.startDate,
          labelIds: issue.labelIds,
          assigneeIds: issue.assigneeIds,
          moduleIds: issue.moduleIds,
          cycleId: issue.cycleId,
          parentId: issue.parentId,
          archivedAt: issue.hidden && issue.seq % 2 ? new Date() : null,
          isDraft: issue.hidden && issue.seq % 2 === 0,
        })),
      );
      const viewer = q.asGuest ? team.guest : team.owner;
      const response = await team.server.inject({
        method: 'GET',
        url: `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}/issues/?${queryString(q)}`,
        headers: viewer.headers,
      });
      if (q.groupBy && q.subGroupBy && q.groupBy === q.subGroupBy) {
        expect(response.statusCode).toBe(400);
        return;
      }
      expect(response.statusCode).toBe(200);
      const body = response.json();
      const visible = issues.filter((issue) => matches(issue, q, viewer.id));
      if (process.env.LIST_ENGINE_DEBUG) console.log('run', q.orderBy, q.groupBy, q.subGroupBy, issues.length, visible.length);
      if (!q.groupBy) {
        const expected = [...visible].sort(comparator(q.orderBy)).slice(q.page * q.perPage, (q.page + 1) * q.perPage);
        expect(body.results.map((item: Item) => item.id)).toEqual(expected.map((issue) => issue.id));
        expect(body).toMatchObject({
          total_count: visible.length,
          count: expected.length,
          total_pages: Math.ceil(visible.length / q.perPage),
          next_page_results: (q.page + 1) * q.perPage < visible.length,
          prev_page_results: q.page > 0,
        });
        return;
      }
      checkGrouped(body, visible, q);
    }),
    { numRuns: 30, seed: Number(process.env.LIST_ENGINE_SEED ?? Date.now() % 2 ** 31) },
  );
});
