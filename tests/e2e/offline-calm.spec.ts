// Issue #26 item 10, in Chromium from a fresh browser context: offline is a normal state. Alice's
// browser reaches the server through a link the test can cut (support/cuttable-link.ts, as in
// offline-outbox.spec.ts). Offline, with changes waiting, the header shows ONE calm indicator
// (never "Offline · 4 changes waiting" beside "Reconnecting…") and the title keeps its width at
// 1024 px; an issue created offline shows the state it will get (the project's default, from the
// cached states) and the priority chosen, not "No State"; a reload while offline starts from the
// cached data with no "could not be loaded" / "Something went wrong" toast.
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { firstPage, launchContext, screenshot } from './support/browser';
import { waitUntilKept } from './support/offline';
import { cuttableLink, type CuttableLink } from './support/cuttable-link';
import { byTestId, signIn, switchLayout } from './support/fresh';
import { api } from './support/team';
import { buildScreensTeam, createIssue, TEAM_PASSWORD, type ScreensTeam } from './support/screens-team';

const baseUrl = inject('e2eBaseUrl');

describe('offline is a calm, normal state', () => {
  let team: ScreensTeam;
  let link: CuttableLink;
  let context: BrowserContext;
  let page: Page;
  let defaultState = '';
  const issuesPath = () => `/${team.slug}/projects/${team.projectId}/issues`;
  const row = (name: string) => page.locator('[data-testid="issue-row"]', { hasText: name });
  const chip = (name: string, property: string) => row(name).getByRole('button', { name: new RegExp(`^${property}:`) });
  /** What the header says about the connection: every indicator on screen, by its text. */
  const connectionIndicators = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.topbar [data-testid="live-status"], .topbar [data-testid="outbox-indicator"]')]
        .filter((element) => element.offsetWidth > 0 && element.offsetHeight > 0)
        .map((element) => element.textContent?.trim() ?? ''),
    );
  const title = () => page.locator('.topbar-title');
  const errorToasts = () => page.getByText(/could not be loaded|Something went wrong/);

  beforeAll(async () => {
    team = await buildScreensTeam(baseUrl, 'calm', 'CLM');
    const states = (await api<{ id: string; name: string; default: boolean }[]>(team.setup, 'GET', `${team.projectPath}/states/`)).body;
    defaultState = states.find((state) => state.default)!.name;
    for (const name of ['Calm one', 'Calm two', 'Calm three', 'Calm four']) await createIssue(team, { name });
    link = await cuttableLink(baseUrl);
    context = await launchContext(link.url, { viewport: { width: 1024, height: 768 } });
    page = await firstPage(context);
    await signIn(page, team.alice.email, TEAM_PASSWORD);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([context?.close(), team?.setupContext.close()]);
    await link?.close();
  });

  afterEach(async () => {
    link?.restore();
    await context?.setOffline(false);
  });

  test('offline with four changes waiting: one indicator, a readable title; an issue made offline shows its default state and chosen priority; a reload offline shows the cached list without an error', async () => {
    await page.goto(issuesPath());
    await switchLayout(page, 'list');
    await row('Calm four').waitFor();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 }).toBe(true);
    // A second visit online, read through the worker (it keeps every answer the app starts from).
    await page.reload();
    await row('Calm four').waitFor({ timeout: 30_000 });
    const startReads = ['/api/users/me/', '/api/users/me/workspaces/', `/api/workspaces/${team.slug}/projects/details/`, `${team.projectPath}/states/`, `${team.projectPath}/issue-labels/`, `${team.projectPath}/members/`];
    await waitUntilKept(page, startReads);
    const onlineTitle = (await title().textContent())?.trim() ?? '';
    expect(onlineTitle.length).toBeGreaterThan(2);

    link.cut();
    await context.setOffline(true);
    for (const name of ['Calm one', 'Calm two', 'Calm three', 'Calm four']) {
      await row(name).hover();
      await chip(name, 'Priority').click();
      await page.locator('.picker-content').getByRole('option', { name: 'High' }).click();
    }
    await expect.poll(() => byTestId(page, 'outbox-indicator').getAttribute('data-waiting'), { timeout: 15_000 }).toBe('4');
    // The live socket has noticed by now too (it was the second indicator, "Reconnecting…").
    await page.waitForTimeout(3000);
    const shown = await connectionIndicators();
    expect(shown, shown.join(' | ')).toHaveLength(1);
    expect(shown[0]).toMatch(/Offline/);
    expect(shown[0]).not.toMatch(/Reconnecting/);
    // The title keeps its words (it was squeezed to ",").
    expect((await title().textContent())?.trim()).toBe(onlineTitle);
    expect(await title().evaluate((element) => element.scrollWidth <= element.clientWidth + 1 && element.clientWidth >= 120)).toBe(true);

    // A new issue made offline in the create dialog, with a priority chosen and the state left to
    // the project's default: it shows both at once.
    await page.locator('body').click({ position: { x: 600, y: 10 } });
    await page.keyboard.press('c');
    const dialog = byTestId(page, 'create-issue-modal');
    await dialog.waitFor();
    await byTestId(page, 'create-issue-name').fill('Made while offline');
    await byTestId(page, 'create-issue-priority').click();
    await page.locator('.picker-content').getByRole('option', { name: 'Urgent' }).click();
    await byTestId(page, 'create-issue-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await row('Made while offline').waitFor();
    const made = async () => ({
      state: await chip('Made while offline', 'State').getAttribute('aria-label'),
      priority: await chip('Made while offline', 'Priority').getAttribute('aria-label'),
      text: (await row('Made while offline').textContent()) ?? '',
    });
    const offlineIssue = await made();
    expect(offlineIssue.state).toBe(`State: ${defaultState}`);
    expect(offlineIssue.priority).toMatch(/Urgent/);
    expect(offlineIssue.text).not.toMatch(/No State/);
    await screenshot(page, 'offline-calm-waiting');

    // Reload while offline: the cached list, the changes still waiting, no error toast — even for
    // a read the worker has no copy of (here the sidebar's favourites, dropped from its copy):
    // offline, a read that cannot be made is expected, and the indicator already says why.
    const dropped = await page.evaluate(async () => {
      const cache = await caches.open('trellis-api-1');
      const favourites = (await cache.keys()).filter((request) => new URL(request.url).pathname.endsWith('/user-favorites/'));
      await Promise.all(favourites.map((request) => cache.delete(request)));
      return favourites.length;
    });
    expect(dropped).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    await page.reload();
    await row('Calm four').waitFor({ timeout: 30_000 });
    await row('Made while offline').waitFor({ timeout: 30_000 });
    await expect.poll(() => byTestId(page, 'outbox-indicator').getAttribute('data-waiting'), { timeout: 15_000 }).toBe('5');
    await page.waitForTimeout(3000);
    expect(await errorToasts().count()).toBe(0);
    const reloaded = await connectionIndicators();
    expect(reloaded, reloaded.join(' | ')).toHaveLength(1);
    expect(await title().evaluate((element) => element.scrollWidth <= element.clientWidth + 1 && element.clientWidth >= 120)).toBe(true);
    expect((await made()).state).toBe(`State: ${defaultState}`);
    await screenshot(page, 'offline-calm-reloaded');

    // Back online everything lands and the indicator goes.
    link.restore();
    await context.setOffline(false);
    await expect.poll(() => byTestId(page, 'outbox-indicator').count(), { timeout: 60_000 }).toBe(0);
    const landed = (await api<{ name: string; priority: string; state_id: string }[] | { results: { name: string; priority: string }[] }>(team.setup, 'GET', `${team.projectPath}/issues/?per_page=100`)).body;
    const rows = Array.isArray(landed) ? landed : landed.results;
    expect(rows.find((issue) => issue.name === 'Made while offline')?.priority).toBe('urgent');
  }, 240_000);
});
