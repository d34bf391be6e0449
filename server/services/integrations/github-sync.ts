// Workspace integrations and the GitHub repository sync of a project (spec §7 "Projects", issue #15):
// install the GitHub integration in a workspace, link a project to a repository with a token (stored
// encrypted, never returned), and start an import run — a durable job (github-import.ts) whose
// progress, counts and last error the sync row shows.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  githubRepositories,
  githubRepositorySyncs,
  integrations,
  jobs,
  workspaceIntegrations,
  type GithubRepository,
  type GithubRepositorySync,
  type Integration,
  type WorkspaceIntegration,
} from '../../../db/schema/index';
import { INTEGRATION_PROVIDERS, type CreateRepositorySyncBody, type RepositorySyncStatus, type RepositorySyncWire } from '../../../shared/schemas/integration';
import type { Config } from '../../config';
import type { ServerContext } from '../../context';
import { BadRequestError, NotFoundError, ValidationError } from '../../errors';
import { enqueueJob } from '../../job-queue';
import type { ProjectActor, WorkspaceActor } from '../../actor';
import { encryptToken } from './github-token';
import { checkOutboundUrl, OutboundRefusedError } from '../../outbound/guard';

export const GITHUB_IMPORT_QUEUE = 'github.import';
/** Payload of an import job: the sync and the run it belongs to. */
export interface GithubImportPayload {
  syncId: string;
  runId: string;
}

const ACTIVE: ReadonlySet<string> = new Set(['queued', 'running', 'waiting']);

