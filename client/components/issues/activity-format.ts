// Turns one history row into a sentence a person reads: "Ada removed assignee Mia", "Ada set the
// due date to Mar 4, 2026". Rows store names for what they show (reference §1.6.1) and ids in
// old/new_identifier; current names from the workspace's stores win, the stored names are the
// fallback, and raw ids or HTML are never shown (a description change is just "updated the description").
// The issue's activity feed, the home dashboard and the notifications page all speak through it, and
// every field the server writes (shared ACTIVITY_FIELDS) has its own sentence in every locale.
import { IntakeStatus, isRelationType, type RelationType } from '../../../shared/issue-constants';
import type { Locale, MessageKey, Translate } from '../../i18n';
import type { IssueActivity, Notification, UserLite } from '../../api/types';
import { formatDay } from '../format';
import { decodeEntities } from '../html-text';

/**
 * What a sentence is made of: the facts of a history row (shared/schemas/issue-extras.ts). A
 * notification's cause and a dashboard row carry these too, so all of them speak through one formatter.
 */
export type ActivityFacts = Pick<IssueActivity, 'verb' | 'field' | 'old_value' | 'new_value' | 'old_identifier' | 'new_identifier' | 'actor'> & {
  actor_detail?: Pick<UserLite, 'display_name'> | null;
};

/** Current names of what activity rows point at; each returns undefined when it does not know the id. */
export interface ActivityLookups {
  userName(id: string): string | undefined;
  stateName(id: string): string | undefined;
  labelName(id: string): string | undefined;
  estimateValue(id: string): string | undefined;
}

const PRIORITIES = ['urgent', 'high', 'medium', 'low', 'none'] as const;
/** The intake status numbers (stored as text in intake rows) by the name of their message. */
const INTAKE_STATUS_NAMES = Object.fromEntries(Object.entries(IntakeStatus).map(([name, value]) => [String(value), name.toLowerCase()])) as Record<string, 'pending' | 'declined' | 'snoozed' | 'accepted' | 'duplicate'>;
/** A comment is quoted up to this many characters in one line of activity. */
const QUOTE_LENGTH = 80;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A stored value made safe to show: markup removed, whitespace collapsed, a bare id dropped. */
export function readableValue(value: string | null | undefined): string {
  // &nbsp; decodes to U+00A0, which \s folds with the rest of the whitespace.
  const text = decodeEntities((value ?? '').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  return UUID.test(text) ? '' : text;
}

/**
 * An attachment's file name from the storage key its row keeps (`<workspace>/<uuid>-<name>`,
 * server/services/issue-attachment.ts): the folder and the unique prefix are not the reader's.
 */
function attachmentName(value: string | null | undefined): string {
  const last = (value ?? '').split('/').pop() ?? '';
  return readableValue(last.replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/i, ''));
}

/** The side of a row that carries the change: new for additions and updates, old for removals. */
function sideOf(row: ActivityFacts): { id: string | null; value: string } {
  const added = readableValue(row.new_value);
  if (added || row.new_identifier) return { id: row.new_identifier, value: added };
  return { id: row.old_identifier, value: readableValue(row.old_value) };
}

const isRemoval = (row: ActivityFacts) => row.verb === 'deleted' || row.verb === 'removed' || (!readableValue(row.new_value) && !row.new_identifier);

/** The name of a looked-up thing: the store's current name, else the row's stored name. */
function named(lookup: (id: string) => string | undefined, id: string | null, stored: string): string {
  return (id ? lookup(id) : undefined) ?? stored;
}

/** The person who did it: the member's current name, else the row's actor, else "Trellis" for automation. */
function actorName(row: ActivityFacts, lookups: ActivityLookups, t: Translate): string {
  if (!row.actor) return t('activity.system');
  return lookups.userName(row.actor) ?? (readableValue(row.actor_detail?.display_name) || t('activity.someone'));
}

