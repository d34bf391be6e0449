// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest';
import { applyPending, createEntityStore } from './create-entity-store';

type Row = { id: string; role: number };

describe('entity store', () => {
  test('pending mutations apply over confirmed rows in order', () => {
    const confirmed = new Map<string, Row>([['a', { id: 'a', role: 5 }], ['b', { id: 'b', role: 15 }]]);
    expect(
      applyPending(confirmed, [
        { mutationId: '1', kind: 'update', id: 'a', patch: { role: 15 } },
        { mutationId: '2', kind: 'update', id: 'a', patch: { role: 20 } },
        { mutationId: '3', kind: 'delete', id: 'b' },
      ]),
    ).toEqual([{ id: 'a', role: 20 }]);
  });

  test('a failed mutation is dropped: the confirmed row shows again', async () => {
    const store = createEntityStore<Row>();
    store.setAll('acme', [{ id: 'a', role: 5 }]);
    let fail!: (error: Error) => void;
    const result = store.mutate({ mutationId: 'm', kind: 'update', id: 'a', patch: { role: 20 } }, () => new Promise((_, reject) => (fail = reject)));
    const view = () => applyPending(store.useStore.getState().confirmed, store.useStore.getState().pending);
    expect(view()).toEqual([{ id: 'a', role: 20 }]);
    fail(new Error('403'));
    await expect(result).rejects.toThrow('403');
    expect(view()).toEqual([{ id: 'a', role: 5 }]);
    expect(store.useStore.getState().pending).toEqual([]);
  });

  test('a successful delete removes the confirmed row', async () => {
    const store = createEntityStore<Row>();
    store.setAll('acme', [{ id: 'a', role: 5 }]);
    await store.mutate({ mutationId: 'm', kind: 'delete', id: 'a' }, async () => undefined);
    expect(store.useStore.getState().confirmed.size).toBe(0);
  });

  test('loading another scope clears the previous rows', () => {
    const store = createEntityStore<Row>();
    store.setAll('acme', [{ id: 'a', role: 5 }]);
    store.setStatus('other', 'loading');
    expect(store.useStore.getState()).toMatchObject({ scope: 'other', status: 'loading' });
    expect(store.useStore.getState().confirmed.size).toBe(0);
  });
});
