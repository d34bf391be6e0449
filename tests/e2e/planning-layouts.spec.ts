// A cycle's and a module's issues in every layout, as a new user would see them (issue 13: "the
// cycle's issues in every layout", "module detail with … its issues in every layout", per-cycle
// user-properties, "empty, loading and error states"). Alice opens a cycle and a module, goes
// through each layout the switcher offers and sees their issues — never one outside them; the last
// layout she picks stays with that cycle or module (after a reload and in another browser) while
// the project's own list keeps its own. A cycle or module that does not exist says so with a way
// back; a failing load shows the screen's error with a Retry that heals; an empty cycle says what
// to do next.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { screenshot, type OwnBrowser } from './support/browser';
import { byTestId, freshVisit, type FreshVisit } from './support/fresh';
import { addIssue, api, buildTeam, TEAM_PASSWORD as password, teamNames } from './support/team';

const baseUrl = inject('e2eBaseUrl');
const names = teamNames('pl', 'plan');
const { slug, alice } = names;

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
/** Day `day` of the current month: the calendar opens on this month, so every due date shows. */
const dayOfThisMonth = (day: number) => `${isoDay(new Date()).slice(0, 8)}${String(day).padStart(2, '0')}`;

/** One issue as each layout draws it, inside that layout. */
const ITEM_IN_LAYOUT = {
  list: '[data-testid="list-layout"] [data-testid="issue-row"]',
  kanban: '[data-testid="kanban-layout"] [data-testid="kanban-card"]',
  calendar: '[data-testid="calendar-layout"] .calendar-issue',
  spreadsheet: '[data-testid="spreadsheet-layout"] [data-testid="sheet-row"]',
  gantt_chart: '[data-testid="gantt-layout"] [data-testid="gantt-row"]',
} as const;
type Layout = keyof typeof ITEM_IN_LAYOUT;

const CYCLE_ISSUES = ['Sprint task alpha', 'Sprint task bravo', 'Sprint task charlie'];
const MODULE_ISSUES = ['Module task delta', 'Module task echo'];
const OUTSIDE = 'Unplanned task foxtrot';
const EVERY_NAME = [...CYCLE_ISSUES, ...MODULE_ISSUES, OUTSIDE];

/** Which of the spec's issue names the current layout shows. */
async function namesShown(page: Page, layout: Layout): Promise<string[]> {
  const texts = await page.locator(ITEM_IN_LAYOUT[layout]).allTextContents();
  return EVERY_NAME.filter((name) => texts.some((text) => text.includes(name))).sort();
}

/** The layouts the list's switcher offers, in its order. */
async function offeredLayouts(page: Page): Promise<string[]> {
  const ids = await page.locator('.list-toolbar [data-testid^="layout-"]').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace('layout-', ''));
}

const shownLayout = (page: Page) => page.locator('.issue-list-view').getAttribute('data-layout');

/** Picks `layout` and waits until the server kept it (the list's user-properties PATCH answered). */
async function pickAndKeep(page: Page, layout: Layout): Promise<void> {
  const saved = page.waitForResponse((response) => response.url().includes('/user-properties/') && response.request().method() === 'PATCH', { timeout: 30_000 });
  await byTestId(page, `layout-${layout}`).click();
  expect((await saved).ok()).toBe(true);
}

