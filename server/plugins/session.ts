// Works out who is calling: the `session-id` cookie (app), the `admin-session-id` cookie (instance
// admin area) or an `X-Api-Key` workspace token. Sets `request.auth`; never rejects by itself —
// except a presented-but-invalid API key (401) or an over-limit key (429), as API.md requires.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { apiTokens, type users } from '../../db/schema/index';
import { findApiKeyHolder, hashSecret, sessionLookup, type SessionHolder } from '../../db/identity';
import { ADMIN_SESSION_COOKIE, SESSION_COOKIE } from '../../shared/session-cookies';
import { UnauthorizedError } from '../errors';
import { MAX_TRACKED_KEYS, refuseOverLimit } from './rate-limit';
import { membershipQueries, membershipTargetOf, type MembershipTarget } from './membership-query';

type UserRow = typeof users.$inferSelect;
type ApiTokenRow = typeof apiTokens.$inferSelect;

interface AuthState {
  user: UserRow | null;
  via: 'session' | 'api_key' | null;
  /** Hashed id of the app session (when via = session). */
  sessionId: string | null;
  apiToken: ApiTokenRow | null;
  /** The user of a valid admin-area session, if any (independent of the app session). */
  adminUser: UserRow | null;
  adminSessionId: string | null;
  /** The API key's rate-limit count after this request (when via = api_key): the public API's X-RateLimit-* headers. */
  rateLimit: { max: number; remaining: number; resetMs: number } | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState;
  }
}

async function sessionPlugin(app: FastifyInstance) {
  const { db, config } = app.ctx;
  // API.md: RATE_LIMIT_API_KEY_PER_MIN requests a minute per token (counted as plugins/rate-limit.ts says).
  const apiKeyLimit = app.createRateLimit({
    max: config.RATE_LIMIT_API_KEY_PER_MIN,
    timeWindow: 60_000,
    keyGenerator: (request) => `api-key:${request.auth.apiToken!.id}`,
    cache: MAX_TRACKED_KEYS,
  } as Parameters<FastifyInstance['createRateLimit']>[0]);

  // The same look-ups the collaboration server authenticates with (db/identity.ts).
  const userForSession = sessionLookup(db);
  const memberships = membershipQueries(db);

  /**
   * The app session of a workspace or project route, read with the caller's membership there in one
   * statement (the access plugin then uses it): the same session rules as `userForSession`.
   */
  async function appSessionWithMembership(request: FastifyRequest, rawKey: string | undefined, target: MembershipTarget): Promise<SessionHolder | null> {
    if (!rawKey) return null;
    const id = hashSecret(rawKey);
    const found = await memberships.forSession(target, id);
    if (!found) return null;
    request.prefetchedMembership = found.membership;
    return { id, user: found.user };
  }

  async function authenticateApiKey(request: FastifyRequest, rawKey: string) {
    const row = await findApiKeyHolder(db, rawKey);
    if (!row) throw new UnauthorizedError('Given API token is not valid');
    request.auth.user = row.user;
    request.auth.via = 'api_key';
    request.auth.apiToken = row.token;
    // The token is known from here on (the limiter keys on it); over its limit nothing else runs.
    const answer = await apiKeyLimit(request);
    // An allowed answer carries no count when the limiter skipped counting (store unreachable).
    if ('remaining' in answer) request.auth.rateLimit = { max: answer.max, remaining: Math.max(0, answer.remaining), resetMs: answer.ttl };
    refuseOverLimit(answer);
    // last_used is informational: update at most once a minute, off the request's critical path.
    if (!row.token.lastUsed || Date.now() - row.token.lastUsed.getTime() > 60_000) {
      db.update(apiTokens).set({ lastUsed: new Date() }).where(eq(apiTokens.id, row.token.id)).catch(() => {});
    }
  }

  app.decorateRequest('auth', null as unknown as AuthState);
  app.decorateRequest('prefetchedMembership', undefined);
  app.addHook('onRequest', async (request) => {
    request.auth = { user: null, via: null, sessionId: null, apiToken: null, adminUser: null, adminSessionId: null, rateLimit: null };
    const apiKey = headerValue(request.headers['x-api-key']) ?? liveStreamToken(request);
    if (apiKey) return authenticateApiKey(request, apiKey);
    const target = membershipTargetOf(request);
    const appKey = request.cookies[SESSION_COOKIE];
    const [appSession, adminSession] = await Promise.all([
      target ? appSessionWithMembership(request, appKey, target) : userForSession(appKey, 'app'),
      request.url.startsWith('/api/instances') ? userForSession(request.cookies[ADMIN_SESSION_COOKIE], 'admin') : null,
    ]);
    if (appSession) {
      request.auth.user = appSession.user;
      request.auth.via = 'session';
      request.auth.sessionId = appSession.id;
    }
    if (adminSession) {
      request.auth.adminUser = adminSession.user;
      request.auth.adminSessionId = adminSession.id;
    }
  });
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value || undefined;
}

/** The live stream also accepts `?token=<api key>` because browsers cannot set WS headers. */
function liveStreamToken(request: FastifyRequest): string | undefined {
  if (!request.url.startsWith('/live')) return undefined;
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' && token.startsWith('trl_api_') ? token : undefined;
}

export default fp(sessionPlugin, { name: 'session', dependencies: ['@fastify/cookie', 'rate-limit'] });
