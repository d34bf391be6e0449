// Issue #12 "an error state with retry per screen", for the issue peek: when the issue fails to
// load for a reason that may pass (a 500), the peek shows the error notice with Retry, and Retry
// loads it once the server answers; an issue that does not exist still says "not found", with no
// Retry. The peeked issue is archived, so the list under the peek does not already hold it.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Route } from 'playwright-core';
import { screenshot } from './support/browser';
import { byTestId, freshVisit, type FreshVisit } from './support/fresh';
import { buildScreensTeam, createIssue, TEAM_PASSWORD, type ScreensTeam } from './support/screens-team';
import { api } from './support/team';

const baseUrl = inject('e2eBaseUrl');

describe('the issue peek when the issue fails to load', () => {
  let team: ScreensTeam;
  const visits: FreshVisit[] = [];
  // No service worker: the failing answer below is a page route, which the worker would bypass.
  const visit = async (path: string) => {
    const opened = await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, path, { serviceWorkers: 'block' });
    visits.push(opened);
    return opened;
  };
  const peekPath = (issueId: string) => `/${team.slug}/projects/${team.projectId}/issues?peekId=${issueId}`;

  beforeAll(async () => {
    team = await buildScreensTeam(baseUrl, 'peek', 'PEK');
  });

  afterAll(async () => {
    await Promise.all([team?.setupContext.close(), ...visits.map((opened) => opened.context.close())]);
  });

  test('a server error shows Retry, and Retry loads the issue once the server answers', async () => {
    const states = (await api<{ id: string; name: string }[]>(team.setup, 'GET', `${team.projectPath}/states/`)).body;
    const issueId = await createIssue(team, { name: 'Polish the brass', state_id: states.find((row) => row.name === 'Done')!.id });
    expect((await api(team.setup, 'POST', `${team.projectPath}/issues/${issueId}/archive/`, {})).status).toBeLessThan(300);

    const { page, errors } = await visit('/');
    let failing = true;
    let refused = 0;
    // Only the issue itself (its comments, activity… are other paths).
    await page.route(new RegExp(`/issues/${issueId}/(\\?.*)?$`), async (route: Route) => {
      if (!failing || route.request().method() !== 'GET') return route.continue();
      refused++;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'boom' }) });
    });
    await page.goto(peekPath(issueId));
    const peek = byTestId(page, 'issue-peek');
    await peek.locator('[data-testid="error-notice"]').waitFor({ timeout: 30_000 });
    expect(refused).toBeGreaterThan(0);
    expect(await byTestId(page, 'issue-peek-error').count()).toBe(0);
    await screenshot(page, 'issue-peek-error');

    failing = false;
    await peek.locator('[data-testid="error-retry"]').click();
    await peek.locator('[data-testid="issue-detail"]').waitFor({ timeout: 30_000 });
    expect(await peek.locator('[data-testid="issue-title-input"]').inputValue()).toBe('Polish the brass');
    expect(await peek.locator('[data-testid="error-notice"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('an issue that does not exist says not found, with no Retry', async () => {
    const { page } = await visit('/');
    await page.goto(peekPath('00000000-0000-4000-8000-000000000000'));
    const peek = byTestId(page, 'issue-peek');
    await peek.locator('[data-testid="issue-peek-error"]').waitFor({ timeout: 30_000 });
    expect(await peek.locator('[data-testid="error-retry"]').count()).toBe(0);
  });
});
