// The one place that touches the change log tables (DESIGN "The sync engine" 1–4, STYLE §2/§5).
// Services run their writes in `withTransaction`, call `recordChange` for every visible entity they
// touch, and the wrapper appends the buffered rows as the transaction's last statements, under a
// per-workspace advisory lock so change ids of one workspace become visible in id order. Side effects
// are not run here: they are reactions (server/reactions/registry.ts) — the in-transaction ones run
// over the buffered changes just before the change rows are written, the after-commit ones read the
// committed log from their cursors. The reader,
// retention job, idempotency plugin and list engine use the small query helpers at the bottom of this file.
import { and, asc, eq, getTableColumns, gt, lt, lte, max, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { transactionWithTail } from '../../db/transaction';
import { reusableStatement } from '../../db/reusable-statement';
import { executeRows } from '../../db/rows';
import { announceChanges } from '../../db/change-notify';
import { changeRetention, changes, mutationReceipts, type Change, type FieldChange } from '../../db/schema/changes';
import type { LiveData, LiveEntity } from '../../shared/live-protocol';
import type { CommittedRows, CommittedWrite, ServerContext } from '../context';
import { ConflictError } from '../errors';

export type ChangeOp = 'create' | 'update' | 'delete';
export type { Change, FieldChange } from '../../db/schema/changes';

/** A deleted entity's `data`: its id alone (made by `deletion`, so no presenter's output passes for it). */
export type Deleted = { readonly id: string; readonly [deletedBrand]: true };
declare const deletedBrand: unique symbol;

/** The `data` of a delete change: `{ id }` on the wire. */
export function deletion(id: string): Deleted {
  return { id } as Deleted;
}

interface ChangeFields {
  workspaceId: string;
  projectId?: string | null;
  /** Set for per-user rows (notifications): only this user receives the event. */
  audienceUserId?: string | null;
  entityId: string;
  op: ChangeOp;
  version: number;
  /**
   * For issue children (comments, reactions, links, attachments, relations): the issue(s) they
   * belong to. Server-only (never on the wire): the restricted-guest filter needs it for deletes.
   */
  issueIds?: string[] | null;
  /**
   * For updates: the fields that changed (server-only, for the webhook feed's one delivery per
   * field). Omitted: the fields noted for this entity in the transaction (`noteFieldChanges`), if any.
   */
  fields?: FieldChange[] | null;
  /** Members newly mentioned (server-only; see `noteMentions`). */
  mentioned?: string[] | null;
}

/**
 * One change to record: a declared entity (shared/live-protocol.ts) with the data its declaration
 * gives — the entity as the REST API returns it, or `deletion(id)` for a delete. An undeclared
 * entity, or another entity's data, fails the typecheck.
 */
export type ChangeInput = { [E in LiveEntity]: ChangeFields & { entity: E; data: LiveData<E> | Deleted } }[LiveEntity];

export interface WriteOptions {
  actorId: string | null;
  clientMutationId?: string | null;
}

interface Buffer {
  options: WriteOptions;
  rows: ChangeInput[];
  /** Statements deferred to the tail (`deferToCommit`), run in order before the change rows. */
  deferred: SQL[];
  /** Field changes noted per `entity:id`, waiting for that entity's next update change. */
  fields: Map<string, FieldChange[]>;
  /** Members newly mentioned, per `entity:id`, waiting for that entity's next create or update change. */
  mentioned: Map<string, string[]>;
}

/** A change as a reaction sees it: buffered (in the transaction) or read back from the log (after it). */
export interface ReactionChange {
  workspaceId: string;
  projectId: string | null;
  entity: string;
  entityId: string;
  op: string;
  data: unknown;
  fields: FieldChange[] | null;
  issueIds: string[] | null;
  mentioned: string[] | null;
  actorId: string | null;
  /** Tells the writes apart: equal for the changes of one write transaction (in the log: its xmin). */
  transactionId: string;
}

/**
 * A reaction that runs inside the write's transaction, after the service's work and before the
 * change rows: it sees every change the transaction recorded and may write and record more.
 */
export interface InTransactionHook {
  name: string;
  applies(change: ReactionChange): boolean;
  perform(tx: Db, changes: ReactionChange[], ctx: ServerContext): Promise<void>;
}

/** The in-transaction reactions, installed by server/reactions/registry.ts (live/ must not import the services). */
export const inTransactionReactions: InTransactionHook[] = [];

/**
 * Test-only switches (tests/sync/ordering.test.ts): `lockEnabled = false` reproduces the lost-event
 * bug the lock prevents; `afterInsert` gives a statement run between the change insert and COMMIT,
 * in the same pipeline (e.g. pg_sleep).
 * `skipRows` (env `TRELLIS_BENCH_SKIP_CHANGE_LOG=1`, set by bench/live.ts on a second server process
 * only) writes no change rows at all, to measure what the change log costs a PATCH. Never in production.
 */
export const changeLogTestHooks: { lockEnabled: boolean; afterInsert: (() => SQL) | null; skipRows: boolean } = {
  lockEnabled: true,
  afterInsert: null,
  skipRows: process.env.TRELLIS_BENCH_SKIP_CHANGE_LOG === '1',
};

const buffers = new WeakMap<object, Buffer>();
/** Write options whose mutation receipt is already claimed (a request may run several transactions). */
const claimedReceipts = new WeakSet<WriteOptions>();

/**
 * Runs `work` in one transaction; change rows recorded inside are written last, in order. Once the
 * commit succeeded, the rows are announced to every process (NOTIFY, whichever process this is: an
 * API server, a standalone collab process) and the after-commit listeners (this process's live hub) run. With a client mutation
 * id, the mutation receipt is claimed first, so a concurrent duplicate cannot apply twice.
 * @throws ConflictError when another request with the same mutation id already applied it.
 */
export async function withTransaction<T>(ctx: ServerContext, options: WriteOptions, work: (tx: Db) => Promise<T>): Promise<T> {
  const buffer: Buffer = { options, rows: [], deferred: [], fields: new Map(), mentioned: new Map() };
  const {
    value: { value, log },
    tailRows,
  } = await transactionWithTail(ctx.database, async (tx) => {
    buffers.set(tx, buffer);
    await claimReceipt(tx, options);
    const value = await work(tx);
    await runInTransactionReactions(ctx, tx, buffer);
    const log = changeLogTail(ctx, buffer);
    return { value: { value, log }, tail: [...buffer.deferred, ...(log?.statements ?? [])] };
  });
  if (options.actorId && options.clientMutationId) claimedReceipts.add(options);
  const inserted = tailRows[buffer.deferred.length];
  if (inserted) {
    const written: CommittedWrite = { workspaceIds: workspaceIdsOf(buffer), maxChangeId: Math.max(...inserted.map((row) => Number(row.id))) };
    announceChanges(ctx.database, written.workspaceIds, written.maxChangeId);
    if (log?.previousOf) written.rows = committedRows(buffer, log, inserted, Number(tailRows[tailRows.length - 1][0].id));
    notifyCommitted(ctx, written);
  }
  return value;
}

/**
 * Buffers a change event in the current transaction.
 * @throws Error when called outside `withTransaction` (a write that no client would hear about).
 */
export function recordChange(tx: Db, change: ChangeInput): void {
  const buffer = buffers.get(tx);
  if (!buffer) throw new Error('recordChange must be called inside withTransaction');
  const key = `${change.entity}:${change.entityId}`;
  const noted = buffer.fields.get(key);
  buffer.fields.delete(key);
  const mentioned = change.op === 'delete' ? undefined : buffer.mentioned.get(key);
  if (mentioned) buffer.mentioned.delete(key);
  const withFields = change.fields === undefined && change.op === 'update' && noted ? { ...change, fields: noted } : change;
  buffer.rows.push(mentioned ? { ...withFields, mentioned } : withFields);
}

/**
 * Defers `statement` to the transaction's tail: it runs after the work, right before the change
 * rows, and travels with them and COMMIT (one round trip for all). For a write whose result the
 * transaction does not read back — rows made whole in this process, such as issue history rows.
 * A failure rolls the whole transaction back, as any statement's would.
 * @throws Error when called outside `withTransaction`.
 */
export function deferToCommit(tx: Db, statement: SQL): void {
  const buffer = buffers.get(tx);
  if (!buffer) throw new Error('deferToCommit must be called inside withTransaction');
  buffer.deferred.push(statement);
}

/**
 * Notes members an entity's write newly mentioned (an issue's description, a comment): its next
 * create or update change carries them, for the notifications reaction after the commit.
 * @throws Error when called outside `withTransaction`.
 */
export function noteMentions(tx: Db, entity: 'issue' | 'comment', entityId: string, userIds: string[]): void {
  const buffer = buffers.get(tx);
  if (!buffer) throw new Error('noteMentions must be called inside withTransaction');
  if (userIds.length === 0) return;
  const key = `${entity}:${entityId}`;
  buffer.mentioned.set(key, [...new Set([...(buffer.mentioned.get(key) ?? []), ...userIds])]);
}

/**
 * Notes fields of an entity that this transaction changed (the issue history rows, as they are
 * written): its next `update` change carries them, wherever in the service that change is recorded
 * (an issue's update, a touch after a cycle or module move, an archive). A create or delete drops them.
 * @throws Error when called outside `withTransaction`.
 */
export function noteFieldChanges(tx: Db, entity: LiveEntity, entityId: string, fields: FieldChange[]): void {
  const buffer = buffers.get(tx);
  if (!buffer) throw new Error('noteFieldChanges must be called inside withTransaction');
  if (fields.length === 0) return;
  const key = `${entity}:${entityId}`;
  buffer.fields.set(key, [...(buffer.fields.get(key) ?? []), ...fields]);
}

/** Runs each in-transaction reaction once over the changes the work recorded that it applies to. */
async function runInTransactionReactions(ctx: ServerContext, tx: Db, buffer: Buffer): Promise<void> {
  if (inTransactionReactions.length === 0) return;
  const recorded: ReactionChange[] = buffer.rows.map((row) => ({
    workspaceId: row.workspaceId,
    projectId: row.projectId ?? null,
    entity: row.entity,
    entityId: row.entityId,
    op: row.op,
    data: row.data,
    fields: row.fields ?? null,
    issueIds: row.issueIds ?? null,
    mentioned: row.mentioned ?? null,
    actorId: buffer.options.actorId,
    transactionId: 'current',
  }));
  for (const reaction of inTransactionReactions) {
    const matching = recorded.filter((change) => reaction.applies(change));
    if (matching.length > 0) await reaction.perform(tx, matching, ctx);
  }
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

const workspaceIdsOf = (buffer: Buffer) => [...new Set(buffer.rows.map((row) => row.workspaceId))].sort();

/** The statements that append a transaction's change rows, and what the commit hands on from them. */
interface ChangeLogTail {
  statements: SQL[];
  /** The rows as the insert's one jsonb parameter. */
  json: string;
  /** The one workspace whose previous change the last statement reads, when this process streams it live. */
  previousOf: string | null;
}

/**
 * The statements that append the buffered rows (the first one returns their ids): the transaction's
 * last, sent together with its COMMIT in one round trip (db/transaction.ts).
 */
function changeLogTail(ctx: ServerContext, buffer: Buffer): ChangeLogTail | null {
  if (buffer.rows.length === 0 || changeLogTestHooks.skipRows) return null;
  const workspaceIds = workspaceIdsOf(buffer);
  const rows = buffer.rows.map((row) => ({
    workspace_id: row.workspaceId,
    project_id: row.projectId ?? null,
    audience_user_id: row.audienceUserId ?? null,
    issue_ids: row.issueIds?.length ? row.issueIds : null,
    entity: row.entity,
    entity_id: row.entityId,
    op: row.op,
    version: row.version,
    data: row.data ?? null,
    fields: row.fields?.length ? row.fields : null,
    mentioned: row.mentioned?.length ? row.mentioned : null,
  }));
  const json = JSON.stringify(rows);
  // Ordering: the per-workspace lock is held until COMMIT, so a later id of the workspace never
  // becomes visible before an earlier one (a reader polling `id > cursor` would skip the earlier one
  // for ever). It is taken by the insert itself — an uncorrelated sub-select in WHERE, which Postgres
  // runs once (an InitPlan, a one-time filter) before the first row is produced, so before any id is
  // drawn from the identity sequence — and COMMIT follows in the same round trip: the lock is held
  // for the database's own time, not for round trips to this process. Sorted lock order: a
  // transaction spanning two workspaces cannot deadlock with another. The rows travel as one jsonb
  // parameter, so the statement text (and its prepared plan) is the same for any number of rows.
  const lock = changeLogTestHooks.lockEnabled
    ? sql`where (select count(pg_advisory_xact_lock(hashtextextended('changes:' || k, 0))) from jsonb_array_elements_text(${JSON.stringify(workspaceIds)}::jsonb) as k) >= 0`
    : sql``;
  const insert = sql`
    insert into changes (workspace_id, project_id, audience_user_id, issue_ids, entity, entity_id, op, version, data, fields, mentioned, actor_id, client_mutation_id)
    select r.workspace_id, r.project_id, r.audience_user_id, r.issue_ids, r.entity, r.entity_id, r.op, r.version, r.data, r.fields, r.mentioned, ${buffer.options.actorId}::uuid, ${buffer.options.clientMutationId ?? null}::text
    from jsonb_to_recordset(${json}::jsonb)
      as r(workspace_id uuid, project_id uuid, audience_user_id uuid, issue_ids uuid[], entity text, entity_id uuid, op text, version bigint, data jsonb, fields jsonb, mentioned uuid[])
    ${lock}
    returning id, created_at`;
  const statements = changeLogTestHooks.afterInsert ? [insert, changeLogTestHooks.afterInsert()] : [insert];
  // For the live hub of this process: the workspace's last change before these rows. Read by a
  // statement of its own after the insert, so its snapshot is taken under the lock: every earlier
  // change of the workspace has committed and is seen, no later one can exist yet, and this
  // transaction's rows are the workspace's newest `rows.length`. (The insert's own snapshot predates
  // the lock.) Without the lock that would not hold, so the test switch turns this off too.
  const single = workspaceIds.length === 1 && changeLogTestHooks.lockEnabled && ctx.streamsLive?.(workspaceIds[0]) ? workspaceIds[0] : null;
  if (single) statements.push(sql`select coalesce((select id from changes where workspace_id = ${single}::uuid order by id desc offset ${rows.length}::int limit 1), 0) as id`);
  return { statements, json, previousOf: single };
}

/**
 * The appended rows as the log holds them. Ids are drawn in the order the rows are inserted, which
 * is the buffer's; `data` goes through JSON as it went to jsonb (dates as strings, no undefined).
 */
function committedRows(buffer: Buffer, log: ChangeLogTail, inserted: Record<string, unknown>[], previousId: number): CommittedRows {
  const rows = JSON.parse(log.json) as Array<Record<string, never>>;
  const ids = inserted.map((row) => ({ id: Number(row.id), createdAt: new Date(row.created_at as string | Date) })).sort((a, b) => a.id - b.id);
  const changes: Change[] = rows.map((row, index) => ({
    id: ids[index].id,
    workspaceId: row.workspace_id,
    projectId: row.project_id,
    audienceUserId: row.audience_user_id,
    issueIds: row.issue_ids,
    entity: row.entity,
    entityId: row.entity_id,
    op: row.op,
    version: Number(row.version),
    data: row.data,
    fields: row.fields,
    mentioned: row.mentioned,
    actorId: buffer.options.actorId,
    clientMutationId: buffer.options.clientMutationId ?? null,
    createdAt: ids[index].createdAt,
  }));
  return { workspaceId: log.previousOf!, previousId, changes };
}

function notifyCommitted(ctx: ServerContext, written: CommittedWrite) {
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
  const rows = throughId === undefined ? await changesAfter(db, { workspaceId, afterId, limit }) : await changesAfterThrough(db, { workspaceId, afterId, limit, throughId });
  return rows.map((row) => ({ ...row, id: Number(row.id), version: Number(row.version) }));
}

/**
 * As `readChanges`, each change with the id of the transaction that wrote it (its xmin, as text):
 * the after-commit reactions (server/reactions/feed.ts) tell the writes of a batch apart by it.
 */
export async function readChangesWithWriter(db: Db, workspaceId: string, afterId: number, limit: number): Promise<Array<Change & { transactionId: string }>> {
  const rows = await changesWithWriterAfter(db, { workspaceId, afterId, limit });
  return rows.map((row) => ({ ...row, id: Number(row.id), version: Number(row.version) }));
}

// The log's reads, built once (db/reusable-statement.ts): the live reader and the reaction feed run
// them after every commit, and as prepared statements each is one round trip.
const afterCursor = and(eq(changes.workspaceId, sql.placeholder('workspaceId')), gt(changes.id, sql.placeholder('afterId')));
const changesAfter = reusableStatement((db) => db.select().from(changes).where(afterCursor).orderBy(asc(changes.id)).limit(sql.placeholder('limit')).prepare('changes_after'));
const changesAfterThrough = reusableStatement((db) =>
  db.select().from(changes).where(and(afterCursor, lte(changes.id, sql.placeholder('throughId')))).orderBy(asc(changes.id)).limit(sql.placeholder('limit')).prepare('changes_after_through'),
);
const changesWithWriterAfter = reusableStatement((db) =>
  db
    .select({ ...getTableColumns(changes), transactionId: sql<string>`${changes}.xmin::text` })
    .from(changes)
    .where(afterCursor)
    .orderBy(asc(changes.id))
    .limit(sql.placeholder('limit'))
    .prepare('changes_with_writer_after'),
);

/**
 * SQL for the last change id of a workspace (0 when it has none), to embed in another query: the
 * access plugin reads the X-Sync-Cursor of a GET in the same round trip as the membership, a list
 * statement reads it in the same snapshot as its rows, and the reaction feed starts every pass with
 * it. It must cost a few pages however long the log is: the first entry of a backward walk down
 * (workspace_id, id). The workspace is matched as a range, not an equality, so that the order
 * (workspace_id, id) stays the query's and only that index gives it. With an equality (a `max(id)`)
 * the planner drops the constant column and may walk the primary key back instead, through every
 * other workspace's changes: on PGlite it did, for a workspace with none, on every GET.
 * tests/sync/reaction-feed-cost.test.ts holds it.
 */
export function workspaceHeadSql(workspaceId: AnyPgColumn | SQL) {
  return sql<string | number>`coalesce((select ${changes.id} from ${changes}
    where ${changes.workspaceId} >= ${workspaceId} and ${changes.workspaceId} <= ${workspaceId}
    order by ${changes.workspaceId} desc, ${changes.id} desc limit 1), 0)`;
}

/** The statement of `workspaceHead`: a workspace's head on its own. */
export function workspaceHeadStatement(workspaceId: string): SQL {
  return sql`select ${workspaceHeadSql(sql`${workspaceId}::uuid`)} as head`;
}

/** The latest change id of a workspace (0 when it has none): the live reader's start, retention, a write's cursor. */
export async function workspaceHead(db: Db, workspaceId: string): Promise<number> {
  const [row] = await executeRows<{ head: string | number }>(db, workspaceHeadStatement(workspaceId));
  return Number(row?.head ?? 0);
}

/** The highest pruned change id of a workspace (0 when nothing was pruned). */
export async function prunedThrough(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db.select().from(changeRetention).where(eq(changeRetention.workspaceId, workspaceId));
  return Number(row?.prunedThrough ?? 0);
}

/**
 * Deletes changes created before `cutoff` and raises each workspace's low-water mark; returns rows
 * deleted. Each workspace keeps its newest change whatever its age: the head (the lists'
 * X-Sync-Cursor) must stay a cursor the log can serve, or a quiet workspace would hand out 0,
 * whose subscribe gets `reset`, whose reload hands out 0 again.
 */
export async function pruneChangesBefore(db: Db, cutoff: Date): Promise<number> {
  const prunable = and(
    lt(changes.createdAt, cutoff),
    sql`${changes.id} < (select max(newest.id) from ${changes} newest where newest.workspace_id = ${changes.workspaceId})`,
  );
  return db.transaction(async (tx) => {
    const marks = await tx.select({ workspaceId: changes.workspaceId, through: max(changes.id) }).from(changes).where(prunable).groupBy(changes.workspaceId);
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
    const deleted = await tx.delete(changes).where(prunable).returning({ id: changes.id });
    return deleted.length;
  });
}

/** Change ids of deleted entities of a project since a time (the `deleted-issues/` feed). */
export async function deletedEntityIds(db: Db, projectId: string, entity: LiveEntity, since: Date | null): Promise<string[]> {
  const bounds = [eq(changes.projectId, projectId), eq(changes.entity, entity), eq(changes.op, 'delete')];
  if (since) bounds.push(gt(changes.createdAt, since));
  const rows = await db.selectDistinct({ id: changes.entityId }).from(changes).where(and(...bounds));
  return rows.map((row) => row.id);
}

interface StoredReceipt {
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
