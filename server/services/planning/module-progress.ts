// Module and cycle counts follow their issues (issue 13 "Every list live"): a module's or cycle's
// counts per state group, estimate points and sub-issue count are computed from its issues, so when
// one of them changes state, estimate, parent, draft, archive or delete, every module and the cycle
// holding it are re-announced with their new counts. Issues are collected per transaction and the
// modules and cycles touched once, at its end: a bulk change of a thousand issues of one module
// records that module once, not a thousand times.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cycleIssues, cycles, moduleIssues, modules } from '../../../db/schema/index';
import { beforeCommit } from '../../live/record-change';
import { touchModule } from './module';
import { touchCycle } from './cycle';

/** Issues whose module and cycle counts changed, per open transaction. */
const changedIssues = new WeakMap<Db, { issueIds: Set<string>; actorId: string | null }>();

/** Statement size bound for the module lookup (bounded parameter lists). */
const CHUNK = 1000;

/**
 * Marks issues whose modules' and cycle's counts changed; at the end of the transaction each live
 * module and cycle holding one of them is touched once (version bump and a change with fresh counts).
 * @throws Error outside `withTransaction` (as recordChange).
 */
export function refreshCountsOf(tx: Db, issueIds: string[], actorId: string | null): void {
  if (issueIds.length === 0) return;
  let entry = changedIssues.get(tx);
  if (!entry) changedIssues.set(tx, (entry = { issueIds: new Set(), actorId }));
  for (const id of issueIds) entry.issueIds.add(id);
  const actor = entry.actorId;
  beforeCommit(tx, 'module-progress', async (inner) => {
    const ids = [...(changedIssues.get(tx)?.issueIds ?? [])];
    changedIssues.delete(tx);
    const moduleIds = new Set<string>();
    const cycleIds = new Set<string>();
    for (let start = 0; start < ids.length; start += CHUNK) {
      const chunk = ids.slice(start, start + CHUNK);
      const rows = await inner
        .selectDistinct({ id: moduleIssues.moduleId })
        .from(moduleIssues)
        .innerJoin(modules, eq(modules.id, moduleIssues.moduleId))
        .where(and(inArray(moduleIssues.issueId, chunk), isNull(moduleIssues.deletedAt), isNull(modules.deletedAt)));
      for (const row of rows) moduleIds.add(row.id);
      const cycleRows = await inner
        .selectDistinct({ id: cycleIssues.cycleId })
        .from(cycleIssues)
        .innerJoin(cycles, eq(cycles.id, cycleIssues.cycleId))
        .where(and(inArray(cycleIssues.issueId, chunk), isNull(cycleIssues.deletedAt), isNull(cycles.deletedAt)));
      for (const row of cycleRows) cycleIds.add(row.id);
    }
    for (const moduleId of [...moduleIds].sort()) await touchModule(inner, moduleId, actor);
    for (const cycleId of [...cycleIds].sort()) await touchCycle(inner, cycleId, actor);
  });
}
