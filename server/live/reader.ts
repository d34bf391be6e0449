// Brings committed changes to this instance's hub (DESIGN "Fan-out"). One dedicated LISTEN
// connection on channel `changes` wakes the reader; it then reads new rows of the woken workspace
// by id range — never from the payload, a hint of at most 8 kB — and dispatches them in id order.
// A safety poll (every 2 s; LIVE_POLL_INTERVAL_MS) covers lost notifications and LISTEN reconnects.
// A write of this process to a workspace it streams hands over its committed rows instead
// (`deliverCommitted`), when they follow the reader's head: one read and one hop fewer per write.
// The NOTIFY is sent by whichever process committed the change (db/change-notify.ts).
import type { Database } from '../../db/client';
import { CHANGES_CHANNEL } from '../../db/change-notify';
import type { CommittedRows } from '../context';
import type { Hub } from './hub';
import { readChanges, workspaceHead } from './record-change';

const PAGE_SIZE = 1000;

interface ReaderOptions {
  /** Safety poll period (default 2 s). */
  pollIntervalMs?: number;
  onError?: (error: unknown) => void;
  /** Called when a dispatched change was committed more than `lagWarnMs` ago (at most every 30 s). */
  onLag?: (lagMs: number) => void;
  lagWarnMs?: number;
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
  /** now − created_at of the last dispatched row, for benchmarks, /metrics and the lag warning. */
  lagMs = 0;
  private lastLagWarning = 0;

  constructor(
    private readonly database: Database,
    private readonly hub: Hub,
    private readonly options: ReaderOptions = {},
  ) {}

  private warnOnLag(): void {
    const { onLag, lagWarnMs = 5000 } = this.options;
    if (!onLag || this.lagMs <= lagWarnMs || Date.now() - this.lastLagWarning < 30_000) return;
    this.lastLagWarning = Date.now();
    onLag(this.lagMs);
  }

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

  /**
   * Takes the rows a write of this process just committed, when they are the workspace's next ones
   * (its change before them is this reader's head): dispatched at once, without reading them back,
   * before the writer answers its request. Otherwise reads from the head as `wake` does.
   */
  deliverCommitted(committed: CommittedRows): void {
    const { workspaceId, previousId, changes } = committed;
    if (this.stopped || changes.length === 0 || this.heads.get(workspaceId) !== previousId) return this.wake(workspaceId);
    const last = changes[changes.length - 1];
    this.heads.set(workspaceId, last.id);
    // A read in flight from the old head drops its page (the head moved): it reads on from here.
    if (this.inFlight.has(workspaceId)) this.again.add(workspaceId);
    this.lagMs = Date.now() - last.createdAt.getTime();
    try {
      this.hub.dispatch(workspaceId, changes);
    } catch (error) {
      // As a read's dispatch would be: reported, and the write that committed stays a success.
      this.options.onError?.(error);
    }
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
        this.warnOnLag();
        this.hub.dispatch(workspaceId, rows);
      }
      if (rows.length < PAGE_SIZE) return;
    }
  }
}
