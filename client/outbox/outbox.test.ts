// The outbox on its own (issue 17): ordering per entity, backoff, classification of failures,
// temporary-id re-pointing, set deltas, durability in IndexedDB (fake-indexeddb: a complete
// IndexedDB in Node; the Chromium journey covers the browser's own).
import 'fake-indexeddb/auto';
import { describe, expect, test, vi } from 'vitest';
import { ApiError, NetworkError, type HttpMethod } from '../api/http';
import { classifyFailure, Outbox, OutboxDiscarded, OutboxTimeout, QUEUED, type OutboxInput, type OutboxRecord, type Transport } from './outbox';
import { IndexedDbOutboxStorage, MemoryOutboxStorage } from './outbox-storage';

interface Sent {
  method: HttpMethod;
  path: string;
  body?: unknown;
  mutationId: string | null;
}

/** A server stand-in at the transport edge: answers by a function, records every request. */
function fakeServer(answer: (sent: Sent, index: number) => unknown | Promise<unknown>) {
  const sent: Sent[] = [];
  const transport: Transport = async (request, mutationId) => {
    const call = { ...request, mutationId };
    sent.push(call);
    return answer(call, sent.length - 1);
  };
  return { sent, transport };
}

function entry(key: string, path: string, extra: Partial<OutboxInput> = {}): OutboxInput {
  return { keys: [key], request: { method: 'PATCH', path, body: { name: path } }, optimistic: [], label: { key: 'outbox.kind.update', values: { name: key } }, ...extra };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('classification of failures', () => {
  test('no answer, a gateway, a timeout or "slow down" is retried; the server saying no fails; "already used" is applied', () => {
    expect(classifyFailure(new NetworkError(new TypeError('Failed to fetch')))).toBe('retry');
    expect(classifyFailure(new TypeError('Failed to fetch'))).toBe('retry');
    expect(classifyFailure(new TypeError('NetworkError when attempting to fetch resource.'))).toBe('retry');
    expect(classifyFailure(new OutboxTimeout())).toBe('retry');
    for (const status of [408, 429, 502, 503, 504]) expect(classifyFailure(new ApiError(status, null))).toBe('retry');
    for (const status of [400, 401, 403, 404, 422, 500]) expect(classifyFailure(new ApiError(status, { error: 'no' }))).toBe('refused');
    expect(classifyFailure(new ApiError(409, { error: 'This X-Client-Mutation-Id has already been used.' }))).toBe('applied');
    expect(classifyFailure(new ApiError(409, { error: 'Label with this name already exists' }))).toBe('refused');
    expect(classifyFailure(new Error('a bug'))).toBe('refused');
  });
});

describe('ordering', () => {
  test('entries of one entity go one after another in the order made; other entities do not wait', async () => {
    const releases: Array<() => void> = [];
    const server = fakeServer((sent) => (sent.path.startsWith('/a') ? new Promise((resolve) => releases.push(() => resolve({ id: 'a' }))) : { id: 'b' }));
    const outbox = new Outbox({ transport: server.transport });
    const first = outbox.enqueue(entry('a', '/a/1'));
    outbox.enqueue(entry('a', '/a/2'));
    const other = outbox.enqueue(entry('b', '/b/1'));
    await other.done;
    expect(server.sent.map((row) => row.path)).toEqual(['/a/1', '/b/1']);
    releases[0]!();
    await first.done;
    await tick();
    expect(server.sent.map((row) => row.path)).toEqual(['/a/1', '/b/1', '/a/2']);
    releases[1]!();
    await outbox.idle();
    expect(outbox.size).toBe(0);
  });

  test('a failed entry does not hold later ones of its entity back; a pending one does', async () => {
    const server = fakeServer((sent) => {
      if (sent.path === '/a/1') throw new ApiError(404, { error: 'Issue not found' });
      return { id: 'a' };
    });
    const outbox = new Outbox({ transport: server.transport });
    const refused = outbox.enqueue(entry('a', '/a/1'));
    const later = outbox.enqueue(entry('a', '/a/2'));
    await expect(refused.first).rejects.toMatchObject({ status: 404 });
    await later.done;
    expect(outbox.list()).toMatchObject([{ status: 'failed', error: { status: 404, message: 'Issue not found' } }]);
  });
});

describe('backoff and retry', () => {
  test('a network failure stays pending, waits longer each time (capped), and a reconnect retries at once with the same mutation id', async () => {
    let now = 1_000_000;
    const timers: Array<{ at: number; run: () => void }> = [];
    let offline = true;
    const server = fakeServer(() => {
      if (offline) throw new NetworkError(new TypeError('Failed to fetch'));
      return { id: 'a' };
    });
    const outbox = new Outbox({
      transport: server.transport,
      now: () => now,
      random: () => 1,
      baseDelayMs: 1000,
      maxDelayMs: 4000,
      schedule: (run, ms) => timers.push({ at: now + ms, run }),
      cancel: () => undefined,
    });
    const handle = outbox.enqueue(entry('a', '/a/1'));
    await expect(handle.first).resolves.toBe(QUEUED);
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      const record = outbox.list()[0]!;
      expect(record.status).toBe('pending');
      delays.push(record.nextAt - now);
      now = record.nextAt;
      const due = timers.splice(0).filter((timer) => timer.at <= now);
      due.at(-1)?.run();
      await tick();
      await tick();
    }
    expect(delays).toEqual([1000, 2000, 4000, 4000]);
    offline = false;
    outbox.kick();
    await handle.done;
    expect(new Set(server.sent.map((row) => row.mutationId)).size).toBe(1);
    expect(server.sent.length).toBe(6);
  });

  test('a request that does not answer in time is retried, not failed', async () => {
    let calls = 0;
    const server = fakeServer(() => (++calls === 1 ? new Promise(() => undefined) : { id: 'a' }));
    const outbox = new Outbox({ transport: server.transport, timeoutMs: 20, baseDelayMs: 1, maxDelayMs: 1 });
    const handle = outbox.enqueue(entry('a', '/a/1'));
    await expect(handle.first).resolves.toBe(QUEUED);
    await handle.done;
    expect(server.sent.map((row) => row.mutationId)).toEqual([handle.mutationId, handle.mutationId]);
  });

  test('a refusal fails the entry with the server\'s message; retry sends it again; discard rejects it', async () => {
    let refuse = true;
    const server = fakeServer(() => {
      if (refuse) throw new ApiError(403, { error: "You don't have the required permissions." });
      return { id: 'a' };
    });
    const outbox = new Outbox({ transport: server.transport });
    const handle = outbox.enqueue(entry('a', '/a/1'));
    await expect(handle.first).rejects.toBeInstanceOf(ApiError);
    expect(outbox.list()[0]).toMatchObject({ status: 'failed', error: { status: 403, message: "You don't have the required permissions." } });
    refuse = false;
    outbox.retry(outbox.list()[0]!.seq);
    await handle.done;
    const other = outbox.enqueue(entry('b', '/b/1', { request: { method: 'DELETE', path: '/gone' } }));
    refuse = true;
    await expect(other.first).rejects.toBeInstanceOf(ApiError);
    await outbox.discard(other.seq);
    await expect(other.done).rejects.toBeInstanceOf(OutboxDiscarded);
    expect(outbox.size).toBe(0);
  });

  test('"already used" (the first request was applied, its answer lost with the server) counts as landed', async () => {
    const server = fakeServer(() => {
      throw new ApiError(409, { error: 'This X-Client-Mutation-Id has already been used.' });
    });
    const outbox = new Outbox({ transport: server.transport });
    const handle = outbox.enqueue(entry('a', '/a/1'));
    await expect(handle.done).resolves.toBeUndefined();
    expect(outbox.size).toBe(0);
  });
});

