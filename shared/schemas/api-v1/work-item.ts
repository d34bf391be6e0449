// Work items on Plane's public API (/api/v1, both `work-items/` and `issues/` paths): the app API's
// issue body fields plus Plane's public names for them, and the work item as the API answers it.
import { z } from 'zod';
import { PRIORITY_ORDER, type Priority } from '../../issue-constants';
import { boundedString, uuidSchema } from '../common';
import { createIssueBody, ID_LIST_MAX, updateIssueBody } from '../issue';
import { v1Object, v1Page, v1User } from './common';

const idList = z.array(uuidSchema).max(ID_LIST_MAX);

/** Plane's names of the issue body's id fields (the app names are accepted too). */
const publicFields = {
  state: uuidSchema.nullable().optional().describe('State id (app API: state_id).'),
  labels: idList.optional().describe('Label ids (app API: label_ids).'),
  assignees: idList.optional().describe('Assignee user ids (app API: assignee_ids).'),
  parent: uuidSchema.nullable().optional().describe('Parent work item id (app API: parent_id).'),
};

/** POST `work-items/` (and `issues/`). */
export const v1CreateWorkItemBody = z.object({ ...createIssueBody.shape, ...publicFields });
/** PATCH `work-items/{id}/`. */
export const v1UpdateWorkItemBody = z.object({ ...updateIssueBody.shape, ...publicFields });

/** Path of one work item; `issueId` is what the app's issue services read. */
export const v1WorkItemParams = z.object({ slug: z.string(), projectId: uuidSchema, issueId: uuidSchema });
/** `workspaces/{slug}/work-items/{IDENT-123}/`. */
export const v1WorkItemIdentifierParams = z.object({ slug: z.string(), identifier: boundedString(40) });

const expandable = <T extends z.ZodType>(item: T) => z.union([z.string(), item]);

/** A work item: ids of its state, labels and assignees, or the objects when `expand`ed. */
export const v1WorkItem = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  sequence_id: z.number().int().optional(),
  project: z.union([z.string(), v1Object]).optional(),
  workspace: z.string().optional(),
  state: expandable(v1Object).nullable().optional(),
  labels: z.array(expandable(v1Object)).optional(),
  assignees: z.array(expandable(v1User)).optional(),
  parent: z.unknown().optional(),
  priority: z.enum(PRIORITY_ORDER as [Priority, ...Priority[]]).optional(),
  start_date: z.string().nullable().optional().describe('YYYY-MM-DD'),
  target_date: z.string().nullable().optional().describe('YYYY-MM-DD'),
  description_html: z.string().optional(),
  created_at: z.string().nullable().optional(),
  updated_at: z.string().nullable().optional(),
});
export const v1WorkItemPage = v1Page(v1WorkItem);

/** `work-items/search/?search=`: Plane's search answer. */
export const v1WorkItemSearchQuery = z.looseObject({
  search: boundedString(500).optional(),
  /** Plane's SDK sends `project`, its API reference `project_id`. */
  project: uuidSchema.optional(),
  project_id: uuidSchema.optional(),
});
export const v1WorkItemSearchResponse = z.strictObject({
  issues: z.array(z.looseObject({ id: z.string(), name: z.string(), sequence_id: z.number().int(), project__identifier: z.string(), project_id: z.string(), workspace__slug: z.string() })),
});
