// Turns user rows into the wire shapes of reference §13 (UserMe, full User, UserLite, UserAdminLite,
// AdminMe). The only place a user row becomes JSON; the password hash never leaves this module.
import type { User } from '../../../../db/schema/index';

/** ISO-8601 with `Z` (millisecond precision), or null. */
function iso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}

/** The account fields UserMe and AdminMe both carry, in the order both send them. */
function presentAccountFields(user: User) {
  return {
    date_joined: iso(user.dateJoined),
    display_name: user.displayName,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    is_active: user.isActive,
    is_bot: user.isBot,
    is_email_verified: user.isEmailVerified,
    user_timezone: user.userTimezone,
    username: user.username ?? '',
    is_password_autoset: user.isPasswordAutoset,
  };
}

/** The signed-in user as `GET /api/users/me/` and the sign-in JSON answers return it (UserMe). */
export function presentUserMe(user: User) {
  return {
    id: user.id,
    avatar: user.avatar ?? '',
    cover_image: user.coverImage ?? null,
    avatar_url: user.avatar || null,
    cover_image_url: user.coverImage || null,
    ...presentAccountFields(user),
    last_login_medium: user.lastLoginMedium,
    last_login_time: iso(user.lastLoginTime),
  };
}

/**
 * The full user object (PATCH /api/users/me/, POST /auth/set-password/): every column except the
 * password. Columns Plane has and Trellis does not store are sent with their neutral values.
 */
export function presentUser(user: User) {
  return {
    ...presentUserMe(user),
    last_login: iso(user.lastLoginTime),
    is_superuser: false,
    is_staff: false,
    mobile_number: user.mobileNumber ?? null,
    avatar_asset: null,
    cover_image_asset: null,
    created_at: iso(user.createdAt),
    updated_at: iso(user.updatedAt),
    last_location: '',
    created_location: '',
    is_managed: user.isManaged,
    is_password_expired: user.isPasswordExpired,
    is_password_reset_required: user.isPasswordResetRequired,
    last_active: iso(user.lastActive),
    last_logout_time: iso(user.lastLogoutTime),
    last_login_ip: user.lastLoginIp ?? null,
    last_logout_ip: user.lastLogoutIp ?? null,
    last_login_uagent: user.lastLoginUagent ?? null,
    token_updated_at: iso(user.tokenUpdatedAt),
    bot_type: user.botType ?? null,
    is_email_valid: user.isEmailVerified,
    masked_at: null,
  };
}

/** The columns UserLite and UserAdminLite read (lists select only these). */
export type UserLiteColumns = Pick<User, 'id' | 'firstName' | 'lastName' | 'avatar' | 'isBot' | 'displayName' | 'email' | 'lastLoginMedium'>;

/** The short form embedded in other objects (members, actors, assignees): UserLite. */
export function presentUserLite(user: Omit<UserLiteColumns, 'email' | 'lastLoginMedium'>) {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    avatar: user.avatar ?? '',
    avatar_url: user.avatar || null,
    is_bot: user.isBot,
    display_name: user.displayName,
  };
}

/** UserLite plus email and last login medium, for lists only admins see (UserAdminLite). */
export function presentUserAdminLite(user: UserLiteColumns) {
  return { ...presentUserLite(user), email: user.email, last_login_medium: user.lastLoginMedium };
}

/** The instance admin as `GET /api/instances/admins/me/` returns it (AdminMe, reference §2.2). */
export function presentAdminMe(user: User) {
  return {
    id: user.id,
    avatar: user.avatar ?? '',
    avatar_url: user.avatar || null,
    cover_image: user.coverImage ?? null,
    ...presentAccountFields(user),
  };
}

export type UserMe = ReturnType<typeof presentUserMe>;
export type UserLite = ReturnType<typeof presentUserLite>;
export type UserAdminLite = ReturnType<typeof presentUserAdminLite>;
