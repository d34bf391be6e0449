// Set-up steps shared by the browser specs: JSON API calls made from inside a page (so the
// browser's own cookies and CSRF token are used), first-admin set-up that tolerates an instance
// another spec set up already, a password sign-up that lands onboarded, and the two-person team
// (Alice and Bob, one workspace, usually one project) most specs start from.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type OwnBrowser } from './browser';

export const TEAM_PASSWORD = 'Trellis-e2e-passphrase-91';

export interface Person {
  email: string;
  first_name: string;
}

/** Calls the API from inside the page, so cookies are the browser's. */
export async function api<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = (await (await fetch('/auth/get-csrf-token/')).json()) as { csrf_token: string };
      const response = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRFToken': csrf.csrf_token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  ) as Promise<{ status: number; body: T }>;
}

/** Creates the first admin unless another spec already did (5150/5180 are fine). */
export async function setUpInstance(baseUrl: string, adminEmail: string): Promise<void> {
  const csrfResponse = await fetch(`${baseUrl}/auth/get-csrf-token/`);
  const { csrf_token: token } = (await csrfResponse.json()) as { csrf_token: string };
  const response = await fetch(`${baseUrl}/api/instances/admins/sign-up/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRFToken': token, Cookie: `csrftoken=${token}` },
    body: JSON.stringify({ email: adminEmail, password: 'Admin-e2e-passphrase-73', first_name: 'Ada', company_name: 'Trellis Test Co' }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error_code?: number };
    if (![5150, 5180].includes(Number(body.error_code))) throw new Error(`instance set-up failed: ${response.status} ${JSON.stringify(body)}`);
  }
}

/** Signs a new person up with a password inside the page and marks them onboarded. */
export async function signUp(page: Page, person: Person, password: string): Promise<void> {
  await page.goto('/');
  await page.waitForLoadState('domcontentloaded');
  const answer = await api(page, 'POST', '/auth/sign-up/', { email: person.email, password, first_name: person.first_name });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const onboard = await api(page, 'PATCH', '/api/users/me/onboard/', { is_onboarded: true });
  expect(onboard.status).toBeLessThan(300);
}

/**
 * Names that keep one spec's people and workspace apart from other specs' on the shared instance:
 * `<prefix>-alice-<stamp>@example.com`, the workspace `<slugPrefix>-<stamp>`.
 */
export function teamNames(prefix: string, slugPrefix: string) {
  const stamp = Date.now().toString(36);
  return {
    slug: `${slugPrefix}-${stamp}`,
    adminEmail: `${prefix}-admin-${stamp}@example.com`,
    alice: { email: `${prefix}-alice-${stamp}@example.com`, first_name: 'Alice' },
    bob: { email: `${prefix}-bob-${stamp}@example.com`, first_name: 'Bob' },
  };
}

export type TeamNames = ReturnType<typeof teamNames>;

export interface Me {
  id: string;
  display_name: string;
}

/** A teammate in a browser of their own, signed in, and who they are to the API. */
export interface Teammate extends OwnBrowser {
  user: Me;
}

export interface Team {
  alice: Teammate;
  bob: Teammate;
  /** The project's id and API path (`/api/workspaces/<slug>/projects/<id>`); '' without `project`. */
  projectId: string;
  projectPath: string;
}

/**
 * On a set-up instance, Alice and Bob sign up in browsers of their own; Alice creates the workspace
 * `names.slug` called `workspace` and Bob joins it as a member through her invitation. With
 * `project` (the create body), Alice also creates that project and adds Bob to it as a member.
 */
export async function buildTeam(
  baseUrl: string,
  names: TeamNames,
  options: { workspace: string; project?: Record<string, unknown>; password?: string; aliceBrowser?: Parameters<typeof openBrowser>[1] },
): Promise<Team> {
  const password = options.password ?? TEAM_PASSWORD;
  await setUpInstance(baseUrl, names.adminEmail);
  const aliceBrowser = await openBrowser(baseUrl, options.aliceBrowser);
  const bobBrowser = await openBrowser(baseUrl);
  await signUp(aliceBrowser.page, names.alice, password);
  await signUp(bobBrowser.page, names.bob, password);
  const alice = { ...aliceBrowser, user: await me(aliceBrowser.page) };
  const bob = { ...bobBrowser, user: await me(bobBrowser.page) };
  const { slug } = names;
  expect((await api(alice.page, 'POST', '/api/workspaces/', { name: options.workspace, slug })).status).toBe(201);
  expect((await api(alice.page, 'POST', `/api/workspaces/${slug}/invitations/`, { emails: [{ email: names.bob.email, role: 15 }] })).status).toBeLessThan(300);
  const invitations = await api<{ id: string }[]>(bob.page, 'GET', '/api/users/me/workspaces/invitations/');
  expect((await api(bob.page, 'POST', '/api/users/me/workspaces/invitations/', { invitations: invitations.body.map((row) => row.id) })).status).toBeLessThan(300);
  if (!options.project) return { alice, bob, projectId: '', projectPath: '' };
  const project = await api<{ id: string }>(alice.page, 'POST', `/api/workspaces/${slug}/projects/`, options.project);
  expect(project.status, JSON.stringify(project.body)).toBe(201);
  const projectPath = `/api/workspaces/${slug}/projects/${project.body.id}`;
  expect((await api(alice.page, 'POST', `${projectPath}/members/`, { members: [{ member_id: bob.user.id, role: 15 }] })).status).toBeLessThan(300);
  return { alice, bob, projectId: project.body.id, projectPath };
}

/** The signed-in user. */
export async function me(page: Page): Promise<Me> {
  return (await api<Me>(page, 'GET', '/api/users/me/')).body;
}

/** Creates an issue in the project at `projectPath` (expects 201); answers its id. */
export async function addIssue(page: Page, projectPath: string, body: Record<string, unknown>): Promise<string> {
  const created = await api<{ id: string }>(page, 'POST', `${projectPath}/issues/`, body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}