describe('temporary ids', () => {
  test('a comment and a sub-issue made on an offline create wait for it and are re-pointed to the real id', async () => {
    let offline = true;
    const server = fakeServer((sent) => {
      if (offline) throw new NetworkError(new TypeError('Failed to fetch'));
      if (sent.path === '/issues/') return { id: 'real-1', name: 'New' };
      return { id: `${sent.path}-answer` };
    });
    const outbox = new Outbox({ transport: server.transport, baseDelayMs: 60_000 });
    const create = outbox.enqueue({ keys: ['temp-x'], createsTemp: 'temp-x', request: { method: 'POST', path: '/issues/', body: { name: 'New' } }, optimistic: [], label: { key: 'k', values: {} } });
    const comment = outbox.enqueue({ keys: ['temp-x', 'temp-c'], createsTemp: 'temp-c', answerPatch: { issue: 'temp-x' }, request: { method: 'POST', path: '/issues/temp-x/comments/', body: { comment_html: '<p>hi</p>' } }, optimistic: [], label: { key: 'k', values: {} } });
    const child = outbox.enqueue({ keys: ['child'], request: { method: 'PATCH', path: '/issues/child/', body: { parent_id: 'temp-x' } }, optimistic: [], label: { key: 'k', values: {} } });
    await create.first;
    await tick();
    // Only the create was tried: the others name its temporary id.
    expect(server.sent.map((row) => row.path)).toEqual(['/issues/']);
    offline = false;
    outbox.kick();
    const answer = await comment.done;
    await child.done;
    expect(server.sent.slice(1).map((row) => [row.path, row.body])).toEqual([
      ['/issues/', { name: 'New' }],
      ['/issues/real-1/comments/', { comment_html: '<p>hi</p>' }],
      ['/issues/child/', { parent_id: 'real-1' }],
    ].sort((a, b) => (a[0] === '/issues/' ? -1 : b[0] === '/issues/' ? 1 : 0)));
    expect(outbox.realId('temp-x')).toBe('real-1');
    expect(outbox.answerRow({ answerPatch: { issue: 'temp-x' } }, answer)).toMatchObject({ issue: 'real-1' });
  });

  test('discarding a refused create discards what was made on it', async () => {
    const server = fakeServer((sent) => {
      if (sent.path === '/issues/') throw new ApiError(400, { name: ['This field is required.'] });
      return { id: 'x' };
    });
    const outbox = new Outbox({ transport: server.transport });
    const create = outbox.enqueue({ keys: ['temp-y'], createsTemp: 'temp-y', request: { method: 'POST', path: '/issues/', body: {} }, optimistic: [], label: { key: 'k', values: {} } });
    const comment = outbox.enqueue({ keys: ['temp-y'], request: { method: 'POST', path: '/issues/temp-y/comments/', body: {} }, optimistic: [], label: { key: 'k', values: {} } });
    await expect(create.first).rejects.toMatchObject({ status: 400 });
    expect(outbox.size).toBe(2);
    await outbox.discard(create.seq);
    await expect(comment.done).rejects.toBeInstanceOf(OutboxDiscarded);
    expect(outbox.size).toBe(0);
    expect(server.sent).toHaveLength(1);
  });
});

