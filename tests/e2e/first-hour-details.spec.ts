// Issue #26, the details of a team's first hour, each seen from a fresh browser context: complete
// notification sentences (values included, zh-CN in Chinese) and an All tab that holds the
// mention the bell counts; the subscribe button keeps "Unsubscribe" after a link is added; a
// member is never offered "Create label" (an admin is); a quick-added issue shows in the list's
// order; a signed-out page load logs no console error. One team is built for the whole file.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type OwnBrowser } from './support/browser';
import { byTestId, freshVisit, type FreshVisit } from './support/fresh';
import { addIssue, api, buildTeam, teamNames, TEAM_PASSWORD, type Team } from './support/team';

const baseUrl = inject('e2eBaseUrl');
const names = teamNames('hour', 'hour');
const { slug } = names;

describe('a team\'s first hour, in detail', () => {
  let team: Team;
  const visits: FreshVisit[] = [];
  const visit = async (person: { email: string }, path: string, options: Parameters<typeof freshVisit>[4] = {}) => {
    const opened = await freshVisit(baseUrl, person, TEAM_PASSWORD, path, options);
    visits.push(opened);
    return opened;
  };
  const issuePage = (issueId: string) => `/${slug}/projects/${team.projectId}/issues/${issueId}`;

  beforeAll(async () => {
    team = await buildTeam(baseUrl, names, { workspace: 'First Hour', project: { name: 'Apollo Launch', identifier: 'AL' } });
  });

  afterAll(async () => {
    await Promise.all([...visits.map((opened) => opened.context.close()), team?.alice.context.close(), team?.bob.context.close()]);
  });

  test('notifications say what changed, values included, and All holds the mention the bell counts', async () => {
    const alice = team.alice.page;
    const parentId = await addIssue(alice, team.projectPath, { name: 'Fuel system' });
    const blockerId = await addIssue(alice, team.projectPath, { name: 'Order valves' });
    const issueId = await addIssue(alice, team.projectPath, { name: 'Pressure test', assignee_ids: [team.bob.user.id] });
    const path = `${team.projectPath}/issues/${issueId}`;
    expect((await api(alice, 'PATCH', `${path}/`, { target_date: '2026-03-04' })).status).toBe(200);
    expect((await api(alice, 'PATCH', `${path}/`, { parent_id: parentId })).status).toBe(200);
    expect((await api(alice, 'POST', `${path}/issue-relation/`, { relation_type: 'blocked_by', issues: [blockerId] })).status).toBeLessThan(300);
    const mention = `<p>over to you <mention-component entity_name="user_mention" entity_identifier="${team.bob.user.id}"></mention-component></p>`;
    expect((await api(alice, 'POST', `${path}/comments/`, { comment_html: mention })).status).toBe(201);

    const { page } = await visit(names.bob, `/${slug}/notifications`);
    const rows = byTestId(page, 'notification-row');
    await page.locator('[data-testid="notification-row"]', { hasText: 'mentioned you in a comment' }).waitFor({ timeout: 30_000 });
    const texts = async () => (await rows.allInnerTexts()).join('\n');
    const all = await texts();
    // The actor is Alice by her display name; the sentence after it is what matters here.
    expect(all).toContain('set the due date to Mar 4, 2026');
    expect(all).toContain('set the parent to AL-1');
    expect(all).toContain('marked the issue as blocked by AL-2');
    expect(all).not.toMatch(/blocked_by|updated the target date to\s*$|updated the parent issue to\s*$/m);
    await screenshot(page, 'first-hour-notifications-en');

    // The same notifications in Chinese once Bob's language is zh-CN.
    expect((await api(page, 'PATCH', '/api/users/me/profile/', { language: 'zh-CN' })).status).toBe(200);
    await page.reload();
    await page.locator('[data-testid="notification-row"]', { hasText: '在评论中提到了你' }).waitFor({ timeout: 30_000 });
    const chinese = await texts();
    expect(chinese).toContain('将截止日期设为 2026年3月4日');
    expect(chinese).toContain('将父工作项设为 AL-1');
    expect(chinese).toContain('将工作项标记为被阻塞于 AL-2');
    expect(chinese).not.toMatch(/updated|set the|blocked_by/);
    await screenshot(page, 'first-hour-notifications-zh-CN');
    expect((await api(page, 'PATCH', '/api/users/me/profile/', { language: 'en' })).status).toBe(200);
  });

  test('the subscribe button keeps "Unsubscribe" after adding a link', async () => {
    const issueId = await addIssue(team.alice.page, team.projectPath, { name: 'Link the launch checklist' });
    const { page } = await visit(names.alice, issuePage(issueId));
    const toggle = byTestId(page, 'subscribe-toggle');
    await expect.poll(() => toggle.innerText(), { timeout: 30_000 }).toBe('Unsubscribe');
    await byTestId(page, 'link-input').fill('https://example.com/checklist');
    await byTestId(page, 'link-input').press('Enter');
    await byTestId(page, 'links-widget').getByRole('link', { name: 'https://example.com/checklist' }).waitFor();
    // The link's activity and the issue's live change arrive; the server still says subscribed.
    await page.locator('[data-testid="issue-detail"]', { hasText: 'added the link https://example.com/checklist' }).waitFor({ timeout: 30_000 });
    const subscribed = await api<{ subscribed: boolean }>(page, 'GET', `${team.projectPath}/issues/${issueId}/subscribe/`);
    expect(subscribed.body.subscribed).toBe(true);
    expect(await toggle.innerText()).toBe('Unsubscribe');
  });

  test('a member is not offered "Create label" nor the estimate choice; an admin is', async () => {
    const issueId = await addIssue(team.alice.page, team.projectPath, { name: 'Label the valves' });
    const typeNewLabel = async (page: Page) => {
      await byTestId(page, 'label-select').click();
      await page.locator('.picker-content').getByRole('combobox').fill('Cryogenics');
    };
    const member = await visit(names.bob, issuePage(issueId));
    await typeNewLabel(member.page);
    await member.page.locator('.picker-content .picker-empty').waitFor();
    expect(await member.page.locator('.picker-content .picker-create').count()).toBe(0);
    await screenshot(member.page, 'first-hour-member-label-picker');
    // Project settings say why instead of offering the form.
    await member.page.goto(`/${slug}/projects/${team.projectId}/settings?tab=labels`);
    await byTestId(member.page, 'labels-admin-only').waitFor();
    expect(await byTestId(member.page, 'add-label').count()).toBe(0);
    // Choosing the project's estimate edits the project (a project admin's): not offered either.
    await member.page.goto(`/${slug}/projects/${team.projectId}/settings?tab=estimates`);
    await byTestId(member.page, 'estimates-admin-only').waitFor();
    expect(await member.page.locator('[data-testid^="estimate-use-"]').count()).toBe(0);

    const admin = await visit(names.alice, issuePage(issueId));
    await typeNewLabel(admin.page);
    await admin.page.locator('.picker-content .picker-create', { hasText: 'Cryogenics' }).waitFor();
    await admin.page.goto(`/${slug}/projects/${team.projectId}/settings?tab=labels`);
    await byTestId(admin.page, 'add-label').waitFor();
    expect(await byTestId(admin.page, 'labels-admin-only').count()).toBe(0);
    await admin.page.goto(`/${slug}/projects/${team.projectId}/settings?tab=estimates`);
    await byTestId(admin.page, 'project-settings').locator('form.inline-form').waitFor();
    expect(await byTestId(admin.page, 'estimates-admin-only').count()).toBe(0);
    expect(member.errors).toEqual([]);
  });

  test('quick-added issues show in the list\'s order: AL-n+1 below AL-n', async () => {
    const { page } = await visit(names.alice, `/${slug}/projects/${team.projectId}/issues`);
    await byTestId(page, 'list-layout').waitFor();
    const order = async () => (await page.locator('[data-testid="issue-row"]').allInnerTexts()).map((text) => /Countdown \d/.exec(text)?.[0]).filter(Boolean);
    for (const name of ['Countdown 1', 'Countdown 2']) {
      if (!(await byTestId(page, 'quick-add-input').count())) await byTestId(page, 'quick-add').first().click();
      await byTestId(page, 'quick-add-input').fill(name);
      await byTestId(page, 'quick-add-input').press('Enter');
      await page.locator('[data-testid="issue-row"]', { hasText: name }).waitFor();
      // Right away (the row still pending) and once the server has it, the new issue is last.
      expect((await order()).at(-1)).toBe(name);
    }
    await expect.poll(() => page.locator('[data-testid="issue-row"].issue-row-pending').count(), { timeout: 15_000 }).toBe(0);
    expect(await order()).toEqual(['Countdown 1', 'Countdown 2']);
    await page.reload();
    await page.locator('[data-testid="issue-row"]', { hasText: 'Countdown 2' }).waitFor();
    expect(await order()).toEqual(['Countdown 1', 'Countdown 2']);
  });
});

describe('signed out', () => {
  let browser: OwnBrowser | undefined;
  afterAll(async () => {
    await browser?.context.close();
  });

  test('the sign-in page loads without one console error (no request answers 401)', async () => {
    browser = await openBrowser(baseUrl);
    const { page } = browser;
    const consoleErrors: string[] = [];
    const unauthorized: string[] = [];
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    page.on('response', (response) => response.status() === 401 && unauthorized.push(response.url()));
    for (let load = 0; load < 2; load++) {
      await (load === 0 ? page.goto('/') : page.reload());
      await byTestId(page, 'email-input').waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(unauthorized).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(browser.errors).toEqual([]);
  });
});
