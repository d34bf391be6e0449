// Query strings of the issue list endpoints (reference §1.2): free-form filter keys, each value bounded.
import { z } from 'zod';
import { uuidSchema } from './common';
import { issueListItem } from './issue';
import { relatedIssue } from './issue-extras';
import { paginated } from './responses';

const queryValue = z.string().max(20_000, 'Ensure this field has no more than 20000 characters.');

/** Any list query: every key a bounded string (a repeated key is a bounded list). */
export const issueListQuery = z.record(z.string().max(100), z.union([queryValue, z.array(queryValue).max(50)]));

export const workspaceParams = z.object({ slug: z.string().max(100) });
export const projectParams = z.object({ slug: z.string().max(100), projectId: uuidSchema });
export const userIssuesParams = z.object({ slug: z.string().max(100), userId: uuidSchema });

// ——— Responses ———
// The list engine builds these bodies as JSON text in SQL (server/list-engine/response.ts); the
// schemas say what that text is, and the tests check it (server/plugins/response-schemas.ts).

/** A group's bucket: its page of items and its total. */
function bucket<Results extends z.ZodType>(results: Results) {
  return z.strictObject({ results, total_results: z.number().int() });
}

/** The results of an issue list: a page of items, or buckets by group (and sub-group). */
function issueListResults<Item extends z.ZodType>(item: Item) {
  const items = z.array(item);
  return z.union([items, z.record(z.string(), bucket(items)), z.record(z.string(), bucket(z.record(z.string(), bucket(items))))]);
}

/** An issue list page (`issues/`, `archived-issues/`, workspace `issues/`, `my-issues/`, …). */
export const issueListResponse = paginated(issueListResults(issueListItem));
export type IssueListResponse = z.infer<typeof issueListResponse>;

/** `issues-detail/`: the same page, items optionally with `issue_relation` / `issue_related`. */
export const issueListDetailResponse = paginated(
  issueListResults(issueListItem.extend({ issue_relation: z.array(relatedIssue).optional(), issue_related: z.array(relatedIssue).optional() })),
);
