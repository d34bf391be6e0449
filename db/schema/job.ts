// Background job queue (emails, webhooks, exports), filled in the same transaction as the write that needs it.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps, timestampTz } from './columns';

export const jobs = pgTable(
  'jobs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    queue: text().notNull(),
    payload: jsonb().notNull().default({}),
    /** 'pending' | 'running' | 'done' | 'failed' */
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    runAt: timestampTz().notNull().defaultNow(),
    lockedAt: timestampTz(),
    lockedBy: text(),
    lastError: text(),
    ...timestamps,
  },
  (t) => [
    index().on(t.queue, t.status, t.runAt),
    index().on(t.status, t.runAt).where(sql`status in ('pending', 'running')`),
  ],
);

export type Job = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;
