// Workspace-scoped personal API tokens (API.md "Sessions, CSRF, tokens"): the secret is shown once,
// stored only as a hash, and each user sees and revokes only their own tokens.
import { and, desc, eq, isNull } from 'drizzle-orm';
import { apiTokens, type ApiToken } from '../../../db/schema/index';
import type { CreateApiTokenBody } from '../../../shared/schemas/workspace';
import type { ServerContext } from '../../context';
import { NotFoundError } from '../../errors';
import type { WorkspaceActor } from '../../actor';
import { presentApiToken } from './presenters/api-token';
import { hashSecret, randomToken } from '../../security';

const API_TOKEN_PREFIX = 'trl_api_';

function present(ctx: ServerContext, token: ApiToken, secret?: string) {
  return presentApiToken(token, { rateLimitPerMin: ctx.config.RATE_LIMIT_API_KEY_PER_MIN, secret });
}

/** Creates a token for the caller in the actor's workspace; the response alone carries the secret. */
export async function createApiToken(ctx: ServerContext, actor: WorkspaceActor, body: CreateApiTokenBody) {
  const secret = `${API_TOKEN_PREFIX}${randomToken(16)}`;
  const [token] = await ctx.db
    .insert(apiTokens)
    .values({
      workspaceId: actor.workspace.id,
      userId: actor.userId,
      label: body.label.trim(),
      description: body.description ?? '',
      // Security: only the hash is stored; the prefix helps a user recognise a key in the list.
      tokenHash: hashSecret(secret),
      tokenPrefix: secret.slice(0, API_TOKEN_PREFIX.length + 4),
      expiredAt: body.expired_at ? new Date(body.expired_at) : null,
      allowedRateLimit: ctx.config.RATE_LIMIT_API_KEY_PER_MIN,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning();
  return present(ctx, token, secret);
}

const ownTokens = (actor: WorkspaceActor) =>
  and(eq(apiTokens.workspaceId, actor.workspace.id), eq(apiTokens.userId, actor.userId), isNull(apiTokens.deletedAt));

/** The caller's tokens in this workspace, newest first, without secrets. */
export async function listApiTokens(ctx: ServerContext, actor: WorkspaceActor) {
  const rows = await ctx.db.select().from(apiTokens).where(ownTokens(actor)).orderBy(desc(apiTokens.createdAt));
  return rows.map((row) => present(ctx, row));
}

async function loadOwnToken(ctx: ServerContext, actor: WorkspaceActor, tokenId: string) {
  const [row] = await ctx.db.select().from(apiTokens).where(and(eq(apiTokens.id, tokenId), ownTokens(actor))).limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

/** @throws NotFoundError when the token is not the caller's (or is revoked). */
export async function getApiToken(ctx: ServerContext, actor: WorkspaceActor, tokenId: string) {
  return present(ctx, await loadOwnToken(ctx, actor, tokenId));
}

/** Revokes a token at once (soft delete). @throws NotFoundError. */
export async function revokeApiToken(ctx: ServerContext, actor: WorkspaceActor, tokenId: string): Promise<void> {
  await loadOwnToken(ctx, actor, tokenId);
  const now = new Date();
  await ctx.db
    .update(apiTokens)
    .set({ isActive: false, deletedAt: now, updatedAt: now, updatedBy: actor.userId })
    .where(eq(apiTokens.id, tokenId));
}
