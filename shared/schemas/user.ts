// Request bodies of the /api/users/me/* routes (reference §3), snake_case exactly as on the wire.
import { z } from 'zod';
import { boundedString, uuidSchema } from './common';

/**
 * True when text contains something that looks like a URL: `http(s)://…`, `www.…`, a `label.tld`
 * (2–6 letters) or a dotted IPv4 — the reference's rule for names (§4.1).
 */
export function containsUrl(text: string): boolean {
  return (
    /https?:\/\/\S+/i.test(text) ||
    /\bwww\.\S+/i.test(text) ||
    /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,6}\b/i.test(text) ||
    /\b(?:\d{1,3}\.){3}\d{1,3}\b/.test(text)
  );
}

const TIMEZONES: ReadonlySet<string> = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);

/** True for an IANA timezone name the runtime knows (plus `UTC`). */
export function isValidTimezone(value: string): boolean {
  return TIMEZONES.has(value);
}

/** A timezone name, refused with the serializer's "not a valid choice" message. */
export const timezoneSchema = z
  .string()
  .max(64)
  .refine(isValidTimezone, { message: 'Not a valid choice.' });

const personName = (label: string) =>
  boundedString(255).refine((value) => !containsUrl(value), { message: `${label} cannot contain a URL.` });

/** PATCH /api/users/me/ — the writable user fields. */
export const updateMeBody = z.object({
  first_name: personName('First name').optional(),
  last_name: personName('Last name').optional(),
  display_name: personName('Display name').optional(),
  avatar: boundedString(800).nullable().optional(),
  cover_image: boundedString(800).nullable().optional(),
  user_timezone: timezoneSchema.optional(),
});
export type UpdateMeBody = z.infer<typeof updateMeBody>;

/** The languages the client can show (profile `language`). */
export const LANGUAGES = ['en', 'zh-CN'] as const;

const onboardingStep = z.object({
  profile_complete: z.boolean().optional(),
  workspace_create: z.boolean().optional(),
  workspace_invite: z.boolean().optional(),
  workspace_join: z.boolean().optional(),
});

const productTour = z.object({
  work_items: z.boolean().optional(),
  cycles: z.boolean().optional(),
  modules: z.boolean().optional(),
  intake: z.boolean().optional(),
  pages: z.boolean().optional(),
});

/** A small free-form JSON object (theme, goals, billing address), bounded in size. */
const smallObject = z
  .record(z.string().max(64), z.unknown())
  .refine((value) => JSON.stringify(value).length <= 10_000, { message: 'Ensure this object is smaller than 10 kB.' });

/** PATCH /api/users/me/profile/ — every profile field except `user`. */
export const updateProfileBody = z.object({
  theme: smallObject.optional(),
  is_app_rail_docked: z.boolean().optional(),
  is_tour_completed: z.boolean().optional(),
  onboarding_step: onboardingStep.optional(),
  use_case: boundedString(255).nullable().optional(),
  role: boundedString(255).nullable().optional(),
  is_onboarded: z.boolean().optional(),
  last_workspace_id: uuidSchema.nullable().optional(),
  billing_address_country: boundedString(255).optional(),
  billing_address: smallObject.nullable().optional(),
  has_billing_address: z.boolean().optional(),
  company_name: boundedString(255).optional(),
  notification_view_mode: z.enum(['full', 'compact']).optional(),
  is_smooth_cursor_enabled: z.boolean().optional(),
  language: z.enum(LANGUAGES).optional(),
  start_of_the_week: z.number().int().min(0).max(6).optional(),
  goals: smallObject.optional(),
  background_color: boundedString(255).nullable().optional(),
  is_navigation_tour_completed: z.boolean().optional(),
  has_marketing_email_consent: z.boolean().optional(),
  is_subscribed_to_changelog: z.boolean().optional(),
  product_tour: productTour.optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** PATCH /api/users/me/onboard/ — a missing flag means false (reference §3). */
export const onboardBody = z.object({ is_onboarded: z.boolean().optional() });

/** PATCH /api/users/me/tour-completed/ — only `true` is accepted (API.md). */
export const tourCompletedBody = z.object({ is_tour_completed: z.boolean() });

/** PATCH /api/users/me/notification-preferences/ */
export const updateNotificationPreferencesBody = z.object({
  property_change: z.boolean().optional(),
  state_change: z.boolean().optional(),
  comment: z.boolean().optional(),
  mention: z.boolean().optional(),
  issue_completed: z.boolean().optional(),
});
export type UpdateNotificationPreferencesBody = z.infer<typeof updateNotificationPreferencesBody>;

/** Offset-cursor list query (`per_page`, `cursor`). */
export const pageQuery = z.object({
  per_page: z.string().max(16).optional(),
  cursor: z.string().max(64).optional(),
});

/** `/api/users/me/accounts/:accountId/` */
export const accountParams = z.object({ accountId: uuidSchema });

/** POST /api/users/me/workspaces/invitations/ — accept a list of invitations. */
export const acceptInvitationsBody = z.object({
  invitations: z.array(uuidSchema).max(100),
});
