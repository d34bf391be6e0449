// Brings committed changes to this instance's hub (DESIGN "Fan-out"). One dedicated LISTEN
// connection on channel `changes` wakes the reader; it then reads new rows of the woken workspace
// by id range — never from the payload, a hint of at most 8 kB — and dispatches them in id order.
// A safety poll every 2 s covers lost notifications and LISTEN reconnects. Writers call
// `ChangeNotifier.schedule` after commit: one NOTIFY per workspace per 15 ms at most, sent as its
// own autocommit statement (a NOTIFY inside the write transaction serialises commits).
import type { Database } from '../../db/client';
import type { Hub } from './hub';
import { readChanges, workspaceHead } from './record-change';

export const CHANGES_CHANNEL = 'changes';
const PAGE_SIZE = 1000;
const NOTIFY_WINDOW_MS = 15;

export interface ReaderOptions {
  /** Safety poll period (default 2 s). */
  pollIntervalMs?: number;
  onError?: (error: unknown) => void;
}

/** Reads new changes for every workspace that has subscribers on this instance. */
export class ChangeReader {
  /** Last id read and dispatched, per tracked workspace. */
  private readonly heads = new Map<string, number>();
  private readonly initialising = new Map<string, Promise<void>>();
  private readonly inFlight = new Set<string>();
  private readonly again = new Set<string>();
  private unlisten: (() => Promise<void>) | null = null;
  private started: Promise<void> | null = null;
  private poll: NodeJS.Timeout | null = null;
  private stopped = false;
  /** now − created_at of the last dispatched row, for benchmarks and diagnostics. */
  lagMs = 0;

  constructor(
    private readonly database: Database,
    private readonly hub: Hub,
    private readonly options: ReaderOptions = {},
  ) {}

  /** Opens the LISTEN connection and the safety poll (once; lazily on the first subscriber). */
  start(): Promise<void> {
    this.started ??= (async () => {
      this.unlisten = await this.database.listen(CHANGES_CHANNEL, (payload) => this.handleHint(payload));
      this.poll = setInterval(() => this.wakeAll(), this.options.pollIntervalMs ?? 2000);
      this.poll.unref();
      // Anything committed while LISTEN was being set up is picked up here.
      this.wakeAll();
    })();
    return this.started;
  }

  /** Starts following a workspace from its current head; resolves once its head is known. */
  async track(workspaceId: string): Promise<void> {
    await this.start();
    if (this.heads.has(workspaceId)) return;
    let pending = this.initialising.get(workspaceId);
    if (!pending) {
      pending = workspaceHead(this.database.db, workspaceId).then((head) => {
        this.initialising.delete(workspaceId);
        if (this.hub.has(workspaceId) && !this.heads.has(workspaceId)) this.heads.set(workspaceId, head);
        this.wake(workspaceId);
      });
      this.initialising.set(workspaceId, pending);
    }
    await pending;
  }

  /** Stops following a workspace (its last subscriber left). */
  untrack(workspaceId: string): void {
    this.heads.delete(workspaceId);
  }

  /** The last id dispatched for a workspace: every change up to it has been handed to the hub. */
  head(workspaceId: string): number | undefined {
    return this.heads.get(workspaceId);
  }

  /** Reads a workspace's new changes now (in-process writes call this right after commit). */
  wake(workspaceId: string): void {
    if (this.stopped || !this.heads.has(workspaceId)) return;
    if (this.inFlight.has(workspaceId)) {
      this.again.add(workspaceId);
      return;
    }
    this.inFlight.add(workspaceId);
    void this.drain(workspaceId);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    const unlisten = this.unlisten;
    this.unlisten = null;
    if (unlisten) await unlisten().catch(() => {});
  }

  private wakeAll() {
    for (const workspaceId of this.heads.keys()) this.wake(workspaceId);
  }

  private handleHint(payload: string) {
    const [workspaceId, id] = payload.split(':');
    const head = this.heads.get(workspaceId);
    if (head === undefined || Number(id) <= head) return;
    this.wake(workspaceId);
  }

  private async drain(workspaceId: string) {
    try {
      do {
        this.again.delete(workspaceId);
        await this.readAll(workspaceId);
      } while (this.again.has(workspaceId) && !this.stopped);
    } catch (error) {
      this.options.onError?.(error);
    } finally {
      this.inFlight.delete(workspaceId);
    }
  }

  private async readAll(workspaceId: string) {
    for (;;) {
      const after = this.heads.get(workspaceId);
      if (after === undefined || this.stopped) return;
      const rows = await readChanges(this.database.db, workspaceId, after, PAGE_SIZE);
      // The workspace may have been untracked (and re-tracked from a newer head) meanwhile.
      if (this.heads.get(workspaceId) !== after) return;
      if (rows.length > 0) {
        const last = rows[rows.length - 1];
        this.heads.set(workspaceId, last.id);
        this.lagMs = Date.now() - last.createdAt.getTime();
        this.hub.dispatch(workspaceId, rows);
      }
      if (rows.length < PAGE_SIZE) return;
    }
  }
}

/** Sends `NOTIFY changes, '<workspace_id>:<id>'` after commits, coalesced per workspace. */
export class ChangeNotifier {
  private readonly pending = new Map<string, number>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly lastSent = new Map<string, number>();
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  schedule(workspaceId: string, changeId: number): void {
    if (this.closed) return;
    this.pending.set(workspaceId, Math.max(this.pending.get(workspaceId) ?? 0, changeId));
    if (this.timers.has(workspaceId)) return;
    const elapsed = Date.now() - (this.lastSent.get(workspaceId) ?? 0);
    const timer = setTimeout(() => this.flush(workspaceId), Math.max(0, NOTIFY_WINDOW_MS - elapsed));
    this.timers.set(workspaceId, timer);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private flush(workspaceId: string) {
    this.timers.delete(workspaceId);
    const id = this.pending.get(workspaceId);
    this.pending.delete(workspaceId);
    if (id === undefined || this.closed) return;
    this.lastSent.set(workspaceId, Date.now());
    // The id is only a hint (readers skip a wake-up they are already past); the data stays in SQL.
    this.database.notify(CHANGES_CHANNEL, `${workspaceId}:${id}`).catch(this.onError);
  }
}
