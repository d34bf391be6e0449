// The one place that touches the change log tables (DESIGN "The sync engine" 1–4, STYLE §2/§5).
// Services run their writes in `withTransaction`, call `recordChange` for every visible entity they
// touch, and the wrapper appends the buffered rows as the transaction's last statements, under a
// per-workspace advisory lock so change ids of one workspace become visible in id order. The reader,
// retention job and idempotency plugin use the small query helpers at the bottom of this file.
import { and, asc, eq, gt, lt, lte, max, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { changeRetention, changes, mutationReceipts, type Change } from '../../db/schema/changes';
import type { ServerContext } from '../context';
import { ConflictError } from '../errors';

export type ChangeOp = 'create' | 'update' | 'delete';
export type { Change } from '../../db/schema/changes';

export interface ChangeInput {
  workspaceId: string;
  projectId?: string | null;
  /** Set for per-user rows (notifications): only this user receives the event. */
  audienceUserId?: string | null;
  /** Wire entity name, e.g. 'issue', 'state', 'project', 'member'. */
  entity: string;
  entityId: string;
  op: ChangeOp;
  version: number;
  /** The entity as the REST API returns it; `{ id }` for deletes. */
  data: unknown;
  /**
   * For issue children (comments, reactions, links, attachments, relations): the issue(s) they
   * belong to. Server-only (never on the wire): the restricted-guest filter needs it for deletes.
   */
  issueIds?: string[] | null;
}

export interface WriteOptions {
  actorId: string | null;
  clientMutationId?: string | null;
}

interface Buffer {
  options: WriteOptions;
  rows: ChangeInput[];
}

/**
 * Test-only switches (tests/sync/ordering.test.ts): `lockEnabled = false` reproduces the lost-event
 * bug the lock prevents; `afterInsert` runs between the change insert and COMMIT (e.g. pg_sleep).
 * `skipRows` (env `TRELLIS_BENCH_SKIP_CHANGE_LOG=1`, set by bench/live.ts on a second server process
 * only) writes no change rows at all, to measure what the change log costs a PATCH. Never in production.
 */
export const changeLogTestHooks: { lockEnabled: boolean; afterInsert: ((tx: Db) => Promise<void>) | null; skipRows: boolean } = {
  lockEnabled: true,
  afterInsert: null,
  skipRows: process.env.TRELLIS_BENCH_SKIP_CHANGE_LOG === '1',
};

const buffers = new WeakMap<object, Buffer>();
/** Write options whose mutation receipt is already claimed (a request may run several transactions). */
const claimedReceipts = new WeakSet<WriteOptions>();

/**
 * Runs `work` in one transaction; change rows recorded inside are written last, in order, and
 * after-commit listeners (live hub, NOTIFY) run once the commit succeeded. With a client mutation
 * id, the mutation receipt is claimed first, so a concurrent duplicate cannot apply twice.
 * @throws ConflictError when another request with the same mutation id already applied it.
 */
export async function withTransaction<T>(ctx: ServerContext, options: WriteOptions, work: (tx: Db) => Promise<T>): Promise<T> {
  const buffer: Buffer = { options, rows: [] };
  let written: { workspaceIds: string[]; maxChangeId: number } | null = null;
  const result = await ctx.db.transaction(async (tx) => {
    buffers.set(tx, buffer);
    await claimReceipt(tx as unknown as Db, options);
    const value = await work(tx as unknown as Db);
    written = await flushChanges(tx as unknown as Db, buffer);
    return value;
  });
  if (options.actorId && options.clientMutationId) claimedReceipts.add(options);
  if (written) notifyCommitted(ctx, written);
  return result;
}

/**
 * Buffers a change event in the current transaction.
 * @throws Error when called outside `withTransaction` (a write that no client would hear about).
 */
export function recordChange(tx: Db, change: ChangeInput): void {
  const buffer = buffers.get(tx);
  if (!buffer) throw new Error('recordChange must be called inside withTransaction');
  buffer.rows.push(change);
}

async function claimReceipt(tx: Db, options: WriteOptions) {
  const { actorId, clientMutationId } = options;
  if (!actorId || !clientMutationId || claimedReceipts.has(options)) return;
  // A concurrent duplicate blocks on this primary key until the first commits, then inserts nothing.
  const claimed = await tx
    .insert(mutationReceipts)
    .values({ actorId, clientMutationId, status: 0 })
    .onConflictDoNothing()
    .returning({ actorId: mutationReceipts.actorId });
  if (claimed.length === 0) throw new ConflictError('This X-Client-Mutation-Id has already been used.');
}

async function flushChanges(tx: Db, buffer: Buffer) {
  if (buffer.rows.length === 0 || changeLogTestHooks.skipRows) return null;
  const workspaceIds = [...new Set(buffer.rows.map((row) => row.workspaceId))].sort();
  // Sorted lock order: a transaction spanning two workspaces cannot deadlock with another.
  // Ordering: the lock is held until COMMIT, so a later id of the workspace never becomes visible
  // before an earlier one (a reader polling `id > cursor` would skip the earlier one for ever).
  if (changeLogTestHooks.lockEnabled) {
    for (const workspaceId of workspaceIds) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'changes:' + workspaceId}, 0))`);
    }
  }
  const inserted = await tx
    .insert(changes)
    .values(
      buffer.rows.map((row) => ({
        workspaceId: row.workspaceId,
        projectId: row.projectId ?? null,
        audienceUserId: row.audienceUserId ?? null,
        issueIds: row.issueIds?.length ? row.issueIds : null,
        entity: row.entity,
        entityId: row.entityId,
        op: row.op,
        version: row.version,
        data: row.data as Record<string, unknown>,
        actorId: buffer.options.actorId,
        clientMutationId: buffer.options.clientMutationId ?? null,
      })),
    )
    .returning({ id: changes.id });
  if (changeLogTestHooks.afterInsert) await changeLogTestHooks.afterInsert(tx);
  return { workspaceIds, maxChangeId: Math.max(...inserted.map((row) => Number(row.id))) };
}

function notifyCommitted(ctx: ServerContext, written: { workspaceIds: string[]; maxChangeId: number }) {
  for (const listener of ctx.afterCommit) {
    try {
      listener(written);
    } catch {
      // A failing listener must not turn a committed write into an error response.
    }
  }
}

/** Changes of a workspace with `afterId < id ≤ throughId`, ascending, at most `limit`. */
export async function readChanges(db: Db, workspaceId: string, afterId: number, limit: number, throughId?: number): Promise<Change[]> {
  const bounds = [eq(changes.workspaceId, workspaceId), gt(changes.id, afterId)];
  if (throughId !== undefined) bounds.push(lte(changes.id, throughId));
  const rows = await db.select().from(changes).where(and(...bounds)).orderBy(asc(changes.id)).limit(limit);
  return rows.map((row) => ({ ...row, id: Number(row.id), version: Number(row.version) }));
}

/** The latest change id of a workspace (0 when it has none). */
/**
 * SQL for the last change id of a workspace, to embed in another query (the access plugin reads the
 * X-Sync-Cursor of a GET in the same round trip as the membership). Index-only max on (workspace_id, id).
 */
export function workspaceHeadSql(workspaceIdColumn: AnyPgColumn) {
  return sql<string | number>`(select coalesce(max(${changes.id}), 0) from ${changes} where ${changes.workspaceId} = ${workspaceIdColumn})`;
}

export async function workspaceHead(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db.select({ head: max(changes.id) }).from(changes).where(eq(changes.workspaceId, workspaceId));
  return Number(row?.head ?? 0);
}

/** The highest pruned change id of a workspace (0 when nothing was pruned). */
export async function prunedThrough(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db.select().from(changeRetention).where(eq(changeRetention.workspaceId, workspaceId));
  return Number(row?.prunedThrough ?? 0);
}

/** Deletes changes created before `cutoff` and raises each workspace's low-water mark; returns rows deleted. */
export async function pruneChangesBefore(db: Db, cutoff: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const marks = await tx
      .select({ workspaceId: changes.workspaceId, through: max(changes.id) })
      .from(changes)
      .where(lt(changes.createdAt, cutoff))
      .groupBy(changes.workspaceId);
    if (marks.length === 0) return 0;
    for (const mark of marks) {
      const through = Number(mark.through);
      await tx
        .insert(changeRetention)
        .values({ workspaceId: mark.workspaceId, prunedThrough: through })
        .onConflictDoUpdate({
          target: changeRetention.workspaceId,
          set: { prunedThrough: sql`greatest(${changeRetention.prunedThrough}, ${through})`, prunedAt: sql`now()` },
        });
    }
    const deleted = await tx.delete(changes).where(lt(changes.createdAt, cutoff)).returning({ id: changes.id });
    return deleted.length;
  });
}

/** Change ids of deleted entities of a project since a time (the `deleted-issues/` feed). */
export async function deletedEntityIds(db: Db, projectId: string, entity: string, since: Date | null): Promise<string[]> {
  const bounds = [eq(changes.projectId, projectId), eq(changes.entity, entity), eq(changes.op, 'delete')];
  if (since) bounds.push(gt(changes.createdAt, since));
  const rows = await db.selectDistinct({ id: changes.entityId }).from(changes).where(and(...bounds));
  return rows.map((row) => row.id);
}

export interface StoredReceipt {
  status: number;
  response: unknown;
}

/** The stored receipt of a client mutation, or null. `status` 0 means applied but not yet answered. */
export async function findReceipt(db: Db, actorId: string, clientMutationId: string): Promise<StoredReceipt | null> {
  const [row] = await db
    .select({ status: mutationReceipts.status, response: mutationReceipts.response })
    .from(mutationReceipts)
    .where(and(eq(mutationReceipts.actorId, actorId), eq(mutationReceipts.clientMutationId, clientMutationId)));
  return row ?? null;
}

/** Stores the first successful answer of a client mutation (keeps an earlier stored answer). */
export async function saveReceipt(db: Db, actorId: string, clientMutationId: string, status: number, response: unknown): Promise<void> {
  await db
    .insert(mutationReceipts)
    .values({ actorId, clientMutationId, status, response: response as Record<string, unknown> })
    .onConflictDoUpdate({
      target: [mutationReceipts.actorId, mutationReceipts.clientMutationId],
      set: { status, response: response as Record<string, unknown> },
      setWhere: eq(mutationReceipts.status, 0),
    });
}
