// External sign-in (API.md "External sign-in"): the redirect to the provider, and on the callback
// the code exchange and the account — found by provider id, linked by verified email, or created
// (sign-up rules apply; the password is auto-set).
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { accounts, users, type User } from '../../../db/schema/index';
import type { Db } from '../../../db/client';
import type { ServerContext } from '../../context';
import { safeEqual } from '../../security';
import { authError, createUser, findUserByEmail, isValidEmail, normalizeEmail, requireSetUp, requireSignupAllowed } from './auth';
import { getInstanceSettings } from '../ops/instance';
import { PROVIDER_ERRORS, PROVIDERS, type OAuthProfile, type PendingAuthorization, type ProviderName } from './oauth/index';

/** What the state cookie carries from the redirect to the callback. */
export interface PendingSignIn extends PendingAuthorization {
  provider: ProviderName;
  nextPath: string | null;
}

/**
 * Starts a sign-in with a provider: the URL to send the browser to, and what to remember.
 * @throws CodedError 5000, 5105/5110/5111 (not configured), 5115/5120/5121 (discovery failed).
 */
export async function beginOAuth(
  ctx: ServerContext,
  name: ProviderName,
  nextPath: string | null,
  log: FastifyBaseLogger,
): Promise<{ url: string; pending: PendingSignIn }> {
  const settings = await getInstanceSettings(ctx);
  requireSetUp(settings);
  const client = settings.oauth[name];
  if (!client) throw authError(PROVIDER_ERRORS[name].notConfigured);
  const provider = PROVIDERS[name];
  const pending: PendingSignIn = {
    provider: name,
    nextPath,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    redirectUri: `${ctx.config.appBaseUrl}/auth/${name}/callback/`,
  };
  try {
    const challenge = await oidc.calculatePKCECodeChallenge(pending.codeVerifier);
    const url = await provider.authorizationUrl(ctx.config, client, pending, challenge);
    return { url: url.href, pending };
  } catch (error) {
    log.warn({ err: error, provider: name }, 'external sign-in could not start');
    throw authError(PROVIDER_ERRORS[name].failed);
  }
}

/**
 * Completes a sign-in on the provider's callback and returns the user to sign in.
 * @throws CodedError 5115/5120/5121 (denied, bad state, exchange or profile failure), 5105/5110/5111,
 * 5015 (new account while sign-up is off), 5019 (deactivated account).
 */
export async function completeOAuth(
  ctx: ServerContext,
  name: ProviderName,
  callbackQuery: string,
  pending: PendingSignIn | null,
  log: FastifyBaseLogger,
): Promise<User> {
  const settings = await getInstanceSettings(ctx);
  requireSetUp(settings);
  const client = settings.oauth[name];
  if (!client) throw authError(PROVIDER_ERRORS[name].notConfigured);
  const failed = authError(PROVIDER_ERRORS[name].failed);
  const callback = new URL(`${ctx.config.appBaseUrl}/auth/${name}/callback/?${callbackQuery}`);
  const state = callback.searchParams.get('state') ?? '';
  // Security: the state must match the one this browser was given (CSRF on the callback).
  if (!pending || pending.provider !== name || !safeEqual(pending.state, state) || callback.searchParams.has('error')) {
    log.warn({ provider: name, error: callback.searchParams.get('error') }, 'external sign-in refused or state mismatch');
    throw failed;
  }
  let profile: OAuthProfile;
  try {
    profile = await PROVIDERS[name].fetchProfile(ctx.config, client, pending, callback);
  } catch (error) {
    log.warn({ err: error, provider: name }, 'external sign-in failed at the provider');
    throw failed;
  }
  const email = normalizeEmail(profile.email);
  if (!email || !isValidEmail(email)) throw failed;
  return signInWithProfile(ctx, name, { ...profile, email });
}

async function signInWithProfile(ctx: ServerContext, name: ProviderName, profile: OAuthProfile): Promise<User> {
  const [linked] = await ctx.db
    .select({ user: users })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.provider, name), eq(accounts.providerAccountId, profile.providerAccountId)))
    .limit(1);
  let user = linked?.user ?? (await findUserByEmail(ctx.db, profile.email));
  if (!user) await requireSignupAllowed(ctx, await getInstanceSettings(ctx), profile.email);
  if (user && !user.isActive) throw authError('USER_ACCOUNT_DEACTIVATED');
  return ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    user ??= await createUser(tx, {
      email: profile.email,
      passwordHash: null,
      isPasswordAutoset: true,
      isEmailVerified: true,
      firstName: profile.firstName,
      lastName: profile.lastName,
      avatar: profile.avatar,
    });
    await saveAccount(tx, name, user.id, profile);
    return user;
  });
}

/** Creates or refreshes the provider account row (tokens, last connection). */
async function saveAccount(tx: Db, name: ProviderName, userId: string, profile: OAuthProfile): Promise<void> {
  const tokens = {
    accessToken: profile.accessToken,
    accessTokenExpiredAt: profile.accessTokenExpiresAt,
    refreshToken: profile.refreshToken,
    idToken: profile.idToken,
    lastConnectedAt: new Date(),
  };
  await tx
    .insert(accounts)
    .values({ userId, provider: name, providerAccountId: profile.providerAccountId, ...tokens })
    .onConflictDoUpdate({ target: [accounts.provider, accounts.providerAccountId], set: { ...tokens, updatedAt: sql`now()` } });
}
