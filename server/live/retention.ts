// Keeps the change log bounded (DESIGN "Live stream"): changes older than CHANGE_RETENTION_DAYS are
// pruned and each workspace remembers the highest pruned id, so a subscriber whose `since` lies
// below it gets `reset` (reload) instead of a replay with a silent hole.
import type { Db } from '../../db/client';
import type { ServerContext } from '../context';
import { prunedThrough, pruneChangesBefore, workspaceHead } from './record-change';

const DAY_MS = 24 * 3600 * 1000;
const PRUNE_INTERVAL_MS = 3600 * 1000;

/** Deletes changes older than the retention period; returns how many rows went. */
export async function pruneChangeLog(ctx: ServerContext, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ctx.config.CHANGE_RETENTION_DAYS * DAY_MS);
  return pruneChangesBefore(ctx.db, cutoff);
}

/** True when changes after `since` can no longer all be replayed for the workspace. */
export async function isBeyondRetention(db: Db, workspaceId: string, since: number): Promise<boolean> {
  const through = await prunedThrough(db, workspaceId);
  return through > 0 && since < through;
}

/**
 * True when `since` lies past the workspace's last change (pruned ones included): a cursor this
 * log never gave out — a client cache kept across a database restore, or one from another
 * server. Replaying from it would silently skip every change up to it, so the client gets `reset`.
 */
export async function isAheadOfLog(db: Db, workspaceId: string, since: number): Promise<boolean> {
  const [head, through] = await Promise.all([workspaceHead(db, workspaceId), prunedThrough(db, workspaceId)]);
  return since > Math.max(head, through);
}

/** Prunes once an hour (and shortly after start); returns a function that stops it. */
export function scheduleRetention(ctx: ServerContext, onError: (error: unknown) => void): () => void {
  const run = () => void pruneChangeLog(ctx).catch(onError);
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, PRUNE_INTERVAL_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
