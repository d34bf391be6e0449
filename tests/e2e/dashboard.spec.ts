// The home dashboard and the member profile as a new team meets them, in Chromium: Alice's team
// gives Bob work; Bob's home shows his numbers; he hides a widget and changes a widget's tab and
// period, and both are still so after a reload; Alice opens Bob's profile from the members list and
// its tabs list the right issues.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { firstPage, launchContext, screenshot, trackPageErrors } from './support/browser';
import { api, setUpInstance, signUp } from './support/team';
import { addDays, todayIn } from '../../shared/calendar-day';

const baseUrl = inject('e2eBaseUrl');
const stamp = Date.now().toString(36);
const slug = `dash-${stamp}`;
const password = 'Trellis-e2e-passphrase-91';
const alice = { email: `db-alice-${stamp}@example.com`, first_name: 'Alice' };
const bob = { email: `db-bob-${stamp}@example.com`, first_name: 'Bob' };

const byTestId = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`);

describe('home dashboard and member profile in Chromium', () => {
  let aliceContext: BrowserContext;
  let bobContext: BrowserContext;
  let alicePage: Page;
  let bobPage: Page;
  let projectId = '';
  let bobId = '';
  let errors: string[] = [];
  const today = todayIn('UTC');

  beforeAll(async () => {
    await setUpInstance(baseUrl, `db-admin-${stamp}@example.com`);
    aliceContext = await launchContext(baseUrl);
    bobContext = await launchContext(baseUrl);
    alicePage = await firstPage(aliceContext);
    bobPage = await firstPage(bobContext);
    errors = trackPageErrors(bobPage);
    await signUp(alicePage, alice, password);
    await signUp(bobPage, bob, password);
    expect((await api(alicePage, 'POST', '/api/workspaces/', { name: 'Dashboard Team', slug })).status).toBe(201);
    expect((await api(alicePage, 'POST', `/api/workspaces/${slug}/invitations/`, { emails: [{ email: bob.email, role: 15 }] })).status).toBeLessThan(300);
    const invitations = await api<{ id: string }[]>(bobPage, 'GET', '/api/users/me/workspaces/invitations/');
    expect((await api(bobPage, 'POST', '/api/users/me/workspaces/invitations/', { invitations: invitations.body.map((row) => row.id) })).status).toBeLessThan(300);
    const project = await api<{ id: string }>(alicePage, 'POST', `/api/workspaces/${slug}/projects/`, { name: 'Billing', identifier: 'BIL' });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    projectId = project.body.id;
    bobId = (await api<{ id: string }>(bobPage, 'GET', '/api/users/me/')).body.id;
    expect((await api(alicePage, 'POST', `/api/workspaces/${slug}/projects/${projectId}/members/`, { members: [{ member_id: bobId, role: 15 }] })).status).toBeLessThan(300);
    const states = (await api<Array<{ id: string; group: string }>>(alicePage, 'GET', `/api/workspaces/${slug}/projects/${projectId}/states/`)).body;
    const stateOf = (group: string) => states.find((state) => state.group === group)!.id;
    const issues = `/api/workspaces/${slug}/projects/${projectId}/issues/`;
    const create = async (page: Page, body: Record<string, unknown>) => {
      const response = await api<{ id: string }>(page, 'POST', issues, body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.id;
    };
    await create(alicePage, { name: 'Fix overdue invoice', assignee_ids: [bobId], state_id: stateOf('started'), target_date: addDays(today, -2) });
    await create(alicePage, { name: 'Send renewal notices', assignee_ids: [bobId], state_id: stateOf('unstarted'), target_date: today });
    const done = await create(alicePage, { name: 'Close the books', assignee_ids: [bobId], state_id: stateOf('completed'), priority: 'high', target_date: today });
    await create(bobPage, { name: 'Draft pricing page', priority: 'urgent', target_date: today });
    await create(alicePage, { name: 'Unrelated cleanup' });
    // Bob stops following the finished one: it stays assigned but leaves his subscriptions.
    const unsubscribed = await api(bobPage, 'DELETE', `${issues}${done}/subscribe/`, {});
    expect(unsubscribed.status, JSON.stringify(unsubscribed.body)).toBeLessThan(300);
  });

  afterAll(async () => {
    await Promise.all([aliceContext?.close(), bobContext?.close()]);
  });

  const stat = async (page: Page, key: string) => (await byTestId(page, `stat-${key}`).locator('dd').textContent())?.trim();

  test('Bob\'s home shows his numbers, and his issues by tab', async () => {
    await bobPage.goto(`/${slug}`);
    await byTestId(bobPage, 'home-dashboard').waitFor({ timeout: 20_000 });
    await byTestId(bobPage, 'stat-assigned_issues_count').locator('dd').waitFor();
    expect(await stat(bobPage, 'assigned_issues_count')).toBe('3');
    expect(await stat(bobPage, 'pending_issues_count')).toBe('1');
    expect(await stat(bobPage, 'completed_issues_count')).toBe('1');
    expect(await stat(bobPage, 'created_issues_count')).toBe('1');
    const assigned = byTestId(bobPage, 'widget-assigned_issues');
    await assigned.locator('[data-testid="widget-issue"]', { hasText: 'Send renewal notices' }).waitFor();
    await byTestId(bobPage, 'widget-created_issues').locator('[data-testid="widget-issue"]', { hasText: 'Draft pricing page' }).waitFor();
    await byTestId(bobPage, 'widget-issues_by_priority').locator('[data-testid="chart-count-high"]', { hasText: '1' }).waitFor();
    // The chart itself (recharts, loaded on demand) draws.
    await byTestId(bobPage, 'widget-issues_by_state_groups').locator('svg.recharts-surface').waitFor({ timeout: 15_000 });
    await screenshot(bobPage, 'dashboard-home');
  });

  test('hiding a widget and changing a widget\'s tab and period persist after a reload', async () => {
    await bobPage.goto(`/${slug}`);
    await byTestId(bobPage, 'widget-recent_activity').waitFor({ timeout: 20_000 });
    await byTestId(bobPage, 'widget-menu-recent_activity').click();
    await byTestId(bobPage, 'menu-hide-recent_activity').click();
    await expect.poll(async () => byTestId(bobPage, 'widget-recent_activity').count()).toBe(0);

    const assigned = () => byTestId(bobPage, 'widget-assigned_issues');
    await byTestId(bobPage, 'widget-tab-assigned_issues-overdue').click();
    await byTestId(bobPage, 'widget-duration-assigned_issues').click();
    await byTestId(bobPage, 'menu-duration-assigned_issues-none').click();
    await assigned().locator('[data-testid="widget-issue"]', { hasText: 'Fix overdue invoice' }).waitFor();

    // What the server saved, then what a reload shows.
    await expect
      .poll(async () => {
        const home = await api<{ widgets: Array<{ key: string; is_visible: boolean; widget_filters: Record<string, unknown> }> }>(bobPage, 'GET', `/api/workspaces/${slug}/dashboard/?dashboard_type=home`);
        const byKey = Object.fromEntries(home.body.widgets.map((widget) => [widget.key, widget]));
        return [byKey.recent_activity.is_visible, byKey.assigned_issues.widget_filters.tab, byKey.assigned_issues.widget_filters.duration];
      })
      .toEqual([false, 'overdue', 'none']);
    await bobPage.reload();
    await byTestId(bobPage, 'home-dashboard').waitFor({ timeout: 20_000 });
    await assigned().locator('[data-testid="widget-issue"]', { hasText: 'Fix overdue invoice' }).waitFor();
    expect(await byTestId(bobPage, 'widget-tab-assigned_issues-overdue').getAttribute('aria-pressed')).toBe('true');
    expect(await assigned().locator('[data-testid="widget-issue"]', { hasText: 'Send renewal notices' }).count()).toBe(0);
    expect(await byTestId(bobPage, 'widget-recent_activity').count()).toBe(0);
    await screenshot(bobPage, 'dashboard-after-reload');

    // The Widgets menu brings it back.
    await byTestId(bobPage, 'dashboard-widgets-menu').click();
    await byTestId(bobPage, 'menu-widget-toggle-recent_activity').click();
    await byTestId(bobPage, 'widget-recent_activity').locator('[data-testid="activity-row"]').first().waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
  });

  test('Alice opens Bob\'s profile from the members list; its tabs list the right issues', async () => {
    await alicePage.goto(`/${slug}/settings/members`);
    await alicePage.locator('[data-testid="member-row"]', { hasText: bob.email }).locator('[data-testid="member-profile-link"]').click();
    await alicePage.waitForURL(new RegExp(`/profile/${bobId}`));
    await byTestId(alicePage, 'member-profile-name').waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await byTestId(alicePage, 'profile-stat-assigned_issues').locator('dd').textContent())?.trim(), { timeout: 15_000 }).toBe('3');
    expect((await byTestId(alicePage, 'profile-stat-created_issues').locator('dd').textContent())?.trim()).toBe('1');
    await screenshot(alicePage, 'profile-summary');

    const rowNames = async () => {
      const list = byTestId(alicePage, 'list-layout');
      await list.waitFor({ timeout: 15_000 });
      await expect.poll(async () => alicePage.locator('[data-testid="issue-row"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      return (await alicePage.locator('[data-testid="issue-row"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')))).sort();
    };
    await byTestId(alicePage, 'profile-tab-assigned').click();
    if (await byTestId(alicePage, 'layout-list').count()) await byTestId(alicePage, 'layout-list').click();
    await expect.poll(rowNames, { timeout: 15_000 }).toEqual(['Close the books', 'Fix overdue invoice', 'Send renewal notices']);
    await byTestId(alicePage, 'profile-tab-created').click();
    await expect.poll(rowNames, { timeout: 15_000 }).toEqual(['Draft pricing page']);
    await byTestId(alicePage, 'profile-tab-subscribed').click();
    await expect.poll(rowNames, { timeout: 15_000 }).toEqual(['Draft pricing page', 'Fix overdue invoice', 'Send renewal notices']);
    await byTestId(alicePage, 'profile-tab-activity').click();
    await byTestId(alicePage, 'member-profile-activity').locator('[data-testid="activity-row"]').first().waitFor({ timeout: 15_000 });
    await screenshot(alicePage, 'profile-activity');
  });
});
