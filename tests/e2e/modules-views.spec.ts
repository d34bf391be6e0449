// Modules and saved views as a new user would use them (issue 13, "Proof"): Alice signs up, creates
// a module in the modules page's dialog and changes its status; Bob, a member in a second browser
// on the modules page, sees the module appear, its status change and its progress move when one of
// its issues is done — without reloading. Alice filters the issue list, saves it as a view, reopens
// it (also after a reload) and sees the filtered list; she locks it and its filters become
// read-only; a private view of hers never shows in Bob's views page, a public one does, live.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { byTestId, freshVisit, type FreshVisit } from './support/fresh';
import { addIssue, api, buildTeam, TEAM_PASSWORD as password, teamNames } from './support/team';

const baseUrl = inject('e2eBaseUrl');
const names = teamNames('mv', 'mv');
const { slug, bob } = names;

describe('modules and saved views', () => {
  let aliceContext: BrowserContext;
  let alicePage: Page;
  let bobVisit: FreshVisit;
  let projectId = '';
  let projectPath = '';
  let doneStateId = '';
  const issueIds: string[] = [];

  beforeAll(async () => {
    const team = await buildTeam(baseUrl, names, { workspace: 'Module Team', project: { name: 'Release Train', identifier: 'REL' } });
    ({ context: aliceContext, page: alicePage } = team.alice);
    ({ projectId, projectPath } = team);
    await team.bob.context.close();
    const states = (await api<{ id: string; group: string }[]>(alicePage, 'GET', `${projectPath}/states/`)).body;
    doneStateId = states.find((state) => state.group === 'completed')!.id;
    for (const [name, priority] of [['Fix the login bug', 'high'], ['Polish the footer', 'low'], ['Speed up search', 'high']] as const) {
      issueIds.push(await addIssue(alicePage, projectPath, { name, priority }));
    }
    bobVisit = await freshVisit(baseUrl, bob, password, `/${slug}/projects/${projectId}/modules`);
    await byTestId(bobVisit.page, 'project-tab-modules').waitFor();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([bobVisit?.context.close(), aliceContext?.close()]);
  });

  const bobRow = () => bobVisit.page.locator('[data-testid="module-row"]', { hasText: 'Checkout revamp' });

  test('Alice creates a module; Bob sees it appear, its status change and its progress move live', async () => {
    await alicePage.goto(`/${slug}/projects/${projectId}/modules`);
    await byTestId(alicePage, 'module-create').click();
    await byTestId(alicePage, 'module-name').fill('Checkout revamp');
    await byTestId(alicePage, 'module-create-submit').click();
    await byTestId(alicePage, 'module-create-dialog').waitFor({ state: 'detached' });
    const aliceRow = alicePage.locator('[data-testid="module-row"]', { hasText: 'Checkout revamp' });
    await aliceRow.waitFor();
    await bobRow().waitFor({ timeout: 15_000 });
    const moduleId = (await aliceRow.getAttribute('data-module-id'))!;

    // Issues join the module (the module picker on issues is another part of issue 13).
    expect((await api(alicePage, 'POST', `${projectPath}/modules/${moduleId}/issues/`, { issues: issueIds.slice(0, 2) })).status).toBe(201);
    await expect.poll(() => bobRow().locator('[role="progressbar"]').getAttribute('aria-valuenow'), { timeout: 15_000 }).toBe('0');
    await expect.poll(() => bobRow().textContent(), { timeout: 15_000 }).toContain('0 of 2');

    // The status is a property chip, driven by the keyboard: Enter opens it, typing filters, Enter picks.
    await aliceRow.locator('[data-testid="module-status"]').focus();
    await alicePage.keyboard.press('Enter');
    await byTestId(alicePage, 'module-status-picker').getByRole('combobox').waitFor();
    await alicePage.keyboard.type('progress');
    await alicePage.keyboard.press('Enter');
    await byTestId(alicePage, 'module-status-picker').waitFor({ state: 'detached' });
    await expect.poll(() => aliceRow.locator('[data-testid="module-status"]').textContent()).toBe('In progress');
    await expect.poll(() => bobRow().locator('[data-testid="module-status"]').textContent(), { timeout: 15_000 }).toBe('In progress');

    // One of its issues is done: Bob's progress bar follows without a reload.
    expect((await api(alicePage, 'PATCH', `${projectPath}/issues/${issueIds[0]}/`, { state_id: doneStateId })).status).toBe(200);
    await expect.poll(() => bobRow().locator('[role="progressbar"]').getAttribute('aria-valuenow'), { timeout: 15_000 }).toBe('50');
    await expect.poll(() => bobRow().textContent()).toContain('1 of 2');
    await screenshot(bobVisit.page, 'modules-live-progress');

    // Bob opens the module: its detail lists its issues.
    await bobRow().getByRole('button', { name: 'Checkout revamp' }).click();
    await byTestId(bobVisit.page, 'module-title').waitFor();
    await expect.poll(() => byTestId(bobVisit.page, 'issue-count').textContent(), { timeout: 15_000 }).toContain('2');
  });

  test('Alice saves the filtered list as a view and reopens it, also after a reload', async () => {
    await alicePage.goto(`/${slug}/projects/${projectId}/issues`);
    await alicePage.locator('[data-testid="issue-row"]').first().waitFor({ timeout: 30_000 });
    await byTestId(alicePage, 'filter-priority').click();
    await alicePage.getByRole('option', { name: 'High', exact: true }).click();
    await alicePage.keyboard.press('Escape');
    await expect.poll(() => byTestId(alicePage, 'issue-count').textContent()).toContain('2');

    await byTestId(alicePage, 'save-as-view').click();
    await byTestId(alicePage, 'view-name').fill('Hot issues');
    await expect.poll(() => byTestId(alicePage, 'view-filters-summary').textContent()).toContain('(1)');
    await byTestId(alicePage, 'view-submit').click();
    await byTestId(alicePage, 'view-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => byTestId(alicePage, 'view-title').textContent(), { timeout: 15_000 }).toBe('Hot issues');
    await expect.poll(() => byTestId(alicePage, 'issue-count').textContent()).toContain('2');
    await expect.poll(() => alicePage.locator('[data-testid="issue-row"]').allTextContents()).not.toContainEqual(expect.stringContaining('Polish the footer'));

    // Bob's views page lists the public view without a reload.
    await bobVisit.page.goto(`/${slug}/projects/${projectId}/views`);
    await byTestId(bobVisit.page, 'project-tab-views').waitFor();
    await bobVisit.page.locator('[data-testid="view-row"]', { hasText: 'Hot issues' }).waitFor({ timeout: 15_000 });

    await alicePage.reload();
    await expect.poll(() => byTestId(alicePage, 'view-title').textContent(), { timeout: 15_000 }).toBe('Hot issues');
    await alicePage.locator('[data-testid="issue-row"]').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => byTestId(alicePage, 'issue-count').textContent()).toContain('2');

    // The list's other layouts run the same filters.
    await byTestId(alicePage, 'layout-spreadsheet').click();
    await byTestId(alicePage, 'spreadsheet-layout').waitFor();
    await expect.poll(() => byTestId(alicePage, 'issue-count').textContent()).toContain('2');
    await byTestId(alicePage, 'layout-list').click();

    // Reopened from the views page.
    await byTestId(alicePage, 'project-tab-views').click();
    await alicePage.locator('[data-testid="view-row"]', { hasText: 'Hot issues' }).getByTestId('view-link').click();
    await expect.poll(() => byTestId(alicePage, 'view-title').textContent(), { timeout: 15_000 }).toBe('Hot issues');
    await expect.poll(() => byTestId(alicePage, 'issue-count').textContent(), { timeout: 15_000 }).toContain('2');
  });

  test('Alice locks the view: its filters become read-only, and the lock shows', async () => {
    await byTestId(alicePage, 'view-header').getByTestId('view-menu').click();
    await byTestId(alicePage, 'menu-view-lock').click();
    await byTestId(alicePage, 'view-locked-badge').waitFor();
    await expect.poll(() => byTestId(alicePage, 'filter-priority').isDisabled()).toBe(true);
    await screenshot(alicePage, 'view-locked');
    // The server refuses a PATCH of a locked view too.
    const views = (await api<{ id: string; name: string }[]>(alicePage, 'GET', `${projectPath}/views/`)).body;
    const hot = views.find((view) => view.name === 'Hot issues')!;
    expect((await api(alicePage, 'PATCH', `${projectPath}/views/${hot.id}/`, { name: 'Renamed' })).status).toBe(400);
  });

  test('a private view is not visible to another member', async () => {
    await alicePage.goto(`/${slug}/projects/${projectId}/issues`);
    await alicePage.locator('[data-testid="issue-row"]').first().waitFor({ timeout: 30_000 });
    await byTestId(alicePage, 'save-as-view').click();
    await byTestId(alicePage, 'view-name').fill('My secret list');
    await byTestId(alicePage, 'view-private').check();
    await byTestId(alicePage, 'view-submit').click();
    await expect.poll(() => byTestId(alicePage, 'view-title').textContent(), { timeout: 15_000 }).toBe('My secret list');
    await byTestId(alicePage, 'view-private-badge').waitFor();

    // A public one made after it reaches Bob live; the private one never does, nor after a reload.
    await byTestId(alicePage, 'project-tab-issues').click();
    await alicePage.locator('[data-testid="issue-row"]').first().waitFor({ timeout: 30_000 });
    await byTestId(alicePage, 'save-as-view').click();
    await byTestId(alicePage, 'view-name').fill('Team list');
    await byTestId(alicePage, 'view-submit').click();
    await expect.poll(() => byTestId(alicePage, 'view-title').textContent(), { timeout: 15_000 }).toBe('Team list');
    await bobVisit.page.locator('[data-testid="view-row"]', { hasText: 'Team list' }).waitFor({ timeout: 15_000 });
    expect(await bobVisit.page.locator('[data-testid="view-row"]', { hasText: 'My secret list' }).count()).toBe(0);
    await bobVisit.page.reload();
    await bobVisit.page.locator('[data-testid="view-row"]', { hasText: 'Team list' }).waitFor({ timeout: 15_000 });
    expect(await bobVisit.page.locator('[data-testid="view-row"]', { hasText: 'My secret list' }).count()).toBe(0);
    await screenshot(bobVisit.page, 'views-bob');
  });

  test('the workspace views page: built-in views as spreadsheets, and a saved global view', async () => {
    await alicePage.goto(`/${slug}/workspace-views`);
    await byTestId(alicePage, 'built-in-views').waitFor();
    await byTestId(alicePage, 'global-view-all-issues').click();
    await byTestId(alicePage, 'spreadsheet-layout').waitFor({ timeout: 15_000 });
    await expect.poll(() => byTestId(alicePage, 'issue-count').textContent(), { timeout: 15_000 }).toContain('3');
    await byTestId(alicePage, 'filter-priority').click();
    await alicePage.getByRole('option', { name: 'Low', exact: true }).click();
    await alicePage.keyboard.press('Escape');
    await expect.poll(() => byTestId(alicePage, 'issue-count').textContent()).toContain('1');
    await byTestId(alicePage, 'save-as-view').click();
    await byTestId(alicePage, 'view-name').fill('Low everywhere');
    await byTestId(alicePage, 'view-submit').click();
    await expect.poll(() => byTestId(alicePage, 'view-title').textContent(), { timeout: 15_000 }).toBe('Low everywhere');
    await expect.poll(() => byTestId(alicePage, 'issue-count').textContent(), { timeout: 15_000 }).toContain('1');
    await byTestId(alicePage, 'global-view-all-views').click();
    await alicePage.locator('[data-testid="view-row"]', { hasText: 'Low everywhere' }).waitFor();
  });
});
