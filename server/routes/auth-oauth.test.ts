import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accounts, instanceConfigurations, sessions, users } from '../../db/schema/index';
import { createTestServer, type TestServer } from '../../tests/support/server';
import { buildUser, setupInstance } from '../../tests/support/factories';
import { freshEmail, setInstanceConfig } from '../../tests/support/auth';
import { startJsonApi, startOAuthMock, walkOAuth, type JsonApi, type OAuthMock } from '../../tests/support/oauth';
import { hashSecret } from '../security';

const BASE = 'http://localhost:3999';

let server: TestServer;
let listenUrl: string;
let googleMock: OAuthMock;
let githubMock: OAuthMock;
let githubApi: JsonApi;
let gitlabMock: OAuthMock;
/** Numbers the fake providers' user ids apart. */
let seq = 0;

// What each fake provider says about the user signing in; tests set these before a walk.
let googleUser = { sub: 'g-1', email: 'g@example.com', given_name: 'Grace', family_name: 'Hopper' };
let githubUser = { id: 101, name: 'Linus Torvalds', email: 'gh@example.com', failUser: false };
let gitlabUser = { id: 202, name: 'Sid Sijbrandij', email: 'gl@example.com', failToken: false };

beforeAll(async () => {
  googleMock = await startOAuthMock();
  googleMock.server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, { ...googleUser, email_verified: true });
  });
  githubMock = await startOAuthMock({ authorize: '/login/oauth/authorize', token: '/login/oauth/access_token' });
  githubApi = await startJsonApi({
    '/user': () => (githubUser.failUser ? { status: 500, body: {} } : { body: { id: githubUser.id, login: 'linus', name: githubUser.name } }),
    '/user/emails': () => ({
      body: [
        { email: 'other@example.com', primary: false, verified: true },
        { email: githubUser.email, primary: true, verified: true },
      ],
    }),
  });
  gitlabMock = await startOAuthMock({ authorize: '/oauth/authorize', token: '/oauth/token', userinfo: '/api/v4/user' });
  gitlabMock.server.service.on('beforeUserinfo', (response: { body: unknown; statusCode: number }) => {
    response.body = { id: gitlabUser.id, name: gitlabUser.name, username: 'sid', email: gitlabUser.email };
  });
  gitlabMock.server.service.on('beforeResponse', (response: { body: unknown; statusCode: number }) => {
    if (gitlabUser.failToken) response.statusCode = 400;
  });

  server = await createTestServer({
    env: {
      APP_BASE_URL: BASE,
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER: googleMock.url,
      GITHUB_CLIENT_ID: 'github-client',
      GITHUB_CLIENT_SECRET: 'github-secret',
      GITHUB_URL: githubMock.url,
      GITHUB_API_URL: githubApi.url,
      GITLAB_CLIENT_ID: 'gitlab-client',
      GITLAB_CLIENT_SECRET: 'gitlab-secret',
      GITLAB_URL: gitlabMock.url,
    },
  });
  await setupInstance(server);
  listenUrl = await server.listen();
});

afterAll(async () => {
  await server?.close();
  await Promise.all([googleMock?.close(), githubMock?.close(), githubApi?.close(), gitlabMock?.close()]);
});

async function userByEmail(email: string) {
  const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
  return user;
}

async function linkedAccount(provider: string, userId: string) {
  return server.database.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.provider, provider), eq(accounts.userId, userId)));
}

function errorQuery(response: Response | undefined) {
  return Object.fromEntries(new URL(response?.headers.get('location') ?? 'http://x/').searchParams);
}

