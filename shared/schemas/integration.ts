// Workspace integrations and the GitHub repository import of a project (spec §7 "Projects":
// `workspace-integrations/{id}/github-repository-sync/`; issue #15). The token is write-only.
import { z } from 'zod';
import { safeString, uuidSchema } from './common';
import { nullableInstant } from './responses';
import { projectParams, workspaceParams } from './project';

/** Providers a workspace can install (only GitHub for now). */
export const INTEGRATION_PROVIDERS = ['github'] as const;

export const workspaceIntegrationProviderParams = workspaceParams.extend({ provider: z.string().max(64) });
export const repositorySyncParams = projectParams.extend({ integrationId: uuidSchema });

/** GitHub's own rules for owner and repository names. */
const githubName = safeString().pipe(z.string().min(1, 'This field may not be blank.').max(100).regex(/^[A-Za-z0-9_.-]+$/, 'Only letters, digits, "-", "_" and "." are allowed.'));

/**
 * POST …/github-repository-sync/: link (or re-link) the project's repository and start an import.
 * `token` is required the first time; sent again it replaces the stored one. `base_url` is the API
 * root (GitHub Enterprise: https://host/api/v3); omitted, GITHUB_API_URL.
 */
export const createRepositorySyncBody = z.object({
  owner: githubName,
  name: githubName,
  token: safeString().pipe(z.string().min(1, 'This field may not be blank.').max(512)).optional(),
  base_url: safeString().pipe(z.string().max(2048)).nullable().optional(),
  url: safeString().pipe(z.string().max(2048)).nullable().optional(),
  repository_id: z.number().int().nonnegative().nullable().optional(),
});
export type CreateRepositorySyncBody = z.infer<typeof createRepositorySyncBody>;

const integrationResponse = z.strictObject({
  id: z.string(),
  title: z.string(),
  provider: z.string(),
  network: z.number(),
  description: z.unknown(),
});

export const workspaceIntegrationResponse = z.strictObject({
  id: z.string(),
  workspace: z.string(),
  integration: z.string(),
  integration_detail: integrationResponse,
  actor: z.string().nullable(),
  config: z.unknown(),
  created_at: z.string(),
  updated_at: z.string(),
});

const REPOSITORY_SYNC_STATUSES = ['idle', 'queued', 'running', 'waiting', 'done', 'failed'] as const;
export type RepositorySyncStatus = (typeof REPOSITORY_SYNC_STATUSES)[number];

/** A project's repository sync: progress and errors, never the token (`has_token` says one is stored). */
export const repositorySyncResponse = z.strictObject({
  id: z.string(),
  workspace: z.string(),
  project: z.string(),
  workspace_integration: z.string(),
  repository: z.string(),
  repo_detail: z.strictObject({
    id: z.string(),
    owner: z.string(),
    name: z.string(),
    url: z.string().nullable(),
    repository_id: z.number().nullable(),
  }),
  actor: z.string().nullable(),
  base_url: z.string(),
  has_token: z.boolean(),
  status: z.enum(REPOSITORY_SYNC_STATUSES),
  phase: z.string().nullable(),
  last_error: z.string().nullable(),
  last_synced_at: nullableInstant,
  last_run_finished_at: nullableInstant,
  rate_limited_until: nullableInstant,
  labels_imported: z.number(),
  issues_imported: z.number(),
  issues_updated: z.number(),
  comments_imported: z.number(),
  pull_requests_skipped: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RepositorySyncWire = z.infer<typeof repositorySyncResponse>;
export type WorkspaceIntegrationWire = z.infer<typeof workspaceIntegrationResponse>;
