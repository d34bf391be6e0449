// Module and cycle progress follow their issues (issue 13 "Every list live"): a module's or cycle's
// counts per state group, estimate points and sub-issue count are computed from its issues, so when
// one of them changes state, estimate, parent, draft or archive, or is deleted, every module and the
// cycle holding it are re-announced (version bump and a change with fresh counts). After the commit:
// the issue's own write no longer reads and touches its modules and cycles. One batch of the log
// touches each module and cycle once: a bulk change of a thousand issues of one module records that
// module once.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cycleIssues, cycles, moduleIssues, modules } from '../../db/schema/index';
import { touchCycle } from '../services/planning/cycle';
import { touchModule } from '../services/planning/module';
import type { Reaction, ReactionChange } from './reaction';

/** History fields that move a count (a state group, the points, the sub-issue tree, archived or not). */
const COUNTED_FIELDS = new Set(['state', 'parent', 'archived_at']);
const counts = (field: string) => COUNTED_FIELDS.has(field) || field.startsWith('estimate_');

/**
 * An update that names its fields changed a count if one of them is counted; one that names none
 * (a draft published or turned back into a draft, a touch) may have, so it is re-counted.
 */
const countsMayHaveChanged = (change: ReactionChange) => !change.fields?.length || change.fields.some((field) => counts(field.field));

/** Statement size bound for the module and cycle look-ups (bounded parameter lists). */
const CHUNK = 1000;

async function holders(tx: Db, issueIds: string[]) {
  const moduleIds = new Set<string>();
  const cycleIds = new Set<string>();
  for (let start = 0; start < issueIds.length; start += CHUNK) {
    const chunk = issueIds.slice(start, start + CHUNK);
    const [moduleRows, cycleRows] = await Promise.all([
      tx.selectDistinct({ id: moduleIssues.moduleId }).from(moduleIssues).innerJoin(modules, eq(modules.id, moduleIssues.moduleId)).where(and(inArray(moduleIssues.issueId, chunk), isNull(moduleIssues.deletedAt), isNull(modules.deletedAt))),
      tx.selectDistinct({ id: cycleIssues.cycleId }).from(cycleIssues).innerJoin(cycles, eq(cycles.id, cycleIssues.cycleId)).where(and(inArray(cycleIssues.issueId, chunk), isNull(cycleIssues.deletedAt), isNull(cycles.deletedAt))),
    ]);
    for (const row of moduleRows) moduleIds.add(row.id);
    for (const row of cycleRows) cycleIds.add(row.id);
  }
  return { moduleIds: [...moduleIds].sort(), cycleIds: [...cycleIds].sort() };
}

export const moduleCycleProgress: Reaction = {
  name: 'module-cycle-progress',
  runs: 'after-commit',
  applicableEvents: [
    { entity: 'issue', ops: ['update'], when: countsMayHaveChanged },
    { entity: 'issue', ops: ['delete'] },
  ],
  async perform(tx, changes) {
    const { moduleIds, cycleIds } = await holders(tx, [...new Set(changes.map((change) => change.entityId))]);
    const actorId = changes[0]?.actorId ?? null;
    for (const moduleId of moduleIds) await touchModule(tx, moduleId, actorId);
    for (const cycleId of cycleIds) await touchCycle(tx, cycleId, actorId);
  },
};
