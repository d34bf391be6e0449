// Turns a user's profile and notification preferences into the wire objects of reference §3/§13.
import type { Profile, UserNotificationPreference } from '../../../../db/schema/index';

/** The Profile object; mobile-only fields have fixed values (there is no mobile app). */
export function presentProfile(profile: Profile) {
  return {
    id: profile.id,
    created_at: profile.createdAt.toISOString(),
    updated_at: profile.updatedAt.toISOString(),
    user: profile.userId,
    theme: profile.theme,
    is_app_rail_docked: profile.isAppRailDocked,
    is_tour_completed: profile.isTourCompleted,
    onboarding_step: profile.onboardingStep,
    use_case: profile.useCase,
    role: profile.role,
    is_onboarded: profile.isOnboarded,
    last_workspace_id: profile.lastWorkspaceId,
    billing_address_country: profile.billingAddressCountry,
    billing_address: profile.billingAddress,
    has_billing_address: profile.hasBillingAddress,
    company_name: profile.companyName,
    notification_view_mode: profile.notificationViewMode,
    is_smooth_cursor_enabled: profile.isSmoothCursorEnabled,
    is_mobile_onboarded: false,
    mobile_onboarding_step: { profile_complete: false, workspace_create: false, workspace_join: false },
    mobile_timezone_auto_set: false,
    language: profile.language,
    start_of_the_week: profile.startOfTheWeek,
    goals: profile.goals,
    background_color: profile.backgroundColor,
    is_navigation_tour_completed: profile.isNavigationTourCompleted,
    has_marketing_email_consent: profile.hasMarketingEmailConsent,
    is_subscribed_to_changelog: profile.isSubscribedToChangelog,
    product_tour: profile.productTour,
  };
}

/** NotificationPreference (user-wide: `workspace` and `project` are null). */
export function presentNotificationPreferences(row: UserNotificationPreference) {
  return {
    id: row.id,
    user: row.userId,
    workspace: null,
    project: null,
    property_change: row.propertyChange,
    state_change: row.stateChange,
    comment: row.comment,
    mention: row.mention,
    issue_completed: row.issueCompleted,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: null,
    created_by: null,
    updated_by: null,
  };
}
