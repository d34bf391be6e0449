// GitHub sign-in: a plain OAuth2 code flow against GITHUB_URL, then the user and its verified
// primary email from GITHUB_API_URL (/user, /user/emails).
import { endpoint, fetchJson, splitName, type OAuthProvider } from './provider';

interface GitHubUser {
  id?: number | string;
  name?: string | null;
  login?: string;
  email?: string | null;
  avatar_url?: string | null;
}

interface GitHubEmail {
  email?: string;
  primary?: boolean;
  verified?: boolean;
}

export const github: OAuthProvider = {
  name: 'github',
  usesPkce: false,
  async authorizationUrl(config, client, pending) {
    const url = endpoint(config.GITHUB_URL, '/login/oauth/authorize');
    url.search = new URLSearchParams({
      client_id: client.clientId,
      redirect_uri: pending.redirectUri,
      response_type: 'code',
      scope: 'read:user user:email',
      state: pending.state,
    }).toString();
    return url;
  },
  async fetchProfile(config, client, pending, callback) {
    const code = callback.searchParams.get('code');
    if (!code) throw new Error('no code in the callback');
    const token = (await fetchJson(endpoint(config.GITHUB_URL, '/login/oauth/access_token'), {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: client.clientId,
        client_secret: client.clientSecret,
        code,
        redirect_uri: pending.redirectUri,
      }),
    })) as { access_token?: string; refresh_token?: string; expires_in?: number };
    if (typeof token.access_token !== 'string') throw new Error('no access token');
    const headers = { accept: 'application/vnd.github+json', authorization: `Bearer ${token.access_token}`, 'user-agent': 'Trellis' };
    const user = (await fetchJson(endpoint(config.GITHUB_API_URL, '/user'), { headers })) as GitHubUser;
    const emails = (await fetchJson(endpoint(config.GITHUB_API_URL, '/user/emails'), { headers })) as GitHubEmail[];
    const primary = Array.isArray(emails) ? emails.find((item) => item.primary && item.verified) : undefined;
    if (user.id === undefined || !primary?.email) throw new Error('no id or verified primary email');
    return {
      providerAccountId: String(user.id),
      email: primary.email,
      ...splitName(user.name ?? user.login),
      avatar: user.avatar_url ?? null,
      accessToken: token.access_token,
      refreshToken: token.refresh_token ?? null,
      idToken: null,
      accessTokenExpiresAt: token.expires_in ? new Date(Date.now() + token.expires_in * 1000) : null,
    };
  },
};
