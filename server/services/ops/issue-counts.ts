// Folds the issue counters' deltas (db/schema/issue.ts `issueCountDeltas`, appended by the triggers
// of migration 0002) into `issue_counts`. Readers sum both tables, so folding only keeps the delta
// table short; it never changes a count. One statement: its DELETE … RETURNING and upsert commit
// together, so a reader sees either the deltas or their fold, never both or neither. Two instances
// folding at once each fold the rows they deleted (the second skips rows the first deleted), and
// both upsert keys in the same sorted order, so they cannot deadlock on each other.
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { ServerContext } from '../../context';

/** How often each instance folds (a busy project appends at most one delta per write). */
const ISSUE_COUNT_FOLD_INTERVAL_MS = 5_000;

/** Folds every pending delta; returns how many delta rows were folded. */
export async function foldIssueCounts(database: Database): Promise<number> {
  const [row] = await database.query<{ folded: number }>(sql`
    with folded as (
      delete from issue_count_deltas returning project_id, state_id, priority, n
    ), upserted as (
      insert into issue_counts (project_id, state_id, priority, n)
      select project_id, state_id, priority, sum(n)::int from folded
      group by project_id, state_id, priority
      having sum(n) <> 0
      order by project_id, state_id, priority
      on conflict on constraint issue_counts_key do update set n = issue_counts.n + excluded.n
    )
    select count(*)::int as folded from folded`);
  return Number(row?.folded ?? 0);
}

/** Folds every few seconds until the returned function is called. */
export function scheduleIssueCountFolding(ctx: ServerContext, onError: (error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    foldIssueCounts(ctx.database)
      .catch(onError)
      .finally(() => (running = false));
  }, ISSUE_COUNT_FOLD_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
