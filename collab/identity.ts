// Who is opening a collaboration socket: the app session cookie of the upgrade request, or an API
// key passed as the provider `token` (browsers cannot set headers on a WebSocket).
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiTokens, sessions, users } from '../db/schema/index';
import { hashSecret } from '../server/security';
import { SESSION_COOKIE } from '../server/plugins/session';

export interface CollabIdentity {
  userId: string;
  displayName: string;
  /** Set when authenticated by API key: the key only works inside its workspace. */
  apiKeyWorkspaceId: string | null;
}

/** Resolves the caller, or null when neither a valid session nor a valid API key is presented. */
export async function identify(db: Db, cookieHeader: string | null, token: string | undefined): Promise<CollabIdentity | null> {
  if (token && token.startsWith('trl_api_')) return fromApiKey(db, token);
  const sessionKey = readCookie(cookieHeader, SESSION_COOKIE);
  return sessionKey ? fromSession(db, sessionKey) : null;
}

async function fromSession(db: Db, rawKey: string): Promise<CollabIdentity | null> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, hashSecret(rawKey)), eq(sessions.kind, 'app'), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row || !row.user.isActive) return null;
  return { userId: row.user.id, displayName: row.user.displayName, apiKeyWorkspaceId: null };
}

async function fromApiKey(db: Db, rawKey: string): Promise<CollabIdentity | null> {
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, hashSecret(rawKey)),
        eq(apiTokens.isActive, true),
        isNull(apiTokens.deletedAt),
        or(isNull(apiTokens.expiredAt), gt(apiTokens.expiredAt, new Date())),
      ),
    )
    .limit(1);
  if (!row || !row.user.isActive) return null;
  return { userId: row.user.id, displayName: row.user.displayName, apiKeyWorkspaceId: row.token.workspaceId };
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}