/** Hosts the import may reach although private: WEBHOOK_ALLOWED_HOSTS and the configured GITHUB_API_URL host. */
export function githubAllowedHosts(config: Config): string[] {
  return [...config.webhookAllowedHosts, new URL(config.GITHUB_API_URL).hostname];
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The API root a sync talks to. */
export function syncBaseUrl(config: Config, sync: Pick<GithubRepositorySync, 'baseUrl'>): string {
  return trimSlash(sync.baseUrl ?? config.GITHUB_API_URL);
}

function presentIntegration(row: WorkspaceIntegration, integration: Integration) {
  return {
    id: row.id,
    workspace: row.workspaceId,
    integration: row.integrationId,
    integration_detail: { id: integration.id, title: integration.title, provider: integration.provider, network: integration.network, description: integration.description },
    actor: row.actorId,
    config: row.config,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function presentRepositorySync(config: Config, sync: GithubRepositorySync, repo: GithubRepository): RepositorySyncWire {
  const iso = (value: Date | null) => (value ? value.toISOString() : null);
  return {
    id: sync.id,
    workspace: sync.workspaceId,
    project: sync.projectId,
    workspace_integration: sync.workspaceIntegrationId,
    repository: repo.id,
    repo_detail: { id: repo.id, owner: repo.owner, name: repo.name, url: repo.url, repository_id: repo.repositoryId },
    actor: sync.actorId,
    base_url: syncBaseUrl(config, sync),
    has_token: Boolean(sync.credentials),
    status: sync.status as RepositorySyncStatus,
    phase: sync.phase,
    last_error: sync.lastError,
    last_synced_at: iso(sync.lastSyncedAt),
    last_run_finished_at: iso(sync.lastRunFinishedAt),
    rate_limited_until: iso(sync.rateLimitedUntil),
    labels_imported: sync.labelsImported,
    issues_imported: sync.issuesImported,
    issues_updated: sync.issuesUpdated,
    comments_imported: sync.commentsImported,
    pull_requests_skipped: sync.pullRequestsSkipped,
    created_at: sync.createdAt.toISOString(),
    updated_at: sync.updatedAt.toISOString(),
  };
}

/** `GET /api/workspaces/{ws}/workspace-integrations/` — what the workspace installed (no secrets). */
export async function listWorkspaceIntegrations(ctx: ServerContext, actor: WorkspaceActor) {
  const rows = await ctx.db
    .select({ row: workspaceIntegrations, integration: integrations })
    .from(workspaceIntegrations)
    .innerJoin(integrations, eq(integrations.id, workspaceIntegrations.integrationId))
    .where(eq(workspaceIntegrations.workspaceId, actor.workspace.id))
    .orderBy(asc(workspaceIntegrations.createdAt));
  return rows.map(({ row, integration }) => presentIntegration(row, integration));
}

const PROVIDER_TITLES: Record<string, string> = { github: 'GitHub' };

/**
 * `POST /api/workspaces/{ws}/workspace-integrations/{provider}/` — installs the provider in the
 * workspace (idempotent: the existing installation is answered with 200).
 * @throws BadRequestError for an unknown provider.
 */
export async function installWorkspaceIntegration(ctx: ServerContext, actor: WorkspaceActor, provider: string) {
  if (!(INTEGRATION_PROVIDERS as readonly string[]).includes(provider)) throw new BadRequestError(`Provider '${provider}' not found.`);
  return ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.insert(integrations).values({ provider, title: PROVIDER_TITLES[provider] ?? provider }).onConflictDoNothing();
    const [integration] = await tx.select().from(integrations).where(eq(integrations.provider, provider));
    const [created] = await tx
      .insert(workspaceIntegrations)
      .values({ workspaceId: actor.workspace.id, integrationId: integration.id, actorId: actor.userId, createdBy: actor.userId, updatedBy: actor.userId })
      .onConflictDoNothing()
      .returning();
    const row =
      created ??
      (await tx.select().from(workspaceIntegrations).where(and(eq(workspaceIntegrations.workspaceId, actor.workspace.id), eq(workspaceIntegrations.integrationId, integration.id))))[0];
    return { status: created ? 201 : 200, body: presentIntegration(row, integration) };
  });
}

/** The workspace's GitHub installation `integrationId`. @throws NotFoundError */
async function loadGithubIntegration(db: Db, actor: WorkspaceActor, integrationId: string): Promise<WorkspaceIntegration> {
  const [found] = await db
    .select({ row: workspaceIntegrations })
    .from(workspaceIntegrations)
    .innerJoin(integrations, eq(integrations.id, workspaceIntegrations.integrationId))
    .where(and(eq(workspaceIntegrations.id, integrationId), eq(workspaceIntegrations.workspaceId, actor.workspace.id), eq(integrations.provider, 'github')));
  if (!found) throw new NotFoundError();
  return found.row;
}

async function loadProjectSync(db: Db, projectId: string) {
  const [found] = await db
    .select({ sync: githubRepositorySyncs, repo: githubRepositories })
    .from(githubRepositorySyncs)
    .innerJoin(githubRepositories, eq(githubRepositories.id, githubRepositorySyncs.repositoryId))
    .where(eq(githubRepositorySyncs.projectId, projectId));
  return found ?? null;
}

/** `GET …/workspace-integrations/{id}/github-repository-sync/` — the project's sync, as a list of zero or one. */
export async function listRepositorySyncs(ctx: ServerContext, actor: ProjectActor, integrationId: string): Promise<RepositorySyncWire[]> {
  await loadGithubIntegration(ctx.db, actor, integrationId);
  const found = await loadProjectSync(ctx.db, actor.project.id);
  if (!found || found.sync.workspaceIntegrationId !== integrationId) return [];
  return [presentRepositorySync(ctx.config, found.sync, found.repo)];
}

/** A new run of the sync: counts start again, the job is queued in the same transaction. */
async function startImportRun(tx: Db, syncId: string): Promise<GithubRepositorySync> {
  const runId = randomUUID();
  const [sync] = await tx
    .update(githubRepositorySyncs)
    .set({
      status: 'queued',
      phase: 'labels',
      nextUrl: null,
      runId,
      runStartedAt: null,
      rateLimitedUntil: null,
      lastError: null,
      labelsImported: 0,
      issuesImported: 0,
      issuesUpdated: 0,
      commentsImported: 0,
      pullRequestsSkipped: 0,
      updatedAt: new Date(),
    })
    .where(eq(githubRepositorySyncs.id, syncId))
    .returning();
  await enqueueJob(tx, GITHUB_IMPORT_QUEUE, { syncId, runId } satisfies GithubImportPayload, { maxAttempts: 6 });
  return sync;
}

/** True while a job of the sync's current run is pending or running (a run whose job was lost may be started again). */
async function runHasJob(tx: Db, sync: GithubRepositorySync): Promise<boolean> {
  const rows = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.queue, GITHUB_IMPORT_QUEUE),
        inArray(jobs.status, ['pending', 'running']),
        sql`${jobs.payload}->>'syncId' = ${sync.id}`,
        sql`${jobs.payload}->>'runId' = ${sync.runId ?? ''}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The base URL a request asks for, checked like a webhook target; null = GITHUB_API_URL. */
async function checkedBaseUrl(ctx: ServerContext, raw: string | null | undefined): Promise<string | null> {
  if (!raw || !raw.trim()) return null;
  let url: URL;
  try {
    url = await checkOutboundUrl(raw, githubAllowedHosts(ctx.config));
  } catch (error) {
    // The shared rule's messages name a webhook URL; this field is the GitHub API's.
    if (error instanceof OutboundRefusedError) throw ValidationError.field('base_url', error.message.replace('webhook URL', 'GitHub API URL'));
    throw error;
  }
  const normalized = trimSlash(url.href);
  return normalized === trimSlash(ctx.config.GITHUB_API_URL) ? null : normalized;
}

/**
 * `POST …/workspace-integrations/{id}/github-repository-sync/` — links the project to a repository
 * and starts an import. Linking the repository already linked keeps its mappings (the run is
 * incremental) and replaces the token only when one is sent; linking another repository replaces the
 * link. A run already queued or running is not started twice.
 * @throws NotFoundError (integration), ValidationError (token missing, base_url refused).
 */
export async function createRepositorySync(ctx: ServerContext, actor: ProjectActor, integrationId: string, body: CreateRepositorySyncBody) {
  const integration = await loadGithubIntegration(ctx.db, actor, integrationId);
  const baseUrl = await checkedBaseUrl(ctx, body.base_url);
  const credentials = body.token ? encryptToken(ctx.config.secretKey, body.token) : null;
  const result = await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const existing = await loadProjectSync(tx, actor.project.id);
    const same =
      existing &&
      existing.repo.owner.toLowerCase() === body.owner.toLowerCase() &&
      existing.repo.name.toLowerCase() === body.name.toLowerCase() &&
      (existing.sync.baseUrl ?? null) === baseUrl &&
      existing.sync.workspaceIntegrationId === integration.id;
    if (existing && same) {
      const [sync] = await tx
        .update(githubRepositorySyncs)
        .set({ ...(credentials ? { credentials } : {}), actorId: actor.userId, updatedBy: actor.userId, updatedAt: new Date() })
        .where(eq(githubRepositorySyncs.id, existing.sync.id))
        .returning();
      const running = ACTIVE.has(sync.status) && (await runHasJob(tx, sync));
      return { created: false, sync: running ? sync : await startImportRun(tx, sync.id), repo: existing.repo };
    }
    if (!credentials) throw ValidationError.field('token', 'This field is required.');
    if (existing) await tx.delete(githubRepositories).where(eq(githubRepositories.id, existing.repo.id));
    const [repo] = await tx
      .insert(githubRepositories)
      .values({
        workspaceId: actor.workspace.id,
        projectId: actor.project.id,
        owner: body.owner,
        name: body.name,
        url: body.url ?? null,
        repositoryId: body.repository_id ?? null,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    const [sync] = await tx
      .insert(githubRepositorySyncs)
      .values({
        workspaceId: actor.workspace.id,
        projectId: actor.project.id,
        repositoryId: repo.id,
        workspaceIntegrationId: integration.id,
        actorId: actor.userId,
        credentials,
        baseUrl,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    return { created: true, sync: await startImportRun(tx, sync.id), repo };
  });
  ctx.jobQueue?.wake();
  return { status: result.created ? 201 : 200, body: presentRepositorySync(ctx.config, result.sync, result.repo) };
}
