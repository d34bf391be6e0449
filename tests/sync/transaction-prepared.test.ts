// Inside our write transactions (db/transaction.ts) every statement is sent prepared, also a drizzle
// query builder's, which drizzle would send unprepared: postgres.js sends such a statement as
// Parse/Describe and its Bind only after the answer, two round trips and a parse by Postgres each
// time. A create's dozen statements and every reaction feed pass went that way. A statement with
// more values than MAX_PREPARED_PARAMS stays unprepared: its text varies with a list's length.
// On the pool, a look-up by key goes prepared when it is sent through db/rows.ts's sendPrepared, with
// the same bound. PostgreSQL only: PGlite runs in the process, with no round trip to save.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { MAX_PREPARED_PARAMS, transactionWithTail } from '../../db/transaction';
import { executeRows, sendPrepared } from '../../db/rows';
import { createDatabase } from '../../db/client';
import { instanceConfigurations } from '../../db/schema/index';
import { createTestDatabase, type TestDatabase } from '../support/db';

describe.skipIf(!process.env.DATABASE_URL)('statements inside a write transaction', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database.destroy());

  /** The statements this connection keeps prepared whose text starts with `prefix`. */
  const preparedLike = (prefix: string) => sql`select statement from pg_prepared_statements where statement like ${`${prefix}%`}`;

  test("a query builder's statement is kept prepared on the connection; one with a long value list is not", async () => {
    const keys = Array.from({ length: MAX_PREPARED_PARAMS + 1 }, (_, index) => `prepared.${index}`);
    const { value } = await transactionWithTail(database, async (tx) => {
      await tx.insert(instanceConfigurations).values({ key: 'prepared.one', value: 'one' });
      const [row] = await tx.select({ value: instanceConfigurations.value }).from(instanceConfigurations).where(eq(instanceConfigurations.key, 'prepared.one'));
      expect(row).toEqual({ value: 'one' });
      const none = await tx.select({ key: instanceConfigurations.key }).from(instanceConfigurations).where(inArray(instanceConfigurations.key, keys));
      expect(none).toEqual([]);
      const seen = {
        insert: await executeRows<{ statement: string }>(tx, preparedLike('insert into "instance_configurations"')),
        select: await executeRows<{ statement: string }>(tx, preparedLike('select "value" from "instance_configurations"')),
        longList: await executeRows<{ statement: string }>(tx, preparedLike('select "key" from "instance_configurations"')),
      };
      return { value: seen, tail: [] };
    });
    expect(value.insert).toHaveLength(1);
    expect(value.select).toHaveLength(1);
    expect(value.longList).toEqual([]);
  });

  test('on the pool, sendPrepared keeps a look-up by key prepared, and not one with a long value list', async () => {
    // One connection, so that the prepared statements read back are the look-ups' own.
    const single = await createDatabase({ databaseUrl: database.url, maxConnections: 1 });
    try {
      const keys = Array.from({ length: MAX_PREPARED_PARAMS + 1 }, (_, index) => `pool.${index}`);
      await sendPrepared(single.db.select({ value: instanceConfigurations.value }).from(instanceConfigurations).where(eq(instanceConfigurations.key, 'pool.one')));
      await sendPrepared(single.db.select({ key: instanceConfigurations.key }).from(instanceConfigurations).where(inArray(instanceConfigurations.key, keys)));
      expect(await executeRows(single.db, preparedLike('select "value" from "instance_configurations"'))).toHaveLength(1);
      expect(await executeRows(single.db, preparedLike('select "key" from "instance_configurations"'))).toEqual([]);
    } finally {
      await single.close();
    }
  });
});
