// GitHub and GitLab sign-in: both run the plain OAuth2 code flow (code-flow.ts); this table says
// where each one's endpoints are, which scope it asks for and how it reads the account.
import { codeFlow, type CodeFlowProvider } from './code-flow';
import { endpoint, fetchJson } from './provider';

interface GitHubUser {
  id?: number | string;
  name?: string | null;
  login?: string;
  avatar_url?: string | null;
}

interface GitHubEmail {
  email?: string;
  primary?: boolean;
  verified?: boolean;
}

interface GitLabUser {
  id?: number | string;
  name?: string | null;
  username?: string;
  email?: string | null;
  avatar_url?: string | null;
}

const GIT_HOSTS = {
  /** GitHub (GITHUB_URL for OAuth, GITHUB_API_URL for /user and /user/emails); no PKCE. */
  github: {
    endpoints: { base: (config) => config.GITHUB_URL, authorize: '/login/oauth/authorize', token: '/login/oauth/access_token' },
    protocol: { scope: 'read:user user:email', usesPkce: false, keepsIdToken: false },
    async readAccount(config, accessToken) {
      const headers = { accept: 'application/vnd.github+json', authorization: `Bearer ${accessToken}`, 'user-agent': 'Trellis' };
      const user = (await fetchJson(config, endpoint(config.GITHUB_API_URL, '/user'), { headers })) as GitHubUser;
      // The profile's public email may be unset or unverified: only the verified primary one counts.
      const emails = (await fetchJson(config, endpoint(config.GITHUB_API_URL, '/user/emails'), { headers })) as GitHubEmail[];
      const primary = Array.isArray(emails) ? emails.find((item) => item.primary && item.verified) : undefined;
      if (user.id === undefined || !primary?.email) throw new Error('no id or verified primary email');
      return { id: String(user.id), email: primary.email, name: user.name ?? user.login, avatar: user.avatar_url ?? null };
    },
  },
  /** GitLab (gitlab.com or self-hosted at GITLAB_URL), with PKCE; the account from /api/v4/user. */
  gitlab: {
    endpoints: { base: (config) => config.GITLAB_URL, authorize: '/oauth/authorize', token: '/oauth/token' },
    protocol: { scope: 'read_user', usesPkce: true, keepsIdToken: true },
    async readAccount(config, accessToken) {
      const user = (await fetchJson(config, endpoint(config.GITLAB_URL, '/api/v4/user'), {
        headers: { accept: 'application/json', authorization: `Bearer ${accessToken}` },
      })) as GitLabUser;
      if (user.id === undefined || typeof user.email !== 'string' || !user.email) throw new Error('no id or email');
      return { id: String(user.id), email: user.email, name: user.name ?? user.username, avatar: user.avatar_url ?? null };
    },
  },
} satisfies Record<'github' | 'gitlab', CodeFlowProvider>;

export const github = codeFlow('github', GIT_HOSTS.github);
export const gitlab = codeFlow('gitlab', GIT_HOSTS.gitlab);
