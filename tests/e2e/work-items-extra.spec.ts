// More of the work-items client as a team meets it, in Debian's Chromium: a comment that mentions a
// teammate (who is then subscribed), an attachment uploaded through the widget and downloaded
// byte for byte, and a person who goes offline and comes back to see a teammate's change live.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { byTestId } from './support/fresh';
import { addIssue, api, buildTeam, teamNames, type Me } from './support/team';

const baseUrl = inject('e2eBaseUrl');
const names = teamNames('wx', 'extra');
const { slug } = names;

describe('work items in Chromium: mentions, attachments, offline and back', () => {
  let aliceContext: BrowserContext;
  let bobContext: BrowserContext;
  let alicePage: Page;
  let bobPage: Page;
  let projectId = '';
  let bobUser: Me = { id: '', display_name: '' };
  const issueIds: Record<string, string> = {};
  let errors: string[] = [];
  const issuePath = (name: string) => `/api/workspaces/${slug}/projects/${projectId}/issues/${issueIds[name]}/`;

  beforeAll(async () => {
    const team = await buildTeam(baseUrl, names, { workspace: 'Extra Team', project: { name: 'Gemini Relay', identifier: 'GR' } });
    ({ context: aliceContext, page: alicePage, errors } = team.alice);
    ({ context: bobContext, page: bobPage, user: bobUser } = team.bob);
    projectId = team.projectId;
    for (const name of ['Check the antenna', 'Pack the payload', 'Calibrate the relay']) issueIds[name] = await addIssue(alicePage, team.projectPath, { name });
  });

  afterAll(async () => {
    await Promise.all([aliceContext?.close(), bobContext?.close()]);
  });

  test('a comment that mentions a teammate shows the mention and subscribes them', async () => {
    const page = alicePage;
    await page.goto(`/${slug}/projects/${projectId}/issues/${issueIds['Check the antenna']}`);
    await byTestId(page, 'issue-detail').waitFor();
    // Type "@" and the start of Bob's name, then pick him from the suggestions.
    await byTestId(page, 'comment-input').fill('Please look at this @');
    await byTestId(page, 'comment-input').pressSequentially(bobUser.display_name.slice(0, 3));
    await page.locator('.mention-menu button', { hasText: `@${bobUser.display_name}` }).click();
    await byTestId(page, 'comment-input').pressSequentially('before launch');
    await expect.poll(() => byTestId(page, 'comment-input').inputValue()).toBe(`Please look at this @${bobUser.display_name} before launch`);
    await byTestId(page, 'comment-submit').click();
    const comment = page.locator('[data-testid="comment"]', { hasText: `@${bobUser.display_name} before launch` });
    await comment.waitFor();
    await expect.poll(async () => page.locator('[data-testid="comment"].issue-row-pending').count(), { timeout: 15_000 }).toBe(0);
    await screenshot(page, 'work-items-comment-mention');

    const comments = await api<{ comment_html: string }[] | { results: { comment_html: string }[] }>(page, 'GET', `${issuePath('Check the antenna')}comments/`);
    const rows = Array.isArray(comments.body) ? comments.body : comments.body.results;
    expect(rows.map((row) => row.comment_html).join('')).toContain(`entity_identifier="${bobUser.id}"`);
    // The server read the mention: Bob now follows the issue.
    await expect.poll(async () => (await api<{ subscribed: boolean }>(bobPage, 'GET', `${issuePath('Check the antenna')}subscribe/`)).body.subscribed, { timeout: 15_000 }).toBe(true);
  });

  test('uploads an attachment through the widget, lists it, and downloads the same bytes', async () => {
    const page = alicePage;
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 31 + 7) % 256));
    await byTestId(page, 'attachments-widget').waitFor();
    await byTestId(page, 'attachment-input').setInputFiles({ name: 'antenna-notes.bin', mimeType: 'application/octet-stream', buffer: bytes });
    const link = byTestId(page, 'attachments-widget').locator('a', { hasText: 'antenna-notes.bin' });
    await link.waitFor({ timeout: 15_000 });
    await screenshot(page, 'work-items-attachment');

    const listed = await api<{ id: string }[]>(page, 'GET', `${issuePath('Check the antenna')}issue-attachments/`);
    expect(listed.body).toHaveLength(1);
    const href = (await link.getAttribute('href'))!;
    expect(href).toContain(listed.body[0]!.id);
    // The context's request client carries the browser's cookies.
    const download = await aliceContext.request.get(new URL(href, baseUrl).toString());
    expect(download.status()).toBe(200);
    expect(Buffer.compare(await download.body(), bytes)).toBe(0);
    // Someone without the cookies gets nothing.
    expect((await fetch(new URL(href, baseUrl))).status).toBeGreaterThanOrEqual(400);
  });

  test('offline and back: the indicator says so and a teammate\'s change arrives without a reload', async () => {
    await alicePage.goto(`/${slug}/projects/${projectId}/issues`);
    await byTestId(alicePage, 'layout-list').click();
    await byTestId(alicePage, 'list-layout').waitFor();
    await alicePage.locator('[data-testid="issue-row"]', { hasText: 'Pack the payload' }).waitFor();
    await byTestId(alicePage, 'live-status').and(alicePage.locator('[data-state="connected"]')).waitFor({ timeout: 15_000 });
    await bobPage.goto(`/${slug}/projects/${projectId}/issues`);
    await byTestId(bobPage, 'list-layout').or(byTestId(bobPage, 'kanban-layout')).first().waitFor();
    // Marks the document: a reload would lose it.
    await alicePage.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    await aliceContext.setOffline(true);
    // One indicator says so (issue #26 item 10): the outbox's "Offline"; the live one steps aside.
    await byTestId(alicePage, 'outbox-offline').waitFor({ timeout: 10_000 });
    expect(await byTestId(alicePage, 'live-status').count()).toBe(0);
    await screenshot(alicePage, 'work-items-offline');
    expect((await api(bobPage, 'PATCH', issuePath('Pack the payload'), { name: 'Pack the payload twice' })).status).toBe(200);
    // Still offline: the change cannot have reached Alice yet.
    await alicePage.waitForTimeout(1_000);
    expect(await alicePage.locator('[data-testid="issue-row"]', { hasText: 'Pack the payload twice' }).count()).toBe(0);

    await aliceContext.setOffline(false);
    await byTestId(alicePage, 'live-status').and(alicePage.locator('[data-state="connected"]')).waitFor({ timeout: 20_000 });
    await alicePage.locator('[data-testid="issue-row"]', { hasText: 'Pack the payload twice' }).waitFor({ timeout: 15_000 });
    expect(await alicePage.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await screenshot(alicePage, 'work-items-back-online');
    // Edits made while offline are not queued by the client (they roll back with a toast), so
    // there is no offline edit to replay here.
    expect(errors).toEqual([]);
  });
});
