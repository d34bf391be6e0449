import { describe, expect, test } from 'vitest';
import type { ChangeMessage } from '../../shared/live-protocol';
import { createEntityStore } from './create-entity-store';

interface Row {
  id: string;
  name: string;
  version: number;
}

const change = (id: string, version: number, op: ChangeMessage['op'] = 'update', data: Record<string, unknown> = {}, mutationId: string | null = null): ChangeMessage => ({
  type: 'change', id: version * 10, entity: 'label', op, workspace: 'acme', project_id: null, version, data: { id, ...data }, client_mutation_id: mutationId,
});

function seeded() {
  const store = createEntityStore<Row>();
  store.setAll('acme', [{ id: 'a', name: 'A', version: 2 }]);
  return store;
}

describe('createEntityStore', () => {
  test('applyChange takes newer versions and ignores equal or older ones', () => {
    const store = seeded();
    store.applyChange(change('a', 2, 'update', { name: 'same version', version: 2 }));
    store.applyChange(change('a', 1, 'update', { name: 'older', version: 1 }));
    expect(store.getRows()).toEqual([{ id: 'a', name: 'A', version: 2 }]);
    store.applyChange(change('a', 3, 'update', { name: 'newer', version: 3 }));
    expect(store.getRows()[0].name).toBe('newer');
    store.applyChange(change('b', 1, 'create', { name: 'B', version: 1 }));
    expect(store.getRows().map((row) => row.id)).toEqual(['a', 'b']);
  });

  test('setAll with the rows it already holds changes nothing; a changed row alone gets a new object', () => {
    const store = seeded();
    store.setAll('acme', [{ id: 'a', name: 'A', version: 2 }, { id: 'b', name: 'B', version: 1 }]);
    const before = store.useStore.getState().confirmed;
    let updates = 0;
    const stop = store.useStore.subscribe(() => updates++);
    store.setAll('acme', [{ id: 'a', name: 'A', version: 2 }, { id: 'b', name: 'B', version: 1 }]);
    expect(updates).toBe(0);
    expect(store.useStore.getState().confirmed).toBe(before);
    store.setAll('acme', [{ id: 'a', name: 'A', version: 2 }, { id: 'b', name: 'B2', version: 2 }]);
    stop();
    expect(updates).toBe(1);
    const after = store.useStore.getState().confirmed;
    expect(after.get('a')).toBe(before.get('a'));
    expect(after.get('b')).toEqual({ id: 'b', name: 'B2', version: 2 });
    // A reload marked loading, answered with the same rows: ready again, the rows the same map.
    const held = store.useStore.getState().confirmed;
    store.setStatus('acme', 'loading');
    store.setAll('acme', [{ id: 'a', name: 'A', version: 2 }, { id: 'b', name: 'B2', version: 2 }]);
    expect(store.useStore.getState().status).toBe('ready');
    expect(store.useStore.getState().confirmed).toBe(held);
    // Another scope, or fewer rows, is a change even when the rows left are equal.
    store.setAll('acme', [{ id: 'a', name: 'A', version: 2 }]);
    expect(store.getRows().map((row) => row.id)).toEqual(['a']);
    store.setAll('other', [{ id: 'a', name: 'A', version: 2 }]);
    expect(store.useStore.getState().scope).toBe('other');
  });

  test('upsertMany takes the newer rows of a batch in one store update', () => {
    const store = seeded();
    let updates = 0;
    const stop = store.useStore.subscribe(() => updates++);
    store.upsertMany([{ id: 'a', name: 'stale', version: 1 }, { id: 'b', name: 'B', version: 1 }, { id: 'c', name: 'C', version: 1 }]);
    stop();
    expect(updates).toBe(1);
    expect(store.getRows().map((row) => row.name)).toEqual(['A', 'B', 'C']);
  });

  test('a delete leaves a tombstone: an older update cannot bring the row back', () => {
    const store = seeded();
    store.applyChange(change('a', 5, 'delete'));
    store.applyChange(change('a', 4, 'update', { name: 'late', version: 4 }));
    expect(store.getRows()).toEqual([]);
  });

  test('changes of another workspace are ignored', () => {
    const store = seeded();
    store.applyChange({ ...change('c', 1, 'create', { name: 'C', version: 1 }), workspace: 'other' });
    expect(store.getRows().map((row) => row.id)).toEqual(['a']);
  });

  test('the view is confirmed with pending mutations applied in order; the matching change confirms one', async () => {
    const store = seeded();
    let release!: (row: Row) => void;
    const sent = store.mutate({ mutationId: 'm1', kind: 'update', id: 'a', patch: { name: 'optimistic' } }, () => new Promise<Row>((resolve) => (release = resolve)));
    void store.mutate({ mutationId: 'm2', kind: 'create', id: 'n', row: { id: 'n', name: 'new', version: 0 } }, () => new Promise(() => {}));
    expect(store.getRows()).toEqual([{ id: 'a', name: 'optimistic', version: 2 }, { id: 'n', name: 'new', version: 0 }]);
    // Someone else's newer change lands under our pending edit: the edit stays on top.
    store.applyChange(change('a', 3, 'update', { name: 'theirs', version: 3 }));
    expect(store.getRows()[0].name).toBe('optimistic');
    // Our own change arrives (its id echoed): the mutation is confirmed.
    store.applyChange(change('a', 4, 'update', { name: 'optimistic', version: 4 }, 'm1'));
    expect(store.useStore.getState().pending.map((m) => m.mutationId)).toEqual(['m2']);
    // The HTTP answer arrives later with an older version: it must not overwrite.
    release({ id: 'a', name: 'stale answer', version: 3 });
    await sent;
    expect(store.getRows()[0]).toEqual({ id: 'a', name: 'optimistic', version: 4 });
  });

  test('a failed request drops its mutation (rollback) and rethrows', async () => {
    const store = seeded();
    const failure = new Error('HTTP 400');
    await expect(store.mutate({ mutationId: 'm1', kind: 'delete', id: 'a' }, async () => Promise.reject(failure))).rejects.toBe(failure);
    expect(store.getRows()).toEqual([{ id: 'a', name: 'A', version: 2 }]);
    expect(store.useStore.getState().pending).toEqual([]);
  });

  test('a successful answer confirms when no live change came first', async () => {
    const store = seeded();
    await store.mutate({ mutationId: 'm1', kind: 'update', id: 'a', patch: { name: 'x' } }, async () => ({ id: 'a', name: 'x', version: 3 }));
    expect(store.getRows()).toEqual([{ id: 'a', name: 'x', version: 3 }]);
    store.applyChange(change('a', 3, 'update', { name: 'x', version: 3 }, 'm1'));
    expect(store.getRows()).toEqual([{ id: 'a', name: 'x', version: 3 }]);
  });
});

