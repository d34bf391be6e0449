// Issue-domain constants of spec §3/§4/§9 (state groups, priorities, relations, intake, cycle and module statuses, default states).
import { SORT_ORDER_DEFAULT, SORT_ORDER_STEP, STATE_SEQUENCE_GAP } from './sort-order';

/** The five state groups, in workflow order. */
export const StateGroup = {
  BACKLOG: 'backlog',
  UNSTARTED: 'unstarted',
  STARTED: 'started',
  COMPLETED: 'completed',
  CANCELLED: 'cancelled',
} as const;
export type StateGroup = (typeof StateGroup)[keyof typeof StateGroup];

/** State groups in workflow order (also the rank used for `state__group` ordering). */
export const STATE_GROUPS: readonly StateGroup[] = ['backlog', 'unstarted', 'started', 'completed', 'cancelled'];

/** Colour of each state group (spec §9). */
export const STATE_GROUP_COLORS: Readonly<Record<StateGroup, string>> = {
  backlog: '#d9d9d9',
  unstarted: '#3f76ff',
  started: '#f59e0b',
  completed: '#16a34a',
  cancelled: '#dc2626',
};

/** Groups that count as finished (closed); only these may be archived. */
export const FINISHED_STATE_GROUPS: readonly StateGroup[] = ['completed', 'cancelled'];

/** True when `value` is one of the five state groups. */
export function isStateGroup(value: unknown): value is StateGroup {
  return typeof value === 'string' && (STATE_GROUPS as readonly string[]).includes(value);
}

/** True when the group counts as finished (completed or cancelled). */
export function isFinishedStateGroup(group: string): boolean {
  return (FINISHED_STATE_GROUPS as readonly string[]).includes(group);
}

/** The hidden triage state that holds intake issues (reference §6); it never shows in state lists. */
export const TRIAGE_STATE = { name: 'Triage', group: 'triage', color: '#4E5355', sequence: 65000 } as const;

/** Issue priorities. */
export const Priority = { URGENT: 'urgent', HIGH: 'high', MEDIUM: 'medium', LOW: 'low', NONE: 'none' } as const;
export type Priority = (typeof Priority)[keyof typeof Priority];

/** Priorities from most to least urgent: the order of `-priority` (urgent first). */
export const PRIORITY_ORDER: readonly Priority[] = ['urgent', 'high', 'medium', 'low', 'none'];

/** The numeric `priority_proxy` of each priority (spec §3). */
export const PRIORITY_PROXY: Readonly<Record<Priority, number>> = { none: 0, low: 1, medium: 2, high: 3, urgent: 4 };

/** True when `value` is one of the five priorities. */
export function isPriority(value: unknown): value is Priority {
  return typeof value === 'string' && (PRIORITY_ORDER as readonly string[]).includes(value);
}

/** Relation types the API accepts; the inverse forms are stored as their forward type, swapped. */
export const RelationType = {
  BLOCKED_BY: 'blocked_by',
  BLOCKING: 'blocking',
  DUPLICATE: 'duplicate',
  RELATES_TO: 'relates_to',
  START_BEFORE: 'start_before',
  START_AFTER: 'start_after',
  FINISH_BEFORE: 'finish_before',
  FINISH_AFTER: 'finish_after',
  IMPLEMENTED_BY: 'implemented_by',
  IMPLEMENTS: 'implements',
} as const;
export type RelationType = (typeof RelationType)[keyof typeof RelationType];

/** The relation types stored in the database (reference §1.6.5). */
const STORED_RELATION_TYPES: readonly RelationType[] = [
  'blocked_by',
  'relates_to',
  'duplicate',
  'start_before',
  'finish_before',
  'implemented_by',
];

const INVERSE_RELATION: Readonly<Record<RelationType, RelationType>> = {
  blocked_by: 'blocking',
  blocking: 'blocked_by',
  duplicate: 'duplicate',
  relates_to: 'relates_to',
  start_before: 'start_after',
  start_after: 'start_before',
  finish_before: 'finish_after',
  finish_after: 'finish_before',
  implemented_by: 'implements',
  implements: 'implemented_by',
};

