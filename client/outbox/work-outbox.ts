// The work-item outbox of the app (outbox.ts bound to the browser): requests go out through
// api/http.ts, entries live in IndexedDB per signed-in user and workspace, the live socket's
// reconnect (and the browser's `online` event) retries at once, and the entity stores show every
// entry as a pending mutation until it lands — also after a reload, when the stored entries are
// shown again and replayed. `outboxMutate` is the one path the work-item stores send through.
import { create } from 'zustand';
import { request } from '../api/http';
import { useLiveConnection } from '../live/use-live-connection';
import type { EntityStore, PendingMutation } from '../stores/create-entity-store';
import { Outbox, OutboxDiscarded, QUEUED, type OutboxInput, type OutboxRecord, type StoredPending } from './outbox';
import { IndexedDbOutboxStorage, MemoryOutboxStorage, type OutboxStorage } from './outbox-storage';

type AnyStore = EntityStore<{ id: string }>;
const stores = new Map<string, AnyStore>();

/** Makes a store's pending entries restorable after a reload under `name` (once per store). */
export function registerOutboxStore<Row extends { id: string }>(name: string, store: EntityStore<Row>): void {
  stores.set(name, store as unknown as AnyStore);
}

interface OutboxState {
  records: OutboxRecord[];
  /** Each entity id with entries: 'failed' if one was refused, else 'pending' (what the rows show). */
  rowStatus: Map<string, 'pending' | 'failed'>;
  /** user + workspace the outbox is open for. */
  owner: string | null;
  /** The browser says it has no network. */
  browserOffline: boolean;
}

export const useOutboxStore = create<OutboxState>(() => ({
  records: [],
  rowStatus: new Map(),
  owner: null,
  browserOffline: typeof navigator !== 'undefined' && navigator.onLine === false,
}));

export const workOutbox = new Outbox({
  transport: (req, mutationId, signal) => request(req.path, { method: req.method, body: req.body, mutationId: mutationId ?? undefined, signal }),
});

workOutbox.subscribe(() => {
  const records = workOutbox.list();
  useOutboxStore.setState({ records, rowStatus: rowStatuses(records) });
});

/** The rows a group of an entry should take from the answer (only the rows it is about). */
function answerFor(record: Pick<OutboxRecord, 'answerPatch'>, group: { entries: StoredPending[] }, answer: unknown) {
  const row = workOutbox.answerRow(record, answer);
  if (!row) return undefined;
  const fits = group.entries.some((entry) => entry.kind === 'create' || entry.id === row.id);
  return fits ? (row as { id: string }) : undefined;
}

/** Shows `record`'s pending entries in their stores until `done` settles. */
function showPending(record: Pick<OutboxRecord, 'optimistic' | 'answerPatch'>, done: () => Promise<unknown>): Promise<void>[] {
  return record.optimistic.map((group) => {
    const store = stores.get(group.store);
    if (!store) return Promise.resolve();
    return store.mutate(group.entries as PendingMutation<{ id: string }>[], async () => answerFor(record, group, await done()), { ordered: false });
  });
}

export interface OutboxMutateOptions {
  /** Runs before the entry is queued (an undo window); a throw drops the change with nothing sent. */
  before?(): Promise<void>;
}

/**
 * Shows a change in its stores at once and queues its request. Resolves with the server's answer
 * when the first attempt lands, with `undefined` when the server is out of reach (the change stays
 * pending and is replayed), and rejects with the server's refusal (the change then stays on the
 * row, marked failed, until the person retries or discards it) or with what `before` threw.
 */
export function outboxMutate(input: OutboxInput, options: OutboxMutateOptions = {}): Promise<unknown> {
  let first: (value: Promise<unknown>) => void = () => undefined;
  const firstOutcome = new Promise<unknown>((resolve) => {
    first = resolve;
  });
  let queue: (value: Promise<unknown>) => void = () => undefined;
  const queued = new Promise<unknown>((resolve) => {
    queue = resolve;
  });
  // An entry with nothing to show (an unarchive of a row not loaded) has no store waiting on it.
  queued.catch(() => undefined);
  // The stores show the change first, before the outbox takes it; the entry's storage write then
  // starts in the same task (a clone of the entry), so the edit is kept even if the page goes away
  // before the next frame.
  const shown = showPending(input, () => queued);
  // A discarded entry rolls back in the stores; that is what the person asked for.
  for (const promise of shown) promise.catch(() => undefined);
  const entered = (async () => {
    if (options.before) await options.before();
    const handle = workOutbox.enqueue(input);
    first(handle.first);
    return handle.done;
  })();
  queue(entered);
  entered.catch((error: unknown) => {
    // When the first outcome was already given (queued, then discarded later) nobody reads this one.
    const refused = Promise.reject(error);
    refused.catch(() => undefined);
    first(refused);
  });
  return firstOutcome.then((value) => (value === QUEUED ? undefined : value));
}

