// Issue #12 foundations in Chromium, from a fresh browser context: Ctrl+K opens the palette (cmdk)
// and runs a command; the theme switches from the palette, is painted at once, saved in the
// profile and kept after a reload; the language switches to zh-CN and the screen is translated;
// axe-core finds no serious or critical violation on the main screen in either theme. Then every
// main screen × theme × locale: axe (0 serious/critical) and a screenshot kept as an artefact;
// the signed-out screens likewise; the profile's theme selector; Undo on an issue delete and a
// label delete.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { firstPage, launchContext, screenshot } from './support/browser';
import { checkScreens, seriousViolations } from './support/axe';
import { byTestId, freshVisit, type FreshVisit } from './support/fresh';
import { buildScreensTeam, createIssue, TEAM_PASSWORD, type ScreensTeam } from './support/screens-team';
import { api } from './support/team';

const baseUrl = inject('e2eBaseUrl');

/** Opens the palette with Ctrl+K, types `query`, waits for `commandId` and runs it with Enter. */
async function runFromPalette(page: Page, query: string, commandId: string): Promise<void> {
  await page.keyboard.press('Control+k');
  const input = byTestId(page, 'palette-input');
  await input.waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('palette-input');
  await input.fill(query);
  await byTestId(page, `palette-${commandId}`).waitFor();
  // The command asked for is the active option, so Enter runs it.
  expect(await byTestId(page, `palette-${commandId}`).getAttribute('aria-selected')).toBe('true');
  await input.press('Enter');
  await byTestId(page, 'command-palette').waitFor({ state: 'detached' });
}

