// Building blocks of the response schemas (API.md): the one error format every route may answer,
// bodiless and binary answers, and the small objects many entities embed. Routes declare
// `response: replies({ 200: thing })`; the client infers its wire types from the same schemas.
import { z } from 'zod';

/**
 * The error bodies of API.md "Error bodies": `{"error"}` (business, 403, 404, 409, 413, 426 — some
 * with extra keys such as `id`), `{"<field>": ["message"]}` (validation), `{"error_code",
 * "error_message"}` (coded) and 401 `{"detail"}`. One schema, so every route declares the same one.
 */
export const errorBody = z.union([
  z.looseObject({ error: z.string() }),
  z.looseObject({ error_code: z.number().int(), error_message: z.string() }),
  z.strictObject({ detail: z.string() }),
  z.record(z.string(), z.array(z.string())),
]);
export type ErrorBody = z.infer<typeof errorBody>;

/** No body: 204, and the redirects of the browser form posts and OAuth. */
export const noBody = z.undefined().describe('no body');

/** Bytes that are not JSON (file downloads, the page's Yjs state): declared so the route table is complete. */
export const binaryBody = z.unknown().describe('binary');

/**
 * The responses of one route: its success bodies by status, plus the error format for every 4xx.
 * 5xx is not declared: a 500 is a bug and its body (`{"error"}`) is not part of any route's contract.
 */
export function replies<const Success extends Record<number, z.ZodType>>(success: Success) {
  return { ...success, '4xx': errorBody };
}

/** An ISO-8601 instant as the presenters write it (`toISOString()`), or null. */
export const isoInstant = z.string();
export const nullableInstant = z.string().nullable();
/** A JSON value stored as-is (logo props, view props, metadata): the server does not interpret it. */
export const jsonValue = z.unknown();
/** A JSON object the server passes through (saved filters, preferences). */
export const anyObject = z.record(z.string(), z.unknown());

/** `{message}` acknowledgements (sign-out, password change, description saved). */
export const messageBody = z.strictObject({ message: z.string() });

/** POST `…/archive/` of a project or page: when it was archived. */
export const archivedAtResponse = z.strictObject({ archived_at: z.string() });

/** UserLite (reference §13): the user embedded in members, actors and creators. */
export const userLite = z.strictObject({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  avatar_url: z.string().nullable(),
  is_bot: z.boolean(),
  display_name: z.string(),
});
export type UserLite = z.infer<typeof userLite>;

/** UserAdminLite: UserLite plus what callers above guest may see. */
export const userAdminLite = userLite.extend({ email: z.string(), last_login_medium: z.string().nullable() });
export type UserAdminLite = z.infer<typeof userAdminLite>;

/** The user a membership nests: UserLite, with UserAdminLite's email and login medium for callers above guest. */
export const memberUser = userLite.extend({ email: z.string().optional(), last_login_medium: z.string().nullable().optional() });

/** WorkspaceLite: `{id, name, slug, logo_url}`. */
export const workspaceLite = z.strictObject({ id: z.string(), name: z.string(), slug: z.string(), logo_url: z.string().nullable() });

/** The project embedded in members, activity and deploy boards. */
export const projectLiteDetail = z.strictObject({
  id: z.string(),
  identifier: z.string(),
  name: z.string(),
  cover_image: z.string().nullable(),
  cover_image_url: z.string().nullable(),
  logo_props: jsonValue,
  description: z.string(),
});

/** Who made and last changed a row, and when. */
export const authorshipFields = {
  created_at: nullableInstant,
  updated_at: nullableInstant,
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
};

/** authorshipFields whose dates are never null: the rows' created_at/updated_at columns are NOT NULL (db/schema/columns.ts). */
export const datedAuthorshipFields = { ...authorshipFields, created_at: isoInstant, updated_at: isoInstant };

/** Issue counts by state group: the progress a cycle or a module reports. */
export const stateGroupIssueCounts = {
  total_issues: z.number().int(),
  completed_issues: z.number().int(),
  cancelled_issues: z.number().int(),
  started_issues: z.number().int(),
  unstarted_issues: z.number().int(),
  backlog_issues: z.number().int(),
};

/** A cycle's or module's list-item progress: its issue counts by state group, then its total and completed points. */
export const progressFields = {
  ...stateGroupIssueCounts,
  total_estimate_points: z.number(),
  completed_estimate_points: z.number(),
};

/** The paginator's envelope (shared/cursor.ts offsetPage, and the list engine's SQL-built twin). */
export function paginated<Results extends z.ZodType>(results: Results) {
  return z.strictObject({
    grouped_by: z.string().nullable(),
    sub_grouped_by: z.string().nullable(),
    total_count: z.number().int(),
    next_cursor: z.string(),
    prev_cursor: z.string(),
    next_page_results: z.boolean(),
    prev_page_results: z.boolean(),
    count: z.number().int(),
    total_pages: z.number().int(),
    total_results: z.number().int(),
    extra_stats: z.null(),
    results,
  });
}
