// Integrations (Plane's data model): an `integrations` row per provider (GitHub), a
// `workspace_integrations` row per workspace that installed it, and for the GitHub repository import
// (spec §7 Projects, issue #15) the linked repository of a project, its sync (token, progress,
// cursor) and the mapping tables GitHub id → our row that make a re-run incremental and duplicate-free.
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { audit, authorshipIndexes, cascadeRef, id, timestamps, timestampTz } from './columns';
import { issueComments, issues } from './issue';
import { labels } from './label';
import { projects } from './project';
import { users } from './user';
import { workspaces } from './workspace';

export const integrations = pgTable(
  'integrations',
  {
    id: id(),
    /** 'github' (the only provider for now); one row per provider. */
    provider: text().notNull(),
    title: text().notNull(),
    description: jsonb().notNull().default({}),
    network: integer().notNull().default(1),
    ...audit,
  },
  (t) => [uniqueIndex().on(t.provider), ...authorshipIndexes(t)],
);

export const workspaceIntegrations = pgTable(
  'workspace_integrations',
  {
    id: id(),
    workspaceId: cascadeRef(() => workspaces.id),
    integrationId: cascadeRef(() => integrations.id),
    /** Who installed it. */
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    config: jsonb().notNull().default({}),
    ...audit,
  },
  (t) => [uniqueIndex().on(t.workspaceId, t.integrationId), index().on(t.integrationId), index().on(t.actorId), ...authorshipIndexes(t)],
);

export const githubRepositories = pgTable(
  'github_repositories',
  {
    id: id(),
    workspaceId: cascadeRef(() => workspaces.id),
    projectId: cascadeRef(() => projects.id),
    owner: text().notNull(),
    name: text().notNull(),
    url: text(),
    /** GitHub's numeric repository id, once known. */
    repositoryId: bigint({ mode: 'number' }),
    config: jsonb().notNull().default({}),
    ...audit,
  },
  (t) => [index().on(t.workspaceId), index().on(t.projectId), ...authorshipIndexes(t)],
);

export const githubRepositorySyncs = pgTable(
  'github_repository_syncs',
  {
    id: id(),
    workspaceId: cascadeRef(() => workspaces.id),
    /** One repository per project. */
    projectId: cascadeRef(() => projects.id),
    repositoryId: cascadeRef(() => githubRepositories.id),
    workspaceIntegrationId: cascadeRef(() => workspaceIntegrations.id),
    /** The user the import acts as (who linked the repository): author of imported issues and comments. */
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    // Security: the GitHub token, encrypted with SECRET_KEY (server/services/integrations/github-token.ts); never returned.
    credentials: text().notNull(),
    /** API base URL (GitHub Enterprise: https://host/api/v3); null = GITHUB_API_URL. */
    baseUrl: text(),
    /** 'idle' | 'queued' | 'running' | 'waiting' (rate limit) | 'done' | 'failed' */
    status: text().notNull().default('idle'),
    /** Where a run is: 'labels' | 'issues' | 'comments'; null between runs. */
    phase: text(),
    /** The next page of the current phase (GitHub's Link rel="next"); null = its first page. */
    nextUrl: text(),
    /** Identifies the current run; jobs of an older run stop at once. */
    runId: uuid(),
    runStartedAt: timestampTz(),
    /** Start of the last complete run: the next run asks GitHub only for items updated since. */
    lastSyncedAt: timestampTz(),
    lastRunFinishedAt: timestampTz(),
    rateLimitedUntil: timestampTz(),
    lastError: text(),
    labelsImported: integer().notNull().default(0),
    issuesImported: integer().notNull().default(0),
    issuesUpdated: integer().notNull().default(0),
    commentsImported: integer().notNull().default(0),
    pullRequestsSkipped: integer().notNull().default(0),
    ...audit,
  },
  (t) => [
    uniqueIndex().on(t.projectId),
    index().on(t.workspaceId),
    index().on(t.repositoryId),
    index().on(t.workspaceIntegrationId),
    index().on(t.actorId),
    ...authorshipIndexes(t),
  ],
);

/** GitHub label → project label. */
export const githubLabelSyncs = pgTable(
  'github_label_syncs',
  {
    id: id(),
    repositorySyncId: cascadeRef(() => githubRepositorySyncs.id),
    githubLabelId: bigint({ mode: 'number' }).notNull(),
    labelId: cascadeRef(() => labels.id),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.repositorySyncId, t.githubLabelId), index().on(t.labelId)],
);

/** GitHub issue → issue, with what the last import wrote (a re-run changes only what changed on GitHub). */
export const githubIssueSyncs = pgTable(
  'github_issue_syncs',
  {
    id: id(),
    repositorySyncId: cascadeRef(() => githubRepositorySyncs.id),
    githubIssueId: bigint({ mode: 'number' }).notNull(),
    githubIssueNumber: integer().notNull(),
    issueId: cascadeRef(() => issues.id),
    repoIssueUrl: text().notNull(),
    githubUpdatedAt: timestampTz(),
    /** What was imported last: { title, body, state, labels } (only GitHub-side changes are applied). */
    imported: jsonb().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.repositorySyncId, t.githubIssueId), uniqueIndex().on(t.repositorySyncId, t.githubIssueNumber), index().on(t.issueId)],
);

/** GitHub issue comment → comment. */
export const githubCommentSyncs = pgTable(
  'github_comment_syncs',
  {
    id: id(),
    repositorySyncId: cascadeRef(() => githubRepositorySyncs.id),
    githubCommentId: bigint({ mode: 'number' }).notNull(),
    commentId: cascadeRef(() => issueComments.id),
    githubUpdatedAt: timestampTz(),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.repositorySyncId, t.githubCommentId), index().on(t.commentId)],
);

export type Integration = typeof integrations.$inferSelect;
export type WorkspaceIntegration = typeof workspaceIntegrations.$inferSelect;
export type GithubRepository = typeof githubRepositories.$inferSelect;
export type GithubRepositorySync = typeof githubRepositorySyncs.$inferSelect;
