// Accounts: users and everything that authenticates or configures one (sessions, OAuth, codes, tokens).
// Cycle-safety: only hoisted helper functions from ./columns and no other schema file (see columns.ts).
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, authorshipIndexes, cascadeRef, id, softDeleteColumns, timestampColumns, timestampTz } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull(),
    username: text(),
    passwordHash: text(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    displayName: text().notNull().default(''),
    avatar: text(),
    coverImage: text(),
    mobileNumber: text(),
    isActive: boolean().notNull().default(true),
    isBot: boolean().notNull().default(false),
    botType: text(),
    isEmailVerified: boolean().notNull().default(false),
    isPasswordAutoset: boolean().notNull().default(false),
    isPasswordExpired: boolean().notNull().default(false),
    isPasswordResetRequired: boolean().notNull().default(false),
    isManaged: boolean().notNull().default(false),
    userTimezone: text().notNull().default('UTC'),
    lastLoginMedium: text().notNull().default('email'),
    lastLoginTime: timestampTz(),
    lastLoginIp: text(),
    lastLoginUagent: text(),
    lastLogoutTime: timestampTz(),
    lastLogoutIp: text(),
    lastActive: timestampTz(),
    dateJoined: timestampTz().notNull().defaultNow(),
    tokenUpdatedAt: timestampTz(),
    ...timestampColumns(),
  },
  (t) => [
    // Emails are stored lower-cased by the services, so a plain unique index is enough (and usable by ON CONFLICT).
    uniqueIndex().on(t.email),
    uniqueIndex().on(t.username),
    index().on(t.createdAt),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    id: id(),
    userId: cascadeRef(() => users.id),
    role: text(),
    // No FK: user.ts must not import workspace.ts (import cycle); a stale id is harmless here.
    lastWorkspaceId: uuid(),
    theme: jsonb().notNull().default({}),
    onboardingStep: jsonb()
      .notNull()
      .default({ profile_complete: false, workspace_create: false, workspace_invite: false, workspace_join: false }),
    isOnboarded: boolean().notNull().default(false),
    isTourCompleted: boolean().notNull().default(false),
    isAppRailDocked: boolean().notNull().default(true),
    useCase: text(),
    billingAddressCountry: text().notNull().default('INDIA'),
    billingAddress: jsonb(),
    hasBillingAddress: boolean().notNull().default(false),
    companyName: text().notNull().default(''),
    notificationViewMode: text().notNull().default('full'),
    isSmoothCursorEnabled: boolean().notNull().default(false),
    language: text().notNull().default('en'),
    startOfTheWeek: integer().notNull().default(0),
    backgroundColor: text(),
    goals: jsonb().notNull().default({}),
    productTour: jsonb().notNull().default({}),
    isNavigationTourCompleted: boolean().notNull().default(false),
    hasMarketingEmailConsent: boolean().notNull().default(false),
    isSubscribedToChangelog: boolean().notNull().default(false),
    ...timestampColumns(),
  },
  (t) => [uniqueIndex().on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** The session key itself (stored hashed or random, as the session plugin decides). */
    id: text().primaryKey(),
    userId: cascadeRef(() => users.id),
    expiresAt: timestampTz().notNull(),
    deviceInfo: jsonb(),
    kind: text().notNull().default('app'),
    ...timestampColumns(),
  },
  (t) => [index().on(t.userId), index().on(t.expiresAt)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    userId: cascadeRef(() => users.id),
    provider: text().notNull(),
    providerAccountId: text().notNull(),
    accessToken: text(),
    accessTokenExpiredAt: timestampTz(),
    refreshToken: text(),
    refreshTokenExpiredAt: timestampTz(),
    idToken: text(),
    lastConnectedAt: timestampTz(),
    metadata: jsonb().notNull().default({}),
    ...timestampColumns(),
  },
  (t) => [uniqueIndex().on(t.provider, t.providerAccountId), index().on(t.userId)],
);

export const magicCodes = pgTable(
  'magic_codes',
  {
    id: id(),
    email: text().notNull(),
    codeHash: text().notNull(),
    expiresAt: timestampTz().notNull(),
    generationCount: integer().notNull().default(1),
    failedAttempts: integer().notNull().default(0),
    usedAt: timestampTz(),
    ...timestampColumns(),
  },
  (t) => [index().on(t.email), index().on(t.expiresAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: cascadeRef(() => users.id),
    tokenHash: text().notNull(),
    expiresAt: timestampTz().notNull(),
    usedAt: timestampTz(),
    ...timestampColumns(),
  },
  (t) => [uniqueIndex().on(t.tokenHash), index().on(t.userId)],
);

export const userNotificationPreferences = pgTable(
  'user_notification_preferences',
  {
    id: id(),
    userId: cascadeRef(() => users.id),
    propertyChange: boolean().notNull().default(true),
    stateChange: boolean().notNull().default(true),
    comment: boolean().notNull().default(true),
    mention: boolean().notNull().default(true),
    issueCompleted: boolean().notNull().default(true),
    ...timestampColumns(),
  },
  (t) => [uniqueIndex().on(t.userId)],
);

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    // No FK: user.ts must not import workspace.ts (import cycle); services revoke tokens with the workspace.
    workspaceId: uuid(),
    userId: cascadeRef(() => users.id),
    label: text().notNull().default(''),
    description: text().notNull().default(''),
    tokenHash: text().notNull(),
    tokenPrefix: text().notNull().default(''),
    lastUsed: timestampTz(),
    expiredAt: timestampTz(),
    isActive: boolean().notNull().default(true),
    isService: boolean().notNull().default(false),
    userType: integer().notNull().default(0),
    allowedRateLimit: integer().notNull().default(60),
    ...auditColumns(),
    ...softDeleteColumns(),
  },
  (t) => [
    uniqueIndex().on(t.tokenHash),
    index().on(t.workspaceId),
    index().on(t.userId),
    ...authorshipIndexes(t),
    index().on(t.deletedAt),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Profile = typeof profiles.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Account = typeof accounts.$inferSelect;
export type MagicCode = typeof magicCodes.$inferSelect;
export type PasswordResetToken = typeof passwordResetTokens.$inferSelect;
export type UserNotificationPreference = typeof userNotificationPreferences.$inferSelect;
export type ApiToken = typeof apiTokens.$inferSelect;
