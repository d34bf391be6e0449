// Runs the after-commit reactions from the change log (generalised from the webhook feed): for each
// reaction and workspace, the changes after the reaction's cursor (`reaction_cursors`) are read in
// batches; the ones it applies to are performed in a `withTransaction` that also moves the cursor, so
// each change is reacted to exactly once whatever crashes — after a restart the feed resumes from
// the cursor. The cursor row is taken FOR UPDATE SKIP LOCKED, so several processes feed different
// (reaction, workspace) pairs and never the same one twice. Change ids of one workspace become
// visible in id order (record-change.ts takes a per-workspace lock), so `id > cursor` misses nothing.
// Woken by this process's commits, by NOTIFY from other processes, and by a poll.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reusableStatement } from '../../db/reusable-statement';
import { CHANGES_CHANNEL } from '../../db/change-notify';
import { reactionCursors } from '../../db/schema/index';
import type { ServerContext } from '../context';
import { readChangesWithWriter, withTransaction, workspaceHeadSql, type ReactionChange } from '../live/record-change';
import { appliesTo, type Reaction } from './reaction';

/** Changes read per workspace and round. */
export const REACTION_FEED_BATCH = 500;

/** A change read back from the log, with its id and the transaction that wrote it. */
type LoggedChange = ReactionChange & { id: number };

/**
 * Each (reaction, workspace) whose cursor is behind its workspace's log, with that cursor. Every
 * pass starts here, so its cost must not grow with the log: each workspace's head is a few pages of
 * its index (workspaceHeadSql). Written as `exists (… ch.id > cursor)`, the planner hashed the whole
 * log on every pass: 11 ms at 12,000 changes, every 100 ms while people write.
 * tests/sync/reaction-feed-cost.test.ts holds it.
 */
export function behindStatement(names: string[]): SQL {
  // Materialized: one head per workspace, not one per workspace and reaction.
  return sql`
    with heads as materialized (select w.id as workspace_id, ${workspaceHeadSql(sql`w.id`)} as head from workspaces w)
    select r.reaction, h.workspace_id, coalesce(c.last_change_id, 0) as cursor
    from heads h
    cross join jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) as r(reaction)
    left join reaction_cursors c on c.reaction = r.reaction and c.workspace_id = h.workspace_id
    where h.head > coalesce(c.last_change_id, 0)`;
}

async function behind(ctx: ServerContext, names: string[]): Promise<Array<{ reaction: string; workspaceId: string; cursor: number }>> {
  // Prepared: the text is the same on every pass, and planning it took longer than running it.
  const rows = await ctx.database.query<{ reaction: string; workspace_id: string; cursor: string | number }>(behindStatement(names), { prepare: true });
  return rows.map((row) => ({ reaction: row.reaction, workspaceId: row.workspace_id, cursor: Number(row.cursor) }));
}

/**
 * Moves cursors over changes their reactions do not apply to, in one statement for all of them (no
 * transaction of their own needed: whoever else holds a cursor can only move it less far).
 */
async function skipTo(ctx: ServerContext, workspaceId: string, skips: Array<{ reaction: string; through: number }>): Promise<void> {
  if (skips.length === 0) return;
  // Prepared: one text whatever the skips (they travel as one JSON value), sent on most passes.
  await ctx.database.query(
    sql`
    insert into reaction_cursors (reaction, workspace_id, last_change_id)
    select s.reaction, ${workspaceId}::uuid, s.through from jsonb_to_recordset(${JSON.stringify(skips)}::jsonb) as s(reaction text, through bigint)
    on conflict (reaction, workspace_id) do update set last_change_id = greatest(reaction_cursors.last_change_id, excluded.last_change_id), updated_at = now()`,
    { prepare: true },
  );
}

