// The sync change log (DESIGN.md "The sync engine") and the receipts that make client mutations idempotent.
// Security/ordering: rows are written only by server/live/record-change.ts, under a per-workspace advisory lock.
// No foreign keys: a change must outlive the row it describes (deletes are changes too).
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One field an update changed, in the words of the issue history (reference §1.6.1 / §10 `activity`). */
export interface FieldChange {
  field: string;
  /** A history row's text (issues), or the wire value of the field (projects, cycles, modules). */
  old_value: unknown;
  new_value: unknown;
  old_identifier: string | null;
  new_identifier: string | null;
}

export const changes = pgTable(
  'changes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: uuid().notNull(),
    projectId: uuid(),
    /** Set for per-user rows (notifications, favorites): only that user receives the event. */
    audienceUserId: uuid(),
    /**
     * Server-only, never sent: the issues an issue child (comment, reaction, link, attachment,
     * relation) hangs off, so the restricted-guest filter can decide its deletes (`data` is `{id}`).
     */
    issueIds: uuid().array(),
    entity: text().notNull(),
    entityId: uuid().notNull(),
    op: text().notNull(),
    version: bigint({ mode: 'number' }).notNull(),
    data: jsonb(),
    /**
     * Server-only, never on the live stream: the fields an update changed, as the issue history
     * records them (`[{field, old_value, new_value, old_identifier, new_identifier}]`); the webhook
     * feed sends one delivery per entry (reference §10). Null when the writer had none to give.
     */
    fields: jsonb().$type<FieldChange[]>(),
    /**
     * Server-only: the members this change newly mentioned (an issue's description, a comment), for
     * the notifications reaction (server/reactions/), which runs after the commit and cannot see the
     * mention rows the write replaced. Null when it mentioned nobody new.
     */
    mentioned: uuid().array(),
    actorId: uuid(),
    clientMutationId: text(),
    // clock_timestamp(), not now(): the retention cut-off wants the real append time.
    createdAt: timestamp({ withTimezone: true, precision: 3 })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index().on(t.workspaceId, t.id),
    index().on(t.createdAt),
    check('changes_op_check', sql`op in ('create', 'update', 'delete')`),
  ],
);

export const mutationReceipts = pgTable(
  'mutation_receipts',
  {
    actorId: uuid().notNull(),
    clientMutationId: text().notNull(),
    status: integer().notNull(),
    response: jsonb(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.clientMutationId] }), index().on(t.createdAt)],
);

/**
 * Low-water mark of the change log per workspace: every change of the workspace with an id at or
 * below `prunedThrough` has been pruned, so a `since` below it cannot be replayed (→ `reset`).
 */
export const changeRetention = pgTable('change_retention', {
  workspaceId: uuid().primaryKey(),
  prunedThrough: bigint({ mode: 'number' }).notNull(),
  prunedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

export type Change = typeof changes.$inferSelect;
export type NewChange = typeof changes.$inferInsert;
export type MutationReceipt = typeof mutationReceipts.$inferSelect;

/**
 * How far each after-commit reaction (server/reactions/registry.ts) has read a workspace's change
 * log. A reaction's writes and the move of its cursor commit together, so each change is reacted to
 * exactly once, whatever crashes: after a restart the feed resumes from here. A workspace without a
 * row starts at 0 (its log begins with its own creation); the migration that added the table set
 * existing workspaces to their head, so an upgrade replays nothing.
 */
export const reactionCursors = pgTable(
  'reaction_cursors',
  {
    reaction: text().notNull(),
    workspaceId: uuid().notNull(),
    lastChangeId: bigint({ mode: 'number' }).notNull(),
    updatedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reaction, t.workspaceId] })],
);
