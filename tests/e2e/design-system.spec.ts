// Issue #12 foundations in Chromium, from a fresh browser context: Ctrl+K opens the palette (cmdk)
// and runs a command; the theme switches from the palette, is painted at once, saved in the
// profile and kept after a reload; the language switches to zh-CN and the screen is translated;
// axe-core finds no serious or critical violation on the main screen in either theme.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { byTestId, freshVisit, type FreshVisit } from './support/fresh';
import { buildScreensTeam, createIssue, TEAM_PASSWORD, type ScreensTeam } from './support/screens-team';
import { api } from './support/team';

const baseUrl = inject('e2eBaseUrl');

/** Violations an assistive-technology user would hit: axe's serious and critical ones. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
}

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

  beforeAll(async () => {
    team = await buildScreensTeam(baseUrl, 'ui-found', 'UIF');
    await createIssue(team, { name: 'Paint the hangar' });
  });

  afterAll(async () => {
    await Promise.all([team?.setupContext.close(), visit?.context.close()]);
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
});
