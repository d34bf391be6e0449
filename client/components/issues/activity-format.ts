// Turns one history row into a sentence a person reads: "Ada removed assignee Mia", "Ada set the
// due date to Mar 4, 2026". Rows store names for what they show (reference §1.6.1) and ids in
// old/new_identifier; current names from the workspace's stores win, the stored names are the
// fallback, and raw ids or HTML are never shown (a description change is just "updated the description").
import type { Locale, MessageKey, Translate } from '../../i18n';
import type { Activity } from '../../stores/issue-activity-store';
import { formatDay } from '../format';
import { decodeEntities } from '../html-text';

/** Current names of what activity rows point at; each returns undefined when it does not know the id. */
export interface ActivityLookups {
  userName(id: string): string | undefined;
  stateName(id: string): string | undefined;
  labelName(id: string): string | undefined;
  estimateValue(id: string): string | undefined;
}

const RELATIONS = ['blocked_by', 'blocking', 'relates_to', 'duplicate', 'start_before', 'start_after', 'finish_before', 'finish_after', 'implements', 'implemented_by'] as const;
type Relation = (typeof RELATIONS)[number];
const isRelation = (field: string): field is Relation => (RELATIONS as readonly string[]).includes(field);

const PRIORITIES = ['urgent', 'high', 'medium', 'low', 'none'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A stored value made safe to show: markup removed, whitespace collapsed, a bare id dropped. */
export function readableValue(value: string | null | undefined): string {
  // &nbsp; decodes to U+00A0, which \s folds with the rest of the whitespace.
  const text = decodeEntities((value ?? '').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  return UUID.test(text) ? '' : text;
}

/** The side of a row that carries the change: new for additions and updates, old for removals. */
function sideOf(row: Activity): { id: string | null; value: string } {
  const added = readableValue(row.new_value);
  if (added || row.new_identifier) return { id: row.new_identifier, value: added };
  return { id: row.old_identifier, value: readableValue(row.old_value) };
}

const isRemoval = (row: Activity) => row.verb === 'deleted' || row.verb === 'removed' || (!readableValue(row.new_value) && !row.new_identifier);

/** The name of a looked-up thing: the store's current name, else the row's stored name. */
function named(lookup: (id: string) => string | undefined, id: string | null, stored: string): string {
  return (id ? lookup(id) : undefined) ?? stored;
}

/** The person who did it: the member's current name, else the row's actor, else "Trellis" for automation. */
function actorName(row: Activity, lookups: ActivityLookups, t: Translate): string {
  if (!row.actor) return t('activity.system');
  return lookups.userName(row.actor) ?? (readableValue(row.actor_detail?.display_name) || t('activity.someone'));
}

/** One sentence for one history row, in the active locale. */
export function formatActivity(row: Activity, lookups: ActivityLookups, t: Translate, locale: Locale): string {
  const actor = actorName(row, lookups, t);
  const say = (key: MessageKey, vars: Record<string, string> = {}) => t(key, { actor, ...vars }).replace(/\s+$/, '');
  const field = row.field ?? '';
  const side = sideOf(row);
  const removal = isRemoval(row);

  if (!field) return row.verb === 'deleted' ? say('activity.deleted') : say('activity.created');
  if (field.startsWith('estimate_')) {
    return removal ? say('activity.estimateRemoved') : say('activity.estimate', { value: named(lookups.estimateValue, row.new_identifier, readableValue(row.new_value)) });
  }
  if (isRelation(field)) {
    const other = readableValue(row.new_value) || readableValue(row.old_value);
    return say(row.verb === 'deleted' ? 'activity.relationRemoved' : 'activity.relationAdded', { relation: t(`relation.${field}`), value: other });
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
    case 'attachment':
      return say(row.verb === 'deleted' ? 'activity.attachmentRemoved' : 'activity.attachmentAdded');
    case 'archived_at':
      return say(row.new_value === 'restore' ? 'activity.restored' : 'activity.archived');
    default:
      return say('activity.changed', { field: field.replace(/_/g, ' ') });
  }
}