// The cursor's statements run in every reaction transaction: built once (db/reusable-statement.ts).
const cursorIs = and(eq(reactionCursors.reaction, sql.placeholder('reaction')), eq(reactionCursors.workspaceId, sql.placeholder('workspaceId')));
const takeCursorStatement = reusableStatement((db) =>
  db.select({ lastChangeId: reactionCursors.lastChangeId }).from(reactionCursors).where(cursorIs).for('update', { skipLocked: true }).prepare('reaction_cursor_take'),
);
const moveCursorStatement = reusableStatement((db) =>
  db
    .update(reactionCursors)
    .set({ lastChangeId: sql`${sql.placeholder('through')}::bigint`, updatedAt: sql`now()` })
    .where(cursorIs)
    .returning({ lastChangeId: reactionCursors.lastChangeId })
    .prepare('reaction_cursor_move'),
);

/** The reaction's cursor, locked until COMMIT; null while another process holds it. */
async function lockCursor(tx: Db, reaction: string, workspaceId: string): Promise<number | null> {
  const take = async () => (await takeCursorStatement(tx, { reaction, workspaceId }))[0];
  // The row exists after a workspace's first pass: one statement then. Missing or held elsewhere,
  // it is created if missing (a no-op otherwise) and tried once more.
  let row = await take();
  if (!row) {
    await tx.insert(reactionCursors).values({ reaction, workspaceId, lastChangeId: 0 }).onConflictDoNothing();
    row = await take();
  }
  return row ? Number(row.lastChangeId) : null;
}

/** Consecutive changes by the same actor: one transaction each, whose own changes carry that actor. */
function runsByActor(pending: LoggedChange[]): LoggedChange[][] {
  const runs: LoggedChange[][] = [];
  for (const change of pending) {
    const run = runs[runs.length - 1];
    if (run && run[0].actorId === change.actorId) run.push(change);
    else runs.push([change]);
  }
  return runs;
}

/**
 * Reacts to `pending` (one workspace's changes after the reaction's cursor, ascending, some of
 * which it applies to) and moves the cursor past them. Returns false when another process holds it.
 */
async function feedOne(ctx: ServerContext, reaction: Reaction, workspaceId: string, pending: LoggedChange[]): Promise<boolean> {
  const last = pending[pending.length - 1].id;
  const runs = runsByActor(pending.filter((change) => appliesTo(reaction, change)));
  for (const [index, run] of runs.entries()) {
    const through = index === runs.length - 1 ? last : run[run.length - 1].id;
    const done = await withTransaction(ctx, { actorId: run[0].actorId }, async (tx) => {
      const cursor = await lockCursor(tx, reaction.name, workspaceId);
      if (cursor === null) return false;
      const fresh = run.filter((change) => change.id > cursor);
      if (fresh.length > 0) await reaction.perform(tx, fresh, ctx);
      if (through > cursor) await moveCursorStatement(tx, { through, reaction: reaction.name, workspaceId });
      return true;
    });
    if (!done) return false;
  }
  return true;
}

/**
 * One pass: every (reaction, workspace) whose cursor is behind, until each is caught up. A reaction
 * that fails is reported and retried on the next pass; the others go on. Returns changes consumed.
 */
export async function feedReactions(ctx: ServerContext, reactions: readonly Reaction[], onError: (error: unknown, reaction: string) => void = () => {}): Promise<number> {
  const byName = new Map(reactions.map((reaction) => [reaction.name, reaction]));
  const cursorsByWorkspace = new Map<string, Map<string, number>>();
  for (const row of await behind(ctx, [...byName.keys()])) {
    let cursors = cursorsByWorkspace.get(row.workspaceId);
    if (!cursors) cursorsByWorkspace.set(row.workspaceId, (cursors = new Map()));
    cursors.set(row.reaction, row.cursor);
  }
  let consumed = 0;
  for (const [workspaceId, cursors] of cursorsByWorkspace) {
    // One read of the log serves every reaction of the workspace.
    while (cursors.size > 0) {
      const from = Math.min(...cursors.values());
      const batch = await readChangesWithWriter(ctx.db, workspaceId, from, REACTION_FEED_BATCH);
      if (batch.length === 0) break;
      consumed += batch.length;
      const skips: Array<{ reaction: string; through: number }> = [];
      for (const [name, cursor] of [...cursors]) {
        const pending = batch.filter((change) => change.id > cursor);
        if (pending.length === 0) continue;
        const through = pending[pending.length - 1].id;
        const reaction = byName.get(name)!;
        if (!pending.some((change) => appliesTo(reaction, change)) || (reaction.idleIn && (await reaction.idleIn(ctx.db, workspaceId)))) {
          skips.push({ reaction: name, through });
          cursors.set(name, through);
          continue;
        }
        try {
          if (await feedOne(ctx, byName.get(name)!, workspaceId, pending)) cursors.set(name, through);
          else cursors.delete(name);
        } catch (error) {
          onError(error, name);
          cursors.delete(name);
        }
      }
      await skipTo(ctx, workspaceId, skips);
      if (batch.length < REACTION_FEED_BATCH) break;
    }
  }
  return consumed;
}

