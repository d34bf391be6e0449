// Issue #26 items 1 and 2, each from a fresh browser context on an instance that sends no mail:
// (a) a teammate who opens a copied invitation link, accepts, signs up and gives a name lands in
// the workspace they were invited to (and a reload keeps them there); (b) someone with a pending
// invitation who signs up the normal way is offered it at step 2 and joins with one click; (c) an
// admin who reloads onboarding's last step (workspace already created) resumes there, with no
// "already taken" and no loop back to onboarding.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type OwnBrowser } from './support/browser';
import { byTestId } from './support/fresh';
import { giveName, signUpOnScreen } from './support/onboarding';
import { startTrellis } from './support/server-process';
import { api, setUpInstance, signUp, TEAM_PASSWORD } from './support/team';

/** The page shows the workspace `slug`'s home at `/<slug>`, and a reload keeps it there. */
async function expectWorkspaceHome(page: Page, slug: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === `/${slug}` || url.pathname.startsWith(`/${slug}/`));
  await byTestId(page, 'workspace-home').waitFor();
  await page.reload();
  await byTestId(page, 'workspace-home').waitFor();
  expect(new URL(page.url()).pathname.startsWith(`/${slug}`)).toBe(true);
}

describe('onboarding for invited teammates and a reloading admin (no mail)', () => {
  let server: { baseUrl: string; close: () => Promise<void> };
  let workDir = '';
  const browsers: OwnBrowser[] = [];
  const stamp = Date.now().toString(36);
  const slug = `onb-${stamp}`;
  let admin: OwnBrowser;

  const open = async () => {
    const browser = await openBrowser(server.baseUrl);
    browsers.push(browser);
    return browser;
  };

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'trellis-e2e-onboarding-'));
    // No SMTP_HOST: invitations are shared as links.
    server = await startTrellis(workDir);
    await setUpInstance(server.baseUrl, `onb-root-${stamp}@example.com`);
    admin = await open();
    await signUp(admin.page, { email: `onb-admin-${stamp}@example.com`, first_name: 'Ada' }, TEAM_PASSWORD);
    expect((await api(admin.page, 'POST', '/api/workspaces/', { name: 'Onboarding Crew', slug })).status).toBe(201);
  });

  afterAll(async () => {
    await Promise.all(browsers.map((browser) => browser.context.close()));
    await server?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  test('(a) an invitee from a copied link accepts, signs up, gives a name and lands in the workspace', async () => {
    const alice = `onb-alice-${stamp}@example.com`;
    // The admin invites on the members screen and copies the link it shows (no mail is sent).
    await admin.page.goto(`/${slug}/settings/members`);
    await byTestId(admin.page, 'invite-members-button').click();
    await byTestId(admin.page, 'invite-email-input').first().fill(alice);
    await byTestId(admin.page, 'invite-submit-button').click();
    const row = admin.page.locator('[data-testid="invite-link-row"]', { hasText: alice });
    await row.waitFor();
    const link = await row.locator('[data-testid="invite-link"]').inputValue();
    expect(link).toContain('/workspace-invitations');

    const { page, errors } = await open();
    await page.goto(link);
    await byTestId(page, 'accept-invitation-button').click();
    await byTestId(page, 'invitation-accepted').waitFor();
    await page.getByRole('link', { name: 'Continue' }).click();
    await signUpOnScreen(page, alice);
    await page.waitForURL(/\/onboarding/);
    await byTestId(page, 'profile-form').waitFor();
    expect(await page.locator('body').textContent()).toContain('You have joined Onboarding Crew');
    await screenshot(page, 'onboarding-invitee-name');
    await giveName(page, 'Alice');
    // Only the name was asked: no workspace step, straight into the workspace she was invited to.
    await expectWorkspaceHome(page, slug);
    await screenshot(page, 'onboarding-invitee-lands');
    const profile = await api<{ is_onboarded: boolean }>(page, 'GET', '/api/users/me/profile/');
    expect(profile.body.is_onboarded).toBe(true);
    expect(errors).toEqual([]);
  });

  test('(b) someone with a pending invitation who signs up normally joins it at step 2 with one click', async () => {
    const bob = `onb-bob-${stamp}@example.com`;
    expect((await api(admin.page, 'POST', `/api/workspaces/${slug}/invitations/`, { emails: [{ email: bob, role: 15 }] })).status).toBeLessThan(300);
    const { page, errors } = await open();
    await page.goto('/');
    await signUpOnScreen(page, bob);
    await giveName(page, 'Bob');
    const offer = byTestId(page, `join-invitation-${slug}`);
    await offer.waitFor();
    await screenshot(page, 'onboarding-invitation-offered');
    await offer.click();
    await expectWorkspaceHome(page, slug);
    expect(errors).toEqual([]);
  });

  test('(c) an admin who reloads the invite step resumes there: no "already taken", no loop', async () => {
    const own = `onb-own-${stamp}`;
    const { page, errors } = await open();
    await page.goto('/');
    await signUpOnScreen(page, `onb-owner-${stamp}@example.com`);
    await giveName(page, 'Olga');
    await byTestId(page, 'workspace-form').waitFor();
    await byTestId(page, 'workspace-name-input').fill('Olga Works');
    await byTestId(page, 'workspace-slug-input').fill(own);
    await expect.poll(() => byTestId(page, 'workspace-slug-status').getAttribute('data-status')).toBe('available');
    await byTestId(page, 'create-workspace-button').click();
    await byTestId(page, 'invite-form').waitFor();

    await page.reload();
    await byTestId(page, 'invite-form').waitFor();
    expect(await byTestId(page, 'onboarding-step').getAttribute('data-step')).toBe('INVITE');
    expect(await byTestId(page, 'workspace-form').count()).toBe(0);
    // A workspace URL while onboarding is unfinished brings the same step back, not an empty form.
    await page.goto(`/${own}`);
    await byTestId(page, 'invite-form').waitFor();
    await screenshot(page, 'onboarding-invite-resumed');
    await byTestId(page, 'skip-button').click();
    await expectWorkspaceHome(page, own);
    expect(errors).toEqual([]);
  });
});
