// The inbox as a new team meets it, in Chromium: Bob mentions Alice in a comment, Alice's bell
// badge goes up live, she opens the notification and lands on the issue; Alice triages intake
// requests (accept, snooze, duplicate) and Bob's board, open in a second browser, shows the
// accepted one without a reload.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { firstPage, launchContext, screenshot, trackPageErrors } from './support/browser';
import { api, setUpInstance, signUp } from './support/team';

const baseUrl = inject('e2eBaseUrl');
const stamp = Date.now().toString(36);
const slug = `inbox-${stamp}`;
const password = 'Trellis-e2e-passphrase-91';
const alice = { email: `ib-alice-${stamp}@example.com`, first_name: 'Alice' };
const bob = { email: `ib-bob-${stamp}@example.com`, first_name: 'Bob' };

const byTestId = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`);

describe('inbox in Chromium: mentions reach the bell, intake triage reaches the board', () => {
  let aliceContext: BrowserContext;
  let bobContext: BrowserContext;
  let alicePage: Page;
  let bobPage: Page;
  let projectId = '';
  let issueId = '';
  let aliceUser = { id: '', display_name: '' };
  let errors: string[] = [];
  const projectPath = () => `/api/workspaces/${slug}/projects/${projectId}/`;

  beforeAll(async () => {
    await setUpInstance(baseUrl, `ib-admin-${stamp}@example.com`);
    aliceContext = await launchContext(baseUrl);
    bobContext = await launchContext(baseUrl);
    alicePage = await firstPage(aliceContext);
    bobPage = await firstPage(bobContext);
    errors = trackPageErrors(alicePage);
    await signUp(alicePage, alice, password);
    await signUp(bobPage, bob, password);
    expect((await api(alicePage, 'POST', '/api/workspaces/', { name: 'Inbox Team', slug })).status).toBe(201);
    expect((await api(alicePage, 'POST', `/api/workspaces/${slug}/invitations/`, { emails: [{ email: bob.email, role: 15 }] })).status).toBeLessThan(300);
    const invitations = await api<{ id: string }[]>(bobPage, 'GET', '/api/users/me/workspaces/invitations/');
    expect((await api(bobPage, 'POST', '/api/users/me/workspaces/invitations/', { invitations: invitations.body.map((row) => row.id) })).status).toBeLessThan(300);
    const project = await api<{ id: string }>(alicePage, 'POST', `/api/workspaces/${slug}/projects/`, { name: 'Help Desk', identifier: 'HD', intake_view: true });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    projectId = project.body.id;
    aliceUser = (await api<{ id: string; display_name: string }>(alicePage, 'GET', '/api/users/me/')).body;
    const bobUser = (await api<{ id: string }>(bobPage, 'GET', '/api/users/me/')).body;
    expect((await api(alicePage, 'POST', `/api/workspaces/${slug}/projects/${projectId}/members/`, { members: [{ member_id: bobUser.id, role: 15 }] })).status).toBeLessThan(300);
    const created = await api<{ id: string }>(alicePage, 'POST', `${projectPath()}issues/`, { name: 'Printer jams on page two' });
    expect(created.status).toBe(201);
    issueId = created.body.id;
  });

  afterAll(async () => {
    await Promise.all([aliceContext?.close(), bobContext?.close()]);
  });

  test('Bob mentions Alice: her badge goes up live, the notification opens the issue', async () => {
    await alicePage.goto(`/${slug}/projects/${projectId}/issues`);
    await byTestId(alicePage, 'live-status').and(alicePage.locator('[data-state="connected"]')).waitFor({ timeout: 20_000 });
    await byTestId(alicePage, 'notifications-bell').waitFor();
    expect(await byTestId(alicePage, 'notifications-badge').count()).toBe(0);

    await bobPage.goto(`/${slug}/projects/${projectId}/issues/${issueId}`);
    await byTestId(bobPage, 'issue-detail').waitFor();
    await byTestId(bobPage, 'comment-input').fill('Can you check this @');
    await byTestId(bobPage, 'comment-input').pressSequentially(aliceUser.display_name.slice(0, 3));
    await bobPage.locator('.mention-menu button', { hasText: `@${aliceUser.display_name}` }).click();
    await byTestId(bobPage, 'comment-input').pressSequentially('today');
    await byTestId(bobPage, 'comment-submit').click();

    // Live: no reload on Alice's side.
    await expect.poll(async () => byTestId(alicePage, 'notifications-badge').textContent(), { timeout: 20_000 }).toBe('1');
    await screenshot(alicePage, 'inbox-bell-badge');
    await byTestId(alicePage, 'notifications-bell').click();
    await byTestId(alicePage, 'notifications-tab-mentions').click();
    const row = byTestId(alicePage, 'notification-row').first();
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('Printer jams on page two');
    await screenshot(alicePage, 'inbox-notifications-mentions');
    await row.locator('[data-testid="notification-open"]').click();
    await alicePage.waitForURL(new RegExp(`/issues/${issueId}`));
    await byTestId(alicePage, 'issue-detail').waitFor();
    await expect.poll(async () => byTestId(alicePage, 'notifications-badge').count(), { timeout: 15_000 }).toBe(0);
  });

  test('Alice triages intake: accept reaches Bob\'s board live; snooze and duplicate leave the open tab', async () => {
    const submit = async (name: string) => {
      const response = await api<{ issue: { id: string } }>(bobPage, 'POST', `${projectPath()}intake-issues/`, { issue: { name } });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.issue.id;
    };
    await submit('Coffee machine is leaking');
    await submit('Badge reader offline');
    await submit('Printer jams again');

    await bobPage.goto(`/${slug}/projects/${projectId}/issues`);
    await byTestId(bobPage, 'layout-list').click();
    await byTestId(bobPage, 'list-layout').waitFor();
    await byTestId(bobPage, 'live-status').and(bobPage.locator('[data-state="connected"]')).waitFor({ timeout: 20_000 });
    expect(await bobPage.locator('[data-testid="issue-row"]', { hasText: 'Coffee machine is leaking' }).count()).toBe(0);

    await alicePage.goto(`/${slug}/projects/${projectId}/intake`);
    const rowOf = (name: string) => alicePage.locator('[data-testid="intake-row"]', { hasText: name });
    await rowOf('Coffee machine is leaking').waitFor({ timeout: 15_000 });
    await screenshot(alicePage, 'inbox-intake-open');

    // Accept: the issue joins the project, and Bob's open board shows it without a reload.
    await rowOf('Coffee machine is leaking').locator('[data-testid="intake-open"]').click();
    await byTestId(alicePage, 'intake-detail-name').and(alicePage.locator(':text("Coffee machine is leaking")')).waitFor();
    await byTestId(alicePage, 'intake-accept').click();
    await bobPage.locator('[data-testid="issue-row"]', { hasText: 'Coffee machine is leaking' }).waitFor({ timeout: 20_000 });
    await expect.poll(async () => rowOf('Coffee machine is leaking').count(), { timeout: 10_000 }).toBe(0);

    // Snooze for a day: it leaves the pending list.
    await rowOf('Badge reader offline').locator('[data-testid="intake-open"]').click();
    await byTestId(alicePage, 'intake-detail-name').and(alicePage.locator(':text("Badge reader offline")')).waitFor();
    await byTestId(alicePage, 'intake-snooze').click();
    await byTestId(alicePage, 'menu-snooze-1d').click();
    await expect.poll(async () => rowOf('Badge reader offline').count(), { timeout: 10_000 }).toBe(0);

    // Duplicate of the issue from the first test, picked by name.
    await rowOf('Printer jams again').locator('[data-testid="intake-open"]').click();
    await byTestId(alicePage, 'intake-detail-name').and(alicePage.locator(':text("Printer jams again")')).waitFor();
    await byTestId(alicePage, 'intake-duplicate').click();
    await byTestId(alicePage, 'intake-duplicate-dialog').waitFor();
    await alicePage.locator('[data-testid="intake-duplicate-dialog"] [cmdk-item]', { hasText: 'Printer jams on page two' }).click();
    await expect.poll(async () => rowOf('Printer jams again').count(), { timeout: 10_000 }).toBe(0);
    await screenshot(alicePage, 'inbox-intake-triaged');

    // The rows leave the list at once (optimistic); the server's answer follows.
    const statuses = async () => {
      const closed = await api<{ results: Array<{ status: number; issue: { name: string } }> }>(alicePage, 'GET', `${projectPath()}intake-issues/?status=1,2,0`);
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      return Object.fromEntries(closed.body.results.map((row) => [row.issue.name, row.status]));
    };
    await expect.poll(statuses, { timeout: 10_000 }).toMatchObject({ 'Coffee machine is leaking': 1, 'Badge reader offline': 0, 'Printer jams again': 2 });
    expect(errors).toEqual([]);
  });
});
