// Turns API token rows into the APIToken wire object (reference §13; API.md: the secret only on create).
import type { ApiToken } from '../../../../db/schema/index';

/** True while the token is usable: not revoked and not past its expiry. */
function isTokenActive(token: ApiToken, now = new Date()): boolean {
  return token.isActive && !token.deletedAt && (!token.expiredAt || token.expiredAt > now);
}

/** The APIToken read shape; pass `secret` only in the create response. */
export function presentApiToken(token: ApiToken, options: { rateLimitPerMin: number; secret?: string }) {
  return {
    id: token.id,
    label: token.label,
    description: token.description,
    is_active: isTokenActive(token),
    last_used: token.lastUsed?.toISOString() ?? null,
    ...(options.secret ? { token: options.secret } : {}),
    user: token.userId,
    user_type: token.userType,
    workspace: token.workspaceId,
    expired_at: token.expiredAt?.toISOString() ?? null,
    is_service: token.isService,
    allowed_rate_limit: `${options.rateLimitPerMin}/min`,
    created_at: token.createdAt.toISOString(),
    updated_at: token.updatedAt.toISOString(),
    deleted_at: token.deletedAt?.toISOString() ?? null,
    created_by: token.createdBy,
    updated_by: token.updatedBy,
  };
}
