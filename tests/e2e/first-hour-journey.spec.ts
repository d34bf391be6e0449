// Issue #26's proof: a team's first hour, each person from a fresh browser context on an instance
// that sends no mail, everything done on screen as people do it. The admin signs up and creates the
// workspace in onboarding, a project, and invites two teammates by copied links; each accepts,
// signs up, gives a name and lands in the workspace, and joins the project from the projects list;
// they mention each other and read the mention (with the rest of what changed) in notifications, in
// English and in Chinese; a teammate files an intake request and the admin triages it while the
// open count falls live; the admin plans a cycle, fills it and completes it. At 1024 px every list
// title stays readable.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type OwnBrowser } from './support/browser';
import { byTestId, switchLayout } from './support/fresh';
import { giveName, signUpOnScreen } from './support/onboarding';
import { startTrellis } from './support/server-process';
import { api, setUpInstance, TEAM_PASSWORD } from './support/team';

const stamp = Date.now().toString(36);
const slug = `fh-${stamp}`;
const email = (who: string) => `fh-${who}-${stamp}@example.com`;

async function landsInWorkspace(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === `/${slug}` || url.pathname.startsWith(`/${slug}/`));
  await byTestId(page, 'workspace-home').waitFor();
}

/** Picks the person whose display name starts with `name` in the open @mention list, by keyboard. */
async function mention(page: Page, name: string): Promise<void> {
  await byTestId(page, 'comment-input').pressSequentially(`@${name.slice(0, 4)}`);
  await page.locator('.mention-menu button', { hasText: `@${name}` }).first().waitFor();
  await page.keyboard.press('Enter');
}

