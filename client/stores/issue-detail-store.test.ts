// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { installFakeApi, json } from '../test-support/fake-api';
import { useToastStore } from './toast-store';
import type { Issue } from './issue-store';
import { addComment, applyDetailChange } from './issue-detail-store';
import { comments as commentStore, patchMeta, resetIssueChildren } from './issue-children';
import { closeWorkOutbox, discardOutboxEntry, useOutboxStore } from '../outbox/work-outbox';

const P = '11111111-1111-4111-8111-111111111111';
const issue = { id: 'i1', project_id: P, name: 'Fuel' } as Issue;
const path = `/api/workspaces/acme/projects/${P}/issues/i1/comments/`;
let api: ReturnType<typeof installFakeApi>;

beforeEach(() => {
  api = installFakeApi();
  closeWorkOutbox();
  useToastStore.setState({ toasts: [] });
  resetIssueChildren();
  patchMeta('i1', { status: 'ready' });
});
afterEach(() => vi.unstubAllGlobals());

const comments = () => commentStore.getRows().filter((row) => row.issue === 'i1');

describe('comments', () => {
  test('the live echo of my comment replaces its temporary row, never showing it twice', async () => {
    let release!: () => void;
    let mutationId = '';
    api.on('POST', path, async (call) => {
      mutationId = call.headers.get('X-Client-Mutation-Id') ?? '';
      await new Promise<void>((resolve) => (release = resolve));
      return json(201, { id: 'c1', comment_html: '<p>hi</p>', actor: 'me', created_at: '2026-01-01T00:00:00Z', issue: 'i1' });
    });
    const pending = addComment('acme', issue, '<p>hi</p>', 'me');
    expect(comments().map((row) => row.id)).toEqual([`temp-${await vi.waitFor(() => mutationId || Promise.reject(new Error('not sent')))}`]);
    applyDetailChange({ type: 'change', id: 1, entity: 'comment', op: 'create', workspace: 'acme', project_id: P, version: 1, data: { id: 'c1', comment_html: '<p>hi</p>', actor: 'me', created_at: '2026-01-01T00:00:00Z', issue: 'i1' }, client_mutation_id: mutationId });
    expect(comments().map((row) => row.id)).toEqual(['c1']);
    release();
    await pending;
    expect(comments().map((row) => row.id)).toEqual(['c1']);
  });

  test("someone else's comment is appended; a refused comment of mine stays listed as not saved with a toast, and disappears when discarded", async () => {
    applyDetailChange({ type: 'change', id: 2, entity: 'comment', op: 'create', workspace: 'acme', project_id: P, version: 1, data: { id: 'c9', comment_html: 'x', created_at: '2026-01-01T00:00:00Z', issue: 'i1' }, client_mutation_id: null });
    api.on('POST', path, () => json(400, { error: 'You are not allowed to comment on the issue' }));
    await expect(addComment('acme', issue, '<p>no</p>', 'me')).rejects.toMatchObject({ status: 400 });
    expect(comments()).toHaveLength(2);
    const [failed] = useOutboxStore.getState().records;
    expect(failed).toMatchObject({ status: 'failed', error: { message: 'You are not allowed to comment on the issue' } });
    await discardOutboxEntry(failed!.seq);
    await vi.waitFor(() => expect(comments().map((row) => row.id)).toEqual(['c9']));
    expect(useToastStore.getState().toasts[0]?.message).toBe('You are not allowed to comment on the issue');
  });
});
