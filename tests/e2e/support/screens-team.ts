// The team the screen specs of issue #10 start from, built through the API: Alice (workspace and
// project admin) and Carol (a guest in both), one workspace and one project. The set-up page is
// Alice's; the tests open their own fresh contexts.
import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { firstPage, launchContext } from './browser';
import { api, setUpInstance, signUp } from './team';

export const TEAM_PASSWORD = 'Trellis-e2e-passphrase-91';

export interface ScreensTeam {
  slug: string;
  projectId: string;
  identifier: string;
  alice: { email: string; first_name: string };
  carol: { email: string; first_name: string };
  /** Alice's set-up page, for API calls made as her. */
  setup: Page;
  setupContext: BrowserContext;
  projectPath: string;
}

/** Builds the team; `prefix` keeps emails and slugs apart from other specs. */
export async function buildScreensTeam(baseUrl: string, prefix: string, identifier: string): Promise<ScreensTeam> {
  const stamp = Date.now().toString(36);
  const slug = `${prefix}-${stamp}`;
  const alice = { email: `${prefix}-alice-${stamp}@example.com`, first_name: 'Alice' };
  const carol = { email: `${prefix}-carol-${stamp}@example.com`, first_name: 'Carol' };
  await setUpInstance(baseUrl, `${prefix}-admin-${stamp}@example.com`);
  const setupContext = await launchContext(baseUrl);
  const setup = await firstPage(setupContext);
  const carolContext = await launchContext(baseUrl);
  const carolPage = await firstPage(carolContext);
  await signUp(setup, alice, TEAM_PASSWORD);
  await signUp(carolPage, carol, TEAM_PASSWORD);
  expect((await api(setup, 'POST', '/api/workspaces/', { name: `Screens ${prefix}`, slug })).status).toBe(201);
  expect((await api(setup, 'POST', `/api/workspaces/${slug}/invitations/`, { emails: [{ email: carol.email, role: 5 }] })).status).toBeLessThan(300);
  const invitations = await api<{ id: string }[]>(carolPage, 'GET', '/api/users/me/workspaces/invitations/');
  expect((await api(carolPage, 'POST', '/api/users/me/workspaces/invitations/', { invitations: invitations.body.map((row) => row.id) })).status).toBeLessThan(300);
  const carolUser = (await api<{ id: string }>(carolPage, 'GET', '/api/users/me/')).body;
  await carolContext.close();
  const project = await api<{ id: string }>(setup, 'POST', `/api/workspaces/${slug}/projects/`, { name: `Screens ${identifier}`, identifier });
  expect(project.status, JSON.stringify(project.body)).toBe(201);
  const projectPath = `/api/workspaces/${slug}/projects/${project.body.id}`;
  expect((await api(setup, 'POST', `${projectPath}/members/`, { members: [{ member_id: carolUser.id, role: 5 }] })).status).toBeLessThan(300);
  return { slug, projectId: project.body.id, identifier, alice, carol, setup, setupContext, projectPath };
}

/** Creates an issue as Alice; answers its id. */
export async function createIssue(team: ScreensTeam, body: Record<string, unknown>): Promise<string> {
  const created = await api<{ id: string }>(team.setup, 'POST', `${team.projectPath}/issues/`, body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

/** An issue as the API has it now. */
export async function readIssue<T = Record<string, unknown>>(team: ScreensTeam, issueId: string): Promise<T> {
  return (await api<T>(team.setup, 'GET', `${team.projectPath}/issues/${issueId}/`)).body;
}
