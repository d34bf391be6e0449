// Zod building blocks reused by every route schema, so ids, slugs, emails, dates and strings are validated one way.
import { z } from 'zod';
import { isValidIsoDate } from '../date-filters';

/** Security: Postgres text cannot hold NUL; refusing it at the edge turns a would-be 500 into a 400. */
export function noNul(value: string): boolean {
  return !value.includes('\u0000');
}
export const NO_NUL_MESSAGE = 'Must not contain NUL characters.';

/** Any string without NUL characters. */
export const safeString = () => z.string().refine(noNul, NO_NUL_MESSAGE);

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` is a UUID string (8-4-4-4-12 hex); malformed path ids answer 404. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_RE.test(value);
}

/** A UUID id. */
export const uuidSchema = z.string().regex(UUID_RE, 'Must be a valid UUID.');
/** A list of UUID ids. */
export const uuidListSchema = z.array(uuidSchema);

/** Maximum workspace slug length (reference §4.1). */
export const SLUG_MAX_LENGTH = 48;
/** A workspace slug: letters, digits, `-` and `_`, at most 48 characters. */
export const slugSchema = z
  .string()
  .min(1)
  .max(SLUG_MAX_LENGTH)
  .regex(/^[a-zA-Z0-9_-]+$/, 'Slug can only contain letters, numbers, hyphens (-), and underscores (_)');

/** Slugs a workspace may not take, because they collide with app routes (reference §4.1). */
const RESERVED_WORKSPACE_SLUGS: ReadonlySet<string> = new Set([
  '404', 'accounts', 'api', 'create-workspace', 'god-mode', 'installations', 'invitations', 'onboarding', 'profile',
  'spaces', 'workspace-invitations', 'password', 'flags', 'monitor', 'monitoring', 'ingest', 'plane-pro',
  'plane-ultimate', 'enterprise', 'plane-enterprise', 'disco', 'silo', 'chat', 'calendar', 'drive', 'channels',
  'upgrade', 'billing', 'sign-in', 'sign-up', 'signin', 'signup', 'config', 'live', 'admin', 'm', 'import',
  'importers', 'integrations', 'integration', 'configuration', 'initiatives', 'initiative', 'workflow', 'workflows',
  'epics', 'epic', 'story', 'mobile', 'dashboard', 'desktop', 'onload', 'real-time', 'one', 'pages', 'business',
  'pro', 'settings', 'license', 'licenses', 'instances', 'instance', 'collab',
]);

/** True when a slug is reserved (compared case-insensitively). */
export function isReservedSlug(slug: string): boolean {
  return RESERVED_WORKSPACE_SLUGS.has(slug.toLowerCase());
}

/** An email address, trimmed and lower-cased before it is checked. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(255)
  .refine(noNul, NO_NUL_MESSAGE)
  .pipe(z.email('Enter a valid email address.'));

/** A calendar day `YYYY-MM-DD`. */
export const isoDateSchema = z.string().refine(isValidIsoDate, 'Must be a date in YYYY-MM-DD format.');

/** An ISO-8601 datetime with `Z` or an offset. */
export const datetimeSchema = z.iso.datetime({ offset: true });

/**
 * `make` called once per bound: the schemas for the same bound are one instance. Zod schemas are
 * immutable (.optional(), .nullable(), .describe() return new ones), and building one costs tens of
 * microseconds, which the module evaluation of a start paid some 150 times for a few dozen bounds.
 */
export function onePerBound<T>(make: (bound: number) => T): (bound: number) => T {
  const made = new Map<number, T>();
  return (bound) => {
    let schema = made.get(bound);
    if (schema === undefined) made.set(bound, (schema = make(bound)));
    return schema;
  };
}

/** A trimmed, non-empty string of at most `max` characters without NUL. */
export const nonEmptyString = onePerBound((max) =>
  z
    .string()
    .trim()
    .min(1, 'This field may not be blank.')
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .refine(noNul, NO_NUL_MESSAGE),
);

/** A string of at most `max` characters without NUL (may be empty). */
export const boundedString = onePerBound((max) => z.string().max(max, `Ensure this field has no more than ${max} characters.`).refine(noNul, NO_NUL_MESSAGE));

/** A `#rrggbb` (or `#rgb`) colour. */
export const hexColorSchema = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Must be a hex colour.');
