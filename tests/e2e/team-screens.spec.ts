// Issue #26 item 15, each from a fresh browser context as a person arriving from a link: workspace
// settings (rename, logo, delete by typing the name; a guest reads without controls), "New project"
// in the sidebar and on an empty home, calendar drag to reschedule (kept by the server, live in
// another browser), module detail (add existing issues, progress chart, lead and members), project
// members in an aligned table with avatars and emails, and sub-issue and attachment sentences in
// the activity feed. Layout checks run at 1024 and 1440 px.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { checkScreens } from './support/axe';
import { screenshot } from './support/browser';
import { dragUntil } from './support/drag';
import { byTestId, freshVisit, switchLayout, type FreshVisit } from './support/fresh';
import { buildScreensTeam, createIssue, readIssue, TEAM_PASSWORD, type ScreensTeam } from './support/screens-team';
import { api } from './support/team';

const baseUrl = inject('e2eBaseUrl');
const WIDTHS = [1024, 1440] as const;
const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Two days of the current month (UTC), so both show in the calendar's month view. */
function twoDaysThisMonth(): { from: string; to: string } {
  const now = new Date();
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  return { from: isoDay(new Date(first + 9 * DAY_MS)), to: isoDay(new Date(first + 16 * DAY_MS)) };
}

describe('the screens a team expects', () => {
  let team: ScreensTeam;
  let moduleId = '';
  const visits: FreshVisit[] = [];
  const visit = async (person: { email: string }, path: string, options: { locale?: string; width?: number } = {}) => {
    const opened = await freshVisit(baseUrl, person, TEAM_PASSWORD, path, { locale: options.locale ?? 'en-US', viewport: { width: options.width ?? 1280, height: 860 } });
    visits.push(opened);
    return opened;
  };
  const projectUrl = (rest: string) => `/${team.slug}/projects/${team.projectId}/${rest}`;

  beforeAll(async () => {
    team = await buildScreensTeam(baseUrl, 'scr-team', 'TMS');
    expect((await api(team.setup, 'PATCH', `${team.projectPath}/`, { guest_view_all_features: true, module_view: true })).status).toBe(200);
  });

  afterAll(async () => {
    await Promise.all([team?.setupContext.close(), ...visits.map((opened) => opened.context.close())]);
  });

  test('workspace settings: an admin renames and sets a logo; a guest reads them without Save or Delete', async () => {
    const { page, errors } = await visit(team.alice, `/${team.slug}/settings`);
    await byTestId(page, 'workspace-settings-form').waitFor({ timeout: 30_000 });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 860 });
      const save = (await byTestId(page, 'workspace-save').boundingBox())!;
      expect(save.x + save.width).toBeLessThanOrEqual(width);
      await screenshot(page, `team-workspace-settings-${width}`);
    }
    await byTestId(page, 'workspace-name-input').fill('Renamed Team');
    // A 1×1 PNG, inline: an image address the browser can show without a network.
    const logo = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    await byTestId(page, 'workspace-logo-input').fill(logo);
    await byTestId(page, 'workspace-save').click();
    await expect.poll(async () => (await api<{ name: string; logo: string | null }>(page, 'GET', `/api/workspaces/${team.slug}/`)).body, { timeout: 15_000 }).toMatchObject({ name: 'Renamed Team', logo });
    await page.locator('.ws-switcher-name', { hasText: 'Renamed Team' }).waitFor();
    expect(await page.locator('.sidebar [data-testid="workspace-logo"]').getAttribute('src')).toBe(logo);
    expect(await byTestId(page, 'workspace-danger-zone').isVisible()).toBe(true);
    expect(errors).toEqual([]);

    // Carol is a guest: the same screen, no Save, no Delete, and a note that says who can.
    const carol = await visit(team.carol, `/${team.slug}/settings`);
    await byTestId(carol.page, 'workspace-settings-read-only').waitFor({ timeout: 30_000 });
    expect(await byTestId(carol.page, 'workspace-name-input').inputValue()).toBe('Renamed Team');
    expect(await byTestId(carol.page, 'workspace-name-input').isDisabled()).toBe(true);
    expect(await byTestId(carol.page, 'workspace-save').count()).toBe(0);
    expect(await byTestId(carol.page, 'workspace-delete').count()).toBe(0);
    await screenshot(carol.page, 'team-workspace-settings-guest');
  });

  test('workspace settings: deleting asks for the name typed exactly, then the workspace is gone', async () => {
    const doomed = `${team.slug}-old`;
    expect((await api(team.setup, 'POST', '/api/workspaces/', { name: 'Old Team', slug: doomed })).status).toBe(201);
    const { page } = await visit(team.alice, `/${doomed}/settings`, { locale: 'zh-CN' });
    expect((await api(page, 'PATCH', '/api/users/me/profile/', { language: 'zh-CN' })).status).toBe(200);
    await page.reload();
    await byTestId(page, 'workspace-delete').click();
    const confirm = byTestId(page, 'workspace-delete-confirm');
    expect(await byTestId(page, 'workspace-delete-dialog').innerText()).toContain('输入 Old Team 以确认');
    expect(await confirm.isDisabled()).toBe(true);
    await byTestId(page, 'workspace-delete-name').fill('Old Tea');
    expect(await confirm.isDisabled()).toBe(true);
    await byTestId(page, 'workspace-delete-name').fill('Old Team');
    await confirm.click();
    await page.waitForURL((url) => !url.pathname.startsWith(`/${doomed}`), { timeout: 20_000 });
    expect((await api(page, 'GET', `/api/workspaces/${doomed}/`)).status).toBe(404);
    // The language is Alice's profile, not this browser's: the later tests read English.
    expect((await api(page, 'PATCH', '/api/users/me/profile/', { language: 'en' })).status).toBe(200);
  });

  test('"New project" is in the sidebar and on an empty home, for those who may create one', async () => {
    const empty = `${team.slug}-new`;
    expect((await api(team.setup, 'POST', '/api/workspaces/', { name: 'Empty Team', slug: empty })).status).toBe(201);
    const { page, errors } = await visit(team.alice, `/${empty}`, { width: 1024 });
    await byTestId(page, 'home-new-project').click({ timeout: 30_000 });
    await byTestId(page, 'create-project-modal').waitFor();
    await byTestId(page, 'project-name').fill('Launch');
    await byTestId(page, 'create-project-submit').click();
    await expect.poll(async () => (await api<{ name: string }[]>(page, 'GET', `/api/workspaces/${empty}/projects/`)).body.map((row) => row.name), { timeout: 15_000 }).toContain('Launch');
    await page.goto(`/${empty}`);
    await byTestId(page, 'sidebar-new-project').click({ timeout: 30_000 });
    await byTestId(page, 'create-project-modal').waitFor();
    await screenshot(page, 'team-new-project-1024');
    expect(errors).toEqual([]);

    // A guest may not create projects: no button offers it.
    const carol = await visit(team.carol, `/${team.slug}`);
    await byTestId(carol.page, 'sidebar-projects').waitFor({ timeout: 30_000 });
    await byTestId(carol.page, `sidebar-project-${team.identifier}`).waitFor();
    expect(await byTestId(carol.page, 'sidebar-new-project').count()).toBe(0);
  });

  test('calendar: dragging an issue to another day moves its due date, on the server and in another browser', async () => {
    const { from, to } = twoDaysThisMonth();
    const issueId = await createIssue(team, { name: 'Reschedule me', target_date: from });
    const watcher = await visit(team.alice, projectUrl('issues'));
    await switchLayout(watcher.page, 'calendar');
    const { page, errors } = await visit(team.alice, projectUrl('issues'), { width: 1024 });
    await switchLayout(page, 'calendar');
    const card = byTestId(page, `calendar-day-${from}`).locator('.calendar-issue', { hasText: 'Reschedule me' });
    await card.waitFor({ timeout: 15_000 });
    await dragUntil(page, card, byTestId(page, `calendar-day-${to}`), async () => (await byTestId(page, `calendar-day-${to}`).locator('.calendar-issue', { hasText: 'Reschedule me' }).count()) > 0);
    await expect.poll(async () => (await readIssue<{ target_date: string }>(team, issueId)).target_date, { timeout: 15_000 }).toBe(to);
    await byTestId(watcher.page, `calendar-day-${to}`).locator('.calendar-issue', { hasText: 'Reschedule me' }).waitFor({ timeout: 20_000 });
    expect(await byTestId(watcher.page, `calendar-day-${from}`).locator('.calendar-issue', { hasText: 'Reschedule me' }).count()).toBe(0);
    await screenshot(page, 'team-calendar-dragged-1024');
    // A click still opens the issue: the drag only starts past a few pixels.
    await byTestId(page, `calendar-day-${to}`).locator('.calendar-issue', { hasText: 'Reschedule me' }).click();
    await page.waitForURL(/peekId=/, { timeout: 15_000 });
    expect(errors).toEqual([]);
  });

  test('module detail: add existing issues, see the progress chart, choose a lead and add members', async () => {
    const moduleAnswer = await api<{ id: string }>(team.setup, 'POST', `${team.projectPath}/modules/`, { name: 'Fuel system' });
    expect(moduleAnswer.status).toBe(201);
    moduleId = moduleAnswer.body.id;
    await createIssue(team, { name: 'Pump the fuel' });
    await createIssue(team, { name: 'Filter the fuel' });
    const carolId = (await api<{ member: { id: string; email?: string } }[]>(team.setup, 'GET', `/api/workspaces/${team.slug}/members/`)).body.find((row) => row.member.email === team.carol.email)!.member.id;
    const aliceId = (await api<{ id: string }>(team.setup, 'GET', '/api/users/me/')).body.id;

    const { page, errors } = await visit(team.alice, projectUrl(`modules/${moduleId}`));
    await byTestId(page, 'module-progress-chart').waitFor({ timeout: 30_000 });
    expect(await byTestId(page, 'module-progress-summary').innerText()).toBe('0 of 0 done');

    await byTestId(page, 'module-add-existing').click();
    const picker = byTestId(page, 'module-add-issues-picker');
    await picker.locator('input').fill('fuel');
    for (const name of ['Pump the fuel', 'Filter the fuel']) await picker.locator('[cmdk-item]', { hasText: name }).click({ timeout: 15_000 });
    await byTestId(page, 'module-add-issues-confirm').click();
    await expect.poll(() => byTestId(page, 'module-progress-summary').innerText(), { timeout: 20_000 }).toBe('0 of 2 done');
    await page.locator('[data-testid="issue-row"]', { hasText: 'Filter the fuel' }).waitFor({ timeout: 15_000 });
    // The chart is drawn with recharts: a bar for the two backlog issues.
    expect(await byTestId(page, 'module-progress-chart').locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);

    await byTestId(page, 'module-lead-select').click();
    await page.locator('[data-testid="module-lead-select-picker"] [cmdk-item]', { hasText: 'Alice' }).click();
    await byTestId(page, 'module-member-add').click();
    await page.locator('[data-testid="module-member-add-picker"] [cmdk-item]', { hasText: 'Carol' }).click();
    await byTestId(page, `module-member-${carolId}`).waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await api<{ lead_id: string | null; member_ids: string[] }>(page, 'GET', `${team.projectPath}/modules/${moduleId}/`)).body, { timeout: 15_000 }).toMatchObject({ lead_id: aliceId, member_ids: [carolId] });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `team-module-detail-${width}`);
    }
    expect(errors).toEqual([]);
  });

  test('project members: avatars, names and emails in an aligned table at 1024 and 1440 px', async () => {
    const { page, errors } = await visit(team.alice, projectUrl('settings?tab=members'));
    const table = byTestId(page, 'project-members-table');
    await table.waitFor({ timeout: 30_000 });
    expect(await table.locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
    expect(await table.innerText()).toContain(team.carol.email);
    expect(await table.locator('tbody tr .ui-avatar').count()).toBe(await table.locator('tbody tr').count());
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 860 });
      // Every row's email starts at the same x, and the table fits the screen.
      const lefts = await table.locator('[data-testid="project-member-email"]').evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().left)));
      expect(new Set(lefts).size).toBe(1);
      const box = (await table.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await screenshot(page, `team-project-members-${width}`);
    }
    expect(errors).toEqual([]);
  });

  test('activity: sub-issues added and removed, and attachments by name, read as sentences', async () => {
    const parentId = await createIssue(team, { name: 'Engine' });
    const childId = await createIssue(team, { name: 'Spark plugs' });
    const child = await readIssue<{ sequence_id: number }>(team, childId);
    expect((await api(team.setup, 'POST', `${team.projectPath}/issues/${parentId}/sub-issues/`, { sub_issue_ids: [childId] })).status).toBe(200);
    const { page, errors } = await visit(team.alice, projectUrl(`issues/${parentId}`));
    const row = (text: string) => page.locator('[data-testid="activity-row"]', { hasText: text });
    await row(`added sub-issue ${team.identifier}-${child.sequence_id} Spark plugs`).waitFor({ timeout: 30_000 });
    // Live: a removal made elsewhere arrives as its own sentence.
    expect((await api(team.setup, 'PATCH', `${team.projectPath}/issues/${childId}/`, { parent_id: null })).status).toBe(200);
    await row(`removed sub-issue ${team.identifier}-${child.sequence_id} Spark plugs`).waitFor({ timeout: 20_000 });
    await byTestId(page, 'attachment-input').setInputFiles({ name: 'wiring-diagram.txt', mimeType: 'text/plain', buffer: Buffer.from('red to red') });
    await row('attached wiring-diagram.txt').waitFor({ timeout: 20_000 });
    await screenshot(page, 'team-activity-sentences');
    expect(errors).toEqual([]);
  });

  // Last: it leaves Alice's profile in dark zh-CN.
  test('axe: no serious violation on the new screens, light and dark, en and zh-CN', async () => {
    const opened = await visit(team.alice, `/${team.slug}`);
    await checkScreens(baseUrl, opened, [
      { name: 'workspace-settings', path: `/${team.slug}/settings`, ready: '[data-testid="workspace-settings-form"]' },
      { name: 'module-detail', path: projectUrl(`modules/${moduleId}`), ready: '[data-testid="module-people"] [data-testid^="module-member-"]' },
      { name: 'project-members', path: projectUrl('settings?tab=members'), ready: '[data-testid="project-members-table"]' },
    ]);
  });
});
