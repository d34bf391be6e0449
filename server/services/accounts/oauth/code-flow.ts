// The one plain OAuth2 authorization-code flow (RFC 6749 §4.1, optionally with PKCE, RFC 7636)
// shared by the providers that are not OpenID Connect: build the authorize URL, exchange the
// callback's code for a token, then let the provider's description read the account with it.
// What differs per provider (endpoints, scope, profile reading) lives in its CodeFlowProvider.
import type { Config } from '../../../config';
import { endpoint, fetchJson, splitName, type OAuthProvider, type ProviderName } from './provider';

/** The account as read from a provider's API, before it becomes an OAuthProfile. */
interface ProviderAccount {
  id: string;
  email: string;
  /** Display name (or login when there is none), split into first and last name. */
  name: string | null | undefined;
  avatar: string | null;
}

/** Everything that tells one code-flow provider from another. */
export interface CodeFlowProvider {
  /** `base` holds the authorize and token paths (a self-hosted instance keeps its path prefix). */
  endpoints: { base(config: Config): string; authorize: string; token: string };
  /** The scope asked for, whether PKCE is sent, whether the token answer's id_token is kept (only where the provider issues one). */
  protocol: { scope: string; usesPkce: boolean; keepsIdToken: boolean };
  /**
   * Reads the signed-in account with the access token.
   * @throws Error when the provider fails or the account lacks an id or usable email.
   */
  readAccount(config: Config, accessToken: string): Promise<ProviderAccount>;
}

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  id_token?: string;
  expires_in?: number;
}

/** An OAuthProvider running the code flow for `provider`. */
export function codeFlow(name: ProviderName, provider: CodeFlowProvider): OAuthProvider {
  const { endpoints, protocol } = provider;
  return {
    name,
    usesPkce: protocol.usesPkce,
    async authorizationUrl(config, client, pending, codeChallenge) {
      const url = endpoint(endpoints.base(config), endpoints.authorize);
      const params = new URLSearchParams({
        client_id: client.clientId,
        redirect_uri: pending.redirectUri,
        response_type: 'code',
        scope: protocol.scope,
        state: pending.state,
      });
      if (protocol.usesPkce) {
        params.set('code_challenge', codeChallenge);
        params.set('code_challenge_method', 'S256');
      }
      url.search = params.toString();
      return url;
    },
    async fetchProfile(config, client, pending, callback) {
      const code = callback.searchParams.get('code');
      if (!code) throw new Error('no code in the callback');
      const body = new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: client.clientId,
        client_secret: client.clientSecret,
        code,
        redirect_uri: pending.redirectUri,
      });
      if (protocol.usesPkce) body.set('code_verifier', pending.codeVerifier);
      const token = (await fetchJson(config, endpoint(endpoints.base(config), endpoints.token), {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body,
      })) as TokenAnswer;
      if (typeof token.access_token !== 'string') throw new Error('no access token');
      const account = await provider.readAccount(config, token.access_token);
      return {
        providerAccountId: account.id,
        email: account.email,
        ...splitName(account.name),
        avatar: account.avatar,
        accessToken: token.access_token,
        refreshToken: token.refresh_token ?? null,
        idToken: protocol.keepsIdToken ? (token.id_token ?? null) : null,
        accessTokenExpiresAt: token.expires_in ? new Date(Date.now() + token.expires_in * 1000) : null,
      };
    },
  };
}
