// Intake (`intake-issues/`) on Plane's public API (/api/v1): Plane's IntakeWorkItem, whose `issue` is
// the submitted work item's id and `issue_detail` the work item itself. Paths name the WORK ITEM id,
// as Plane's (and the app API's) intake routes do.
import { z } from 'zod';
import { createIntakeIssueBody, updateIntakeIssueBody } from '../intake';
import { v1Page } from './common';

export const v1IntakeWorkItem = z.looseObject({
  id: z.string(),
  intake: z.string(),
  issue: z.string(),
  issue_detail: z.looseObject({ id: z.string() }),
  status: z.number().int(),
  project: z.string(),
  workspace: z.string(),
});
export const v1IntakeWorkItemPage = v1Page(v1IntakeWorkItem);

/** POST: the app's body (`{issue: {name, description_html, priority}, source}`) plus Plane's ignored `intake`. */
export const v1CreateIntakeBody = createIntakeIssueBody.extend({ intake: z.string().max(64).optional() });
export const v1UpdateIntakeBody = updateIntakeIssueBody;
/** PATCH `…/status/`: the triage fields only. */
export const v1UpdateIntakeStatusBody = updateIntakeIssueBody.pick({ status: true, snoozed_till: true, duplicate_to: true });