describe("a team's first hour, from fresh browsers with mail off", () => {
  let server: { baseUrl: string; close: () => Promise<void> };
  let workDir = '';
  const browsers: OwnBrowser[] = [];
  let admin: OwnBrowser;
  let alice: OwnBrowser;
  let bob: OwnBrowser;
  let projectId = '';
  const links: Record<string, string> = {};
  const names: Record<string, string> = {};
  const projectUrl = () => `/${slug}/projects/${projectId}`;
  const apiPath = () => `/api/workspaces/${slug}/projects/${projectId}`;

  const open = async (viewport = { width: 1440, height: 900 }) => {
    const browser = await openBrowser(server.baseUrl, { viewport });
    browsers.push(browser);
    return browser;
  };

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'trellis-e2e-first-hour-'));
    // No SMTP_HOST: invitations are shared as links, sign-in is by password.
    server = await startTrellis(workDir);
    await setUpInstance(server.baseUrl, email('root'));
  });

  afterAll(async () => {
    await Promise.all(browsers.map((browser) => browser.context.close()));
    await server?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  test('the admin signs up, creates the workspace in onboarding and a project, and invites two teammates by copied links', async () => {
    admin = await open();
    const { page } = admin;
    await page.goto('/');
    await signUpOnScreen(page, email('admin'));
    await giveName(page, 'Ada');
    await byTestId(page, 'workspace-form').waitFor();
    await byTestId(page, 'workspace-name-input').fill('First Hour Co');
    await byTestId(page, 'workspace-slug-input').fill(slug);
    await expect.poll(() => byTestId(page, 'workspace-slug-status').getAttribute('data-status')).toBe('available');
    await byTestId(page, 'create-workspace-button').click();
    await byTestId(page, 'invite-form').waitFor();
    await byTestId(page, 'skip-button').click();
    await landsInWorkspace(page);

    await page.goto(`/${slug}/projects`);
    await byTestId(page, 'new-project').click();
    await byTestId(page, 'project-name').fill('Launch Pad');
    await byTestId(page, 'create-project-submit').click();
    await page.waitForURL(/\/projects\/[0-9a-f-]+\/issues/);
    projectId = /projects\/([0-9a-f-]+)\/issues/.exec(page.url())![1]!;

    for (const who of ['alice', 'bob']) {
      await page.goto(`/${slug}/settings/members`);
      await byTestId(page, 'invite-members-button').click();
      await byTestId(page, 'invite-email-input').first().fill(email(who));
      await byTestId(page, 'invite-submit-button').click();
      const row = page.locator('[data-testid="invite-link-row"]', { hasText: email(who) });
      await row.waitFor();
      links[who] = await row.locator('[data-testid="invite-link"]').inputValue();
      await page.keyboard.press('Escape');
    }
    expect(links.alice).not.toBe(links.bob);
    expect(admin.errors).toEqual([]);
  }, 180_000);

  test('each teammate opens the link, accepts, signs up, gives only a name, lands in the workspace and joins the project', async () => {
    for (const [who, firstName] of [['alice', 'Alice'], ['bob', 'Bob']] as const) {
      const browser = await open();
      const { page } = browser;
      await page.goto(links[who]!);
      await byTestId(page, 'accept-invitation-button').click();
      await byTestId(page, 'invitation-accepted').waitFor();
      await page.getByRole('link', { name: 'Continue' }).click();
      await signUpOnScreen(page, email(who));
      await giveName(page, firstName);
      await landsInWorkspace(page);
      await page.goto(`/${slug}/projects`);
      await byTestId(page, 'join-project').first().click();
      await expect.poll(async () => (await api<Array<{ id: string }>>(page, 'GET', `/api/workspaces/${slug}/projects/`)).body.some((project) => project.id === projectId && 'is_member' in project && (project as { is_member?: boolean }).is_member === true), { timeout: 15_000 }).toBe(true);
      names[who] = (await api<{ display_name: string }>(page, 'GET', '/api/users/me/')).body.display_name;
      if (who === 'alice') alice = browser;
      else bob = browser;
      expect(browser.errors).toEqual([]);
    }
  }, 180_000);

  test('they mention each other in comments; each reads the mention and what changed in notifications, in English and in Chinese', async () => {
    // Alice writes the first issue from the list's "New issue" (the c key) and assigns nothing yet.
    await alice.page.goto(`${projectUrl()}/issues`);
    await byTestId(alice.page, 'list-layout').or(byTestId(alice.page, 'kanban-layout')).first().waitFor();
    await alice.page.locator('body').click({ position: { x: 5, y: 300 } });
    await alice.page.keyboard.press('c');
    await byTestId(alice.page, 'create-issue-modal').waitFor();
    await byTestId(alice.page, 'create-issue-name').fill('Wire the launch lights');
    await byTestId(alice.page, 'create-issue-submit').click();
    const row = alice.page.locator('[data-testid="issue-row"], [data-testid="kanban-card"]', { hasText: 'Wire the launch lights' }).first();
    await row.waitFor();
    // Its id, once the server has it (the row shows at once, before the create's answer).
    const findIssue = async () => {
      const listed = await api<{ results?: Array<{ id: string; name: string }> } | Array<{ id: string; name: string }>>(alice.page, 'GET', `${apiPath()}/issues/`);
      const rows = Array.isArray(listed.body) ? listed.body : (listed.body.results ?? []);
      return rows.find((issue) => issue.name === 'Wire the launch lights')?.id ?? '';
    };
    await expect.poll(findIssue, { timeout: 15_000 }).not.toBe('');
    const issueId = await findIssue();

    // Bob's bell is open on his home while Alice mentions him.
    await bob.page.goto(`/${slug}`);
    await byTestId(bob.page, 'notifications-bell').waitFor();
    await alice.page.goto(`${projectUrl()}/issues/${issueId}`);
    await byTestId(alice.page, 'issue-detail').waitFor();
    await byTestId(alice.page, 'comment-input').click();
    await alice.page.keyboard.type('Can you take this ');
    await mention(alice.page, names.bob!);
    await alice.page.keyboard.type(' before lunch?');
    await byTestId(alice.page, 'comment-submit').click();
    await alice.page.locator('[data-testid="comment"]', { hasText: 'before lunch' }).waitFor();
    // The posted mention is a link to Bob's profile, not plain text.
    expect(await alice.page.locator('[data-testid="comment"] a[href*="/profile/"]', { hasText: names.bob! }).count()).toBeGreaterThan(0);

    await expect.poll(() => byTestId(bob.page, 'notifications-badge').textContent(), { timeout: 20_000 }).toBe('1');
    await byTestId(bob.page, 'notifications-bell').click();
    // "All" holds the mention the bell counted.
    const bobRow = bob.page.locator('[data-testid="notification-row"]', { hasText: 'mentioned you in a comment' });
    await bobRow.waitFor({ timeout: 20_000 });
    await screenshot(bob.page, 'first-hour-journey-bob-notifications');
    await bobRow.locator('[data-testid="notification-open"]').click();
    const peek = byTestId(bob.page, 'issue-peek');
    await peek.locator('[data-testid="issue-detail"]').waitFor({ timeout: 15_000 });
    await peek.locator('[data-testid="comment-input"]').click();
    await bob.page.keyboard.type('On it, ');
    await mention(bob.page, names.alice!);
    await bob.page.keyboard.type(' I will set the due date.');
    await peek.locator('[data-testid="comment-submit"]').click();
    await peek.locator('[data-testid="comment"]', { hasText: 'set the due date' }).waitFor();

    // Alice reads Bob's mention; Bob reads it in Chinese once he switches his language.
    await alice.page.goto(`/${slug}/notifications`);
    await alice.page.locator('[data-testid="notification-row"]', { hasText: 'mentioned you in a comment' }).waitFor({ timeout: 20_000 });
    await bob.page.goto('/profile');
    await byTestId(bob.page, 'language-select').click();
    await bob.page.getByRole('option', { name: /中文/ }).click();
    await expect.poll(() => bob.page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await bob.page.goto(`/${slug}/notifications`);
    await bob.page.locator('[data-testid="notification-row"]', { hasText: '在评论中提到了你' }).waitFor({ timeout: 20_000 });
    expect((await bob.page.locator('[data-testid="notification-list"]').innerText())).not.toMatch(/mentioned you|updated the/);
    await screenshot(bob.page, 'first-hour-journey-bob-notifications-zh-CN');
    expect([...alice.errors, ...bob.errors]).toEqual([]);
  }, 180_000);

  test('Bob files an intake request; the admin triages it while the open count falls live', async () => {
    const page = admin.page;
    await page.goto(`${projectUrl()}/settings?tab=features`);
    await byTestId(page, 'feature-intake_view').check();
    // Saved once the sidebar offers the intake.
    await page.locator('[data-testid^="sidebar-project-intake-"]').first().waitFor({ timeout: 15_000 });
    await bob.page.goto(`${projectUrl()}/intake`);
    for (const name of ['Launch lights flicker', 'Door badge fails']) {
      await byTestId(bob.page, 'intake-create').click();
      await byTestId(bob.page, 'intake-create-name').fill(name);
      await byTestId(bob.page, 'intake-create-submit').click();
      await bob.page.locator('[data-testid="intake-row"]', { hasText: name }).waitFor({ timeout: 15_000 });
    }
    await page.goto(`${projectUrl()}/intake`);
    const openCount = () => byTestId(page, 'intake-tab-open').locator('.inbox-count').textContent();
    await expect.poll(openCount, { timeout: 15_000 }).toBe('2');
    const request = (name: string) => page.locator('[data-testid="intake-row"]', { hasText: name });
    await request('Launch lights flicker').locator('[data-testid="intake-open"]').click();
    await byTestId(page, 'intake-accept').click();
    await expect.poll(openCount, { timeout: 15_000 }).toBe('1');
    await request('Door badge fails').locator('[data-testid="intake-open"]').click();
    await byTestId(page, 'intake-decline').click();
    await expect.poll(() => byTestId(page, 'intake-tab-open').locator('.inbox-count').count(), { timeout: 15_000 }).toBe(0);
    // Bob's open intake screen follows without a reload.
    await expect.poll(() => bob.page.locator('[data-testid="intake-row"]').count(), { timeout: 15_000 }).toBe(0);
    await screenshot(page, 'first-hour-journey-intake-triaged');
    expect([...admin.errors, ...bob.errors]).toEqual([]);
  }, 180_000);

  test('the admin plans a cycle, puts the issues in it and completes it', async () => {
    const page = admin.page;
    await page.goto(`${projectUrl()}/cycles`);
    await byTestId(page, 'cycles-page').waitFor();
    await byTestId(page, 'cycle-new').click();
    await byTestId(page, 'cycle-name').fill('Week one');
    await byTestId(page, 'cycle-start').click();
    await page.locator('.rdp-root [data-today] button').first().click();
    await byTestId(page, 'cycle-end').click();
    await page.locator('.rdp-root [data-today] button').first().click();
    await byTestId(page, 'cycle-save').click();
    await byTestId(page, 'cycle-modal').waitFor({ state: 'detached' });
    await byTestId(page, 'cycle-row-Week one').waitFor();
    // The next one, not yet dated: where the unfinished work goes when the first is completed.
    await byTestId(page, 'cycle-new').click();
    await byTestId(page, 'cycle-name').fill('Week two');
    await byTestId(page, 'cycle-save').click();
    await byTestId(page, 'cycle-modal').waitFor({ state: 'detached' });

    // Every issue into the cycle by the list's bulk action; one of them done.
    await page.goto(`${projectUrl()}/issues`);
    await switchLayout(page, 'list');
    await page.locator('[data-testid="issue-row"]').first().waitFor();
    for (const check of await page.locator('[data-testid="issue-row"] .row-check').all()) await check.check();
    await byTestId(page, 'bulk-cycle').click();
    await byTestId(page, 'bulk-cycle-picker').getByRole('option', { name: 'Week one' }).click();
    const cycles = (await api<Array<{ id: string; name: string }>>(page, 'GET', `${apiPath()}/cycles/`)).body;
    const cycle = cycles.find((row) => row.name === 'Week one')!;
    const inCycle = async () => (await api<{ total_count: number }>(page, 'GET', `${apiPath()}/cycles/${cycle.id}/cycle-issues/`)).body.total_count;
    await expect.poll(inCycle, { timeout: 15_000 }).toBe(2);
    await page.goto(`${projectUrl()}/cycles/${cycle.id}`);
    await expect.poll(() => byTestId(page, 'cycle-progress-total').textContent(), { timeout: 15_000 }).toContain('0 of 2');
    await byTestId(page, 'cycle-complete').waitFor();
    await byTestId(page, 'cycle-complete').click();
    await byTestId(page, 'cycle-transfer').waitFor();
    await screenshot(page, 'first-hour-journey-cycle-complete');
    // The dialog says each thing once (it repeated its paragraph).
    const paragraphs = await byTestId(page, 'cycle-transfer').locator('p').allInnerTexts();
    expect(new Set(paragraphs).size).toBe(paragraphs.length);
    await byTestId(page, 'cycle-transfer-submit').click();
    await byTestId(page, 'cycle-transfer').waitFor({ state: 'detached' });
    await byTestId(page, 'cycle-complete').waitFor({ state: 'detached' });
    const next = cycles.find((row) => row.name === 'Week two')!;
    expect((await api<{ total_count: number }>(page, 'GET', `${apiPath()}/cycles/${next.id}/cycle-issues/`)).body.total_count).toBe(2);
    expect(admin.errors).toEqual([]);
  }, 180_000);

  test('at 1024 px every list title is readable (wider than 120 px)', async () => {
    for (let index = 0; index < 6; index += 1) {
      expect((await api(alice.page, 'POST', `${apiPath()}/issues/`, { name: `Check the fuel line segment ${index + 1} before the countdown starts`, priority: 'high', target_date: '2026-12-01', assignee_ids: [] })).status).toBe(201);
    }
    const narrow = await open({ width: 1024, height: 800 });
    const { page } = narrow;
    await page.goto('/');
    await byTestId(page, 'email-input').fill(email('alice'));
    await byTestId(page, 'continue-button').click();
    await byTestId(page, 'password-input').fill(TEAM_PASSWORD);
    await byTestId(page, 'continue-button').click();
    await landsInWorkspace(page);
    await page.goto(`${projectUrl()}/issues`);
    await switchLayout(page, 'list');
    await page.locator('[data-testid="issue-row"]').nth(5).waitFor();
    await page.mouse.move(1019, 795);
    const widths = await page.locator('[data-testid="issue-row"] .issue-title').evaluateAll((titles) => titles.map((title) => title.getBoundingClientRect().width));
    expect(widths.length).toBeGreaterThanOrEqual(6);
    expect(Math.min(...widths)).toBeGreaterThan(120);
    await screenshot(page, 'first-hour-journey-list-1024');
    expect(narrow.errors).toEqual([]);
  }, 180_000);
});
