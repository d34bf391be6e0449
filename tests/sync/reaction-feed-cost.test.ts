// A workspace's head — the last change id: every GET's X-Sync-Cursor, every list's, and the reaction
// feed's question at the start of each pass (which reactions are behind where, every 100 ms while
// people write) — must cost the same few pages however long the change log has grown: one walk down
// an index (server/live/record-change.ts, workspaceHeadSql). The feed once asked with a join that
// the planner answered by hashing the whole log; a `max(id)` joined to the workspace row walked the
// whole log back on PGlite for a workspace without changes. An index walk may gain a level as the
// log grows; a scan grows with it (163 pages against 5).
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { behindStatement } from '../../server/reactions/feed';
import { afterCommitReactions } from '../../server/reactions/registry';
import { workspaceHeadSql, workspaceHeadStatement } from '../../server/live/record-change';
import { jsonValue } from '../../db/rows';
import { useWorld } from '../support/world';

const world = useWorld();
const { call } = world;

/** Pages `statement` reads (EXPLAIN ANALYZE's buffer counts: hit or read). */
async function pagesReadBy(statement: SQL): Promise<number> {
  const [row] = await world.server.app.ctx.database.query<Record<string, unknown>>(sql`explain (analyze, buffers, format json) ${statement}`);
  const [{ Plan: plan }] = jsonValue<Array<{ Plan: Record<string, number> }>>(Object.values(row)[0]);
  return (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
}

/** The feed's question at the start of every pass. */
const behind = () => behindStatement(afterCommitReactions().map((reaction) => reaction.name));
/** A workspace's head on its own, as the live reader, retention and a write's sync cursor read it. */
const head = (workspaceId: string) => workspaceHeadStatement(workspaceId);
/** Correlated with the workspace row, as the session's membership statement reads it for every GET (X-Sync-Cursor). */
const joinedHead = (workspaceId: string) => sql`select ${workspaceHeadSql(sql`w.id`)} as head from workspaces w where w.id = ${workspaceId}::uuid`;

/** What is measured, by name. The other workspace has no change at all: its head must not be looked for among this one's. */
const measured = (): Array<[string, SQL]> => [
  ['the reactions behind', behind()],
  ["this workspace's head", head(world.workspace.id)],
  ["an idle workspace's head", head(world.otherWorkspace.id)],
  ["an idle workspace's head, joined", joinedHead(world.otherWorkspace.id)],
];

async function pagesOfEach(): Promise<number[]> {
  const pages: number[] = [];
  for (const [, statement] of measured()) pages.push(await pagesReadBy(statement));
  return pages;
}

async function patchEach(issueIds: string[], times: number): Promise<void> {
  for (let round = 0; round < times; round++) {
    const answers = await Promise.all(issueIds.map((id) => call('admin', 'PATCH', `issues/${id}/`, { priority: round % 2 ? 'low' : 'high' })));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
  }
}

describe("a workspace's head and the reaction feed's first question", () => {
  test('each reads the same few pages with a short log and with 600 more changes', async () => {
    const issueIds: string[] = [];
    for (let i = 0; i < 10; i++) issueIds.push(((await call('admin', 'POST', 'issues/', { name: `Logged ${i}` })).json() as { id: string }).id);
    await patchEach(issueIds, 1);
    const short = await pagesOfEach();
    // Each PATCH logs the issue's update and its activity: 600 more changes.
    await patchEach(issueIds, 30);
    const long = await pagesOfEach();
    for (const [index, [what]] of measured().entries()) {
      expect(long[index], `${what}: ${short[index]} pages with the short log, ${long[index]} with the long one`).toBeLessThanOrEqual(short[index] + 4);
    }
  });
});
