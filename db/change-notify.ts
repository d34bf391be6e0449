// The NOTIFY half of the change log (DESIGN "Fan-out"): after a write transaction that appended
// change rows commits, whichever process ran it — an API server, a standalone collab process, a job —
// sends `NOTIFY changes, '<workspace_id>:<id>'` so every server's live reader wakes at once instead
// of at its safety poll. One notifier per database handle: at most one NOTIFY per workspace per 15 ms,
// each its own autocommit statement (a NOTIFY inside the write transaction serialises commits).
import type { Database } from './client';

export const CHANGES_CHANNEL = 'changes';
const NOTIFY_WINDOW_MS = 15;

/** Sends `NOTIFY changes, '<workspace_id>:<id>'` after commits, coalesced per workspace. */
export class ChangeNotifier {
  private readonly pending = new Map<string, number>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly lastSent = new Map<string, number>();

  constructor(private readonly database: Database) {}

  schedule(workspaceId: string, changeId: number): void {
    this.pending.set(workspaceId, Math.max(this.pending.get(workspaceId) ?? 0, changeId));
    if (this.timers.has(workspaceId)) return;
    const elapsed = Date.now() - (this.lastSent.get(workspaceId) ?? 0);
    const timer = setTimeout(() => this.flush(workspaceId), Math.max(0, NOTIFY_WINDOW_MS - elapsed));
    // A hint still waiting when the process exits is covered by the readers' safety poll.
    timer.unref();
    this.timers.set(workspaceId, timer);
  }

  private flush(workspaceId: string) {
    this.timers.delete(workspaceId);
    const id = this.pending.get(workspaceId);
    this.pending.delete(workspaceId);
    if (id === undefined) return;
    this.lastSent.set(workspaceId, Date.now());
    // The id is only a hint (readers skip a wake-up they are already past; the data stays in SQL), so
    // a NOTIFY that fails (database closing, connection lost) is left to the safety poll.
    this.database.notify(CHANGES_CHANNEL, `${workspaceId}:${id}`).catch(() => {});
  }
}

const notifiers = new WeakMap<Database, ChangeNotifier>();

/** Announces committed change rows of `workspaceIds` (up to `maxChangeId`) to every process on `database`. */
export function announceChanges(database: Database, workspaceIds: string[], maxChangeId: number): void {
  let notifier = notifiers.get(database);
  if (!notifier) notifiers.set(database, (notifier = new ChangeNotifier(database)));
  for (const workspaceId of workspaceIds) notifier.schedule(workspaceId, maxChangeId);
}
