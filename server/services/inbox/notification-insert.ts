// The one multi-row insert of a transaction's notifications (notification-fanout.ts). An issue with
// 200 followers writes 200 rows per change; drizzle's `insert().values()` binds every column of every
// row as its own parameter (~5,000) and builds that statement in JavaScript each time — it was the
// largest single cost of the PATCH (issue #14 bench). Here the rows travel as ONE jsonb parameter and
// Postgres expands them (jsonb_to_recordset), as the change log does (server/live/record-change.ts):
// the statement text is the same for any number of rows, so it is parsed and planned once per
// connection. The returned rows are mapped by the table's own column definitions, so callers get the
// same `Notification` objects as before.
import { getTableColumns, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { Db } from '../../../db/client';
import { notifications, type NewNotification, type Notification } from '../../../db/schema/index';
import { executeRows } from '../../../db/rows';

/** The columns a fan-out sets; the others keep their database defaults (id, timestamps, version, …). */
const WRITTEN = [
  'workspaceId',
  'projectId',
  'receiverId',
  'triggeredById',
  'entityIdentifier',
  'entityName',
  'title',
  'data',
  'messageHtml',
  'message',
  'messageStripped',
  'sender',
  'mailWanted',
  'createdBy',
  'updatedBy',
] as const satisfies ReadonlyArray<keyof NewNotification>;

const columns = getTableColumns(notifications);
const columnName = (key: keyof typeof columns) => toSnakeCase(key);

/**
 * `coalesce(r.x, <the column's default>)` for NOT NULL columns with a default: a row that leaves the
 * field unset gets what drizzle's insert would have let the database fill in.
 */
function selected(key: (typeof WRITTEN)[number]): ReturnType<typeof sql.raw> {
  const column = columns[key];
  const name = columnName(key);
  if (column.hasDefault && column.notNull && column.default !== undefined) {
    return sql.raw(`coalesce(r.${name}, ${literal(column.default)})`);
  }
  return sql.raw(`r.${name}`);
}

function literal(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  throw new Error(`notification-insert: unsupported default ${String(value)}`);
}

const recordType = sql.raw(WRITTEN.map((key) => `${columnName(key)} ${columns[key].getSQLType()}`).join(', '));
const targetColumns = sql.raw(WRITTEN.map(columnName).join(', '));
const selectList = sql.join(WRITTEN.map(selected), sql`, `);

/** Maps a raw result row (snake_case, driver values) to the drizzle row type. */
function toNotification(raw: Record<string, unknown>): Notification {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = raw[columnName(key as keyof typeof columns)];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as Notification;
}

/** Inserts the notifications in one statement and returns them as stored (ids, timestamps, defaults). */
export async function insertNotifications(tx: Db, values: NewNotification[]): Promise<Notification[]> {
  if (values.length === 0) return [];
  const payload = values.map((value) => Object.fromEntries(WRITTEN.map((key) => [columnName(key), value[key] ?? null])));
  const rows = await executeRows<Record<string, unknown>>(
    tx,
    sql`insert into notifications (${targetColumns})
      select ${selectList}
      from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as r(${recordType})
      returning *`,
  );
  return rows.map(toNotification);
}
