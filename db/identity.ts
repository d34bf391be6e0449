// Who holds a credential (API.md "Sessions, CSRF, tokens"): the look-ups of an app or admin session
// key and of an API key, shared by the REST session plugin (server/plugins/session.ts) and the
// collaboration server (collab/identity.ts), so both accept exactly the same credentials. Secrets
// are stored only as hashes; the raw key is hashed here and never leaves this module.
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { withRowMappingOnce } from './reusable-statement';
import { apiTokens, sessions, users, type ApiToken, type User } from './schema/index';

/** Security: secrets (session keys, API tokens, reset tokens, codes) are stored only as hashes. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A token that still authenticates at `now`: active, not revoked (deleted) and not expired. */
export function usableApiToken(now: Date | Placeholder): SQL {
  return and(eq(apiTokens.isActive, true), isNull(apiTokens.deletedAt), or(isNull(apiTokens.expiredAt), gt(apiTokens.expiredAt, now)))!;
}

export type SessionKind = 'app' | 'admin';

/**
 * A session that still authenticates at `now`: this id and kind, unexpired, its user (joined as
 * `users`) active. The one rule for every session look-up (this module's, and the session read with
 * its membership in server/plugins/membership-query.ts).
 */
export function usableSession(id: Placeholder, kind: SessionKind | Placeholder, now: Placeholder): SQL {
  return and(eq(sessions.id, id), eq(sessions.kind, kind), gt(sessions.expiresAt, now), eq(users.isActive, true))!;
}

/** A valid session: its stored (hashed) id and its active user. */
export interface SessionHolder {
  id: string;
  user: User;
}

export type SessionLookup = (rawKey: string | undefined | null, kind: SessionKind) => Promise<SessionHolder | null>;

const sessionLookups = new WeakMap<Db, SessionLookup>();

/**
 * The session look-up of a database: the statement is prepared once per database (it runs on every
 * request), so a request pays only for executing it. Null for a missing, unknown, expired key or an
 * inactive user.
 */
export function sessionLookup(db: Db): SessionLookup {
  let lookup = sessionLookups.get(db);
  if (lookup) return lookup;
  const sessionUser = withRowMappingOnce(
    db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(usableSession(sql.placeholder('id'), sql.placeholder('kind'), sql.placeholder('now')))
      .limit(1)
      .prepare('session_user'),
  );
  lookup = async (rawKey, kind) => {
    if (!rawKey) return null;
    const id = hashSecret(rawKey);
    // An ISO string: placeholders skip the column's encoder, and the postgres driver takes no Date here.
    const [row] = await sessionUser.execute({ id, kind, now: new Date().toISOString() });
    return row ? { id, user: row.user } : null;
  };
  sessionLookups.set(db, lookup);
  return lookup;
}

type ApiKeyLookup = (rawKey: string) => Promise<{ token: ApiToken; user: User } | null>;
const apiKeyLookups = new WeakMap<Db, ApiKeyLookup>();

/**
 * The usable API key `rawKey` and its active user, or null. Prepared once per database as the
 * session look-up is: every /api/v1 request runs it, and building the statement each time was a
 * measurable part of the public list's overhead over the app list (BENCHMARKS.md).
 */
export async function findApiKeyHolder(db: Db, rawKey: string): Promise<{ token: ApiToken; user: User } | null> {
  let lookup = apiKeyLookups.get(db);
  if (!lookup) {
    const holder = withRowMappingOnce(
      db
        .select({ token: apiTokens, user: users })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(and(eq(apiTokens.tokenHash, sql.placeholder('hash')), usableApiToken(sql.placeholder('now'))))
        .limit(1)
        .prepare('api_key_holder'),
    );
    lookup = async (key) => {
      // An ISO string, as in the session look-up: placeholders skip the column's encoder.
      const [row] = await holder.execute({ hash: hashSecret(key), now: new Date().toISOString() });
      return row && row.user.isActive ? row : null;
    };
    apiKeyLookups.set(db, lookup);
  }
  return lookup(rawKey);
}
