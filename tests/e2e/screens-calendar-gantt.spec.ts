// Issue #10 item 6, each from a fresh page load in a fresh browser context: the calendar shows
// issues due on a weekend by default, weekday headers in the locale's order and today marked; the
// gantt header keeps clear of the title column with month labels, opens with recent early bars in
// view, and dragging a bar of a one-date issue moves only that date.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { screenshot } from './support/browser';
import { byTestId, freshVisit, switchLayout, type FreshVisit } from './support/fresh';
import { buildScreensTeam, createIssue, readIssue, TEAM_PASSWORD, type ScreensTeam } from './support/screens-team';
import { api } from './support/team';

const baseUrl = inject('e2eBaseUrl');
const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const today = () => isoDay(new Date());
const fromToday = (days: number) => isoDay(new Date(Date.now() + days * DAY_MS));

/** The first Saturday of the current month and the Sunday after it (both in the month). */
function weekendOfThisMonth(): { saturday: string; sunday: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const saturday = new Date(first.getTime() + ((6 - first.getUTCDay() + 7) % 7) * DAY_MS);
  return { saturday: isoDay(saturday), sunday: isoDay(new Date(saturday.getTime() + DAY_MS)) };
}

describe('calendar and gantt, as a person arriving from a link', () => {
  let team: ScreensTeam;
  const visits: FreshVisit[] = [];
  const visit = async (person: { email: string }, path: string, locale = 'en-US') => {
    const opened = await freshVisit(baseUrl, person, TEAM_PASSWORD, path, { locale });
    visits.push(opened);
    return opened;
  };
  const issuesPath = () => `/${team.slug}/projects/${team.projectId}/issues`;

  beforeAll(async () => {
    team = await buildScreensTeam(baseUrl, 'scr-cal', 'CAL');
    expect((await api(team.setup, 'PATCH', `${team.projectPath}/`, { guest_view_all_features: true })).status).toBe(200);
    const { saturday, sunday } = weekendOfThisMonth();
    await createIssue(team, { name: 'Due on Saturday', target_date: saturday });
    await createIssue(team, { name: 'Due on Sunday', target_date: sunday });
  });

  afterAll(async () => {
    await Promise.all([team?.setupContext.close(), ...visits.map((opened) => opened.context.close())]);
  });

  test('the calendar shows weekend issues by default, weekday headers from Sunday in en-US, and today', async () => {
    const { saturday, sunday } = weekendOfThisMonth();
    const { page, errors } = await visit(team.alice, issuesPath());
    await switchLayout(page, 'calendar');
    await byTestId(page, 'calendar-layout').waitFor();
    await byTestId(page, `calendar-day-${saturday}`).locator('.calendar-issue', { hasText: 'Due on Saturday' }).waitFor({ timeout: 15_000 }).catch(async (error: Error) => {
      await screenshot(page, 'failure-calendar');
      throw new Error(`${error.message}\n${await page.locator('main').innerText()}`);
    });
    await byTestId(page, `calendar-day-${sunday}`).locator('.calendar-issue', { hasText: 'Due on Sunday' }).waitFor();
    expect(await byTestId(page, 'show-weekends').isChecked()).toBe(true);

    const headers = await byTestId(page, 'calendar-weekdays').locator('abbr').allTextContents();
    expect(headers).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    const firstCell = await page.locator('[data-testid^="calendar-day-"]').first().getAttribute('data-testid');
    expect(new Date(`${firstCell!.replace('calendar-day-', '')}T00:00:00Z`).getUTCDay()).toBe(0);
    const marked = page.locator('[aria-current="date"]');
    expect(await marked.count()).toBe(1);
    expect(await marked.getAttribute('data-testid')).toBe(`calendar-day-${today()}`);
    await screenshot(page, 'screens-calendar');

    // Hiding weekends says what it hides.
    await byTestId(page, 'show-weekends').uncheck();
    await expect.poll(() => byTestId(page, 'calendar-hidden-weekends').textContent()).toContain('2 issues due on a weekend are hidden.');
    expect(await byTestId(page, `calendar-day-${saturday}`).count()).toBe(0);
    await byTestId(page, 'calendar-hidden-weekends').locator('button').click();
    await byTestId(page, `calendar-day-${saturday}`).locator('.calendar-issue', { hasText: 'Due on Saturday' }).waitFor();
    expect(errors).toEqual([]);
  });

  test('in Chinese the week starts on Monday and the headers are Chinese', async () => {
    const { page } = await visit(team.carol, '/', 'zh-CN');
    expect((await api(page, 'PATCH', '/api/users/me/profile/', { language: 'zh-CN' })).status).toBe(200);
    await page.goto(issuesPath());
    await switchLayout(page, 'calendar');
    await byTestId(page, 'calendar-layout').waitFor();
    const headers = await byTestId(page, 'calendar-weekdays').locator('abbr').allTextContents();
    expect(headers).toEqual(['周一', '周二', '周三', '周四', '周五', '周六', '周日']);
    await page.locator('.calendar-issue', { hasText: 'Due on Sunday' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'screens-calendar-zh');
  });

  test('gantt: the header keeps its own corner with month labels, and recent early bars are in view', async () => {
    await createIssue(team, { name: 'Early work', start_date: fromToday(-20), target_date: fromToday(-16) });
    const { page, errors } = await visit(team.alice, issuesPath());
    await switchLayout(page, 'gantt_chart');
    const chart = byTestId(page, 'gantt-layout');
    await chart.waitFor();
    const bar = page.locator('[data-testid="gantt-row"]', { hasText: 'Early work' }).locator('[data-testid="gantt-bar"]');
    await bar.waitFor({ timeout: 15_000 });
    const corner = (await byTestId(page, 'gantt-corner').boundingBox())!;
    const cornerOnTop = () => page.evaluate(({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('[data-testid="gantt-corner"]')), { x: corner.x + corner.width / 2, y: corner.y + corner.height / 2 });
    expect(await cornerOnTop()).toBe(true);
    // Scrolled sideways, the days still pass under the corner, not over the title column.
    await chart.evaluate((element) => (element.scrollLeft += 400));
    expect(await cornerOnTop()).toBe(true);
    await chart.evaluate((element) => (element.scrollLeft -= 400));
    const month = today().slice(0, 7);
    await byTestId(page, `gantt-month-${month}`).waitFor();
    expect((await byTestId(page, `gantt-month-${month}`).textContent())?.trim()).toBe(new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`)));

    const box = (await bar.boundingBox({ timeout: 10_000 }).catch(async (error: Error) => {
      await screenshot(page, 'failure-gantt-early-bar');
      throw new Error(`${error.message}\n${await page.locator('main').innerText()}`);
    }))!;
    const frame = (await chart.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(corner.x + corner.width - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width);
    await screenshot(page, 'screens-gantt');
    expect(errors).toEqual([]);
  });

  test('gantt: dragging a due-only bar moves the due date only; a start-only bar its start date only', async () => {
    const dueOnly = await createIssue(team, { name: 'Only a due date', target_date: fromToday(3) });
    const startOnly = await createIssue(team, { name: 'Only a start date', start_date: fromToday(5) });
    const { page } = await visit(team.alice, issuesPath());
    await switchLayout(page, 'gantt_chart');
    await byTestId(page, 'gantt-layout').waitFor();
    const dragBy = async (name: string, dx: number) => {
      const bar = page.locator('[data-testid="gantt-row"]', { hasText: name }).locator('[data-testid="gantt-bar"]');
      await bar.waitFor({ timeout: 15_000 });
      await bar.scrollIntoViewIfNeeded();
      const box = (await bar.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + dx / 2, box.y + box.height / 2, { steps: 5 });
      await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2, { steps: 5 });
      await page.mouse.up();
    };
    await dragBy('Only a due date', 56);
    await expect.poll(async () => readIssue<{ start_date: string | null; target_date: string | null }>(team, dueOnly), { timeout: 15_000 }).toMatchObject({ start_date: null, target_date: fromToday(5) });
    await dragBy('Only a start date', -28);
    await expect.poll(async () => readIssue<{ start_date: string | null; target_date: string | null }>(team, startOnly), { timeout: 15_000 }).toMatchObject({ start_date: fromToday(4), target_date: null });
    await screenshot(page, 'screens-gantt-dragged');
  });
});
