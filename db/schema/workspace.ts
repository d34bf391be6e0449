// Workspaces and who belongs to them: members, pending invitations and per-user workspace view settings.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { audit, auditAndSoftDeleteIndexes, authorshipIndexes, cascadeRef, id, savedFilterColumns, softDelete, timestampTz, version } from './columns';
import { users } from './user';

const live = sql`deleted_at is null`;

export const workspaces = pgTable(
  'workspaces',
  {
    id: id(),
    name: text().notNull(),
    slug: text().notNull(),
    ownerId: cascadeRef(() => users.id),
    logo: text(),
    organizationSize: text(),
    timezone: text().notNull().default('UTC'),
    backgroundColor: text(),
    ...audit,
    ...softDelete,
  },
  (t) => [
    uniqueIndex().on(t.slug).where(live),
    index().on(t.ownerId),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    id: id(),
    workspaceId: cascadeRef(() => workspaces.id),
    memberId: cascadeRef(() => users.id),
    role: integer().notNull().default(5),
    companyRole: text(),
    viewProps: jsonb().notNull().default({}),
    defaultProps: jsonb().notNull().default({}),
    issueProps: jsonb().notNull().default({ subscribed: true, assigned: true, created: true, all_issues: true }),
    isActive: boolean().notNull().default(true),
    gettingStartedChecklist: jsonb().notNull().default({}),
    tips: jsonb().notNull().default({}),
    exploredFeatures: jsonb().notNull().default({}),
    version,
    ...audit,
  },
  (t) => [
    uniqueIndex().on(t.workspaceId, t.memberId),
    index().on(t.memberId),
    index().on(t.role),
    ...authorshipIndexes(t),
  ],
);

export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: id(),
    workspaceId: cascadeRef(() => workspaces.id),
    email: text().notNull(),
    role: integer().notNull().default(5),
    /** The secret sent in the invite link (compared in constant time by the service). */
    token: text().notNull(),
    message: text(),
    accepted: boolean().notNull().default(false),
    respondedAt: timestampTz(),
    ...audit,
    ...softDelete,
  },
  (t) => [
    uniqueIndex().on(t.workspaceId, t.email).where(live),
    index().on(t.email),
    uniqueIndex().on(t.token),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export const workspaceUserProperties = pgTable(
  'workspace_user_properties',
  {
    id: id(),
    workspaceId: cascadeRef(() => workspaces.id),
    userId: cascadeRef(() => users.id),
    ...savedFilterColumns(),
    ...audit,
  },
  (t) => [uniqueIndex().on(t.workspaceId, t.userId), index().on(t.userId), ...authorshipIndexes(t)],
);

export type Workspace = typeof workspaces.$inferSelect;
export type NewWorkspace = typeof workspaces.$inferInsert;
export type WorkspaceMember = typeof workspaceMembers.$inferSelect;
export type WorkspaceInvitation = typeof workspaceInvitations.$inferSelect;
export type WorkspaceUserProperty = typeof workspaceUserProperties.$inferSelect;
