// The one registry of side effects of writes (issue #25 item 3). Each reaction declares the changes it
// reacts to and where it runs (reaction.ts); the services only write rows and record changes.
//
//   notifications          after commit   issue activity rows; issues/comments that newly mention someone
//   notification-mail      after commit   new notifications → one pending mail job per receiver
//   module-cycle-progress  after commit   issue updates that move a count, issue deletes → module/cycle counts
//   webhooks               after commit   project/issue/cycle/module/comment changes → delivery jobs
//
// Not reactions, on purpose: the issue counters behind list totals (`issue_counts`) are kept by
// database triggers in the write's own statement, folded by a periodic job (services/issue-counts.ts);
// table statistics by the maintenance job (db/table-maintenance.ts); search reads the live tables (no
// index to feed); exports and imports are jobs a person starts, not reactions to a change.
//
// A new after-commit reaction starts every existing workspace at the log's beginning (a workspace
// with no cursor row starts at 0): ship it with a migration that sets its cursors to each
// workspace's head, as 0014_reactions.sql does, unless replaying the log is what it wants.
import { inTransactionReactions } from '../live/record-change';
import { appliesTo, type Reaction } from './reaction';
import { moduleCycleProgress } from './module-cycle-progress';
import { notificationMail } from './notification-mail';
import { notifications } from './notifications';
import { webhooks } from './webhooks';

export const REACTIONS: readonly Reaction[] = [notifications, notificationMail, moduleCycleProgress, webhooks];

export const afterCommitReactions = (reactions: readonly Reaction[] = REACTIONS) => reactions.filter((reaction) => reaction.runs === 'after-commit');

/** Makes every write's transaction run the in-transaction reactions (once per process, at boot). */
export function installInTransactionReactions(reactions: readonly Reaction[] = REACTIONS): void {
  for (const reaction of reactions.filter((candidate) => candidate.runs === 'in-transaction')) {
    if (inTransactionReactions.some((installed) => installed.name === reaction.name)) continue;
    inTransactionReactions.push({ name: reaction.name, applies: (change) => appliesTo(reaction, change), perform: reaction.perform });
  }
}
