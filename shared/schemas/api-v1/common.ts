// Building blocks of Plane's public API (/api/v1) on the wire: its list envelope, its list query and
// the loose item schemas every resource's answers are declared (and documented, /api/v1/schema/) with.
import { z } from 'zod';
import { boundedString } from '../common';
import { paginated } from '../responses';

/**
 * Query of every /api/v1 list: the offset cursor `per_page:page:is_prev` and `per_page` (default
 * 100), plus work items' `order_by`, `expand` and `fields`. Other filter keys are ignored.
 */
export const v1ListQuery = z.looseObject({
  per_page: boundedString(10).optional(),
  cursor: boundedString(40).optional(),
  order_by: boundedString(100).optional(),
  expand: boundedString(500).optional(),
  fields: boundedString(2_000).optional(),
});
export type V1ListQuery = z.infer<typeof v1ListQuery>;

/** Query of one item: `expand` and `fields`. */
export const v1ItemQuery = z.looseObject({ expand: boundedString(500).optional(), fields: boundedString(2_000).optional() });

/** Plane's list envelope (its `BasePaginator`, the app API's paginated lists too): a page of `results` and where the next and previous pages are. */
export function v1Page<Item extends z.ZodObject>(item: Item) {
  // `fields=a,b` trims each item to those fields (and `id`): such an item is the item's own fields,
  // each optional.
  return paginated(z.array(z.union([item, item.partial().extend({ id: z.string() })])));
}

/** Any object the public API answers: an id plus the resource's own fields (documented per resource). */
export const v1Object = z.looseObject({ id: z.string() });

/** A user as /api/v1 embeds and lists them (`users/me/`, members, expanded assignees). */
export const v1User = z.looseObject({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  display_name: z.string(),
  avatar: z.string().nullable(),
  avatar_url: z.string().nullable(),
  email: z.string().optional(),
});

/** Plane's id renames: app field → public field (`state_id` → `state`), applied both ways. */
export const V1_FIELD_NAMES = {
  project_id: 'project',
  workspace_id: 'workspace',
  state_id: 'state',
  parent_id: 'parent',
  label_ids: 'labels',
  assignee_ids: 'assignees',
  issue_id: 'issue',
  lead_id: 'lead',
  member_ids: 'members',
  owned_by_id: 'owned_by',
  type_id: 'type',
} as const;
