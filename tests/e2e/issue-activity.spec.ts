// The issue activity feed as two teammates see it, in Debian's Chromium: Alice opens an issue from
// a link in a fresh browser; Bob, in his own browser, removes her as assignee, moves the state,
// rewrites the description and comments. Alice's open detail (and later her peek) shows each row
// as it happens — names instead of ids, no HTML, and a relative time that moves on with the clock.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { firstPage, launchContext, screenshot, trackPageErrors } from './support/browser';
import { api, setUpInstance, signUp } from './support/team';

const baseUrl = inject('e2eBaseUrl');
const stamp = Date.now().toString(36);
const slug = `activity-${stamp}`;
const password = 'Trellis-e2e-passphrase-47';
const alice = { email: `act-alice-${stamp}@example.com`, first_name: 'Alice' };
const bob = { email: `act-bob-${stamp}@example.com`, first_name: 'Bob' };

const byTestId = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`);

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
    await setUpInstance(baseUrl, `act-admin-${stamp}@example.com`);
    bobContext = await launchContext(baseUrl);
    bobPage = await firstPage(bobContext);
    // Alice's browser is fresh: her first visit to Trellis is the link to the issue, below.
    aliceContext = await launchContext(baseUrl);
    alicePage = await firstPage(aliceContext);
    errors = trackPageErrors(alicePage);
    await signUp(alicePage, alice, password);
    await signUp(bobPage, bob, password);
    expect((await api(alicePage, 'POST', '/api/workspaces/', { name: 'Activity Team', slug })).status).toBe(201);
    expect((await api(alicePage, 'POST', `/api/workspaces/${slug}/invitations/`, { emails: [{ email: bob.email, role: 15 }] })).status).toBeLessThan(300);
    const invitations = await api<{ id: string }[]>(bobPage, 'GET', '/api/users/me/workspaces/invitations/');
    expect((await api(bobPage, 'POST', '/api/users/me/workspaces/invitations/', { invitations: invitations.body.map((row) => row.id) })).status).toBeLessThan(300);
    const project = await api<{ id: string }>(alicePage, 'POST', `/api/workspaces/${slug}/projects/`, { name: 'Lunar Survey', identifier: 'LS' });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    projectId = project.body.id;
    const me = (await api<{ id: string; display_name: string }>(alicePage, 'GET', '/api/users/me/')).body;
    const bobUser = (await api<{ id: string; display_name: string }>(bobPage, 'GET', '/api/users/me/')).body;
    aliceName = me.display_name;
    bobName = bobUser.display_name;
    expect((await api(alicePage, 'POST', `/api/workspaces/${slug}/projects/${projectId}/members/`, { members: [{ member_id: bobUser.id, role: 15 }] })).status).toBeLessThan(300);
    const issue = await api<{ id: string }>(alicePage, 'POST', `/api/workspaces/${slug}/projects/${projectId}/issues/`, { name: 'Map the crater rim', assignee_ids: [me.id], description_html: '<p>First pass</p>' });
    expect(issue.status, JSON.stringify(issue.body)).toBe(201);
    issueId = issue.body.id;
    await aliceContext.close();
    // A new context for Alice: nothing cached, signed in through the form as a person would be.
    aliceContext = await launchContext(baseUrl);
    alicePage = await firstPage(aliceContext);
    errors = trackPageErrors(alicePage);
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
