// The outbox every work-item mutation goes through (issue 17): a durable, ordered queue of
// requests, framework-free so Node tests can drive it against real server processes.
//
// - Durable: an entry is written to its storage (IndexedDB per user + workspace) before it is sent
//   and removed only after the server answered it, so a reload, a closed tab or a crash between the
//   two replays it — with its original `X-Client-Mutation-Id`, which the server's receipts answer
//   with the first response instead of applying it twice.
// - Ordered per entity: an entry waits while an earlier entry that shares one of its keys (the
//   issue, the comment, a temporary id) is still pending. Entries of different entities go out
//   side by side (`concurrency`).
// - Offline is a state: a failure for want of the server (no network, DNS, reset, 502/503/504, 408,
//   429, a timeout) keeps the entry pending and retries it with backoff; `kick()` (the live socket
//   reconnected, the browser came online) retries at once. Only the server's refusal (any other
//   4xx/5xx) marks it failed, with the server's message, until the person retries or discards it.
// - Set fields (labels, assignees) go as the person's additions and removals (`label_ids_add`,
//   `label_ids_remove`, …: the PATCH's intent form, shared/schemas/issue.ts), which the server
//   merges into the set it holds when the write runs — never a whole set read before sending,
//   which a teammate's change landing in between would be overwritten by.
// - An offline create has a temporary id (`temp-…`); entries that name it (a comment on it, a
//   sub-issue under it) wait for it to land, and are re-pointed to the server's id.
import { ApiError, isNetworkFailure, NetworkError, readErrorText, type HttpMethod } from '../api/http';
import type { SetDelta } from '../../shared/set-delta';
import { MemoryOutboxStorage, type OutboxStorage } from './outbox-storage';

interface OutboxRequest {
  method: HttpMethod;
  path: string;
  body?: unknown;
  /** Set fields of `body` as the person's change: sent as `<field>_add` / `<field>_remove`. */
  sets?: Record<string, SetDelta>;
}

type OutboxStatus = 'pending' | 'failed';

/** A store's pending mutation as an entry keeps it (create-entity-store's PendingMutation, any row type). */
export type StoredPending =
  | { mutationId: string; kind: 'create'; id: string; row: object }
  | { mutationId: string; kind: 'update'; id: string; patch: object; sets?: Record<string, SetDelta> }
  | { mutationId: string; kind: 'delete'; id: string };

export interface OutboxRecord {
  /** Order of making (the replay order). */
  seq: number;
  mutationId: string;
  /** Entity ids this entry is ordered on. */
  keys: string[];
  request: OutboxRequest;
  /** The temporary id this create gives a real id to (`answer.id`). */
  createsTemp?: string;
  /** What the stores show while it waits (re-shown after a reload): store name → pending entries. */
  optimistic: { store: string; entries: StoredPending[] }[];
  /** Merged into the server's answer row (e.g. the comment's `issue`), temporary ids re-pointed. */
  answerPatch?: Record<string, unknown>;
  /** What the person did, for the "changes not saved" list: an i18n key and its values. */
  label: { key: string; values: Record<string, string | number> };
  status: OutboxStatus;
  attempts: number;
  /** Not before this time (ms since epoch), for backoff. */
  nextAt: number;
  error: { status: number | null; message: string } | null;
  createdAt: number;
}

export type OutboxInput = Pick<OutboxRecord, 'keys' | 'request' | 'optimistic' | 'label'> & Partial<Pick<OutboxRecord, 'mutationId' | 'createsTemp' | 'answerPatch'>>;

/** Sends one request; throws ApiError for a non-2xx answer and NetworkError when none came. */
export type Transport = (request: { method: HttpMethod; path: string; body?: unknown }, mutationId: string | null, signal: AbortSignal) => Promise<unknown>;

interface OutboxOptions {
  transport: Transport;
  storage?: OutboxStorage;
  now?(): number;
  random?(): number;
  schedule?(run: () => void, ms: number): unknown;
  cancel?(handle: unknown): void;
  baseDelayMs?: number;
  maxDelayMs?: number;
  concurrency?: number;
  timeoutMs?: number;
  createMutationId?(): string;
}

/** The entry was discarded by the person (or its create was): the stores roll its change back. */
export class OutboxDiscarded extends Error {
  constructor() {
    super('Discarded');
    this.name = 'OutboxDiscarded';
  }
}

