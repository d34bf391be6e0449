// Message keys for the issue vocabulary (layouts, group-by, order-by, properties, priorities,
// state groups), so every layout and menu shows the same translated names (zh-CN included).
import type { MessageKey } from '../../i18n';
import type { DisplayProperty, GroupBy, Layout } from '../../../shared/display';
import type { Priority, StateGroup } from '../../../shared/issue-constants';

export const LAYOUT_LABEL: Record<Layout, MessageKey> = {
  list: 'layout.list',
  kanban: 'layout.kanban',
  calendar: 'layout.calendar',
  spreadsheet: 'layout.spreadsheet',
  gantt_chart: 'layout.gantt_chart',
};

export const GROUP_BY_LABEL: Record<GroupBy | 'none', MessageKey> = {
  state: 'groupBy.state',
  'state_detail.group': 'groupBy.stateGroup',
  priority: 'groupBy.priority',
  project: 'groupBy.project',
  cycle: 'groupBy.cycle',
  module: 'groupBy.module',
  labels: 'groupBy.labels',
  assignees: 'groupBy.assignees',
  created_by: 'groupBy.createdBy',
  none: 'groupBy.none',
};

export const ORDER_BY_LABEL: Record<string, MessageKey> = {
  sort_order: 'orderBy.manual',
  '-created_at': 'orderBy.lastCreated',
  '-updated_at': 'orderBy.lastUpdated',
  start_date: 'orderBy.startDate',
  target_date: 'orderBy.dueDate',
  '-priority': 'orderBy.priority',
};

export const PROPERTY_LABEL: Record<DisplayProperty, MessageKey> = {
  assignee: 'property.assignee',
  start_date: 'property.start_date',
  due_date: 'property.due_date',
  labels: 'property.labels',
  key: 'property.key',
  priority: 'property.priority',
  state: 'property.state',
  sub_issue_count: 'property.sub_issue_count',
  link: 'property.link',
  attachment_count: 'property.attachment_count',
  estimate: 'property.estimate',
  created_on: 'property.created_on',
  updated_on: 'property.updated_on',
  modules: 'property.modules',
  cycle: 'property.cycle',
  issue_type: 'property.issue_type',
};

export const PRIORITY_LABEL: Record<Priority, MessageKey> = {
  urgent: 'priority.urgent',
  high: 'priority.high',
  medium: 'priority.medium',
  low: 'priority.low',
  none: 'priority.none',
};

export const STATE_GROUP_LABEL: Record<StateGroup, MessageKey> = {
  backlog: 'stateGroup.backlog',
  unstarted: 'stateGroup.unstarted',
  started: 'stateGroup.started',
  completed: 'stateGroup.completed',
  cancelled: 'stateGroup.cancelled',
};

