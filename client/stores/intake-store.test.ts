// @vitest-environment happy-dom
// Intake submissions are issues: creating one, triaging it and deleting it go through the
// work-item outbox (issue 17) — shown at once, kept through an outage and replayed with the
// original mutation id, failed (with the server's message) only when the server refuses.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { installFakeApi, json, type FakeCall } from '../test-support/fake-api';
import { closeWorkOutbox, discardOutboxEntry, useOutboxStore, workOutbox } from '../outbox/work-outbox';
import type { IntakeIssue, IntakeIssueDetail } from '../api/types';
import { IntakeStatus } from '../../shared/issue-constants';
import { applyIntakeChange, createIntakeIssue, deleteIntake, fetchIntake, getIntakeRows, resetIntake, triageIntake, useIntakeList } from './intake-store';

const P = '11111111-1111-4111-8111-111111111111';
const base = `/api/workspaces/acme/projects/${P}/intake-issues/`;

const lite = (id: string, name: string) => ({ id, name, priority: 'none', sequence_id: 7, project_id: P, created_at: '2026-01-01T00:00:00.000Z', label_ids: [], created_by: 'u1' });
const row = (id: string, issueId: string, patch: Partial<IntakeIssue> = {}): IntakeIssue => ({
  id, status: IntakeStatus.PENDING, duplicate_to: null, snoozed_till: null, source: 'IN_APP', created_by: 'u1', version: 1, issue: lite(issueId, `Request ${id}`), ...patch,
});
const detailOf = (intake: IntakeIssue, patch: Partial<IntakeIssueDetail> = {}) => ({ ...intake, duplicate_issue_detail: null, ...patch, issue: { ...intake.issue, description_html: '' } }) as unknown as IntakeIssueDetail;

let api: ReturnType<typeof installFakeApi>;
/** Answers 503 (the proxy's "server down") until `reachable`, then `answer`. */
let reachable: boolean;
const whenReachable = (answer: (call: FakeCall) => { status: number; body?: unknown }) => (call: FakeCall) => (reachable ? answer(call) : json(503, {}));
const sent = (method: string, path: string) => api.calls.filter((call) => call.method === method && call.path === path);
const shown = (id: string) => getIntakeRows().find((each) => each.id === id);

beforeEach(async () => {
  api = installFakeApi();
  reachable = false;
  closeWorkOutbox();
  resetIntake();
  useIntakeList.setState({ order: [], total: 0, detail: null });
  api.on('GET', base, () => json(200, { results: [row('r1', 'i1')], next_cursor: '10:1:0', next_page_results: false, total_results: 1 }));
  await fetchIntake('acme', P);
});
afterEach(() => vi.unstubAllGlobals());

/** Brings the server back and waits for the outbox to drain. */
async function reconnect() {
  reachable = true;
  workOutbox.kick();
  await workOutbox.idle();
}

describe('intake through the outbox', () => {
  test('a submission shows at once; out of reach it waits, then lands once with its mutation id and takes the temporary row\'s place', async () => {
    api.on('POST', base, whenReachable((call) => json(201, detailOf(row('r2', 'i2', { issue: lite('i2', (call.body as { issue: { name: string } }).issue.name) })))));
    const pending = createIntakeIssue('acme', P, { name: 'Printer on fire' });
    const temp = getIntakeRows().find((each) => each.issue.name === 'Printer on fire');
    expect(temp?.id).toMatch(/^temp-/);
    await expect(pending).resolves.toBe(false);
    expect(useOutboxStore.getState().records[0]).toMatchObject({ status: 'pending', label: { key: 'outbox.kind.intakeCreate', values: { name: 'Printer on fire' } } });
    expect(useOutboxStore.getState().rowStatus.get(temp!.id)).toBe('pending');
    await reconnect();
    const posts = sent('POST', base);
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers.get('X-Client-Mutation-Id')).toBe(posts[0]!.headers.get('X-Client-Mutation-Id'));
    expect(posts[0]!.body).toEqual({ source: 'IN_APP', issue: { name: 'Printer on fire' } });
    await vi.waitFor(() => expect(shown('r2')?.issue.name).toBe('Printer on fire'));
    expect(shown(temp!.id)).toBeUndefined();
  });

  test('a triage shows at once; out of reach it waits and its replay reuses the mutation id', async () => {
    const r1 = row('r1', 'i1');
    api.on('PATCH', `${base}i1/`, whenReachable((call) => json(200, detailOf(r1, { ...(call.body as object), version: 2 }))));
    await expect(triageIntake('acme', P, r1, { status: IntakeStatus.ACCEPTED })).resolves.toBe(false);
    expect(shown('r1')?.status).toBe(IntakeStatus.ACCEPTED);
    const [waiting] = useOutboxStore.getState().records;
    expect(waiting).toMatchObject({ status: 'pending', keys: ['r1', 'i1'], label: { key: 'outbox.kind.triage', values: { name: 'Request r1' } } });
    expect(useOutboxStore.getState().rowStatus.get('r1')).toBe('pending');
    await reconnect();
    const patches = sent('PATCH', `${base}i1/`);
    expect(patches).toHaveLength(2);
    expect(patches[1]!.headers.get('X-Client-Mutation-Id')).toBe(patches[0]!.headers.get('X-Client-Mutation-Id'));
    expect(shown('r1')?.status).toBe(IntakeStatus.ACCEPTED);
    expect(useOutboxStore.getState().records).toHaveLength(0);
  });

  test('a refused triage stays failed with the server\'s message; discarding it shows the server\'s status again', async () => {
    api.on('PATCH', `${base}i1/`, () => json(403, { error: "You don't have the required permissions." }));
    await expect(triageIntake('acme', P, row('r1', 'i1'), { status: IntakeStatus.DECLINED })).rejects.toMatchObject({ status: 403 });
    const [failed] = useOutboxStore.getState().records;
    expect(failed).toMatchObject({ status: 'failed', error: { status: 403, message: "You don't have the required permissions." } });
    expect(shown('r1')?.status).toBe(IntakeStatus.DECLINED);
    await discardOutboxEntry(failed!.seq);
    await vi.waitFor(() => expect(shown('r1')?.status).toBe(IntakeStatus.PENDING));
  });

  test('a deletion hides the row at once; out of reach it waits and its replay reuses the mutation id', async () => {
    api.on('DELETE', `${base}i1/`, whenReachable(() => json(204)));
    await expect(deleteIntake('acme', P, row('r1', 'i1'))).resolves.toBe(false);
    expect(shown('r1')).toBeUndefined();
    expect(useOutboxStore.getState().records[0]).toMatchObject({ label: { key: 'outbox.kind.intakeDelete' } });
    await reconnect();
    const deletes = sent('DELETE', `${base}i1/`);
    expect(deletes).toHaveLength(2);
    expect(deletes[1]!.headers.get('X-Client-Mutation-Id')).toBe(deletes[0]!.headers.get('X-Client-Mutation-Id'));
    expect(shown('r1')).toBeUndefined();
  });
});

describe('live changes from another browser', () => {
  test("a teammate's triage reaches this list: the row takes the server's status (the store is scoped by project, not workspace)", () => {
    expect(shown('r1')?.status).toBe(IntakeStatus.PENDING);
    applyIntakeChange({ type: 'change', id: 41, entity: 'inbox_issue', op: 'update', workspace: 'acme', project_id: P, version: 2, data: row('r1', 'i1', { status: IntakeStatus.ACCEPTED, version: 2 }) as unknown as Record<string, unknown>, client_mutation_id: null });
    expect(shown('r1')?.status).toBe(IntakeStatus.ACCEPTED);
  });
});
