// Projects and their membership, identifiers, per-user view settings and public (deploy board) links.
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { audit, auditAndSoftDeleteIndexes, authorshipIndexes, cascadeRef, id, importedFrom, savedFilterColumns, syncedEntity, timestampTz, version } from './columns';
import { estimates } from './estimate';
import { projectScopeColumns, projectScopeIndexes } from './project-scope';
import { states } from './state';
import { users } from './user';
import { workspaces } from './workspace';
import { ProjectNetwork } from '../../shared/visibility';

const live = sql`deleted_at is null`;

export const projects = pgTable(
  'projects',
  {
    id: id(),
    workspaceId: cascadeRef(() => workspaces.id),
    name: text().notNull(),
    description: text().notNull().default(''),
    descriptionHtml: text().notNull().default('<p></p>'),
    network: integer().notNull().default(ProjectNetwork.PUBLIC),
    identifier: text().notNull(),
    defaultAssigneeId: uuid().references(() => users.id, { onDelete: 'set null' }),
    projectLeadId: uuid().references(() => users.id, { onDelete: 'set null' }),
    emoji: text(),
    iconProp: jsonb(),
    logoProps: jsonb().notNull().default({}),
    moduleView: boolean().notNull().default(true),
    cycleView: boolean().notNull().default(true),
    issueViewsView: boolean().notNull().default(true),
    pageView: boolean().notNull().default(true),
    intakeView: boolean().notNull().default(false),
    isTimeTrackingEnabled: boolean().notNull().default(false),
    isIssueTypeEnabled: boolean().notNull().default(false),
    guestViewAllFeatures: boolean().notNull().default(false),
    coverImage: text(),
    estimateId: uuid().references((): AnyPgColumn => estimates.id, { onDelete: 'set null' }),
    archiveIn: integer().notNull().default(0),
    closeIn: integer().notNull().default(0),
    defaultStateId: uuid().references((): AnyPgColumn => states.id, { onDelete: 'set null' }),
    archivedAt: timestampTz(),
    timezone: text().notNull().default('UTC'),
    ...importedFrom,
    ...syncedEntity,
  },
  (t) => [
    uniqueIndex().on(t.workspaceId, t.identifier).where(live),
    uniqueIndex().on(t.workspaceId, t.name).where(live),
    index().on(t.defaultAssigneeId),
    index().on(t.projectLeadId),
    index().on(t.estimateId),
    index().on(t.defaultStateId),
    index().on(t.archivedAt),
    index().on(t.network),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export const projectMembers = pgTable(
  'project_members',
  {
    id: id(),
    ...projectScopeColumns(),
    memberId: cascadeRef(() => users.id),
    role: integer().notNull().default(5),
    comment: text(),
    viewProps: jsonb().notNull().default({}),
    defaultProps: jsonb().notNull().default({}),
    preferences: jsonb().notNull().default({}),
    sortOrder: doublePrecision().notNull().default(65535),
    isActive: boolean().notNull().default(true),
    version,
    ...audit,
  },
  (t) => [
    uniqueIndex().on(t.projectId, t.memberId),
    index().on(t.workspaceId, t.memberId),
    index().on(t.memberId),
    index().on(t.role),
    ...authorshipIndexes(t),
  ],
);

/** Identifiers ever used in a workspace, so a freed identifier is not reused while its issues are referenced. */
export const projectIdentifiers = pgTable(
  'project_identifiers',
  {
    id: id(),
    workspaceId: cascadeRef(() => workspaces.id),
    projectId: uuid().references(() => projects.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    ...audit,
  },
  (t) => [uniqueIndex().on(t.workspaceId, t.name), index().on(t.projectId), ...authorshipIndexes(t)],
);

export const projectUserProperties = pgTable(
  'project_user_properties',
  {
    id: id(),
    ...projectScopeColumns(),
    userId: cascadeRef(() => users.id),
    ...savedFilterColumns(),
    preferences: jsonb().notNull().default({}),
    sortOrder: doublePrecision().notNull().default(65535),
    ...audit,
  },
  (t) => [
    uniqueIndex().on(t.projectId, t.userId),
    index().on(t.workspaceId),
    index().on(t.userId),
    ...authorshipIndexes(t),
  ],
);

export const deployBoards = pgTable(
  'deploy_boards',
  {
    id: id(),
    ...projectScopeColumns(),
    entityIdentifier: uuid(),
    entityName: text().notNull().default('project'),
    anchor: text().notNull(),
    isCommentsEnabled: boolean().notNull().default(false),
    isReactionsEnabled: boolean().notNull().default(false),
    isVotesEnabled: boolean().notNull().default(false),
    intake: uuid(),
    viewProps: jsonb().notNull().default({}),
    isActivityEnabled: boolean().notNull().default(true),
    isDisabled: boolean().notNull().default(false),
    ...audit,
  },
  (t) => [
    uniqueIndex().on(t.anchor),
    ...projectScopeIndexes(t),
    index().on(t.entityName, t.entityIdentifier),
    ...authorshipIndexes(t),
  ],
);

export type Project = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;
export type ProjectMember = typeof projectMembers.$inferSelect;
export type ProjectIdentifier = typeof projectIdentifiers.$inferSelect;
export type ProjectUserProperty = typeof projectUserProperties.$inferSelect;
export type DeployBoard = typeof deployBoards.$inferSelect;
