// What a reaction is (issue #25 item 3; Outline's processors): a side effect of writes, declared once
// in registry.ts. The write path only writes rows and records changes (server/live/record-change.ts);
// each reaction names the changes it reacts to (`applicableEvents`) and where it runs (`runs`):
// - 'in-transaction': at the end of the write's own transaction, over the changes it recorded —
//   for work that must commit or fail with the write;
// - 'after-commit': later, from the committed change log, read from the reaction's own cursor per
//   workspace (feed.ts); its writes and the move of its cursor commit together, so each change is
//   reacted to exactly once, and a crash after the write's commit loses nothing.
import type { Db } from '../../db/client';
import type { LiveEntity } from '../../shared/live-protocol';
import type { ServerContext } from '../context';
import type { ChangeOp, ReactionChange } from '../live/record-change';

export type { ReactionChange } from '../live/record-change';

/** One kind of change a reaction reacts to: an entity, some of its ops, and optionally a finer test. */
export interface ApplicableEvent {
  entity: LiveEntity;
  ops: readonly ChangeOp[];
  /** Narrows further on the change itself (e.g. only updates that changed a counted field). */
  when?: (change: ReactionChange) => boolean;
}

export interface Reaction {
  /** Also the key of its cursor rows (`reaction_cursors.reaction`): never rename a shipped one. */
  name: string;
  runs: 'in-transaction' | 'after-commit';
  applicableEvents: readonly ApplicableEvent[];
  /**
   * Reacts to `changes` (all of one workspace and one actor, ascending; `transactionId` tells the
   * writes apart) inside `tx`, a `withTransaction` transaction: it may write rows and record changes
   * of its own.
   */
  perform(tx: Db, changes: ReactionChange[], ctx: ServerContext): Promise<void>;
  /**
   * After commit only: true when the workspace gives the reaction nothing to do whatever changed
   * (no webhook): the feed then moves its cursor without a transaction of its own.
   */
  idleIn?(db: Db, workspaceId: string): Promise<boolean>;
}

/** Whether `reaction` reacts to `change`. */
export function appliesTo(reaction: Pick<Reaction, 'applicableEvents'>, change: ReactionChange): boolean {
  return reaction.applicableEvents.some((event) => event.entity === change.entity && event.ops.includes(change.op as ChangeOp) && (!event.when || event.when(change)));
}