/** A comment's text cut to one short line. */
function quote(text: string): string {
  return text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH - 1).trimEnd()}…` : text;
}

/** One sentence for one history row, in the active locale. */
export function formatActivity(row: ActivityFacts, lookups: ActivityLookups, t: Translate, locale: Locale): string {
  const actor = actorName(row, lookups, t);
  const say = (key: MessageKey, vars: Record<string, string> = {}) => t(key, { actor, ...vars }).replace(/\s+$/, '');
  const field = row.field ?? '';
  const side = sideOf(row);
  const removal = isRemoval(row);

  if (!field) return row.verb === 'deleted' ? say('activity.deleted') : say('activity.created');
  if (field.startsWith('estimate_')) {
    return removal ? say('activity.estimateRemoved') : say('activity.estimate', { value: named(lookups.estimateValue, row.new_identifier, readableValue(row.new_value)) });
  }
  if (isRelationType(field)) {
    const other = readableValue(row.new_value) || readableValue(row.old_value);
    return say(row.verb === 'deleted' ? 'activity.relationRemoved' : 'activity.relationAdded', { relation: t(`relation.${field satisfies RelationType}`), value: other });
  }
  switch (field) {
    case 'issue':
      return say('activity.deleted');
    case 'name':
      return say('activity.name', { value: readableValue(row.new_value) });
    case 'description':
      return say('activity.description');
    case 'priority': {
      const value = readableValue(row.new_value);
      return say('activity.priority', { value: (PRIORITIES as readonly string[]).includes(value) ? t(`priority.${value as (typeof PRIORITIES)[number]}`) : value });
    }
    case 'state':
      return say('activity.state', { value: named(lookups.stateName, row.new_identifier, readableValue(row.new_value)) });
    case 'start_date':
    case 'target_date': {
      const day = formatDay(row.new_value, locale);
      const start = field === 'start_date';
      if (!day) return say(start ? 'activity.startDateRemoved' : 'activity.targetDateRemoved');
      return say(start ? 'activity.startDate' : 'activity.targetDate', { value: day });
    }
    case 'parent':
      return removal ? say('activity.parentRemoved', { value: readableValue(row.old_value) }) : say('activity.parent', { value: readableValue(row.new_value) });
    case 'labels':
      return say(removal ? 'activity.labelRemoved' : 'activity.labelAdded', { value: named(lookups.labelName, side.id, side.value) });
    case 'assignees':
      return say(removal ? 'activity.assigneeRemoved' : 'activity.assigneeAdded', { value: named(lookups.userName, side.id, side.value) || t('activity.unknownUser') });
    case 'cycles':
      if (row.verb === 'deleted') return say('activity.cycleRemoved', { value: readableValue(row.old_value) });
      return say(row.verb === 'updated' ? 'activity.cycleMoved' : 'activity.cycleAdded', { value: readableValue(row.new_value) });
    case 'modules':
      return say(row.verb === 'deleted' ? 'activity.moduleRemoved' : 'activity.moduleAdded', { value: side.value });
    case 'link':
      return say(row.verb === 'deleted' ? 'activity.linkRemoved' : row.verb === 'updated' ? 'activity.linkUpdated' : 'activity.linkAdded', { value: side.value });
    case 'attachment': {
      const name = attachmentName(row.verb === 'deleted' ? row.old_value : row.new_value);
      if (!name) return say(row.verb === 'deleted' ? 'activity.attachmentRemoved' : 'activity.attachmentAdded');
      return say(row.verb === 'deleted' ? 'activity.attachmentRemovedNamed' : 'activity.attachmentAddedNamed', { value: name });
    }
    case 'sub_issue':
      return say(row.verb === 'deleted' ? 'activity.subIssueRemoved' : 'activity.subIssueAdded', { value: side.value });
    case 'archived_at':
      return say(row.new_value === 'restore' ? 'activity.restored' : 'activity.archived');
    case 'comment':
      return say(row.verb === 'deleted' ? 'activity.commentRemoved' : row.verb === 'updated' ? 'activity.commentUpdated' : 'activity.commentAdded', { value: quote(side.value) });
    case 'intake': {
      const status = INTAKE_STATUS_NAMES[readableValue(row.new_value)];
      return status ? say('activity.intake', { value: t(`intake.status.${status}`) }) : say('activity.intakeChanged');
    }
    case 'reaction':
      return say(row.verb === 'deleted' ? 'activity.reactionRemoved' : 'activity.reactionAdded', { value: side.value });
    default:
      return say('activity.changed', { field: field.replace(/_/g, ' ') });
  }
}

/** What a notification carries about its cause (server/services/inbox/notification-fanout.ts `data`). */
interface NotificationCause {
  issue_activity?: Partial<ActivityFacts> | null;
}

/**
 * The sentence of one notification, in the active locale: a mention says who mentioned the reader
 * and where; any other notification is the sentence of the activity row that caused it.
 */
export function formatNotification(row: Notification, lookups: ActivityLookups, t: Translate, locale: Locale): string {
  const cause = ((row.data ?? {}) as NotificationCause).issue_activity ?? {};
  const who = row.triggered_by_details;
  const activity: ActivityFacts = {
    verb: cause.verb ?? 'updated',
    field: cause.field ?? null,
    old_value: cause.old_value ?? null,
    new_value: cause.new_value ?? null,
    old_identifier: cause.old_identifier ?? null,
    new_identifier: cause.new_identifier ?? null,
    actor: row.triggered_by ?? cause.actor ?? null,
    actor_detail: who ? { display_name: who.display_name } : null,
  };
  if (row.is_mentioned_notification) {
    const actor = actorName(activity, lookups, t);
    return t(activity.field === 'comment' ? 'activity.mentionedInComment' : 'activity.mentionedInDescription', { actor });
  }
  return formatActivity(activity, lookups, t, locale);
}
