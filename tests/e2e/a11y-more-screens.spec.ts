// Issue #12, axe on the screens design-system.spec.ts does not open: a fresh user's first screen
// (onboarding), the instance admin screens (admin sign-in for someone who is not an admin, and the
// instance settings for the admin), and an issue open as a peek over the list. Each in light and
// dark, en and zh-CN: 0 serious/critical violations and a screenshot kept, as for the other screens.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { openBrowser, type OwnBrowser } from './support/browser';
import { checkScreens } from './support/axe';
import { freshVisit, signIn } from './support/fresh';
import { buildScreensTeam, createIssue, TEAM_PASSWORD, type ScreensTeam } from './support/screens-team';
import { api, setUpInstance } from './support/team';

const baseUrl = inject('e2eBaseUrl');
const ADMIN_PASSWORD = 'Admin-e2e-passphrase-73';
const adminEmail = `a11y-more-admin-${Date.now().toString(36)}@example.com`;

describe('axe on onboarding, instance admin and the issue peek', () => {
  let team: ScreensTeam;
  let issueId = '';
  const opened: OwnBrowser[] = [];

  beforeAll(async () => {
    await setUpInstance(baseUrl, adminEmail);
    team = await buildScreensTeam(baseUrl, 'a11y-more', 'AXM');
    issueId = await createIssue(team, { name: 'Check the landing gear', priority: 'urgent', target_date: new Date().toISOString().slice(0, 10) });
    expect((await api(team.setup, 'POST', `${team.projectPath}/issues/${issueId}/comments/`, { comment_html: '<p>Tyres look worn</p>' })).status).toBe(201);
  });

  afterAll(async () => {
    await Promise.all([team?.setupContext.close(), ...opened.map((visit) => visit.context.close())]);
  });

  test('a fresh user: onboarding and the admin sign-in they cannot pass', async () => {
    const visit = await openBrowser(baseUrl);
    opened.push(visit);
    const stamp = Date.now().toString(36);
    await visit.page.goto('/');
    // Signed up and not onboarded: the app sends them to onboarding's first step.
    expect((await api(visit.page, 'POST', '/auth/sign-up/', { email: `a11y-more-new-${stamp}@example.com`, password: TEAM_PASSWORD, first_name: 'Nia' })).status).toBe(200);
    await checkScreens(baseUrl, visit, [
      { name: 'onboarding', path: '/onboarding', ready: '[data-testid="profile-form"]' },
      { name: 'admin-sign-in', path: '/admin', ready: '[data-testid="admin-sign-in-form"]' },
    ]);
  }, 300_000);

  test('an issue open as a peek over the list', async () => {
    const visit = await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, `/${team.slug}/projects/${team.projectId}/issues`);
    opened.push(visit);
    await checkScreens(baseUrl, visit, [
      { name: 'issue-peek', path: `/${team.slug}/projects/${team.projectId}/issues?peekId=${issueId}`, ready: '[data-testid="issue-peek"] [data-testid="comment"]' },
    ]);
  }, 300_000);

  test('the instance admin settings', async (context) => {
    // The instance's admin is whoever set it up first: this spec when run alone (beforeAll), else
    // foundation.spec.ts, which runs first in the whole suite and checks its admin screens itself.
    const visit = await openBrowser(baseUrl);
    opened.push(visit);
    await visit.page.goto('/');
    const admin = await api(visit.page, 'POST', '/api/instances/admins/sign-in/', { email: adminEmail, password: ADMIN_PASSWORD });
    if (admin.status !== 200) return context.skip('the instance was set up by another spec');
    await signIn(visit.page, adminEmail, ADMIN_PASSWORD);
    await checkScreens(baseUrl, visit, [{ name: 'admin-settings', path: '/admin', ready: '[data-testid="admin-settings-form"]' }]);
  }, 300_000);
});
