// The SQL form of the row-access rule answers what the pure function answers, for every project
// role, workspace role and guest setting: the statements that decide it per project (workspace
// lists, search, the dashboard) and the code that decides it per row cannot drift apart.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { issueAccess } from '../../shared/policies/issue';
import { pageAccess } from '../../shared/policies/page';
import { ROLES, effectiveProjectRole } from '../../shared/roles';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db';
import { fullAccessSql } from './row-access';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.destroy());

describe('row access', () => {
  test('fullAccessSql is true exactly where issueAccess and pageAccess answer full', async () => {
    const cases = ROLES.flatMap((projectRole) =>
      [...ROLES, null].flatMap((workspaceRole) => [true, false].map((guestViewAll) => ({ projectRole, workspaceRole, guestViewAll }))),
    );
    for (const { projectRole, workspaceRole, guestViewAll } of cases) {
      const [row] = await database.query<{ full: boolean }>(
        sql`select ${fullAccessSql(sql`${projectRole}::int`, sql`${guestViewAll}::boolean`, workspaceRole)} as full`,
      );
      const effective = effectiveProjectRole(projectRole, workspaceRole);
      const label = JSON.stringify({ projectRole, workspaceRole, guestViewAll });
      expect(row.full, label).toBe(issueAccess(effective, guestViewAll) === 'full');
      expect(pageAccess(effective, guestViewAll), label).toBe(issueAccess(effective, guestViewAll));
    }
  });
});
