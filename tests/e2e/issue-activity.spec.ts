// The issue activity feed as two teammates see it, in Debian's Chromium: Alice opens an issue from
// a link in a fresh browser; Bob, in his own browser, removes her as assignee, moves the state,
// rewrites the description and comments. Alice's open detail (and later her peek) shows each row
// as it happens — names instead of ids, no HTML, and a relative time that moves on with the clock.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openBrowser, screenshot } from './support/browser';
import { byTestId } from './support/fresh';
import { addIssue, api, buildTeam, TEAM_PASSWORD as password, teamNames } from './support/team';

const baseUrl = inject('e2eBaseUrl');
const names = teamNames('act', 'activity');
const { slug, alice } = names;

describe('issue activity in Chromium: live rows with names and relative times', () => {
  let aliceContext: BrowserContext;
  let bobContext: BrowserContext;
  let alicePage: Page;
  let bobPage: Page;
  let projectId = '';
  let issueId = '';
  let aliceName = '';
  let bobName = '';
  let errors: string[] = [];
  const issueApi = () => `/api/workspaces/${slug}/projects/${projectId}/issues/${issueId}/`;

  beforeAll(async () => {
    const team = await buildTeam(baseUrl, names, { workspace: 'Activity Team', project: { name: 'Lunar Survey', identifier: 'LS' } });
    ({ context: bobContext, page: bobPage } = team.bob);
    aliceName = team.alice.user.display_name;
    bobName = team.bob.user.display_name;
    projectId = team.projectId;
    issueId = await addIssue(team.alice.page, team.projectPath, { name: 'Map the crater rim', assignee_ids: [team.alice.user.id], description_html: '<p>First pass</p>' });
    await team.alice.context.close();
    // A new context for Alice: nothing cached, signed in through the form as a person would be;
    // her first visit to Trellis in it is the link to the issue, below.
    ({ context: aliceContext, page: alicePage, errors } = await openBrowser(baseUrl));
    await alicePage.clock.install();
    await alicePage.goto('/');
    const answer = await api(alicePage, 'POST', '/auth/sign-in/', { email: alice.email, password });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  afterAll(async () => {
    await Promise.all([aliceContext?.close(), bobContext?.close()]);
  });

  const row = (page: Page, text: string) => page.locator('[data-testid="activity-row"]', { hasText: text });

  test("a teammate's changes appear in the open detail at once, readable and dated", async () => {
    const page = alicePage;
    await page.goto(`/${slug}/projects/${projectId}/issues/${issueId}`);
    await byTestId(page, 'issue-detail').waitFor();
    await row(page, `${aliceName} created the issue`).waitFor({ timeout: 15_000 });
    await byTestId(page, 'live-status').and(page.locator('[data-state="connected"]')).waitFor({ timeout: 15_000 });

    const states = await api<{ id: string; name: string; group: string }[]>(bobPage, 'GET', `/api/workspaces/${slug}/projects/${projectId}/states/`);
    const started = states.body.find((state) => state.group === 'started')!;
    expect((await api(bobPage, 'PATCH', issueApi(), { assignee_ids: [] })).status).toBeLessThan(300);
    expect((await api(bobPage, 'PATCH', issueApi(), { state_id: started.id })).status).toBeLessThan(300);
    expect((await api(bobPage, 'PATCH', issueApi(), { description_html: '<p>Second pass with <strong>ridge</strong> notes</p>' })).status).toBeLessThan(300);
    expect((await api(bobPage, 'POST', `${issueApi()}comments/`, { comment_html: '<p>Rim mapped on the north side</p>' })).status).toBe(201);

    const expected = [`${bobName} removed assignee ${aliceName}`, `${bobName} set the state to ${started.name}`, `${bobName} updated the description`];
    for (const text of expected) await row(page, text).waitFor({ timeout: 15_000 });
    await page.locator('[data-testid="comment"]', { hasText: 'Rim mapped on the north side' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'issue-activity-live');

    const timeline = await byTestId(page, 'activity-timeline').innerText();
    expect(timeline).not.toMatch(/<\/?[a-z]+[^>]*>/i);
    expect(timeline).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    for (const text of expected) {
      const time = row(page, text).locator('time');
      expect(await time.innerText()).toBe('now');
      expect(await time.getAttribute('title')).toMatch(/\d{4}/);
    }

    // The clock moves on; the rows say how long ago without a reload.
    await page.clock.fastForward('03:10');
    await expect.poll(() => row(page, `${bobName} removed assignee ${aliceName}`).locator('time').innerText(), { timeout: 15_000 }).toBe('3 minutes ago');
    expect(errors).toEqual([]);
  });

  test('the peek of the issue gets new rows live too', async () => {
    const page = alicePage;
    await page.goto(`/${slug}/projects/${projectId}/issues?peekId=${issueId}`);
    await byTestId(page, 'issue-peek').waitFor({ timeout: 15_000 });
    await row(byTestId(page, 'issue-peek').page(), `${bobName} updated the description`).waitFor({ timeout: 15_000 });
    await byTestId(page, 'live-status').and(page.locator('[data-state="connected"]')).waitFor({ timeout: 15_000 });
    expect((await api(bobPage, 'PATCH', issueApi(), { priority: 'high', target_date: '2026-03-07' })).status).toBeLessThan(300);
    const peek = byTestId(page, 'issue-peek');
    await peek.locator('[data-testid="activity-row"]', { hasText: `${bobName} set the priority to High` }).waitFor({ timeout: 15_000 });
    await peek.locator('[data-testid="activity-row"]', { hasText: `${bobName} set the due date to Mar 7, 2026` }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'issue-activity-peek');
    expect(errors).toEqual([]);
  });
});