describe('design system foundations', () => {
  let team: ScreensTeam;
  let visit: FreshVisit | undefined;
  const visits: FreshVisit[] = [];
  let issueId = '';

  beforeAll(async () => {
    team = await buildScreensTeam(baseUrl, 'ui-found', 'UIF');
    issueId = await createIssue(team, { name: 'Paint the hangar', priority: 'high', target_date: new Date().toISOString().slice(0, 10) });
  });

  afterAll(async () => {
    await Promise.all([team?.setupContext.close(), visit?.context.close(), ...visits.map((opened) => opened.context.close())]);
  });

  test('palette by keyboard, theme and language switches, and no serious axe violations', async () => {
    visit = await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, `/${team.slug}/projects/${team.projectId}/issues`);
    const { page, errors } = visit;
    await page.locator('[data-testid="issue-row"]', { hasText: 'Paint the hangar' }).first().waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');

    // Ctrl+K opens the palette as a labelled dialog with a listbox; a command runs with Enter.
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: 'Command palette' }).waitFor();
    expect(await page.getByRole('listbox').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await byTestId(page, 'command-palette').waitFor({ state: 'detached' });
    await runFromPalette(page, 'kanban', 'layout-kanban');
    await byTestId(page, 'kanban-layout').waitFor();
    await runFromPalette(page, 'list', 'layout-list');
    await byTestId(page, 'list-layout').waitFor();

    expect(await seriousViolations(page), 'light theme').toEqual([]);
    await screenshot(page, 'design-system-light-en');

    // Dark theme: painted at once, saved in the profile, still dark after a reload.
    await runFromPalette(page, 'dark', 'theme-dark');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await expect.poll(async () => (await api<{ theme?: { theme?: string } }>(page, 'GET', '/api/users/me/profile/')).body.theme?.theme).toBe('dark');
    await page.reload();
    await page.locator('[data-testid="issue-row"]').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
    expect(await seriousViolations(page), 'dark theme').toEqual([]);
    await screenshot(page, 'design-system-dark-en');

    // Language: zh-CN from the palette; the sidebar and the palette speak Chinese.
    await runFromPalette(page, '简体中文', 'language-zh-CN');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await expect.poll(() => byTestId(page, 'nav-home').textContent()).toContain('首页');
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: '命令面板' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await api<{ language?: string }>(page, 'GET', '/api/users/me/profile/')).body.language).toBe('zh-CN');
    await screenshot(page, 'design-system-dark-zh-CN');

    // Back to the system theme, which Chromium here reports as light.
    await runFromPalette(page, '跟随系统', 'theme-system');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(errors).toEqual([]);
  });

  test('every main screen in light and dark, en and zh-CN: no serious axe violation, a screenshot each', async () => {
    const opened = await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, `/${team.slug}/projects/${team.projectId}/issues`);
    visits.push(opened);
    await opened.page.locator('[data-testid="issue-row"]').first().waitFor({ timeout: 30_000 });
    const project = `/${team.slug}/projects/${team.projectId}`;
    const page = await api<{ id: string }>(team.setup, 'POST', `${team.projectPath}/pages/`, { name: 'Hangar handbook' });
    expect(page.status).toBe(201);
    const pageId = page.body.id;
    const aliceId = (await api<{ id: string }>(opened.page, 'GET', '/api/users/me/')).body.id;
    await checkScreens(baseUrl, opened, [
      { name: 'list', path: `${project}/issues`, layout: 'list' },
      { name: 'kanban', path: `${project}/issues`, layout: 'kanban' },
      { name: 'spreadsheet', path: `${project}/issues`, layout: 'spreadsheet' },
      { name: 'calendar', path: `${project}/issues`, layout: 'calendar' },
      { name: 'gantt', path: `${project}/issues`, layout: 'gantt_chart' },
      { name: 'issue', path: `${project}/issues/${issueId}` },
      { name: 'pages', path: `${project}/pages` },
      { name: 'project-settings', path: `${project}/settings` },
      { name: 'members', path: `/${team.slug}/settings/members` },
      { name: 'profile', path: '/profile' },
      { name: 'projects', path: `/${team.slug}/projects`, ready: 'text=Screens UIF' },
      { name: 'archived-issues', path: `${project}/archived-issues` },
      { name: 'draft-issues', path: `${project}/draft-issues` },
      { name: 'page', path: `${project}/pages/${pageId}`, ready: '[data-testid="page-title-input"]' },
      { name: 'member-profile', path: `/${team.slug}/profile/${aliceId}` },
      { name: 'invitations', path: `/${team.slug}/settings/invitations` },
      { name: 'api-tokens', path: `/${team.slug}/settings/api-tokens` },
    ]);
  }, 600_000);

  test('the planning, inbox and workspace screens in light and dark, en and zh-CN: no serious axe violation, a screenshot each', async () => {
    // Something on each screen: a current cycle holding the issue, a module holding it, a saved view.
    const today = new Date();
    const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const cycle = await api<{ id: string }>(team.setup, 'POST', `${team.projectPath}/cycles/`, { name: 'Hangar sprint', start_date: day(-3), end_date: day(7) });
    expect(cycle.status).toBe(201);
    expect((await api(team.setup, 'POST', `${team.projectPath}/cycles/${cycle.body.id}/cycle-issues/`, { issues: [issueId] })).status).toBeLessThan(300);
    const module = await api<{ id: string }>(team.setup, 'POST', `${team.projectPath}/modules/`, { name: 'Runway lights', status: 'in-progress' });
    expect(module.status).toBe(201);
    expect((await api(team.setup, 'POST', `${team.projectPath}/modules/${module.body.id}/issues/`, { issues: [issueId] })).status).toBeLessThan(300);
    expect((await api(team.setup, 'POST', `${team.projectPath}/views/`, { name: 'High priority', filters: { priority: ['high'] } })).status).toBe(201);
    expect((await api(team.setup, 'PATCH', team.projectPath + '/', { intake_view: true })).status).toBe(200);

    const opened = await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, `/${team.slug}`);
    visits.push(opened);
    const project = `/${team.slug}/projects/${team.projectId}`;
    await checkScreens(baseUrl, opened, [
      { name: 'home', path: `/${team.slug}` },
      { name: 'cycles', path: `${project}/cycles`, ready: 'text=Hangar sprint' },
      { name: 'cycle', path: `${project}/cycles/${cycle.body.id}`, ready: '[data-testid="issue-row"]' },
      { name: 'modules', path: `${project}/modules`, ready: 'text=Runway lights' },
      { name: 'module', path: `${project}/modules/${module.body.id}`, ready: '[data-testid="issue-row"]' },
      { name: 'views', path: `${project}/views`, ready: 'text=High priority' },
      { name: 'intake', path: `${project}/intake` },
      { name: 'active-cycles', path: `/${team.slug}/active-cycles`, ready: 'text=Hangar sprint' },
      { name: 'workspace-views', path: `/${team.slug}/workspace-views` },
      { name: 'notifications', path: `/${team.slug}/notifications` },
      { name: 'analytics', path: `/${team.slug}/analytics` },
      { name: 'webhooks', path: `/${team.slug}/settings/webhooks` },
      { name: 'exports', path: `/${team.slug}/settings/exports` },
      { name: 'notification-settings', path: `/${team.slug}/settings/account/notifications` },
    ]);
  }, 600_000);

  test('the signed-out screens (sign in, sign up, forgot password) in light and dark, en and zh-CN: no serious axe violation, a screenshot each', async () => {
    const found: string[] = [];
    for (const language of ['en', 'zh-CN']) {
      // Signed out, the language is the browser's and the theme the system's.
      const context = await launchContext(baseUrl, { locale: language });
      try {
        const page = await firstPage(context);
        for (const theme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: theme });
          for (const [name, path] of [['sign-in', '/'], ['sign-up', '/sign-up'], ['forgot-password', '/accounts/forgot-password']]) {
            await page.goto(new URL(path!, baseUrl).toString());
            await page.locator('input[type="email"]').first().waitFor({ timeout: 30_000 });
            await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
            await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
            for (const violation of await seriousViolations(page)) found.push(`${name} ${theme} ${language}: ${violation}`);
            await screenshot(page, `screen-${name}-${theme}-${language}`);
          }
        }
      } finally {
        await context.close();
      }
    }
    expect(found).toEqual([]);
  }, 180_000);

  test('the profile page sets the theme; Undo keeps a deleted issue, no Undo deletes it', async () => {
    const opened = await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, '/profile');
    visits.push(opened);
    const { page, errors } = opened;
    await api(page, 'PATCH', '/api/users/me/profile/', { theme: { theme: 'light' }, language: 'en' });
    await page.reload();
    await byTestId(page, 'theme-select').waitFor({ timeout: 30_000 });
    await byTestId(page, 'theme-dark').check();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect.poll(async () => (await api<{ theme?: { theme?: string } }>(page, 'GET', '/api/users/me/profile/')).body.theme?.theme).toBe('dark');
    // Keyboard: arrow keys move between the radio options.
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await api<{ theme?: { theme?: string } }>(page, 'GET', '/api/users/me/profile/')).body.theme?.theme).toBe('system');
    await byTestId(page, 'theme-light').check();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');

    // Delete an issue from its page, then Undo: it is back and the server never lost it.
    const doomed = await createIssue(team, { name: 'Sweep the runway' });
    await page.goto(new URL(`/${team.slug}/projects/${team.projectId}/issues/${doomed}`, baseUrl).toString());
    await byTestId(page, 'delete-issue').click();
    await byTestId(page, 'confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    const undo = page.locator('[data-testid="toast"]', { hasText: 'Deleted "Sweep the runway"' }).getByRole('button', { name: 'Undo' });
    await undo.click();
    await new Promise((resolve) => setTimeout(resolve, 7000)); // past the toast's lifetime: nothing was sent
    expect((await api(team.setup, 'GET', `${team.projectPath}/issues/${doomed}/`)).status).toBe(200);

    // Without Undo the delete reaches the server once the toast has gone.
    await page.goto(new URL(`/${team.slug}/projects/${team.projectId}/issues/${doomed}`, baseUrl).toString());
    await byTestId(page, 'delete-issue').click();
    await byTestId(page, 'confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await page.locator('[data-testid="toast"]', { hasText: 'Deleted "Sweep the runway"' }).waitFor();
    await expect.poll(async () => (await api(team.setup, 'GET', `${team.projectPath}/issues/${doomed}/`)).status, { timeout: 20_000 }).toBe(404);
    expect(errors).toEqual([]);
  }, 120_000);
});
