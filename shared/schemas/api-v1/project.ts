// Projects, their members, states and labels on Plane's public API (/api/v1): the app API's bodies
// (Plane's field names already) and the objects as the public API answers them.
import { z } from 'zod';
import { createProjectBody, updateProjectBody } from '../project';
import { uuidSchema } from '../common';
import { v1Page, v1User } from './common';

export const v1CreateProjectBody = createProjectBody;
export const v1UpdateProjectBody = updateProjectBody;
export const v1Project = z.looseObject({ id: z.string(), name: z.string(), identifier: z.string(), workspace: z.string().optional(), description: z.string().optional() });
export const v1ProjectPage = v1Page(v1Project);
export const v1ArchiveResponse = z.strictObject({ archived_at: z.string() });

/** A project member: the user and their role in the project (Plane: 20 admin, 15 member, 5 guest). */
export const v1ProjectMember = v1User.extend({ role: z.number().int() });
/** A workspace member: the user and their workspace role. */
export const v1WorkspaceMember = v1User.extend({ role: z.number().int() });

export const v1State = z.looseObject({ id: z.string(), name: z.string(), color: z.string(), group: z.string(), project: z.string(), workspace: z.string() });
export const v1StatePage = v1Page(v1State);
export const v1StateParams = z.object({ slug: z.string(), projectId: uuidSchema, stateId: uuidSchema });

export const v1Label = z.looseObject({ id: z.string(), name: z.string(), color: z.string().nullable(), project: z.string().nullable(), workspace: z.string() });
export const v1LabelPage = v1Page(v1Label);
export const v1LabelParams = z.object({ slug: z.string(), projectId: uuidSchema, labelId: uuidSchema });
