// Who is opening a collaboration socket: the app session cookie of the upgrade request, or an API
// key passed as the provider `token` (browsers cannot set headers on a WebSocket). The look-ups are
// the REST server's own (db/identity.ts), so a socket accepts exactly the credentials REST accepts.
import type { Db } from '../db/client';
import { findApiKeyHolder, sessionLookup } from '../db/identity';
import { SESSION_COOKIE } from '../shared/session-cookies';

export interface CollabIdentity {
  userId: string;
  displayName: string;
  /** Set when authenticated by API key: the key only works inside its workspace. */
  apiKeyWorkspaceId: string | null;
}

/** Resolves the caller, or null when neither a valid session nor a valid API key is presented. */
export async function identify(db: Db, cookieHeader: string | null, token: string | undefined): Promise<CollabIdentity | null> {
  if (token && token.startsWith('trl_api_')) {
    const holder = await findApiKeyHolder(db, token);
    return holder && { userId: holder.user.id, displayName: holder.user.displayName, apiKeyWorkspaceId: holder.token.workspaceId };
  }
  const session = await sessionLookup(db)(readCookie(cookieHeader, SESSION_COOKIE), 'app');
  return session && { userId: session.user.id, displayName: session.user.displayName, apiKeyWorkspaceId: null };
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
