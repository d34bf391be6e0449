// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ChangeMessage } from '../../shared/live-protocol';
import { installFakeApi, json } from '../test-support/fake-api';
import { applyActivityChange, fetchIssueActivity, getIssueActivity, getIssueActivityStatus, resetActivity, type Activity } from './issue-activity-store';

const P = '11111111-1111-4111-8111-111111111111';
const history = `/api/workspaces/acme/projects/${P}/issues/i1/history/`;
let api: ReturnType<typeof installFakeApi>;

const row = (id: string, fields: Partial<Activity> = {}): Activity => ({
  id, activity_type: 'ACTIVITY', issue: 'i1', verb: 'updated', field: 'state', old_value: 'Todo', new_value: 'Done', old_identifier: null, new_identifier: null,
  actor: 'u1', created_at: '2026-11-25T10:00:00.000Z', updated_at: '2026-11-25T10:00:00.000Z', created_by: 'u1', updated_by: 'u1', deleted_at: null,
  workspace: 'w1', project: P, comment: null, attachments: [], issue_comment: null, epoch: null, source_data: null, actor_detail: null,
  issue_detail: null, project_detail: null, workspace_detail: null, ...fields,
});

const event = (data: Activity, op: 'create' | 'update' = 'create', workspace = 'acme'): ChangeMessage => ({
  type: 'change', id: 1, entity: 'issue_activity', op, workspace, project_id: P, version: Date.parse(data.updated_at!), data: { ...data }, client_mutation_id: null,
});

const feed = (issueId = 'i1') => getIssueActivity(issueId);

beforeEach(() => {
  api = installFakeApi();
  resetActivity();
});
afterEach(() => vi.unstubAllGlobals());

describe('issue activity store', () => {
  test('an opened feed takes live rows; a feed nobody opened and other workspaces are ignored', async () => {
    api.on('GET', history, () => json(200, [row('a1', { verb: 'created', field: null })]));
    await fetchIssueActivity('acme', P, 'i1');
    applyActivityChange(event(row('a2', { created_at: '2026-11-25T10:05:00.000Z', updated_at: '2026-11-25T10:05:00.000Z' })));
    applyActivityChange(event(row('x1', { issue: 'other' })));
    applyActivityChange(event(row('x2'), 'create', 'elsewhere'));
    expect(feed().map((item) => item.id)).toEqual(['a1', 'a2']);
    expect(feed('other')).toEqual([]);
  });

  test('comment rows stay out of the property feed', async () => {
    api.on('GET', history, () => json(200, []));
    await fetchIssueActivity('acme', P, 'i1');
    applyActivityChange(event(row('c1', { field: 'comment', new_value: '<p>hi</p>' })));
    expect(feed()).toEqual([]);
  });

  test('an event that arrives while the history loads is kept, and an older answer never replaces a newer row', async () => {
    let answer!: (rows: Activity[]) => void;
    api.on('GET', history, () => new Promise((resolve) => (answer = (rows) => resolve(json(200, rows)))));
    const loading = fetchIssueActivity('acme', P, 'i1');
    expect(getIssueActivityStatus('i1')).toBe('loading');
    await vi.waitFor(() => expect(answer).toBeDefined());
    const moved = row('d1', { field: 'description', new_value: '<p>two</p>', updated_at: '2026-11-25T10:09:00.000Z' });
    applyActivityChange(event(row('n1', { created_at: '2026-11-25T10:10:00.000Z', updated_at: '2026-11-25T10:10:00.000Z' })));
    applyActivityChange(event(moved, 'update'));
    answer([row('d1', { field: 'description', new_value: '<p>one</p>', updated_at: '2026-11-25T10:01:00.000Z' })]);
    await loading;
    expect(feed().map((item) => item.id)).toEqual(['d1', 'n1']);
    expect(feed()[0].new_value).toBe('<p>two</p>');
    expect(getIssueActivityStatus('i1')).toBe('ready');
  });

  test('a failed load reports an error', async () => {
    api.on('GET', history, () => json(500, { error: 'Something went wrong please try again later' }));
    await expect(fetchIssueActivity('acme', P, 'i1')).rejects.toBeTruthy();
    expect(getIssueActivityStatus('i1')).toBe('error');
  });
});
