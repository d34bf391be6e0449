// Google sign-in over OpenID Connect with openid-client v6: discovery at GOOGLE_ISSUER, code flow
// with PKCE, state and nonce, and the ID token's claims (userinfo only when it lacks the email).
import * as oidc from 'openid-client';
import type { Config } from '../../../config';
import type { OAuthClientSettings } from '../../ops/instance';
import { oauthFetch, splitName, type OAuthProvider } from './provider';

const DISCOVERY_TTL_MS = 10 * 60 * 1000;
const discovered = new Map<string, { at: number; configuration: Promise<oidc.Configuration> }>();

/** A plain-http issuer is allowed only on loopback (tests, a local mock), never in the open. */
function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

function configurationFor(config: Config, client: OAuthClientSettings): Promise<oidc.Configuration> {
  const issuer = new URL(config.GOOGLE_ISSUER);
  const key = `${issuer.href}|${client.clientId}|${client.clientSecret}`;
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.configuration;
  const configuration = oidc.discovery(issuer, client.clientId, client.clientSecret, undefined, {
    execute: isLoopbackHttp(issuer) ? [oidc.allowInsecureRequests] : [],
    timeout: 10,
    // Discovery, token, userinfo and JWKS requests all go through the one outbound guard.
    [oidc.customFetch]: oauthFetch(config) as unknown as oidc.CustomFetch,
  });
  discovered.set(key, { at: Date.now(), configuration });
  // A failed discovery is not cached: the next attempt tries again.
  configuration.catch(() => discovered.delete(key));
  return configuration;
}

export const google: OAuthProvider = {
  name: 'google',
  usesPkce: true,
  async authorizationUrl(config, client, pending, codeChallenge) {
    return oidc.buildAuthorizationUrl(await configurationFor(config, client), {
      redirect_uri: pending.redirectUri,
      scope: 'openid email profile',
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    });
  },
  async fetchProfile(config, client, pending, callback) {
    const configuration = await configurationFor(config, client);
    const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    let info: Record<string, unknown> = claims;
    if (typeof claims.email !== 'string') info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    if (typeof info.email !== 'string' || info.email_verified === false) throw new Error('no verified email');
    const fallback = splitName(info.name);
    return {
      providerAccountId: claims.sub,
      email: info.email,
      firstName: typeof info.given_name === 'string' ? info.given_name.slice(0, 255) : fallback.firstName,
      lastName: typeof info.family_name === 'string' ? info.family_name.slice(0, 255) : fallback.lastName,
      avatar: typeof info.picture === 'string' ? info.picture : null,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? null,
      idToken: tokens.id_token ?? null,
      accessTokenExpiresAt: tokens.expires_in ? new Date(Date.now() + tokens.expires_in * 1000) : null,
    };
  },
};