describe('set deltas', () => {
  test('a replay sends my additions and removals as the intent keys (no read of the set, no whole set)', async () => {
    let offline = true;
    const server = fakeServer((sent) => {
      if (offline) throw new NetworkError(new TypeError('Failed to fetch'));
      return { id: 'a', ...(sent.body as object) };
    });
    const outbox = new Outbox({ transport: server.transport, baseDelayMs: 60_000 });
    const handle = outbox.enqueue({
      keys: ['a'],
      request: { method: 'PATCH', path: '/issues/a/', body: { priority: 'high' }, sets: { label_ids: { add: ['mine-new'], remove: ['mine-old'] }, assignee_ids: { add: ['u2'], remove: [] } } },
      optimistic: [],
      label: { key: 'k', values: {} },
    });
    await handle.first;
    offline = false;
    outbox.kick();
    await handle.done;
    const patch = server.sent.filter((row) => row.method === 'PATCH').at(-1)!;
    expect(patch.body).toEqual({ priority: 'high', label_ids_add: ['mine-new'], label_ids_remove: ['mine-old'], assignee_ids_add: ['u2'] });
    expect(server.sent.some((row) => row.method === 'GET')).toBe(false);
  });
});

describe('durability', () => {
  test('entries survive closing the outbox (a reload) and replay in order with their original mutation ids; another user never sees them', async () => {
    const offline = fakeServer(() => {
      throw new NetworkError(new TypeError('Failed to fetch'));
    });
    const before = new Outbox({ transport: offline.transport, baseDelayMs: 60_000 });
    await before.open(await IndexedDbOutboxStorage.open('user-1', 'acme'));
    const made = [before.enqueue(entry('a', '/a/1')), before.enqueue(entry('b', '/b/1')), before.enqueue(entry('a', '/a/2'))];
    // The third waits behind the first (same issue): only the first two are tried.
    await Promise.all(made.slice(0, 2).map((handle) => handle.first));
    await new Promise((resolve) => setTimeout(resolve, 50));
    before.close();

    const stranger = new Outbox({ transport: offline.transport });
    expect(await stranger.open(await IndexedDbOutboxStorage.open('user-2', 'acme'))).toEqual([]);
    stranger.close();

    const online = fakeServer((sent) => ({ id: sent.path }));
    const after = new Outbox({ transport: online.transport, concurrency: 1 });
    const restored = await after.open(await IndexedDbOutboxStorage.open('user-1', 'acme'));
    expect(restored.map(({ record }) => record.mutationId)).toEqual(made.map((handle) => handle.mutationId));
    await Promise.all(restored.map(({ done }) => done));
    expect(online.sent.map((row) => [row.path, row.mutationId])).toEqual([
      ['/a/1', made[0]!.mutationId],
      ['/b/1', made[1]!.mutationId],
      ['/a/2', made[2]!.mutationId],
    ]);
    after.close();
    const again = new Outbox({ transport: online.transport });
    expect(await again.open(await IndexedDbOutboxStorage.open('user-1', 'acme'))).toEqual([]);
    again.close();
  });

  test('entries made before a workspace is open move into its storage', async () => {
    const server = fakeServer(() => {
      throw new NetworkError(new TypeError('Failed to fetch'));
    });
    const outbox = new Outbox({ transport: server.transport, baseDelayMs: 60_000 });
    const handle = outbox.enqueue(entry('a', '/a/1'));
    await handle.first;
    const storage = new MemoryOutboxStorage();
    await outbox.open(storage);
    expect([...storage.records.values()].map((record) => record.mutationId)).toEqual([handle.mutationId]);
  });
});

