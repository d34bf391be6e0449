// Cycles and modules on Plane's public API (/api/v1): the app API's bodies plus Plane's public names
// (`owned_by`, `lead`, `members`), and the objects and issue lists as the public API answers them.
import { z } from 'zod';
import { uuidSchema } from '../common';
import { createCycleBody, updateCycleBody } from '../cycle';
import { createModuleBody, updateModuleBody } from '../module';
import { v1Object, v1Page } from './common';

const idList = z.array(uuidSchema).max(500);

export const v1CreateCycleBody = z.object({ ...createCycleBody.shape, owned_by: uuidSchema.optional().describe('Owner user id (app API: owned_by_id).') });
export const v1UpdateCycleBody = z.object({ ...updateCycleBody.shape, owned_by: uuidSchema.optional() });
export const v1Cycle = z.looseObject({ id: z.string(), name: z.string(), project: z.string(), workspace: z.string(), start_date: z.string().nullable(), end_date: z.string().nullable() });
export const v1CyclePage = v1Page(v1Cycle);
/** `cycle-issues/` POST (Plane's SDK and MCP server send `issues`). */
export const v1CycleIssuesBody = z.object({ issues: idList.min(1, 'Issues are required') });
/** `transfer-issues/` POST. */
export const v1TransferIssuesBody = z.object({ new_cycle_id: uuidSchema });

const modulePeople = {
  lead: uuidSchema.nullable().optional().describe('Lead user id (app API: lead_id).'),
  members: idList.optional().describe('Member user ids (app API: member_ids).'),
};
export const v1CreateModuleBody = z.object({ ...createModuleBody.shape, ...modulePeople });
export const v1UpdateModuleBody = z.object({ ...updateModuleBody.shape, ...modulePeople });
export const v1Module = z.looseObject({ id: z.string(), name: z.string(), project: z.string(), workspace: z.string(), status: z.string() });
export const v1ModulePage = v1Page(v1Module);
export const v1ModuleIssuesBody = v1CycleIssuesBody;

/** What adding issues to a cycle or module answers: one link per issue, as Plane's CycleIssue/ModuleIssue. */
export const v1IssueLinks = z.array(v1Object.extend({ issue: z.string(), project: z.string(), workspace: z.string() }).loose());