/** The reactions each context's running feed serves (see `waitForReactions`). */
const runningFeeds = new WeakMap<ServerContext, readonly Reaction[]>();

/**
 * Resolves once every reaction the context's feed serves has caught up with the change log (at once
 * when no feed runs): for tests and tools that read a write's after-commit results right after it.
 * @throws Error after `timeoutMs`.
 */
export async function waitForReactions(ctx: ServerContext, timeoutMs = 15_000): Promise<void> {
  const reactions = runningFeeds.get(ctx);
  if (!reactions) return;
  const deadline = Date.now() + timeoutMs;
  while ((await behind(ctx, reactions.map((reaction) => reaction.name))).length > 0) {
    if (Date.now() > deadline) throw new Error(`reactions did not catch up within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * How long a wake-up waits before the pass starts: the commit's own work (its HTTP answer, the live
 * fan-out) goes first, and the commits of that moment are read in one batch.
 */
const WAKE_DELAY_MS = 25;

/**
 * The least time from one pass's start to the next's. Under a stream of writes a pass then serves
 * the commits of this window together: a pass costs a dozen statements whatever it reads, which
 * one pass per commit doubled a lone PATCH's database work (BENCHMARKS.md, "Write path"). A
 * notification arrives at most this much later.
 */
const MIN_PASS_INTERVAL_MS = 100;

/** Runs the feed on commits, NOTIFY and every `pollMs` until the returned stop function is called. */
export async function startReactionFeed(
  ctx: ServerContext,
  reactions: readonly Reaction[],
  options: {
    pollMs?: number;
    onError: (error: unknown, reaction?: string) => void;
    /** Told each pass's start (Date.now()): for tests and metrics. */
    onPass?: (startedAt: number) => void;
  },
): Promise<() => Promise<void>> {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let scheduled: NodeJS.Timeout | null = null;
  let lastPassStart = 0;
  const wake = () => {
    if (stopped || scheduled) return;
    scheduled = setTimeout(run, Math.max(WAKE_DELAY_MS, lastPassStart + MIN_PASS_INTERVAL_MS - Date.now()));
  };
  const run = () => {
    scheduled = null;
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    lastPassStart = Date.now();
    options.onPass?.(lastPassStart);
    running = feedReactions(ctx, reactions, options.onError)
      .then(() => undefined, (error: unknown) => options.onError(error))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  };
  const onCommit = () => wake();
  ctx.afterCommit.push(onCommit);
  let unlisten: (() => Promise<void>) | null = null;
  try {
    unlisten = await ctx.database.listen(CHANGES_CHANNEL, wake);
  } catch (error) {
    options.onError(error);
  }
  const timer = setInterval(wake, options.pollMs ?? 1000);
  timer.unref();
  runningFeeds.set(ctx, reactions);
  wake();
  return async () => {
    stopped = true;
    runningFeeds.delete(ctx);
    clearInterval(timer);
    if (scheduled) clearTimeout(scheduled);
    const index = ctx.afterCommit.indexOf(onCommit);
    if (index >= 0) ctx.afterCommit.splice(index, 1);
    await unlisten?.().catch(() => {});
    await running;
  };
}