/** True when `value` is a relation type the API accepts. */
export function isRelationType(value: unknown): value is RelationType {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(INVERSE_RELATION, value);
}

/** The relation as seen from the other issue (`blocked_by` ↔ `blocking`; `relates_to`, `duplicate` are symmetric). */
export function inverseRelation(type: RelationType): RelationType {
  return INVERSE_RELATION[type];
}

/**
 * How a requested relation is stored: inverse types become their forward type with the two issues
 * swapped (`A blocking B` is stored as `B blocked_by A`).
 */
export function storedRelation(type: RelationType): { type: RelationType; swapped: boolean } {
  return (STORED_RELATION_TYPES as readonly string[]).includes(type)
    ? { type, swapped: false }
    : { type: INVERSE_RELATION[type], swapped: true };
}

/** Intake (inbox) issue status numbers (spec §3). */
export const IntakeStatus = { PENDING: -2, DECLINED: -1, SNOOZED: 0, ACCEPTED: 1, DUPLICATE: 2 } as const;
export type IntakeStatus = (typeof IntakeStatus)[keyof typeof IntakeStatus];

/** Statuses on the intake's open tab (pending, snoozed) and closed tab (accepted, declined, duplicate). */
export const INTAKE_OPEN_STATUSES: readonly IntakeStatus[] = [IntakeStatus.PENDING, IntakeStatus.SNOOZED];
export const INTAKE_CLOSED_STATUSES: readonly IntakeStatus[] = [
  IntakeStatus.ACCEPTED,
  IntakeStatus.DECLINED,
  IntakeStatus.DUPLICATE,
];
/** The source recorded on intake issues created in the app. */
export const INTAKE_SOURCE_IN_APP = 'IN_APP';

/** True when `value` is an intake status number. */
export function isIntakeStatus(value: unknown): value is IntakeStatus {
  return typeof value === 'number' && (Object.values(IntakeStatus) as number[]).includes(value);
}

/** Cycle statuses (lower-case on the wire). */
export const CycleStatus = { CURRENT: 'current', UPCOMING: 'upcoming', DRAFT: 'draft', COMPLETED: 'completed' } as const;
export type CycleStatus = (typeof CycleStatus)[keyof typeof CycleStatus];

/** Cycle list order: current, then upcoming, then draft (spec §9). */
export const CYCLE_STATUS_ORDER: readonly CycleStatus[] = ['current', 'upcoming', 'draft', 'completed'];

/** Module statuses; new modules are `planned`. */
export const ModuleStatus = {
  BACKLOG: 'backlog',
  PLANNED: 'planned',
  IN_PROGRESS: 'in-progress',
  PAUSED: 'paused',
  COMPLETED: 'completed',
  CANCELLED: 'cancelled',
} as const;
export type ModuleStatus = (typeof ModuleStatus)[keyof typeof ModuleStatus];
export const DEFAULT_MODULE_STATUS: ModuleStatus = ModuleStatus.PLANNED;
/** Module statuses that allow archiving. */
export const ARCHIVABLE_MODULE_STATUSES: readonly ModuleStatus[] = ['completed', 'cancelled'];

/** A state created with every new project. */
interface DefaultState {
  name: string;
  group: StateGroup;
  color: string;
  sequence: number;
  default: boolean;
}

/** The states every new project starts with; Backlog is the default; sequences 65535 apart. */
export const DEFAULT_PROJECT_STATES: readonly DefaultState[] = (
  [
    ['Backlog', 'backlog'],
    ['Todo', 'unstarted'],
    ['In Progress', 'started'],
    ['Done', 'completed'],
    ['Cancelled', 'cancelled'],
  ] as const
).map(([name, group], index) => ({
  name,
  group,
  color: STATE_GROUP_COLORS[group],
  sequence: (index + 1) * STATE_SEQUENCE_GAP,
  default: group === 'backlog',
}));

/** Label ordering: the first label gets 65535, a label placed last gets max + 10000. */
export const LABEL_SORT_ORDER_DEFAULT = SORT_ORDER_DEFAULT;
export const LABEL_SORT_ORDER_STEP = SORT_ORDER_STEP;
