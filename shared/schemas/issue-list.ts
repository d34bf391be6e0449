// Query strings of the issue list endpoints (reference §1.2): free-form filter keys, each value bounded.
import { z } from 'zod';
import { uuidSchema } from './common';

const queryValue = z.string().max(20_000, 'Ensure this field has no more than 20000 characters.');

/** Any list query: every key a bounded string (a repeated key is a bounded list). */
export const issueListQuery = z.record(z.string().max(100), z.union([queryValue, z.array(queryValue).max(50)]));
export type IssueListQuery = z.infer<typeof issueListQuery>;

export const workspaceParams = z.object({ slug: z.string().max(100) });
export const projectParams = z.object({ slug: z.string().max(100), projectId: uuidSchema });
export const userIssuesParams = z.object({ slug: z.string().max(100), userId: uuidSchema });
