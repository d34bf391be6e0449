// GitLab sign-in (gitlab.com or self-hosted at GITLAB_URL): OAuth2 code flow with PKCE, then
// /api/v4/user for the account.
import { endpoint, fetchJson, splitName, type OAuthProvider } from './provider';

interface GitLabUser {
  id?: number | string;
  name?: string | null;
  username?: string;
  email?: string | null;
  avatar_url?: string | null;
  confirmed_at?: string | null;
}

export const gitlab: OAuthProvider = {
  name: 'gitlab',
  usesPkce: true,
  async authorizationUrl(config, client, pending, codeChallenge) {
    const url = endpoint(config.GITLAB_URL, '/oauth/authorize');
    url.search = new URLSearchParams({
      client_id: client.clientId,
      redirect_uri: pending.redirectUri,
      response_type: 'code',
      scope: 'read_user',
      state: pending.state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    }).toString();
    return url;
  },
  async fetchProfile(config, client, pending, callback) {
    const code = callback.searchParams.get('code');
    if (!code) throw new Error('no code in the callback');
    const token = (await fetchJson(endpoint(config.GITLAB_URL, '/oauth/token'), {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: client.clientId,
        client_secret: client.clientSecret,
        code,
        redirect_uri: pending.redirectUri,
        code_verifier: pending.codeVerifier,
      }),
    })) as { access_token?: string; refresh_token?: string; id_token?: string; expires_in?: number };
    if (typeof token.access_token !== 'string') throw new Error('no access token');
    const user = (await fetchJson(endpoint(config.GITLAB_URL, '/api/v4/user'), {
      headers: { accept: 'application/json', authorization: `Bearer ${token.access_token}` },
    })) as GitLabUser;
    if (user.id === undefined || typeof user.email !== 'string' || !user.email) throw new Error('no id or email');
    return {
      providerAccountId: String(user.id),
      email: user.email,
      ...splitName(user.name ?? user.username),
      avatar: user.avatar_url ?? null,
      accessToken: token.access_token,
      refreshToken: token.refresh_token ?? null,
      idToken: token.id_token ?? null,
      accessTokenExpiresAt: token.expires_in ? new Date(Date.now() + token.expires_in * 1000) : null,
    };
  },
};