/** The request did not answer in time. */
export class OutboxTimeout extends Error {
  constructor() {
    super('Timed out');
    this.name = 'OutboxTimeout';
  }
}

/** What a first attempt came to: the answer, or `QUEUED` (the server is out of reach; it will be retried). */
export const QUEUED: unique symbol = Symbol('queued');

type FailureKind = 'retry' | 'refused' | 'applied';

const RETRY_STATUSES = new Set([408, 429, 502, 503, 504]);

/**
 * How a failed send is handled: `retry` when the server could not be reached (or asked to wait),
 * `applied` when the server says this mutation id was already applied (its answer was lost with a
 * crash), `refused` for everything else (the server said no: deleted, forbidden, invalid).
 */
export function classifyFailure(error: unknown): FailureKind {
  if (error instanceof OutboxTimeout) return 'retry';
  if (error instanceof ApiError) {
    if (RETRY_STATUSES.has(error.status)) return 'retry';
    if (error.status === 409 && /already been used/i.test(readErrorText(error.body) ?? '')) return 'applied';
    return 'refused';
  }
  if (error instanceof NetworkError || isNetworkFailure(error)) return 'retry';
  return 'refused';
}

/** Replaces every known temporary id in a JSON-able value. */
function repoint<T>(value: T, ids: Record<string, string>): T {
  if (value === undefined) return value;
  let text = JSON.stringify(value);
  for (const [temp, real] of Object.entries(ids)) if (text.includes(temp)) text = text.split(temp).join(real);
  return JSON.parse(text) as T;
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
  settled: boolean;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  // Nobody may be waiting when an entry is discarded or the outbox closes (the caller moved on):
  // a no-op handler keeps that from being an unhandled rejection; callers that await still see it.
  promise.catch(() => undefined);
  const result: Deferred<T> = {
    promise,
    resolve: (value) => {
      if (result.settled) return;
      result.settled = true;
      resolve(value);
    },
    reject: (error) => {
      if (result.settled) return;
      result.settled = true;
      reject(error);
    },
    settled: false,
  };
  // Nobody may be listening (a replayed entry): never an unhandled rejection.
  promise.catch(() => undefined);
  return result;
}

interface OutboxHandle {
  seq: number;
  mutationId: string;
  /** Settles when the entry is done: the server's answer, or OutboxDiscarded. */
  done: Promise<unknown>;
  /** The first attempt's outcome in this session: the answer, QUEUED, or the refusal (rethrown). */
  first: Promise<unknown>;
}

