// Issue #11 item 6: a screen's data loads in its route loader, and a failed load shows the
// screen's own error notice (the app shell stays) instead of an empty screen; its Retry runs the
// loader again. One endpoint answers 500 until the test lets it through, then Retry heals.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Route } from 'playwright-core';
import { screenshot } from './support/browser';
import { byTestId, freshVisit, type FreshVisit } from './support/fresh';
import { buildScreensTeam, createIssue, TEAM_PASSWORD, type ScreensTeam } from './support/screens-team';

const baseUrl = inject('e2eBaseUrl');

describe('a screen whose loader fails', () => {
  let team: ScreensTeam;
  let visit: FreshVisit | undefined;
  let listVisit: FreshVisit | undefined;

  beforeAll(async () => {
    team = await buildScreensTeam(baseUrl, 'loaders', 'LDR');
  });

  afterAll(async () => {
    await visit?.context.close();
    await listVisit?.context.close();
    await team?.setupContext.close();
  });

  test('shows its error inside the app shell, and Retry loads it once the server answers', async () => {
    // No service worker: the failing states answer below is a page route, which the worker would bypass.
    visit = await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, '/', { serviceWorkers: 'block' });
    const { page, errors } = visit;
    let failing = true;
    let refused = 0;
    // The project's states: one of the loads every project screen's loader waits for.
    await page.route(`**${team.projectPath}/states/`, async (route: Route) => {
      if (!failing) return route.continue();
      refused++;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'boom' }) });
    });

    await page.goto(`/${team.slug}/projects/${team.projectId}/issues`);
    const notice = byTestId(page, 'screen-error');
    await notice.waitFor({ timeout: 30_000 });
    expect(refused).toBeGreaterThan(0);
    // Only the screen failed: the sidebar still offers the way out, the screen's content is absent.
    expect(await byTestId(page, 'nav-projects').isVisible()).toBe(true);
    expect(await byTestId(page, 'new-issue').count()).toBe(0);
    expect(await byTestId(page, 'error-notice').getAttribute('data-kind')).toBe('error');
    await screenshot(page, 'route-loader-error');

    failing = false;
    await byTestId(page, 'error-retry').click();
    await byTestId(page, 'new-issue').waitFor({ timeout: 30_000 });
    expect(await notice.count()).toBe(0);
    expect(page.url()).toContain(`/${team.slug}/projects/${team.projectId}/issues`);
    expect(errors).toEqual([]);
  });

  test("an issue list whose issues fail to load shows the screen's error with Retry, not an empty list", async () => {
    await createIssue(team, { name: 'Wax the wings' });
    listVisit = await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, '/', { serviceWorkers: 'block' });
    const { page, errors } = listVisit;
    let failing = true;
    // The list's page of issues and the local cache's sync (v2/issues/), the two ways rows arrive.
    const issueReads = (url: URL) => url.pathname === `${team.projectPath}/issues/` || url.pathname === `${team.projectPath}/v2/issues/`;
    await page.route(issueReads, async (route: Route) => {
      if (!failing || route.request().method() !== 'GET') return route.continue();
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'boom' }) });
    });

    await page.goto(`/${team.slug}/projects/${team.projectId}/issues`);
    const notice = page.locator('.issue-list-view [data-testid="error-notice"]');
    await notice.waitFor({ timeout: 30_000 });
    // The toolbar and the shell stay; the list does not pretend there are no issues.
    expect(await byTestId(page, 'new-issue').isVisible()).toBe(true);
    expect(await page.getByText('No issues', { exact: false }).count()).toBe(0);
    await screenshot(page, 'issue-list-load-error');

    failing = false;
    await notice.locator('[data-testid="error-retry"]').click();
    await page.locator('[data-testid="issue-row"]', { hasText: 'Wax the wings' }).waitFor({ timeout: 30_000 });
    expect(await notice.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test("a reload of a project screen asks for the project's names once it knows who is signed in, not after the whole session", async () => {
    const early = await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, '/', { serviceWorkers: 'block' });
    try {
      const { page, errors } = early;
      // The settings answer (the route guard waits for it) is held back; `users/me/` is not.
      let settingsAnsweredAt = 0;
      await page.route('**/api/users/me/settings/', async (route: Route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        settingsAnsweredAt = Date.now();
        await route.continue();
      });
      const statesAskedAt: number[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === `${team.projectPath}/states/`) statesAskedAt.push(Date.now());
      });
      await page.goto(`/${team.slug}/projects/${team.projectId}/issues`);
      await byTestId(page, 'new-issue').waitFor({ timeout: 30_000 });
      expect(settingsAnsweredAt).toBeGreaterThan(0);
      expect(statesAskedAt.length).toBeGreaterThan(0);
      // Asked while the session was still being read, and not asked a second time by the loader.
      expect(statesAskedAt[0]).toBeLessThan(settingsAnsweredAt);
      expect(statesAskedAt).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await early.context.close();
    }
  });

  test("a reload of a project screen shows its issues from this browser's copy before the server has answered", async () => {
    await createIssue(team, { name: 'Remembered rows' });
    const warm = await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, '/', { serviceWorkers: 'block' });
    try {
      const { page, errors } = warm;
      const listUrl = `/${team.slug}/projects/${team.projectId}/issues`;
      const row = page.locator('[data-testid="issue-row"]', { hasText: 'Remembered rows' });
      await page.goto(listUrl);
      await row.waitFor({ timeout: 30_000 });
      // The copy is written once every read has answered; give it a moment to land.
      await page.waitForTimeout(1500);

      // Now the project's names answer only after 3 s: the screen must not wait for them.
      let namesAnsweredAt = 0;
      const slowNames = (url: URL) => [`${team.projectPath}/states/`, `${team.projectPath}/issue-labels/`, `${team.projectPath}/estimates/`].includes(url.pathname);
      await page.route(slowNames, async (route: Route) => {
        await new Promise((resolve) => setTimeout(resolve, 3000));
        namesAnsweredAt = Date.now();
        await route.continue();
      });
      await page.reload();
      await row.waitFor({ timeout: 30_000 });
      const rowShownAt = Date.now();
      expect(namesAnsweredAt === 0 || rowShownAt < namesAnsweredAt).toBe(true);
      // The row shows its state by name from the remembered states, not an unknown one.
      const stateName = await row.locator('[data-testid="state-select"]').first().getAttribute('title');
      expect(stateName).toBeTruthy();
      expect(stateName).not.toBe('…');
      // And the answers, when they come, are taken in without an error.
      await expect.poll(() => namesAnsweredAt, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await warm.context.close();
    }
  });
});
