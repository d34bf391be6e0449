// Statements built once (db/reusable-statement.ts) run on whichever Db they are given: inside a
// transaction they see its uncommitted rows and take part in its rollback; on the pool they see only
// what is committed. This holds the drizzle internals that file borrows (a database's
// session.client, a built statement's client) on both drivers.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { transactionWithTail } from '../../db/transaction';
import { encodeForColumn, reusableStatement, reusableStatements, valueSlot } from '../../db/reusable-statement';
import { instanceConfigurations } from '../../db/schema/index';
import { availableDrivers, createTestDatabase, type TestDatabase } from '../support/db';

const settingByKey = reusableStatement((db) => db.select().from(instanceConfigurations).where(eq(instanceConfigurations.key, sql.placeholder('key'))).prepare('test_setting_by_key'));
const insertSetting = reusableStatement((db) =>
  db.insert(instanceConfigurations).values({ key: valueSlot('key'), value: valueSlot('value') }).returning().prepare('test_insert_setting'),
);
const updateSetting = reusableStatements((db, fields) =>
  db
    .update(instanceConfigurations)
    .set(Object.fromEntries(fields.split(',').map((field) => [field, valueSlot(field)])))
    .where(eq(instanceConfigurations.key, sql.placeholder('key')))
    .returning()
    .prepare(`test_update_setting_${fields}`),
);

describe.each(availableDrivers())('statements built once, on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.destroy());

  test('inside a transaction they run on its connection; on the pool they see only what is committed', async () => {
    const seenBeforeCommit: unknown[] = [];
    await transactionWithTail(database, async (tx) => {
      const [inserted] = await insertSetting(tx, { key: 'reusable.one', value: 'one' });
      expect(inserted).toMatchObject({ key: 'reusable.one', value: 'one', category: '' });
      // Inside: the uncommitted row is there.
      expect(await settingByKey(tx, { key: 'reusable.one' })).toHaveLength(1);
      // Outside (the pool), at the same moment: not yet (PGlite has one connection, which the transaction holds).
      if (driver === 'postgres') seenBeforeCommit.push(...(await settingByKey(database.db, { key: 'reusable.one' })));
      return { value: null, tail: [] };
    });
    expect(seenBeforeCommit).toEqual([]);
    expect(await settingByKey(database.db, { key: 'reusable.one' })).toHaveLength(1);
  });

  test('a rolled-back transaction leaves nothing behind', async () => {
    await expect(
      transactionWithTail(database, async (tx) => {
        await insertSetting(tx, { key: 'reusable.two', value: 'two' });
        throw new Error('give up');
      }),
    ).rejects.toThrow('give up');
    expect(await settingByKey(database.db, { key: 'reusable.two' })).toEqual([]);
  });

  test.runIf(driver === 'postgres')('inside a write transaction a named statement is planned once, not per call; the pool keeps per-call plans', async () => {
    // Postgres plans a named statement per call for its first five runs unless told otherwise
    // (db/transaction.ts); the issue row took ~1 ms a plan. Same connection: inside one transaction.
    const { value: plans } = await transactionWithTail(database, async (tx) => {
      for (let i = 0; i < 3; i++) await settingByKey(tx, { key: `reusable.plan.${i}` });
      const rows = await tx.execute(sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like '%instance_configurations%' and statement like '%"key" = $1%'`);
      return { value: [...(rows as unknown as Iterable<{ generic: number; custom: number }>)], tail: [] };
    });
    expect(plans.length).toBeGreaterThan(0);
    for (const row of plans) expect(row).toMatchObject({ custom: 0 });
    expect(plans.reduce((sum, row) => sum + row.generic, 0)).toBeGreaterThanOrEqual(3);
    // Outside a transaction Postgres chooses: the change log's range reads need plans made with
    // their values (a generic plan would walk the primary key past other workspaces' changes).
    const [pool] = await database.query<{ mode: string }>(sql`select current_setting('plan_cache_mode') as mode`);
    expect(pool.mode).toBe('auto');
  });

  test('each shape of a family is its own statement, and null reaches a column as null', async () => {
    await insertSetting(database.db, { key: 'reusable.three', value: 'three' });
    const [valueOnly] = await updateSetting(database.db, 'value', { key: 'reusable.three', value: encodeForColumn(instanceConfigurations, 'value', null) });
    expect(valueOnly.value).toBeNull();
    const when = new Date('2026-01-02T03:04:05.000Z');
    const [both] = await updateSetting(database.db, 'updatedAt,value', {
      key: 'reusable.three',
      value: encodeForColumn(instanceConfigurations, 'value', 'five'),
      updatedAt: encodeForColumn(instanceConfigurations, 'updatedAt', when),
    });
    expect(both.value).toBe('five');
    expect(new Date(both.updatedAt).toISOString()).toBe(when.toISOString());
    expect(encodeForColumn(instanceConfigurations, 'updatedAt', null)).toBeNull();
  });
});