describe('drain', () => {
  test('entries of different entities go out side by side, each entity in order, the next of an entity as soon as its previous one answered', async () => {
    const held = new Map<string, () => void>();
    let inFlight = 0;
    let mostInFlight = 0;
    const server = fakeServer(
      (sent) =>
        new Promise((resolve) => {
          inFlight += 1;
          mostInFlight = Math.max(mostInFlight, inFlight);
          held.set(sent.path, () => {
            inFlight -= 1;
            resolve({ id: sent.path });
          });
        }),
    );
    const outbox = new Outbox({ transport: server.transport, concurrency: 6 });
    for (let step = 1; step <= 3; step++) for (const key of ['a', 'b', 'c', 'd']) outbox.enqueue(entry(key, `/${key}/${step}`));
    await vi.waitFor(() => expect(server.sent.map((row) => row.path)).toEqual(['/a/1', '/b/1', '/c/1', '/d/1']));
    // b's answer lets b's next one go while a, c and d are still on their way.
    held.get('/b/1')!();
    await vi.waitFor(() => expect(server.sent.map((row) => row.path)).toEqual(['/a/1', '/b/1', '/c/1', '/d/1', '/b/2']));
    while (outbox.size > 0) {
      for (const [path, release] of held) {
        held.delete(path);
        release();
      }
      await tick();
    }
    await outbox.idle();
    expect(mostInFlight).toBe(4);
    for (const key of ['a', 'b', 'c', 'd']) expect(server.sent.filter((row) => row.path.startsWith(`/${key}/`)).map((row) => row.path)).toEqual([`/${key}/1`, `/${key}/2`, `/${key}/3`]);
    expect(new Set(server.sent.map((row) => row.mutationId)).size).toBe(12);
  });

  test('an entry leaves storage only after its answer, and the next one of its entity does not wait for that removal', async () => {
    const removals: Array<{ seq: number; release: () => void }> = [];
    class SlowRemovals extends MemoryOutboxStorage {
      override delete(seq: number): Promise<void> {
        return new Promise((resolve) => removals.push({ seq, release: () => void super.delete(seq).then(resolve) }));
      }
    }
    const storage = new SlowRemovals();
    let answer!: () => void;
    const server = fakeServer((sent) => (sent.path === '/a/1' ? new Promise((resolve) => (answer = () => resolve({ id: 'a' }))) : { id: 'a' }));
    const outbox = new Outbox({ transport: server.transport, storage });
    const first = outbox.enqueue(entry('a', '/a/1'));
    const second = outbox.enqueue(entry('a', '/a/2'));
    await vi.waitFor(() => expect(server.sent).toHaveLength(1));
    // In flight: still in storage, nothing removed.
    expect([...storage.records.keys()]).toEqual([first.seq, second.seq]);
    expect(removals).toEqual([]);
    answer();
    await first.done;
    await vi.waitFor(() => expect(server.sent.map((row) => row.path)).toEqual(['/a/1', '/a/2']));
    expect(removals.map((removal) => removal.seq)).toContain(first.seq);
    let idle = false;
    void outbox.idle().then(() => (idle = true));
    await tick();
    expect(idle).toBe(false);
    for (const removal of removals) removal.release();
    await vi.waitFor(() => expect(idle).toBe(true));
    expect(storage.records.size).toBe(0);
  });

  test('a new entry\'s storage write starts in the task that made it (a reload right after the click keeps it), and it is sent only once written', async () => {
    const started: number[] = [];
    let finish!: () => void;
    class HeldWrites extends MemoryOutboxStorage {
      override put(record: OutboxRecord): Promise<void> {
        started.push(record.seq);
        return new Promise((resolve) => (finish = () => void super.put(record).then(resolve)));
      }
    }
    const storage = new HeldWrites();
    const server = fakeServer(() => ({ id: 'a' }));
    const outbox = new Outbox({ transport: server.transport, storage });
    const handle = outbox.enqueue(entry('a', '/a/1'));
    // Still in the click's task: the write is under way.
    expect(started).toEqual([handle.seq]);
    await tick();
    expect(server.sent).toEqual([]);
    finish();
    await handle.done;
    expect(server.sent).toHaveLength(1);
  });

  test('IndexedDB: an entry\'s transaction is committed at once, not left to wait for its put\'s answer', async () => {
    const storage = await IndexedDbOutboxStorage.open('user-commit', 'acme');
    const commit = vi.spyOn(IDBTransaction.prototype, 'commit');
    try {
      const outbox = new Outbox({ transport: async () => new Promise(() => undefined) });
      await outbox.open(storage);
      commit.mockClear();
      outbox.enqueue(entry('a', '/a/1'));
      expect(commit).toHaveBeenCalledTimes(1);
      await outbox.written();
      outbox.close();
    } finally {
      commit.mockRestore();
    }
  });
});
