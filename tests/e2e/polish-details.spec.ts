// Issue #26 item 16, the polish a new team notices, each from a fresh browser context: project
// settings draw their checkboxes and the label colour with the design system (no native box or
// colour dialog), and new labels do not all come out the same blue; in the dark theme the issue
// title has no grey band behind it; zh-CN calls a snoozed request 已延后 (put off), never 暂停 (paused).
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { screenshot } from './support/browser';
import { byTestId, freshVisit, type FreshVisit } from './support/fresh';
import { addIssue, api, buildTeam, teamNames, TEAM_PASSWORD, type Team } from './support/team';

const baseUrl = inject('e2eBaseUrl');
const names = teamNames('pol', 'polish');
const { slug } = names;

describe('polish: settings controls, label colours, dark title, zh-CN snooze', () => {
  let team: Team;
  const visits: FreshVisit[] = [];
  const visit = async (person: { email: string }, path: string) => {
    const opened = await freshVisit(baseUrl, person, TEAM_PASSWORD, path);
    visits.push(opened);
    return opened;
  };
  const settings = (tab: string) => `/${slug}/projects/${team.projectId}/settings?tab=${tab}`;

  beforeAll(async () => {
    team = await buildTeam(baseUrl, names, { workspace: 'Polish Team', project: { name: 'Shine', identifier: 'SH' } });
  });

  afterAll(async () => {
    await Promise.all([...visits.map((opened) => opened.context.close()), team?.alice.context.close(), team?.bob.context.close()]);
  });

  test('project settings: design-system checkboxes and colour picker; new labels take different colours', async () => {
    const { page } = await visit(names.alice, settings('features'));
    await byTestId(page, 'project-features').waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-testid="project-features"] input[type="checkbox"]').count()).toBe(0);
    const intake = byTestId(page, 'feature-intake_view');
    expect(await intake.getAttribute('role')).toBe('checkbox');
    expect(await intake.getAttribute('aria-checked')).toBe('false');
    await intake.click();
    await expect.poll(async () => (await api<{ intake_view: boolean }>(page, 'GET', `${team.projectPath}/`)).body.intake_view, { timeout: 10_000 }).toBe(true);
    expect(await intake.getAttribute('aria-checked')).toBe('true');
    // The label text toggles it too, as a native checkbox's label does.
    await page.locator('label', { has: intake }).locator('span').first().click();
    await expect.poll(async () => (await api<{ intake_view: boolean }>(page, 'GET', `${team.projectPath}/`)).body.intake_view, { timeout: 10_000 }).toBe(false);

    await page.goto(settings('labels'));
    await byTestId(page, 'label-name').waitFor({ timeout: 20_000 });
    expect(await page.locator('input[type="color"]').count()).toBe(0);
    const add = async (name: string) => {
      await byTestId(page, 'label-name').fill(name);
      await byTestId(page, 'add-label').click();
      await byTestId(page, 'labels-settings').locator('li', { hasText: name }).waitFor();
    };
    await add('Bug');
    await add('Feature');
    // A colour picked from the design system's panel.
    await byTestId(page, 'label-color').click();
    await byTestId(page, 'label-color-panel').waitFor();
    await screenshot(page, 'polish-label-colour-panel');
    await byTestId(page, 'label-color-option').nth(4).click();
    await add('Chore');
    const labels = await api<Array<{ name: string; color: string }>>(page, 'GET', `${team.projectPath}/issue-labels/`);
    const colour = Object.fromEntries(labels.body.map((label) => [label.name, label.color.toLowerCase()]));
    expect(colour.Bug).not.toBe(colour.Feature);
    expect(colour.Chore).toBe('#7c3aed');
    await screenshot(page, 'polish-labels');
  });

  test('dark theme: the issue title sits on the page, with no grey band behind it', async () => {
    const issueId = await addIssue(team.alice.page, team.projectPath, { name: 'Polish the hull' });
    expect((await api(team.alice.page, 'PATCH', '/api/users/me/profile/', { theme: { theme: 'dark' } })).status).toBe(200);
    const { page } = await visit(names.alice, `/${slug}/projects/${team.projectId}/issues/${issueId}`);
    await byTestId(page, 'issue-title-input').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const colours = await byTestId(page, 'issue-title-input').evaluate((title) => ({ background: getComputedStyle(title).backgroundColor, color: getComputedStyle(title).color, text: getComputedStyle(document.body).color }));
    expect(colours.background).toBe('rgba(0, 0, 0, 0)');
    expect(colours.color).toBe(colours.text);
    await screenshot(page, 'polish-dark-issue-title');
  });

  test('"Load more" shows only when the server has another page: not under the one issue left in a group', async () => {
    const states = await api<Array<{ id: string; group: string }>>(team.alice.page, 'GET', `${team.projectPath}/states/`);
    const backlog = states.body.find((state) => state.group === 'backlog')!;
    const done = states.body.find((state) => state.group === 'completed')!;
    await addIssue(team.alice.page, team.projectPath, { name: 'Row stays', state_id: backlog.id });
    const moving = await addIssue(team.alice.page, team.projectPath, { name: 'Row moves', state_id: backlog.id });
    const grouped = await api(team.alice.page, 'PATCH', `${team.projectPath}/user-properties/`, { display_filters: { group_by: 'state', layout: 'list' } });
    expect(grouped.status, JSON.stringify(grouped.body)).toBeLessThan(300);
    const { page } = await visit(names.alice, `/${slug}/projects/${team.projectId}/issues`);
    await byTestId(page, `group-${backlog.id}`).waitFor({ timeout: 20_000 });
    await page.locator('[data-testid="issue-row"]', { hasText: 'Row moves' }).waitFor();
    await byTestId(page, 'live-status').and(page.locator('[data-state="connected"]')).waitFor({ timeout: 20_000 });
    expect(await byTestId(page, 'load-more').count()).toBe(0);
    // Moved out of the group by someone else: the group's last read total (2) is now above what it shows (1).
    expect((await api(team.bob.page, 'PATCH', `${team.projectPath}/issues/${moving}/`, { state_id: done.id })).status).toBe(200);
    // The row has moved once it sits below the Done group's header (Backlog's group comes first).
    const below = async () => {
      const header = await byTestId(page, `group-${done.id}`).boundingBox();
      const row = await page.locator('[data-testid="issue-row"]', { hasText: 'Row moves' }).boundingBox();
      return Boolean(header && row && row.y > header.y);
    };
    await expect.poll(below, { timeout: 20_000 }).toBe(true);
    expect(await byTestId(page, 'load-more').count()).toBe(0);
    await screenshot(page, 'polish-no-load-more');
  });

  test('zh-CN: a snoozed request is 已延后, never 暂停', async () => {
    expect((await api(team.alice.page, 'PATCH', `${team.projectPath}/`, { intake_view: true })).status).toBe(200);
    const submitted = await api<{ issue: { id: string } }>(team.bob.page, 'POST', `${team.projectPath}/intake-issues/`, { issue: { name: 'Buff the rails' } });
    expect(submitted.status).toBe(200);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await api(team.alice.page, 'PATCH', `${team.projectPath}/intake-issues/${submitted.body.issue.id}/`, { status: 0, snoozed_till: tomorrow })).status).toBe(200);
    expect((await api(team.bob.page, 'PATCH', '/api/users/me/profile/', { language: 'zh-CN' })).status).toBe(200);
    const { page } = await visit(names.bob, `/${slug}/projects/${team.projectId}/intake`);
    await byTestId(page, 'intake-status-0').waitFor({ timeout: 20_000 });
    await byTestId(page, 'intake-status-0').click();
    const row = page.locator('[data-testid="intake-row"]', { hasText: 'Buff the rails' });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toContain('已延后');
    expect(await page.locator('main, body').first().innerText()).not.toContain('暂停');
    await screenshot(page, 'polish-intake-zh-snoozed');
  });
});