describe('a cycle and a module in every layout', () => {
  let owner: OwnBrowser;
  let page: Page;
  let projectId = '';
  let projectPath = '';
  let cycleId = '';
  let emptyCycleId = '';
  let moduleId = '';
  const visits: FreshVisit[] = [];
  const visit = async (path: string, options: Parameters<typeof freshVisit>[4] = {}) => {
    const opened = await freshVisit(baseUrl, alice, password, path, options);
    visits.push(opened);
    return opened;
  };
  const cyclePath = (id: string) => `/${slug}/projects/${projectId}/cycles/${id}`;
  const modulePath = (id: string) => `/${slug}/projects/${projectId}/modules/${id}`;

  beforeAll(async () => {
    const team = await buildTeam(baseUrl, names, { workspace: 'Planning Team', project: { name: 'Layout Lab', identifier: 'LAY' } });
    owner = team.alice;
    page = owner.page;
    ({ projectId, projectPath } = team);
    await team.bob.context.close();
    const ids = new Map<string, string>();
    // Each issue has dates (the calendar and the gantt draw only dated issues) and a priority; the
    // one outside is high like a cycle issue, so a priority filter alone would not hide it.
    for (const [index, name] of EVERY_NAME.entries()) {
      const priority = name === CYCLE_ISSUES[0] || name === OUTSIDE ? 'high' : 'low';
      ids.set(name, await addIssue(page, projectPath, { name, priority, start_date: dayOfThisMonth(8 + index), target_date: dayOfThisMonth(10 + index) }));
    }
    const cycle = await api<{ id: string }>(page, 'POST', `${projectPath}/cycles/`, { name: 'Layout sprint', start_date: isoDay(new Date(Date.now() - 2 * DAY_MS)), end_date: isoDay(new Date(Date.now() + 12 * DAY_MS)) });
    expect(cycle.status, JSON.stringify(cycle.body)).toBe(201);
    cycleId = cycle.body.id;
    expect((await api(page, 'POST', `${projectPath}/cycles/${cycleId}/cycle-issues/`, { issues: CYCLE_ISSUES.map((name) => ids.get(name)) })).status).toBe(201);
    const empty = await api<{ id: string }>(page, 'POST', `${projectPath}/cycles/`, { name: 'Empty sprint' });
    expect(empty.status, JSON.stringify(empty.body)).toBe(201);
    emptyCycleId = empty.body.id;
    const module = await api<{ id: string }>(page, 'POST', `${projectPath}/modules/`, { name: 'Layout module' });
    expect(module.status, JSON.stringify(module.body)).toBe(201);
    moduleId = module.body.id;
    expect((await api(page, 'POST', `${projectPath}/modules/${moduleId}/issues/`, { issues: MODULE_ISSUES.map((name) => ids.get(name)) })).status).toBe(201);

    // The project's own list is on the spreadsheet: the cycle's and module's layouts must not move it.
    await page.goto(`/${slug}/projects/${projectId}/issues`);
    await page.locator(ITEM_IN_LAYOUT.list).first().waitFor({ timeout: 30_000 });
    await pickAndKeep(page, 'spreadsheet');
    await page.locator(ITEM_IN_LAYOUT.spreadsheet).first().waitFor({ timeout: 30_000 });
  }, 180_000);

  afterAll(async () => {
    await Promise.all([owner?.context.close(), ...visits.map((opened) => opened.context.close())]);
  });

  /** Goes through every layout the switcher offers; each shows exactly `expected`. */
  async function everyLayoutShows(expected: string[], screen: string): Promise<void> {
    await expect.poll(() => namesShown(page, 'list'), { timeout: 30_000 }).toEqual([...expected].sort());
    const layouts = await offeredLayouts(page);
    expect(layouts).toEqual(Object.keys(ITEM_IN_LAYOUT));
    for (const layout of layouts as Layout[]) {
      await byTestId(page, `layout-${layout}`).click();
      await expect.poll(() => shownLayout(page), { timeout: 15_000 }).toBe(layout);
      await expect.poll(() => namesShown(page, layout), { timeout: 30_000 }).toEqual([...expected].sort());
      await expect.poll(() => byTestId(page, 'issue-count').textContent()).toContain(String(expected.length));
      await screenshot(page, `planning-${screen}-${layout}`);
    }
  }

  /** The project's own list still opens on its own layout (the spreadsheet). */
  async function projectListKeepsItsLayout(): Promise<void> {
    await page.goto(`/${slug}/projects/${projectId}/issues`);
    await expect.poll(() => shownLayout(page), { timeout: 30_000 }).toBe('spreadsheet');
    await expect.poll(() => namesShown(page, 'spreadsheet'), { timeout: 30_000 }).toEqual([...EVERY_NAME].sort());
  }

  test("the cycle's issues, and only they, show in every layout; a filter keeps to the cycle", async () => {
    await page.goto(cyclePath(cycleId));
    await byTestId(page, 'cycle-detail').waitFor({ timeout: 30_000 });
    expect(await shownLayout(page)).toBe('list');
    await everyLayoutShows(CYCLE_ISSUES, 'cycle');

    // The list engine with the cycle's own filters: high priority shows the cycle's high issue,
    // not the high one outside the cycle (the cycle is always passed along, spec §5).
    await byTestId(page, 'layout-list').click();
    await page.locator(ITEM_IN_LAYOUT.list).first().waitFor({ timeout: 30_000 });
    await byTestId(page, 'filter-priority').click();
    await page.getByRole('option', { name: 'High', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => namesShown(page, 'list'), { timeout: 30_000 }).toEqual([CYCLE_ISSUES[0]]);
    // Picked again, the selected High comes off.
    await byTestId(page, 'filter-priority').click();
    await page.getByRole('option', { name: 'Selected: High', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => namesShown(page, 'list'), { timeout: 30_000 }).toEqual([...CYCLE_ISSUES].sort());
    expect(owner.errors).toEqual([]);
  });

  test('the layout last picked stays with the cycle — after a reload and in another browser — not with the project', async () => {
    await page.goto(cyclePath(cycleId));
    await byTestId(page, 'cycle-detail').waitFor({ timeout: 30_000 });
    await page.locator(ITEM_IN_LAYOUT.list).first().waitFor({ timeout: 30_000 });
    await pickAndKeep(page, 'calendar');
    await page.reload();
    await byTestId(page, 'cycle-detail').waitFor({ timeout: 30_000 });
    await expect.poll(() => shownLayout(page), { timeout: 30_000 }).toBe('calendar');
    expect(await byTestId(page, 'layout-calendar').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => namesShown(page, 'calendar'), { timeout: 30_000 }).toEqual([...CYCLE_ISSUES].sort());
    await projectListKeepsItsLayout();

    // Kept on the server per user and cycle: a browser with an empty profile opens it the same way.
    const elsewhere = await visit(cyclePath(cycleId));
    await byTestId(elsewhere.page, 'cycle-detail').waitFor({ timeout: 30_000 });
    await expect.poll(() => shownLayout(elsewhere.page), { timeout: 30_000 }).toBe('calendar');
  });

  test("the module's issues, and only they, show in every layout; its last layout stays with it", async () => {
    await page.goto(modulePath(moduleId));
    await byTestId(page, 'module-title').waitFor({ timeout: 30_000 });
    expect(await shownLayout(page)).toBe('list');
    await everyLayoutShows(MODULE_ISSUES, 'module');

    await byTestId(page, 'layout-list').click();
    await page.locator(ITEM_IN_LAYOUT.list).first().waitFor({ timeout: 30_000 });
    await pickAndKeep(page, 'gantt_chart');
    await page.reload();
    await byTestId(page, 'module-title').waitFor({ timeout: 30_000 });
    await expect.poll(() => shownLayout(page), { timeout: 30_000 }).toBe('gantt_chart');
    await expect.poll(() => namesShown(page, 'gantt_chart'), { timeout: 30_000 }).toEqual([...MODULE_ISSUES].sort());
    await projectListKeepsItsLayout();
    // The cycle kept its own.
    await page.goto(cyclePath(cycleId));
    await expect.poll(() => shownLayout(page), { timeout: 30_000 }).toBe('calendar');

    const elsewhere = await visit(modulePath(moduleId));
    await byTestId(elsewhere.page, 'module-title').waitFor({ timeout: 30_000 });
    await expect.poll(() => shownLayout(elsewhere.page), { timeout: 30_000 }).toBe('gantt_chart');
    expect(owner.errors).toEqual([]);
  });

  test('a cycle or module that does not exist says so, inside the app, with the way back', async () => {
    const { page: lost, errors } = await visit('/');
    for (const [path, message, back, landing] of [
      [cyclePath(crypto.randomUUID()), 'This cycle does not exist or was deleted.', 'All cycles', 'cycles-page'],
      [modulePath(crypto.randomUUID()), 'This module does not exist or was deleted.', 'All modules', 'module-create'],
    ] as const) {
      await lost.goto(path);
      await lost.getByText(message).waitFor({ timeout: 30_000 });
      expect(await byTestId(lost, 'nav-projects').isVisible()).toBe(true);
      await screenshot(lost, `planning-not-found-${landing}`);
      await byTestId(lost, 'empty-state').getByRole('link', { name: back }).click();
      await byTestId(lost, landing).waitFor({ timeout: 30_000 });
    }
    expect(errors).toEqual([]);
  });

  test("a failing load of a cycle or a module shows the screen's error; Retry heals it once the server answers", async () => {
    // No service worker: the failing answers below are page routes, which the worker would bypass.
    const { page: flaky, errors } = await visit('/', { serviceWorkers: 'block' });
    for (const [endpoint, path, ready] of [
      [`${projectPath}/cycles/`, cyclePath(cycleId), 'cycle-detail'],
      [`${projectPath}/modules/${moduleId}/`, modulePath(moduleId), 'module-title'],
    ] as const) {
      let failing = true;
      let refused = 0;
      const refuse = async (route: Route) => {
        if (!failing || route.request().method() !== 'GET') return route.continue();
        refused++;
        await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'boom' }) });
      };
      await flaky.route(`**${endpoint}`, refuse);
      await flaky.goto(path);
      await byTestId(flaky, 'screen-error').waitFor({ timeout: 30_000 });
      expect(refused).toBeGreaterThan(0);
      // Only the screen failed: the sidebar still offers the way out.
      expect(await byTestId(flaky, 'nav-projects').isVisible()).toBe(true);
      await screenshot(flaky, `planning-error-${ready}`);
      failing = false;
      await byTestId(flaky, 'error-retry').click();
      await byTestId(flaky, ready).waitFor({ timeout: 30_000 });
      expect(await byTestId(flaky, 'screen-error').count()).toBe(0);
      await flaky.unroute(`**${endpoint}`, refuse);
    }
    expect(errors).toEqual([]);
  });

  test('an empty cycle says so and leads to planning it', async () => {
    await page.goto(cyclePath(emptyCycleId));
    await byTestId(page, 'cycle-detail').waitFor({ timeout: 30_000 });
    const empty = byTestId(page, 'cycle-empty');
    await empty.waitFor({ timeout: 30_000 });
    await screenshot(page, 'planning-empty-cycle');
    await empty.getByRole('link', { name: 'Plan issues' }).click();
    // The cycles page, on the empty cycle's tab: its row takes the unplanned issues dragged onto it.
    await byTestId(page, 'cycle-row-Empty sprint').waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="unplanned-issue"]', { hasText: OUTSIDE }).waitFor({ timeout: 30_000 });
    expect(owner.errors).toEqual([]);
  });
});
