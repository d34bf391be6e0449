// Request bodies of the /api/users/me/* routes (reference §3), snake_case exactly as on the wire.
import { z } from 'zod';
import { anyObject, nullableInstant } from './responses';
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
function isValidTimezone(value: string): boolean {
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
const LANGUAGES = ['en', 'zh-CN'] as const;

/** The onboarding steps a profile records as done or not. */
const onboardingFlags = {
  profile_complete: z.boolean(),
  workspace_create: z.boolean(),
  workspace_invite: z.boolean(),
  workspace_join: z.boolean(),
};
const onboardingStep = z.object(onboardingFlags).partial();

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

/** The user-wide email notification switches (user_notification_preferences). */
const notificationPreferenceFlags = {
  property_change: z.boolean(),
  state_change: z.boolean(),
  comment: z.boolean(),
  mention: z.boolean(),
  issue_completed: z.boolean(),
};

/** PATCH /api/users/me/notification-preferences/ */
export const updateNotificationPreferencesBody = z.object(notificationPreferenceFlags).partial();
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

// ——— Responses ———

const nullableText = z.string().nullable();

/** The signed-in user (UserMe of reference §13): `GET /api/users/me/` and the JSON sign-in answers. */
export const userMeResponse = z.strictObject({
  id: z.string(),
  avatar: z.string(),
  cover_image: nullableText,
  avatar_url: nullableText,
  cover_image_url: nullableText,
  date_joined: nullableInstant,
  display_name: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_active: z.boolean(),
  is_bot: z.boolean(),
  is_email_verified: z.boolean(),
  user_timezone: z.string(),
  username: z.string(),
  is_password_autoset: z.boolean(),
  last_login_medium: z.string(),
  last_login_time: nullableInstant,
});
export type UserMe = z.infer<typeof userMeResponse>;

/** The full user (PATCH `users/me/`, POST `set-password/`): every column except the password. */
export const userResponse = userMeResponse.extend({
  last_login: nullableInstant,
  is_superuser: z.boolean(),
  is_staff: z.boolean(),
  mobile_number: nullableText,
  avatar_asset: z.null(),
  cover_image_asset: z.null(),
  created_at: nullableInstant,
  updated_at: nullableInstant,
  last_location: z.string(),
  created_location: z.string(),
  is_managed: z.boolean(),
  is_password_expired: z.boolean(),
  is_password_reset_required: z.boolean(),
  last_active: nullableInstant,
  last_logout_time: nullableInstant,
  last_login_ip: nullableText,
  last_logout_ip: nullableText,
  last_login_uagent: nullableText,
  token_updated_at: nullableInstant,
  bot_type: nullableText,
  is_email_valid: z.boolean(),
  masked_at: z.null(),
});

/** The instance admin (AdminMe, reference §2.2). */
export const adminMeResponse = userMeResponse.omit({ cover_image_url: true, last_login_medium: true, last_login_time: true });

/** `users/session/` and `instances/admins/session/`. */
export const sessionResponse = z.union([
  z.strictObject({ is_authenticated: z.literal(true), user: userMeResponse }),
  z.strictObject({ is_authenticated: z.literal(false) }),
]);
export const adminSessionResponse = z.union([
  z.strictObject({ is_authenticated: z.literal(true), user: adminMeResponse }),
  z.strictObject({ is_authenticated: z.literal(false) }),
]);

/** The onboarding flags as stored and sent (every step present). */
export const onboardingStepResponse = z.looseObject(onboardingFlags);

/** The Profile (reference §3); mobile-only fields have fixed values. */
export const profileResponse = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  user: z.string(),
  theme: anyObject,
  is_app_rail_docked: z.boolean(),
  is_tour_completed: z.boolean(),
  onboarding_step: onboardingStepResponse,
  use_case: nullableText,
  role: nullableText,
  is_onboarded: z.boolean(),
  last_workspace_id: nullableText,
  billing_address_country: z.string(),
  billing_address: z.unknown(),
  has_billing_address: z.boolean(),
  company_name: z.string(),
  notification_view_mode: z.string(),
  is_smooth_cursor_enabled: z.boolean(),
  is_mobile_onboarded: z.boolean(),
  mobile_onboarding_step: anyObject,
  mobile_timezone_auto_set: z.boolean(),
  language: z.string(),
  start_of_the_week: z.number().int(),
  goals: anyObject,
  background_color: nullableText,
  is_navigation_tour_completed: z.boolean(),
  has_marketing_email_consent: z.boolean(),
  is_subscribed_to_changelog: z.boolean(),
  product_tour: anyObject,
});
export type Profile = z.infer<typeof profileResponse>;

/** NotificationPreference (user-wide). */
export const notificationPreferencesResponse = z.strictObject({
  id: z.string(),
  user: z.string(),
  workspace: z.null(),
  project: z.null(),
  ...notificationPreferenceFlags,
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.null(),
  created_by: z.null(),
  updated_by: z.null(),
});

/** `users/me/settings/`. */
export const userSettingsResponse = z.strictObject({
  id: z.string(),
  email: z.string(),
  workspace: z.strictObject({
    last_workspace_id: nullableText,
    last_workspace_slug: nullableText,
    fallback_workspace_id: nullableText,
    fallback_workspace_slug: nullableText,
    last_workspace_name: z.string().optional(),
    last_workspace_logo: nullableText.optional(),
    invites: z.number().int(),
  }),
});
export type UserSettings = z.infer<typeof userSettingsResponse>;

/** `users/me/instance-admin/`. */
export const instanceAdminFlagResponse = z.strictObject({ is_instance_admin: z.boolean() });

/** A linked sign-in account (`users/me/accounts/`). */
export const accountResponse = z.strictObject({
  id: z.string(),
  user: z.string(),
  provider: z.string(),
  provider_account_id: z.string(),
  last_connected_at: nullableInstant,
  metadata: z.unknown(),
  created_at: z.string(),
  updated_at: z.string(),
});