function defaultMutationId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export class Outbox {
  private records = new Map<number, OutboxRecord>();
  private ids: Record<string, string> = {};
  private storage: OutboxStorage;
  private lastSeq = 0;
  private readonly sending = new Set<number>();
  /** Entries whose storage write has not finished: not sent before they are durable. */
  private readonly unsaved = new Set<number>();
  private readonly settle = new Map<number, { done: Deferred<unknown>; first: Deferred<unknown> }>();
  private readonly listeners = new Set<() => void>();
  /** Storage writes under way (removals after an answer run behind the next sends; `idle()` waits for them). */
  private readonly writes = new Set<Promise<unknown>>();
  /** Each entry's request as JSON (requests never change), to look for unlanded temporary ids without re-serialising per pump. */
  private readonly requestText = new WeakMap<OutboxRequest, string>();
  private timer: unknown = null;
  private timerAt = Infinity;
  private closed = false;

  constructor(private readonly options: OutboxOptions) {
    this.storage = options.storage ?? new MemoryOutboxStorage();
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Every entry, oldest first. */
  list(): OutboxRecord[] {
    return [...this.records.values()].sort((a, b) => a.seq - b.seq);
  }

  get size(): number {
    return this.records.size;
  }

  /** The server id a temporary id landed as, if it did. */
  realId(temp: string): string | undefined {
    return this.ids[temp];
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  /**
   * Switches to `storage` (another user or workspace) and loads what it holds; entries made
   * before (in memory) move into it after the stored ones. Returns the stored entries with their
   * `done` promises, for the stores to show again.
   */
  async open(storage: OutboxStorage): Promise<Array<{ record: OutboxRecord; done: Promise<unknown> }>> {
    const earlier = this.list();
    this.detach();
    this.storage = storage;
    this.closed = false;
    const { records, ids } = await storage.load();
    this.ids = { ...ids, ...this.ids };
    const restored: Array<{ record: OutboxRecord; done: Promise<unknown> }> = [];
    for (const record of records.sort((a, b) => a.seq - b.seq)) {
      // A stored entry was maybe in flight when the page went away: it is pending again.
      const fresh: OutboxRecord = { ...record, nextAt: 0 };
      this.records.set(fresh.seq, fresh);
      this.lastSeq = Math.max(this.lastSeq, fresh.seq);
      const done = deferred<unknown>();
      this.settle.set(fresh.seq, { done, first: deferred() });
      restored.push({ record: fresh, done: done.promise });
    }
    for (const record of earlier) {
      const promises = this.settle.get(record.seq);
      this.settle.delete(record.seq);
      const moved = { ...record, seq: ++this.lastSeq };
      this.records.set(moved.seq, moved);
      if (promises) this.settle.set(moved.seq, promises);
      await storage.put(moved);
    }
    this.changed();
    this.kick();
    return restored;
  }

  /** Stops sending and forgets the in-memory entries (they stay in their storage). */
  close(): void {
    this.detach();
    this.storage = new MemoryOutboxStorage();
    this.changed();
  }

  private detach(): void {
    this.closed = true;
    if (this.timer !== null) this.cancelTimer(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
    this.records = new Map();
    this.ids = {};
    this.sending.clear();
    this.unsaved.clear();
    for (const { done } of this.settle.values()) done.reject(new OutboxDiscarded());
    this.settle.clear();
    this.storage.close();
  }

  /** Adds an entry: written to storage, then sent when its turn comes. */
  enqueue(input: OutboxInput): OutboxHandle {
    const record: OutboxRecord = {
      seq: ++this.lastSeq,
      mutationId: input.mutationId ?? (this.options.createMutationId ?? defaultMutationId)(),
      keys: input.keys,
      request: input.request,
      createsTemp: input.createsTemp,
      optimistic: input.optimistic,
      answerPatch: input.answerPatch,
      label: input.label,
      status: 'pending',
      attempts: 0,
      nextAt: 0,
      error: null,
      createdAt: this.now(),
    };
    const promises = { done: deferred<unknown>(), first: deferred<unknown>() };
    this.records.set(record.seq, record);
    this.settle.set(record.seq, promises);
    this.unsaved.add(record.seq);
    // The write starts in the change's own task (the click), after the stores showed it: a reload
    // or a closed tab in the next moment (while the frame after the click renders) aborts a write
    // that has not started — the edit would be gone unseen. In a browser its synchronous part is a
    // clone of the entry. It is not sent before the write finished (it must survive a reload once sent).
    void this.track(this.storage.put(record)).then(() => {
      this.unsaved.delete(record.seq);
      this.pump();
    });
    this.changed();
    return { seq: record.seq, mutationId: record.mutationId, done: promises.done.promise, first: promises.first.promise };
  }

  /** Retries every pending entry now (the connection is back). */
  kick(): void {
    for (const record of this.records.values()) if (record.status === 'pending') record.nextAt = 0;
    this.pump();
  }

  /** Sends a failed entry again. */
  retry(seq: number): void {
    const record = this.records.get(seq);
    if (!record || record.status !== 'failed') return;
    record.status = 'pending';
    record.error = null;
    record.nextAt = 0;
    void this.storage.put(record).catch(() => undefined);
    this.changed();
    this.pump();
  }

  /** Drops an entry (and whatever was made on its temporary id): its change is rolled back. */
  async discard(seq: number): Promise<void> {
    const doomed = new Set<number>();
    const collect = (record: OutboxRecord | undefined) => {
      if (!record || doomed.has(record.seq) || this.sending.has(record.seq)) return;
      doomed.add(record.seq);
      if (!record.createsTemp || this.ids[record.createsTemp]) return;
      for (const other of this.records.values()) if (JSON.stringify(other.request).includes(record.createsTemp) || other.keys.includes(record.createsTemp)) collect(other);
    };
    collect(this.records.get(seq));
    for (const each of doomed) {
      this.records.delete(each);
      this.settle.get(each)?.first.reject(new OutboxDiscarded());
      this.settle.get(each)?.done.reject(new OutboxDiscarded());
      this.settle.delete(each);
    }
    this.changed();
    await Promise.all([...doomed].map((each) => this.storage.delete(each).catch(() => undefined)));
    this.pump();
  }

  /** Drops every entry (sign-out, after the person agreed). */
  async discardAll(): Promise<void> {
    for (const { done, first } of this.settle.values()) {
      first.reject(new OutboxDiscarded());
      done.reject(new OutboxDiscarded());
    }
    this.settle.clear();
    this.records.clear();
    this.changed();
    await this.storage.clear();
  }

  /**
   * Resolves when nothing is pending (failed entries do not count) and the storage writes that
   * were under way then have finished. For tests and benchmarks.
   */
  async idle(): Promise<void> {
    await new Promise<void>((resolve) => {
      const check = () => {
        if ([...this.records.values()].every((record) => record.status === 'failed')) {
          unsubscribe();
          resolve();
        }
      };
      const unsubscribe = this.subscribe(check);
      check();
    });
    await this.written();
  }

  /** Resolves when the storage writes under way now (and those they were waiting for) have finished. */
  async written(): Promise<void> {
    while (this.writes.size > 0) await Promise.all([...this.writes]);
  }

  /** Keeps a storage write in `writes` until it settles; a failed write is not fatal (memory still has the entry). */
  private track(write: Promise<unknown>): Promise<void> {
    const settled = write.then(() => undefined, () => undefined);
    this.writes.add(settled);
    void settled.then(() => this.writes.delete(settled));
    return settled;
  }

  private textOf(request: OutboxRequest): string {
    let text = this.requestText.get(request);
    if (text === undefined) {
      text = JSON.stringify(request);
      this.requestText.set(request, text);
    }
    return text;
  }

  /** Temporary ids of creates that have not landed: entries naming one wait for it. */
  private unlandedTemps(): string[] {
    const temps: string[] = [];
    for (const record of this.records.values()) if (record.createsTemp && !this.ids[record.createsTemp]) temps.push(record.createsTemp);
    return temps;
  }

  /**
   * Starts every entry whose turn it is, up to `concurrency` in flight: one pass in order of
   * making (the map keeps that order: entries are only ever added with a higher seq), collecting
   * the keys of the entries passed over, so an entry waits while an earlier one of one of its
   * entities (pending or in flight; a failed one does not hold it back) is on its way, or while a
   * create it names has not landed. Linear in the entries: it runs after every answer.
   */
  private pump(): void {
    if (this.closed && this.records.size === 0) return;
    const limit = this.options.concurrency ?? 6;
    const now = this.now();
    const temps = this.unlandedTemps();
    const busy = new Set<string>();
    let wakeAt = Infinity;
    for (const record of this.records.values()) {
      if (this.sending.size >= limit) break;
      if (record.status === 'failed') continue;
      const blocked = record.keys.some((key) => busy.has(key)) || (temps.length > 0 && this.namesAny(record, temps));
      for (const key of record.keys) busy.add(key);
      if (blocked || this.sending.has(record.seq) || this.unsaved.has(record.seq)) continue;
      if (record.nextAt > now) {
        wakeAt = Math.min(wakeAt, record.nextAt);
        continue;
      }
      void this.send(record);
    }
    this.wakeAt(wakeAt);
  }

  /** Whether `record`'s request names one of `temps` (other than the one it creates). */
  private namesAny(record: OutboxRecord, temps: string[]): boolean {
    const text = this.textOf(record.request);
    return temps.some((temp) => temp !== record.createsTemp && text.includes(temp));
  }

  private wakeAt(at: number): void {
    if (at === Infinity || at >= this.timerAt) return;
    if (this.timer !== null) this.cancelTimer(this.timer);
    this.timerAt = at;
    const run = () => {
      this.timer = null;
      this.timerAt = Infinity;
      this.pump();
    };
    this.timer = (this.options.schedule ?? ((fn: () => void, ms: number) => setTimeout(fn, ms)))(run, Math.max(0, at - this.now()));
  }

  private cancelTimer(handle: unknown): void {
    if (this.options.cancel) this.options.cancel(handle);
    else clearTimeout(handle as ReturnType<typeof setTimeout>);
  }

  private backoff(attempts: number): number {
    const base = this.options.baseDelayMs ?? 1000;
    const max = this.options.maxDelayMs ?? 30_000;
    const delay = Math.min(max, base * 2 ** Math.max(0, attempts - 1));
    return Math.round(delay * (0.5 + 0.5 * (this.options.random?.() ?? Math.random())));
  }

  /** The request as it goes out now: temporary ids re-pointed, set deltas as the server's intent keys. */
  private build(record: OutboxRecord): { method: HttpMethod; path: string; body?: unknown } {
    const request = repoint(record.request, this.ids);
    if (!request.sets || Object.keys(request.sets).length === 0) return { method: request.method, path: request.path, body: request.body };
    const body = { ...(request.body as Record<string, unknown> | undefined) };
    for (const [field, delta] of Object.entries(request.sets)) {
      if (delta.add.length) body[`${field}_add`] = delta.add;
      if (delta.remove.length) body[`${field}_remove`] = delta.remove;
    }
    return { method: request.method, path: request.path, body };
  }

  private async send(record: OutboxRecord): Promise<void> {
    this.sending.add(record.seq);
    const controller = new AbortController();
    const timeoutMs = this.options.timeoutMs ?? 20_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new OutboxTimeout());
      }, timeoutMs);
    });
    let outcome: { ok: true; answer: unknown } | { ok: false; error: unknown };
    try {
      const answer = await Promise.race([
        this.options.transport(this.build(record), record.mutationId, controller.signal),
        timeout,
      ]);
      outcome = { ok: true, answer };
    } catch (error) {
      outcome = { ok: false, error: controller.signal.aborted && !(error instanceof OutboxTimeout) ? new OutboxTimeout() : error };
    } finally {
      clearTimeout(timer);
    }
    this.sending.delete(record.seq);
    // Discarded or switched away meanwhile: nothing more to do for it here.
    if (this.records.get(record.seq) !== record) return this.pump();
    const promises = this.settle.get(record.seq);
    const kind = outcome.ok ? 'ok' : classifyFailure(outcome.error);
    if (kind === 'ok' || kind === 'applied') {
      const answer = outcome.ok ? outcome.answer : undefined;
      const realId = (answer as { id?: unknown } | undefined)?.id;
      const storage = this.storage;
      const landed = record.createsTemp && typeof realId === 'string' ? { temp: record.createsTemp, real: realId } : null;
      if (landed) this.ids[landed.temp] = landed.real;
      this.records.delete(record.seq);
      this.settle.delete(record.seq);
      // Removed from storage only now that the server answered, but not waited for: the next
      // entries go out meanwhile (in memory it is gone, so per-entity order holds). A crash before
      // the removal replays it with its mutation id, which the server's receipt answers. The real
      // id is stored before the removal, so a reload either still has the create or knows its id.
      this.track(landed ? storage.putId(landed.temp, landed.real).catch(() => undefined).then(() => storage.delete(record.seq)) : storage.delete(record.seq));
      promises?.first.resolve(answer);
      promises?.done.resolve(answer);
    } else if (kind === 'retry') {
      record.attempts += 1;
      record.nextAt = this.now() + this.backoff(record.attempts);
      promises?.first.resolve(QUEUED);
      this.track(this.storage.put(record));
    } else {
      const error = outcome.ok ? null : outcome.error;
      record.attempts += 1;
      record.status = 'failed';
      record.error = { status: error instanceof ApiError ? error.status : null, message: (error instanceof ApiError ? readErrorText(error.body) : null) ?? (error instanceof Error ? error.message : String(error)) };
      promises?.first.reject(error);
      this.track(this.storage.put(record));
    }
    this.changed();
    this.pump();
  }

  /** The answer row a store takes: the server's row with `answerPatch` merged (ids re-pointed), or nothing. */
  answerRow(record: Pick<OutboxRecord, 'answerPatch'>, answer: unknown): Record<string, unknown> | undefined {
    if (!answer || typeof answer !== 'object' || typeof (answer as { id?: unknown }).id !== 'string') return undefined;
    return { ...repoint(record.answerPatch ?? {}, this.ids), ...(answer as Record<string, unknown>) };
  }
}
