// After-commit reactions survive a SIGKILL (issue #25 item 3): a write is acknowledged and committed
// while the notifications reaction cannot run (this test holds its cursor row, so the process's feed
// skips it — SKIP LOCKED), the process is killed, and a fresh process writes the notification from
// the change log's cursor: none lost, none written twice. It also shows the write itself no longer
// writes notifications: after the commit there is none until the reaction runs.
import { afterAll, describe, expect, test } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { notifications } from '../../db/schema/index';
import { addProjectMember, addWorkspaceMember, buildUser } from '../support/factories';
import { openProcessSuite, type ProcessSuite } from '../support/process-suite';
import type { TestServer } from '../support/server';
import { until } from '../support/until';

const isPostgres = Boolean(process.env.DATABASE_URL);
if (!isPostgres) console.log('[skip] tests/sync/reaction-processes.test.ts: spawns server processes on one Postgres (needs DATABASE_URL)');

let suite: ProcessSuite | undefined;
afterAll(async () => suite?.close());

describe.skipIf(!isPostgres)('after-commit reactions across a SIGKILL', () => {
  test('a notification of a write committed before the kill is written by the next process, once', async () => {
    suite = await openProcessSuite('trellis-reactions-');
    const { api, database, workspace, project } = suite;
    const seed = { database } as unknown as TestServer;
    const member = await buildUser(seed);
    await addWorkspaceMember(seed, workspace, member, 15);
    await addProjectMember(seed, project, member, 15);
    const issuesPath = `/api/workspaces/${workspace.slug}/projects/${project.id}/issues/`;
    const notified = async (issueId: string) =>
      (await database.db.select().from(notifications).where(and(eq(notifications.entityIdentifier, issueId), eq(notifications.receiverId, member.id)))).length;

    let server = await suite.start();
    // A first write: its notification shows the feed runs (and that the reaction's cursor row exists).
    const first = await api<{ id: string }>(server.baseUrl, 'POST', issuesPath, { name: 'before the hold', assignee_ids: [member.id] });
    await until(() => notified(first.id), (n) => n === 1, 30_000);

    const holder = postgres(database.url!, { max: 1, onnotice: () => {} });
    const held = await holder.reserve();
    try {
      await held`begin`;
      const locked = await held`select 1 from reaction_cursors where reaction = 'notifications' and workspace_id = ${workspace.id} for update`;
      expect(locked).toHaveLength(1);
      const second = await api<{ id: string }>(server.baseUrl, 'POST', issuesPath, { name: 'committed, not yet reacted to', assignee_ids: [member.id] });
      // Committed (the issue is there), but its notification is the reaction's work, not the write's.
      const [row] = await database.query<{ n: number }>(sql`select count(*)::int as n from issues where id = ${second.id}`);
      expect(row.n).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1500)); // longer than the feed's poll
      expect(await notified(second.id)).toBe(0);
      await server.kill('SIGKILL');
      await held`rollback`;

      server = await suite.start();
      await until(() => notified(second.id), (n) => n >= 1, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await notified(second.id)).toBe(1);
      expect(await notified(first.id)).toBe(1);
      await server.kill('SIGTERM');
    } finally {
      held.release();
      await holder.end();
    }
  }, 180_000);
});
