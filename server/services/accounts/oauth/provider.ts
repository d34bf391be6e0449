// What the sign-in flow needs from an external provider, whatever protocol it speaks underneath.
import type { Config } from '../../../config';
import { guardedFetch } from '../../../outbound/request';
import type { OAuthClientSettings } from '../../ops/instance';

export type ProviderName = 'google' | 'github' | 'gitlab';

/** The user as a provider describes them. */
export interface OAuthProfile {
  providerAccountId: string;
  email: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  accessToken: string;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Date | null;
}

/** Values kept in the state cookie between the redirect and the callback. */
export interface PendingAuthorization {
  state: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
}

export interface OAuthProvider {
  name: ProviderName;
  /** Whether the provider takes a PKCE challenge. */
  usesPkce: boolean;
  /** The provider's authorize URL for this attempt. */
  authorizationUrl(config: Config, client: OAuthClientSettings, pending: PendingAuthorization, codeChallenge: string): Promise<URL>;
  /**
   * Exchanges the callback's code and reads the user.
   * @throws Error on any provider, network or protocol failure (the caller maps it to 5115/5120/5121).
   */
  fetchProfile(config: Config, client: OAuthClientSettings, pending: PendingAuthorization, callback: URL): Promise<OAuthProfile>;
}

/** Splits a display name into first and last name. */
export function splitName(name: unknown): { firstName: string; lastName: string } {
  const parts = typeof name === 'string' ? name.trim().split(/\s+/).filter(Boolean) : [];
  return { firstName: (parts[0] ?? '').slice(0, 255), lastName: parts.slice(1).join(' ').slice(0, 255) };
}

/**
 * Where sign-in may send requests: the providers' configured hosts (the operator chose them, so a
 * provider on a private network works) and WEBHOOK_ALLOWED_HOSTS; anything else only if public.
 */
function oauthAllowedHosts(config: Config): string[] {
  const hosts = [config.GOOGLE_ISSUER, config.GITHUB_URL, config.GITHUB_API_URL, config.GITLAB_URL].map((url) => new URL(url).hostname);
  return [...config.webhookAllowedHosts, ...hosts];
}

/** A fetch for sign-in requests, through the one outbound guard (no redirects followed). */
export const oauthFetch = (config: Config): typeof fetch => guardedFetch(oauthAllowedHosts(config), 10_000);

/** A guarded fetch with a timeout that fails on a non-2xx answer and returns the parsed JSON. */
export async function fetchJson(config: Config, url: string | URL, init: RequestInit = {}): Promise<unknown> {
  const response = await oauthFetch(config)(url, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${new URL(url).pathname} answered ${response.status}`);
  return response.json();
}

/** Builds `base` + `path`, keeping any path prefix of a self-hosted base URL. */
export function endpoint(base: string, path: string): URL {
  return new URL(`${base.replace(/\/+$/, '')}${path}`);
}