/** Whether an error only says the change was discarded (nothing to report). */
export const isDiscarded = (error: unknown): boolean => error instanceof OutboxDiscarded;

let storageFactory: (userId: string, workspace: string) => Promise<OutboxStorage> = async (userId, workspace) =>
  IndexedDbOutboxStorage.isAvailable() ? IndexedDbOutboxStorage.open(userId, workspace) : new MemoryOutboxStorage();

/** Swaps where entries are kept (tests). */
export function setOutboxStorageFactory(factory: (userId: string, workspace: string) => Promise<OutboxStorage>): void {
  storageFactory = factory;
}

let opening: Promise<void> | null = null;

/**
 * Opens the outbox of `userId` in `workspace` (another user's or workspace's entries are closed
 * away, unseen) and shows and replays what it holds.
 */
export function openWorkOutbox(userId: string, workspace: string): Promise<void> {
  const owner = `${userId}:${workspace}`;
  if (useOutboxStore.getState().owner === owner && opening) return opening;
  useOutboxStore.setState({ owner });
  opening = (async () => {
    const storage = await storageFactory(userId, workspace).catch(() => new MemoryOutboxStorage());
    if (useOutboxStore.getState().owner !== owner) return storage.close();
    const restored = await workOutbox.open(storage);
    for (const { record, done } of restored) for (const promise of showPending(record, () => done)) promise.catch(() => undefined);
  })();
  return opening;
}

/** Closes the outbox (leaving the workspace, signing out): nothing of it stays in memory. */
export function closeWorkOutbox(): void {
  opening = null;
  useOutboxStore.setState({ owner: null });
  workOutbox.close();
}

/** Discards every entry of the open outbox (sign-out after the person agreed). */
export async function discardWorkOutbox(): Promise<void> {
  await workOutbox.discardAll();
}

export const retryOutboxEntry = (seq: number): void => workOutbox.retry(seq);
export const discardOutboxEntry = (seq: number): Promise<void> => workOutbox.discard(seq);

/** Per entity id: 'failed' when one of its entries was refused, else 'pending' (built once per outbox change, not per row). */
function rowStatuses(records: OutboxRecord[]): Map<string, 'pending' | 'failed'> {
  const statuses = new Map<string, 'pending' | 'failed'>();
  for (const record of records) {
    for (const key of record.keys) if (record.status === 'failed' || !statuses.has(key)) statuses.set(key, record.status);
  }
  return statuses;
}

/** Whether rows of `id` have changes waiting ('pending') or refused ('failed'). */
export function useOutboxRowStatus(id: string | undefined): 'pending' | 'failed' | null {
  return useOutboxStore((state) => (id ? (state.rowStatus.get(id) ?? null) : null));
}

let watching = false;
/** Retries at once when the live socket (re)connects or the browser comes back online. */
export function watchConnection(): void {
  if (watching) return;
  watching = true;
  let previous = useLiveConnection.getState().state;
  useLiveConnection.subscribe((state) => {
    if (state.state === 'connected' && previous !== 'connected') workOutbox.kick();
    previous = state.state;
  });
  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => {
      useOutboxStore.setState({ browserOffline: false });
      workOutbox.kick();
    });
    window.addEventListener('offline', () => useOutboxStore.setState({ browserOffline: true }));
  }
}

/**
 * The id to show for `id`: the server's id once the create made under that temporary id landed
 * (a peek opened on an issue made offline follows it to its real id), else `id` itself.
 */
export function useLandedId(id: string): string {
  // Re-read when entries change: a create landing is one of those changes.
  useOutboxStore((state) => state.records);
  return workOutbox.realId(id) ?? id;
}
