// The schema migrates and round-trips the core rows on every driver (PGlite always, Postgres when configured).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { availableDrivers, createTestDatabase, type TestDatabase } from '../tests/support/db';
import {
  changes,
  issueAssignees,
  issueLabels,
  issueSequences,
  issues,
  labels,
  projects,
  states,
  users,
  workspaces,
} from './schema/index';

/** The SQLSTATE of a failed query (drizzle wraps driver errors in `cause`). */
function sqlState(error: unknown): string | undefined {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  while (current) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
}

describe.each(availableDrivers())('schema on %s', (driver) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });

  afterAll(async () => {
    await database?.destroy();
  });

  test('core rows round-trip with defaults, bytea, search vector and change log', async () => {
    const { db } = database;
    const [user] = await db.insert(users).values({ email: 'ada@example.com', displayName: 'ada' }).returning();
    expect(user.userTimezone).toBe('UTC');
    expect(user.createdAt).toBeInstanceOf(Date);

    const [workspace] = await db.insert(workspaces).values({ name: 'Acme', slug: 'acme-core', ownerId: user.id }).returning();
    const [project] = await db
      .insert(projects)
      .values({ workspaceId: workspace.id, name: 'Web', identifier: 'WEB', createdBy: user.id })
      .returning();
    expect(project.network).toBe(2);
    expect(project.version).toBe(1);

    const [state] = await db
      .insert(states)
      .values({ projectId: project.id, workspaceId: workspace.id, name: 'Todo', color: '#aaa', group: 'unstarted', isDefault: true })
      .returning();
    const [label] = await db.insert(labels).values({ projectId: project.id, workspaceId: workspace.id, name: 'bug' }).returning();

    await db.insert(issueSequences).values({ projectId: project.id });
    const [sequence] = await db
      .update(issueSequences)
      .set({ lastSequence: sql`${issueSequences.lastSequence} + 1` })
      .where(eq(issueSequences.projectId, project.id))
      .returning();
    expect(sequence.lastSequence).toBe(1);

    const binary = new Uint8Array([0, 1, 2, 250, 255]);
    const [issue] = await db
      .insert(issues)
      .values({
        projectId: project.id,
        workspaceId: workspace.id,
        stateId: state.id,
        name: 'Frobnicate the widget',
        descriptionStripped: 'needs quuxing',
        descriptionBinary: binary,
        sequenceId: sequence.lastSequence,
        targetDate: '2030-01-31',
        createdBy: user.id,
      })
      .returning();
    await db.insert(issueAssignees).values({ issueId: issue.id, assigneeId: user.id, projectId: project.id, workspaceId: workspace.id });
    await db.insert(issueLabels).values({ issueId: issue.id, labelId: label.id, projectId: project.id, workspaceId: workspace.id });

    const [stored] = await db.select().from(issues).where(eq(issues.id, issue.id));
    expect(stored.descriptionHtml).toBe('<p></p>');
    expect(stored.priority).toBe('none');
    expect(stored.sortOrder).toBe(65535);
    expect(stored.isDraft).toBe(false);
    expect(stored.targetDate).toBe('2030-01-31');
    expect(stored.descriptionBinary).toBeInstanceOf(Uint8Array);
    expect(Array.from(stored.descriptionBinary!)).toEqual(Array.from(binary));
    expect(stored.searchVector).toContain('frobnicate');

    const hits = await db
      .select({ id: issues.id })
      .from(issues)
      .where(sql`${issues.searchVector} @@ plainto_tsquery('simple', 'quuxing')`);
    expect(hits.map((row) => row.id)).toEqual([issue.id]);

    const assignees = await db.select().from(issueAssignees).where(eq(issueAssignees.issueId, issue.id));
    expect(assignees.map((row) => row.assigneeId)).toEqual([user.id]);
    const issueLabelRows = await db.select().from(issueLabels).where(eq(issueLabels.issueId, issue.id));
    expect(issueLabelRows.map((row) => row.labelId)).toEqual([label.id]);

    const [change] = await db
      .insert(changes)
      .values({
        workspaceId: workspace.id,
        projectId: project.id,
        entity: 'issue',
        entityId: issue.id,
        op: 'create',
        version: stored.version,
        data: { id: issue.id, name: issue.name },
        actorId: user.id,
      })
      .returning();
    expect(typeof change.id).toBe('number');
    expect(change.data).toEqual({ id: issue.id, name: issue.name });
    expect(change.createdAt).toBeInstanceOf(Date);

    const badOp = db.insert(changes).values({ workspaceId: workspace.id, entity: 'issue', entityId: issue.id, op: 'upsert', version: 1 });
    await badOp.then(
      () => expect.unreachable('op outside create|update|delete must be rejected'),
      (error) => expect(sqlState(error)).toBe('23514'),
    );
  });

  test('a soft-deleted workspace slug can coexist with a live one, two live ones cannot', async () => {
    const { db } = database;
    const [owner] = await db.insert(users).values({ email: 'slug-owner@example.com' }).returning();
    const [first] = await db.insert(workspaces).values({ name: 'One', slug: 'dup', ownerId: owner.id }).returning();
    await db.update(workspaces).set({ deletedAt: new Date() }).where(eq(workspaces.id, first.id));

    const [second] = await db.insert(workspaces).values({ name: 'Two', slug: 'dup', ownerId: owner.id }).returning();
    expect(second.slug).toBe('dup');

    const third = db.insert(workspaces).values({ name: 'Three', slug: 'dup', ownerId: owner.id });
    await third.then(
      () => expect.unreachable('a second live workspace with the same slug must be rejected'),
      (error) => expect(sqlState(error)).toBe('23505'),
    );
  });
});
