// @vitest-environment happy-dom
// Transferring a cycle's unfinished issues goes through the work-item outbox (issue 17).
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { installFakeApi, json } from '../test-support/fake-api';
import { closeWorkOutbox, useOutboxStore, workOutbox } from '../outbox/work-outbox';
import type { Cycle } from '../api/types';
import { transferCycleIssues } from './cycle-store';
import { getIssue, resetIssues, scopeIssues, upsertIssues, type Issue } from './issue-store';
import { resetStates, setStates, type State } from './state-store';

const P = '11111111-1111-4111-8111-111111111111';
const transferPath = `/api/workspaces/acme/projects/${P}/cycles/c1/transfer-issues/`;
const sprint = { id: 'c1', name: 'Sprint 1', project_id: P } as Cycle;

const state = (id: string, group: State['group']): State => ({ id, project_id: P, name: id, color: '#000', group, default: false, sequence: 1, workspace_id: 'w1', description: '', order: null, version: 1 });
const issue = (id: string, stateId: string, cycleId: string | null = 'c1'): Issue => ({
  id, name: `Issue ${id}`, sequence_id: 1, project_id: P, state_id: stateId, priority: 'none', sort_order: 65535, label_ids: [], assignee_ids: [],
  start_date: null, target_date: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', version: 1, cycle_id: cycleId,
});

let api: ReturnType<typeof installFakeApi>;

beforeEach(() => {
  api = installFakeApi();
  closeWorkOutbox();
  resetIssues();
  resetStates();
  scopeIssues('acme');
  setStates('acme', [state('todo', 'unstarted'), state('doing', 'started'), state('done', 'completed')]);
  upsertIssues([issue('a', 'todo'), issue('b', 'doing'), issue('c', 'done'), issue('d', 'todo', 'c9')]);
});
afterEach(() => vi.unstubAllGlobals());

describe('transfer of unfinished issues', () => {
  test('the unfinished issues show in the new cycle at once; the request carries a mutation id', async () => {
    api.on('POST', transferPath, () => json(200, { message: 'Success' }));
    const pending = transferCycleIssues('acme', sprint, 'c2');
    expect([getIssue('a')?.cycle_id, getIssue('b')?.cycle_id, getIssue('c')?.cycle_id, getIssue('d')?.cycle_id]).toEqual(['c2', 'c2', 'c1', 'c9']);
    await expect(pending).resolves.toBe(true);
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: transferPath, body: { new_cycle_id: 'c2' } });
    expect(api.calls[0]!.headers.get('X-Client-Mutation-Id')).toBeTruthy();
    await workOutbox.idle();
    expect(useOutboxStore.getState().records).toHaveLength(0);
  });

  test('out of reach it waits in the outbox, shown pending, and its replay reuses the original mutation id', async () => {
    let reachable = false;
    api.on('POST', transferPath, () => (reachable ? json(200, { message: 'Success' }) : json(503, {})));
    await expect(transferCycleIssues('acme', sprint, 'c2')).resolves.toBe(false);
    const [waiting] = useOutboxStore.getState().records;
    expect(waiting).toMatchObject({ status: 'pending', label: { key: 'outbox.kind.transfer', values: { name: 'Sprint 1' } } });
    expect(waiting!.keys).toEqual(expect.arrayContaining(['c1', 'a', 'b']));
    expect(useOutboxStore.getState().rowStatus.get('a')).toBe('pending');
    expect(getIssue('a')?.cycle_id).toBe('c2');
    reachable = true;
    workOutbox.kick();
    await workOutbox.idle();
    const sent = api.calls.filter((call) => call.path === transferPath);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers.get('X-Client-Mutation-Id')).toBe(sent[0]!.headers.get('X-Client-Mutation-Id'));
    expect(useOutboxStore.getState().records).toHaveLength(0);
    expect(getIssue('a')?.cycle_id).toBe('c2');
  });

  test('a refusal stays in "changes not saved" with the server\'s message', async () => {
    api.on('POST', transferPath, () => json(400, { error: 'The cycle where the issues are transferred is already completed' }));
    await expect(transferCycleIssues('acme', sprint, 'c2')).rejects.toMatchObject({ status: 400 });
    const [failed] = useOutboxStore.getState().records;
    expect(failed).toMatchObject({ status: 'failed', error: { status: 400, message: 'The cycle where the issues are transferred is already completed' } });
    expect(useOutboxStore.getState().rowStatus.get('b')).toBe('failed');
  });
});
