// Issue #26 item 8: never offer an action the role cannot take. From fresh browser contexts, a
// project member (Bob, role 15) and a workspace and project guest (Carol, role 5) walk the screens
// and are offered none of the actions the server would refuse them with 403 — deleting someone
// else's issue, bulk delete (project.admin), deleting someone else's cycle (creator or admin),
// API tokens and favorites for a workspace guest — while the admin (Alice) is offered each one.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser } from './support/browser';
import { byTestId, freshVisit, type FreshVisit } from './support/fresh';
import { addIssue, api, buildTeam, signUp, TEAM_PASSWORD as password, teamNames, type Team } from './support/team';

const baseUrl = inject('e2eBaseUrl');

describe('role dead ends', () => {
  const names = teamNames('deadends', 'deadends');
  const carol = { email: names.alice.email.replace('-alice-', '-carol-'), first_name: 'Carol' };
  let team: Team;
  let issueId = '';
  const visits: FreshVisit[] = [];

  const visit = async (person: { email: string }, path: string): Promise<Page> => {
    const opened = await freshVisit(baseUrl, person, password, `/${names.slug}${path}`);
    visits.push(opened);
    return opened.page;
  };

  beforeAll(async () => {
    team = await buildTeam(baseUrl, names, { workspace: 'Dead Ends', project: { name: 'Hangar', identifier: 'HNG', guest_view_all_features: true, cycle_view: true } });
    const alice = team.alice.page;
    // Carol joins the workspace by invitation as a guest, and the project as a guest.
    const carolBrowser = await openBrowser(baseUrl);
    visits.push(carolBrowser);
    await signUp(carolBrowser.page, carol, password);
    expect((await api(alice, 'POST', `/api/workspaces/${names.slug}/invitations/`, { emails: [{ email: carol.email, role: 5 }] })).status).toBeLessThan(300);
    const invitations = await api<{ id: string }[]>(carolBrowser.page, 'GET', '/api/users/me/workspaces/invitations/');
    expect((await api(carolBrowser.page, 'POST', '/api/users/me/workspaces/invitations/', { invitations: invitations.body.map((row) => row.id) })).status).toBeLessThan(300);
    const carolId = (await api<{ id: string }>(carolBrowser.page, 'GET', '/api/users/me/')).body.id;
    expect((await api(alice, 'POST', `${team.projectPath}/members/`, { members: [{ member_id: carolId, role: 5 }] })).status).toBeLessThan(300);
    // Alice's issue and Alice's draft cycle: Bob may edit both, but delete neither.
    issueId = await addIssue(alice, team.projectPath, { name: 'Paint the hangar' });
    expect((await api(alice, 'POST', `${team.projectPath}/cycles/`, { name: 'Alpha' })).status).toBe(201);
  });

  afterAll(async () => {
    for (const opened of visits) await opened.context.close();
    await team?.alice.context.close();
    await team?.bob.context.close();
  });

  /** Opens the issue's page and answers whether it offers "Delete issue". */
  const offersIssueDelete = async (page: Page): Promise<boolean> => {
    await byTestId(page, 'subscribe-toggle').waitFor({ timeout: 30_000 });
    return (await byTestId(page, 'delete-issue').count()) > 0;
  };

  /** Selects every row of the issue list and answers whether the bulk bar offers Delete. */
  const offersBulkDelete = async (page: Page): Promise<boolean> => {
    await page.locator('[data-testid="issue-row"]').first().waitFor({ timeout: 30_000 });
    for (const box of await page.locator('[data-testid="issue-row"] .row-check').all()) await box.check();
    await byTestId(page, 'bulk-bar').waitFor();
    return (await byTestId(page, 'bulk-delete').count()) > 0;
  };

  /** Opens the cycle's action menu on the draft tab and answers whether it offers Delete. */
  const offersCycleDelete = async (page: Page): Promise<boolean> => {
    await byTestId(page, 'cycle-menu-Alpha').waitFor({ timeout: 30_000 });
    await byTestId(page, 'cycle-menu-Alpha').click();
    await page.locator('[role="menu"]').waitFor();
    const offered = (await byTestId(page, 'menu-cycle-delete').count()) > 0;
    await page.keyboard.press('Escape');
    return offered;
  };

  test("a project member is not offered deleting the admin's issue; the admin is", async () => {
    expect(await offersIssueDelete(await visit(names.bob, `/projects/${team.projectId}/issues/${issueId}`))).toBe(false);
    expect(await offersIssueDelete(await visit(names.alice, `/projects/${team.projectId}/issues/${issueId}`))).toBe(true);
  });

  test('a project member is not offered bulk delete (project.admin); the admin is', async () => {
    expect(await offersBulkDelete(await visit(names.bob, `/projects/${team.projectId}/issues`))).toBe(false);
    expect(await offersBulkDelete(await visit(names.alice, `/projects/${team.projectId}/issues`))).toBe(true);
  });

  test("a project member is not offered deleting the admin's cycle; the admin is", async () => {
    expect(await offersCycleDelete(await visit(names.bob, `/projects/${team.projectId}/cycles?tab=draft`))).toBe(false);
    expect(await offersCycleDelete(await visit(names.alice, `/projects/${team.projectId}/cycles?tab=draft`))).toBe(true);
  });

  test('a workspace guest is offered no API tokens; a member is', async () => {
    const guest = await visit(carol, '/projects');
    await byTestId(guest, 'projects-page').waitFor({ timeout: 30_000 });
    await byTestId(guest, 'nav-members').waitFor({ timeout: 30_000 });
    expect(await byTestId(guest, 'nav-api-tokens').count()).toBe(0);
    // Reaching the screen by its address tells why instead of offering a token the server refuses.
    await guest.goto(`/${names.slug}/settings/api-tokens`);
    await guest.getByText('Workspace guests cannot create API tokens.').waitFor({ timeout: 30_000 });
    expect(await byTestId(guest, 'create-api-token-button').count()).toBe(0);

    const bob = await visit(names.bob, '/projects');
    await byTestId(bob, 'nav-api-tokens').waitFor({ timeout: 30_000 });
  });

  test('a workspace guest is offered no favorites and cannot delete what they read; a member has favorites', async () => {
    const guest = await visit(carol, '/projects');
    await byTestId(guest, 'projects-page').waitFor({ timeout: 30_000 });
    await byTestId(guest, 'nav-members').waitFor({ timeout: 30_000 });
    expect(await byTestId(guest, 'sidebar-favorites').count()).toBe(0);
    expect(await byTestId(guest, 'favorite-toggle').count()).toBe(0);
    await guest.goto(`/${names.slug}/projects/${team.projectId}/issues/${issueId}`);
    expect(await offersIssueDelete(guest)).toBe(false);

    const bob = await visit(names.bob, '/projects');
    await byTestId(bob, 'sidebar-favorites').waitFor({ timeout: 30_000 });
    await byTestId(bob, 'favorite-toggle').first().waitFor({ timeout: 30_000 });
  });

  test('on a workspace-wide list (a spreadsheet) a workspace guest is offered no row selection nor edits; a member is', async () => {
    const row = (page: Page) => page.locator('[data-testid="sheet-row"]', { hasText: 'Paint the hangar' });
    const guest = await visit(carol, '/workspace-views/all-issues');
    await row(guest).waitFor({ timeout: 30_000 });
    expect(await row(guest).locator('input[type="checkbox"]').count()).toBe(0);
    expect(await row(guest).getByRole('button', { name: /^Priority:/ }).isDisabled()).toBe(true);

    const bob = await visit(names.bob, '/workspace-views/all-issues');
    await row(bob).waitFor({ timeout: 30_000 });
    await row(bob).locator('input[type="checkbox"]').check();
    await byTestId(bob, 'bulk-priority').waitFor();
  });
});