describe('Google (OpenID Connect)', () => {
  test('end to end: a new user is created with an auto-set password and signed in, next_path kept', async () => {
    googleUser = { sub: `g-${seq++}`, email: freshEmail('google'), given_name: 'Grace', family_name: 'Hopper' };
    const walk = await walkOAuth(listenUrl, BASE, '/auth/google/?next_path=/acme/issues');
    const authorizeUrl = new URL(walk.start.headers.get('location')!);
    expect(authorizeUrl.origin).toBe(googleMock.url);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${BASE}/auth/google/callback/`);
    expect(walk.callback?.status).toBe(302);
    expect(walk.callback?.headers.get('location')).toBe(`${BASE}/?next_path=%2Facme%2Fissues`);
    const user = await userByEmail(googleUser.email);
    expect(user).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', isPasswordAutoset: true, isEmailVerified: true, lastLoginMedium: 'google' });
    expect(await linkedAccount('google', user.id)).toMatchObject([{ providerAccountId: googleUser.sub }]);
    const [session] = await server.database.db.select().from(sessions).where(eq(sessions.id, hashSecret(walk.sessionKey!)));
    expect(session.userId).toBe(user.id);
  });

  test('an existing user with the same email is linked, not duplicated', async () => {
    const existing = await buildUser(server);
    googleUser = { sub: `g-${seq++}`, email: existing.email, given_name: 'X', family_name: 'Y' };
    const walk = await walkOAuth(listenUrl, BASE, '/auth/google/');
    expect(walk.callback?.headers.get('location')).toBe(BASE);
    expect(await linkedAccount('google', existing.id)).toHaveLength(1);
    // Second time round the account row finds the user even if the provider email changed.
    googleUser = { ...googleUser, email: freshEmail('renamed') };
    const again = await walkOAuth(listenUrl, BASE, '/auth/google/');
    expect(again.callback?.headers.get('location')).toBe(BASE);
    expect(await userByEmail(googleUser.email)).toBeUndefined();
  });

  test('a callback whose state does not match is a provider error (5115)', async () => {
    const start = await fetch(`${listenUrl}/auth/google/`, { redirect: 'manual' });
    const cookie = start.headers.getSetCookie().find((header) => header.startsWith('oauth-state='))!.split(';')[0];
    const callback = await fetch(`${listenUrl}/auth/google/callback/?code=abc&state=forged`, { redirect: 'manual', headers: { cookie } });
    expect(callback.status).toBe(302);
    expect(errorQuery(callback)).toEqual({ error_code: '5115', error_message: 'GOOGLE_OAUTH_PROVIDER_ERROR' });
    const noCookie = await fetch(`${listenUrl}/auth/google/callback/?code=abc&state=x`, { redirect: 'manual' });
    expect(errorQuery(noCookie).error_code).toBe('5115');
  });

  test('the user refusing consent at the provider is a provider error (5115)', async () => {
    const start = await fetch(`${listenUrl}/auth/google/`, { redirect: 'manual' });
    const cookie = start.headers.getSetCookie().find((header) => header.startsWith('oauth-state='))!.split(';')[0];
    const state = new URL(start.headers.get('location')!).searchParams.get('state');
    const callback = await fetch(`${listenUrl}/auth/google/callback/?error=access_denied&state=${state}`, { redirect: 'manual', headers: { cookie } });
    expect(errorQuery(callback).error_code).toBe('5115');
  });
});

describe('GitHub (OAuth2)', () => {
  test('end to end: token exchange, /user and the verified primary email from /user/emails', async () => {
    githubUser = { id: 1000 + seq++, name: 'Linus Torvalds', email: freshEmail('github'), failUser: false };
    const walk = await walkOAuth(listenUrl, BASE, '/auth/github/');
    expect(new URL(walk.start.headers.get('location')!).pathname).toBe('/login/oauth/authorize');
    expect(walk.callback?.headers.get('location')).toBe(BASE);
    expect(walk.sessionKey).toBeTruthy();
    const user = await userByEmail(githubUser.email);
    expect(user).toMatchObject({ firstName: 'Linus', lastName: 'Torvalds', lastLoginMedium: 'github' });
    expect(await linkedAccount('github', user.id)).toMatchObject([{ providerAccountId: String(githubUser.id) }]);
    expect(githubApi.requests.at(-1)?.authorization).toMatch(/^Bearer /);
  });

  test('a failing user endpoint is a provider error (5120)', async () => {
    githubUser = { ...githubUser, id: 1000 + seq++, email: freshEmail('github-fail'), failUser: true };
    const walk = await walkOAuth(listenUrl, BASE, '/auth/github/');
    expect(errorQuery(walk.callback)).toEqual({ error_code: '5120', error_message: 'GITHUB_OAUTH_PROVIDER_ERROR' });
    expect(walk.sessionKey).toBeUndefined();
    expect(await userByEmail(githubUser.email)).toBeUndefined();
    githubUser.failUser = false;
  });
});

describe('GitLab (OAuth2 + PKCE)', () => {
  test('end to end with /api/v4/user', async () => {
    gitlabUser = { id: 2000 + seq++, name: 'Sid Sijbrandij', email: freshEmail('gitlab'), failToken: false };
    const walk = await walkOAuth(listenUrl, BASE, '/auth/gitlab/');
    const authorize = new URL(walk.start.headers.get('location')!);
    expect(authorize.pathname).toBe('/oauth/authorize');
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
    expect(walk.callback?.headers.get('location')).toBe(BASE);
    const user = await userByEmail(gitlabUser.email);
    expect(user).toMatchObject({ firstName: 'Sid', lastLoginMedium: 'gitlab', isPasswordAutoset: true });
  });

  test('a failing token exchange is a provider error (5121)', async () => {
    gitlabUser = { ...gitlabUser, email: freshEmail('gitlab-fail'), failToken: true };
    const walk = await walkOAuth(listenUrl, BASE, '/auth/gitlab/');
    expect(errorQuery(walk.callback)).toEqual({ error_code: '5121', error_message: 'GITLAB_OAUTH_PROVIDER_ERROR' });
    gitlabUser.failToken = false;
  });
});

describe('instance rules', () => {
  test.each([
    ['google', 'GOOGLE_CLIENT_ID', 5105, 'GOOGLE_NOT_CONFIGURED'],
    ['github', 'GITHUB_CLIENT_SECRET', 5110, 'GITHUB_NOT_CONFIGURED'],
    ['gitlab', 'GITLAB_CLIENT_ID', 5111, 'GITLAB_NOT_CONFIGURED'],
  ])('%s without %s → 302 /?error_code=%i', async (provider, key, code, name) => {
    const [row] = await server.database.db.select().from(instanceConfigurations).where(eq(instanceConfigurations.key, key));
    await setInstanceConfig(server, key, '');
    try {
      const response = await server.inject({ method: 'GET', url: `/auth/${provider}/` });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`${BASE}/?error_code=${code}&error_message=${name}`);
    } finally {
      await setInstanceConfig(server, key, row.value ?? '');
    }
  });

  test('a new user while sign-up is off is refused (5015); an existing one still signs in', async () => {
    await setInstanceConfig(server, 'ENABLE_SIGNUP', '0');
    try {
      gitlabUser = { id: 2000 + seq++, name: 'New Person', email: freshEmail('closed'), failToken: false };
      const refused = await walkOAuth(listenUrl, BASE, '/auth/gitlab/');
      expect(errorQuery(refused.callback)).toEqual({ error_code: '5015', error_message: 'SIGNUP_DISABLED' });
      const existing = await buildUser(server);
      gitlabUser = { id: 2000 + seq++, name: 'Old Person', email: existing.email, failToken: false };
      const allowed = await walkOAuth(listenUrl, BASE, '/auth/gitlab/');
      expect(allowed.callback?.headers.get('location')).toBe(BASE);
    } finally {
      await setInstanceConfig(server, 'ENABLE_SIGNUP', '1');
    }
  });

  test('a deactivated account is refused (5019)', async () => {
    const inactive = await buildUser(server, { isActive: false });
    githubUser = { id: 1000 + seq++, name: 'Gone', email: inactive.email, failUser: false };
    const walk = await walkOAuth(listenUrl, BASE, '/auth/github/');
    expect(errorQuery(walk.callback)).toEqual({ error_code: '5019', error_message: 'USER_ACCOUNT_DEACTIVATED' });
  });
});
