// The reaction feed's own statements — its cursors, the webhook check, and every read of the
// notifications pass — are each built once and sent prepared, with lists of ids as one array value.
// They run after every write: through drizzle's builder they cost a PATCH about 0.1 ms of CPU, an
// unprepared statement with values is two round trips and a fresh plan, and an `in ($1, …, $n)`
// leaves one prepared statement per list length on each connection (BENCHMARKS.md, "Write path").
// PostgreSQL only: on PGlite there is no round trip or connection to spare.
import { describe, expect, test } from 'vitest';
import type postgres from 'postgres';
import { useWorld } from '../support/world';

const world = useWorld();
const { call } = world;

type Seen = Array<{ text: string; prepared: boolean }>;

/** Every statement the pool and its reserved connections (our transactions) send while `work` runs. */
async function statementsDuring(work: () => Promise<unknown>): Promise<Seen> {
  const client = (world.server.database.db as unknown as { $client: postgres.Sql }).$client;
  const seen: Seen = [];
  const watch = <T extends { unsafe: postgres.Sql['unsafe'] }>(target: T, fallback: boolean) => {
    const unsafe = target.unsafe;
    target.unsafe = ((text: string, params?: unknown[], options?: { prepare?: boolean }) => {
      seen.push({ text: text.replace(/\s+/g, ' ').trim(), prepared: options?.prepare ?? fallback });
      return unsafe.call(target, text, params as never, options);
    }) as T['unsafe'];
    return () => (target.unsafe = unsafe);
  };
  const restoreUnsafe = watch(client, client.options.prepare);
  const reserve = client.reserve;
  client.reserve = (async () => {
    const connection = await reserve.call(client);
    watch(connection, client.options.prepare);
    return connection;
  }) as typeof client.reserve;
  try {
    await work();
  } finally {
    restoreUnsafe();
    client.reserve = reserve;
  }
  return seen;
}

/** The statements only the reaction feed and its notifications pass send. */
const REACTION_STATEMENTS = [
  /reaction_cursors/,
  /from "webhooks"/,
  /from "issue_activities" where/,
  /"projects"\."identifier"/,
  /from "issue_subscribers" where/,
  /from "issue_assignees" where/,
  /from "project_members" where/,
  /from "users" where/,
  /from "intake_issues" where/,
];

describe.skipIf(!process.env.DATABASE_URL)('the reaction feed after a write', () => {
  test('sends its statements prepared, with no list of ids spelled out', async () => {
    const created = await call('member', 'POST', 'issues/', { name: 'Followed', assignee_ids: [world.member.id] });
    expect(created.statusCode, created.body).toBe(201);
    const issueId = (created.json() as { id: string }).id;
    const statements = await statementsDuring(async () => {
      // The member (assignee) is notified: the pass reads the activity, the issue, its followers and the actor, and writes.
      const answer = await call('admin', 'PATCH', `issues/${issueId}/`, { priority: 'high' });
      expect(answer.statusCode, answer.body).toBe(200);
    });
    const reactions = statements.filter((statement) => REACTION_STATEMENTS.some((pattern) => pattern.test(statement.text)));
    // The cursor, the webhook check and the notifications pass's reads were all seen.
    for (const pattern of [/reaction_cursors/, /from "webhooks"/, /from "issue_activities" where/, /from "issue_subscribers" where/, /from "users" where/]) {
      expect(reactions.some((statement) => pattern.test(statement.text)), String(pattern)).toBe(true);
    }
    expect(reactions.filter((statement) => !statement.prepared).map((statement) => statement.text.slice(0, 100))).toEqual([]);
    // Ids as `= any($n::uuid[])`; a fixed list of constants (the open intake statuses) may stay a list.
    expect(reactions.filter((statement) => /_?id" in \(\$\d/.test(statement.text)).map((statement) => statement.text.slice(0, 100))).toEqual([]);
  });
});