describe('one entity-store API', () => {
  test('a live change that arrives during a pending mutation survives its rollback', async () => {
    const store = seeded();
    let refuse!: (error: Error) => void;
    const sent = store.mutate({ mutationId: 'm1', kind: 'update', id: 'a', patch: { name: 'mine' } }, () => new Promise((_, reject) => (refuse = reject)));
    store.applyChange(change('a', 3, 'update', { name: 'theirs', version: 3 }));
    expect(store.getRow('a')?.name).toBe('mine');
    refuse(new Error('HTTP 403'));
    await expect(sent).rejects.toThrow('HTTP 403');
    expect(store.getRow('a')).toEqual({ id: 'a', name: 'theirs', version: 3 });
  });

  test('create: the temporary row shows at once and the server row replaces it', async () => {
    const store = seeded();
    let answer!: (row: Row) => void;
    const sent = store.mutate({ mutationId: 'm9', kind: 'create', id: 'temp-m9', row: { id: 'temp-m9', name: 'new', version: 0 } }, () => new Promise<Row>((resolve) => (answer = resolve)));
    expect(store.getRows().map((row) => row.id)).toEqual(['a', 'temp-m9']);
    answer({ id: 'real', name: 'new', version: 1 });
    await sent;
    expect(store.getRows().map((row) => row.id)).toEqual(['a', 'real']);
  });

  test('create: the live echo may come before the answer; the server row shows once, never twice', async () => {
    const store = seeded();
    let answer!: (row: Row) => void;
    const sent = store.mutate({ mutationId: 'm9', kind: 'create', id: 'temp-m9', row: { id: 'temp-m9', name: 'new', version: 0 } }, () => new Promise<Row>((resolve) => (answer = resolve)));
    store.applyChange(change('real', 1, 'create', { name: 'new', version: 1 }, 'm9'));
    expect(store.getRows().map((row) => row.id)).toEqual(['a', 'real']);
    answer({ id: 'real', name: 'new', version: 1 });
    await sent;
    expect(store.getRows().map((row) => row.id)).toEqual(['a', 'real']);
    expect(store.useStore.getState().pending).toEqual([]);
  });

  test('create refused: only the temporary row goes', async () => {
    const store = seeded();
    await expect(store.mutate({ mutationId: 'm9', kind: 'create', id: 'temp-m9', row: { id: 'temp-m9', name: 'x', version: 0 } }, () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(store.getRows().map((row) => row.id)).toEqual(['a']);
  });

  test('removeMany removes rows and keeps their versions, so an older row cannot come back', () => {
    const store = seeded();
    store.upsertMany([{ id: 'b', name: 'B', version: 4 }, { id: 'c', name: 'C', version: 1 }]);
    store.removeMany(['a', 'b']);
    expect(store.getRows().map((row) => row.id)).toEqual(['c']);
    store.upsert({ id: 'b', name: 'old B', version: 3 });
    expect(store.getRows().map((row) => row.id)).toEqual(['c']);
  });

  test('version ordering: older rows and changes never overwrite newer ones', () => {
    const store = seeded();
    store.applyChange(change('a', 5, 'update', { name: 'v5', version: 5 }));
    store.upsert({ id: 'a', name: 'v4 list row', version: 4 });
    store.applyChange(change('a', 4, 'update', { name: 'v4 event', version: 4 }));
    expect(store.getRow('a')?.name).toBe('v5');
    store.upsert({ id: 'a', name: 'v6', version: 6 });
    expect(store.getRow('a')?.name).toBe('v6');
  });

  test('requests for one row go out in the order they were made; a refused one does not hold up the next', async () => {
    const store = seeded();
    const sent: string[] = [];
    let answerFirst!: () => void;
    const first = store.mutate({ mutationId: 'm1', kind: 'update', id: 'a', patch: { name: 'first' } }, () => {
      sent.push('first');
      return new Promise((resolve) => { answerFirst = () => resolve(undefined); });
    });
    const second = store.mutate({ mutationId: 'm2', kind: 'update', id: 'a', patch: { name: 'second' } }, async () => {
      sent.push('second');
      throw new Error('refused');
    });
    const third = store.mutate({ mutationId: 'm3', kind: 'update', id: 'a', patch: { name: 'third' } }, async () => {
      sent.push('third');
      return undefined;
    });
    const other = store.mutate({ mutationId: 'm4', kind: 'update', id: 'b', patch: { name: 'other' } }, async () => {
      sent.push('other row');
      return undefined;
    });
    await other;
    // Both later edits show at once, but only the other row's request left while the first waits.
    expect(store.getRows().find((row) => row.id === 'a')?.name).toBe('third');
    expect(sent).toEqual(['first', 'other row']);
    answerFirst();
    await first;
    await expect(second).rejects.toThrow('refused');
    await third;
    expect(sent).toEqual(['first', 'other row', 'second', 'third']);
    expect(store.getRows().find((row) => row.id === 'a')?.name).toBe('third');
  });

  test('one request for several rows: all show at once, all go back on failure', async () => {
    const store = seeded();
    store.upsert({ id: 'b', name: 'B', version: 1 });
    const sent = store.mutate([{ mutationId: 'm', kind: 'delete', id: 'a' }, { mutationId: 'm', kind: 'delete', id: 'b' }], () => Promise.reject(new Error('500')));
    expect(store.getRows()).toEqual([]);
    await expect(sent).rejects.toThrow('500');
    expect(store.getRows().map((row) => row.id)).toEqual(['a', 'b']);
  });
});
