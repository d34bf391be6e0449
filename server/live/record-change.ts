// The one place that writes change events (DESIGN "The sync engine" 1–2, STYLE §5). Services run
// their writes in `withTransaction`, call `recordChange` for every visible entity they touch, and
// the wrapper appends the buffered rows as the transaction's last statements, under a
// per-workspace advisory lock so change ids of one workspace become visible in id order.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { changes } from '../../db/schema/changes';
import type { ServerContext } from '../context';

export type ChangeOp = 'create' | 'update' | 'delete';

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
}

export interface WriteOptions {
  actorId: string | null;
  clientMutationId?: string | null;
}

interface Buffer {
  options: WriteOptions;
  rows: ChangeInput[];
}

const buffers = new WeakMap<object, Buffer>();

/**
 * Runs `work` in one transaction; change rows recorded inside are written last, in order, and
 * after-commit listeners (live hub, NOTIFY) run once the commit succeeded.
 */
export async function withTransaction<T>(ctx: ServerContext, options: WriteOptions, work: (tx: Db) => Promise<T>): Promise<T> {
  const buffer: Buffer = { options, rows: [] };
  let written: { workspaceIds: string[]; maxChangeId: number } | null = null;
  const result = await ctx.db.transaction(async (tx) => {
    buffers.set(tx, buffer);
    const value = await work(tx as unknown as Db);
    written = await flushChanges(tx as unknown as Db, buffer);
    return value;
  });
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

async function flushChanges(tx: Db, buffer: Buffer) {
  if (buffer.rows.length === 0) return null;
  const workspaceIds = [...new Set(buffer.rows.map((row) => row.workspaceId))].sort();
  // Sorted lock order: a transaction spanning two workspaces cannot deadlock with another.
  for (const workspaceId of workspaceIds) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'changes:' + workspaceId}, 0))`);
  }
  const inserted = await tx
    .insert(changes)
    .values(
      buffer.rows.map((row) => ({
        workspaceId: row.workspaceId,
        projectId: row.projectId ?? null,
        audienceUserId: row.audienceUserId ?? null,
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
