// Issue #12, "every control reachable and operable by keyboard": on each main screen, Tab from the
// top of the page (up to a generous cap, or until focus comes round to the first control again),
// record every element that received focus, then check that every visible, enabled interactive
// control of the shell and the main content was among them, and that each focused element showed
// a focus ring (a non-none outline or box-shadow in its computed style).
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { freshVisit, switchLayout, type FreshVisit } from './support/fresh';
import { buildScreensTeam, createIssue, TEAM_PASSWORD, type ScreensTeam } from './support/screens-team';
import { api } from './support/team';

const baseUrl = inject('e2eBaseUrl');
/** More Tab presses than any of these screens has stops; a walk that hits it is stuck somewhere. */
const TAB_CAP = 500;

interface Walk {
  /** How many distinct elements took focus. */
  reached: number;
  /** Controls that never took focus. */
  unreached: string[];
  /** Focused elements with no visible focus ring. */
  invisible: string[];
  /** The elements that took focus, in order (to tell where a walk went astray). */
  order: string[];
}

/** Installs the focus recorder and puts the focus navigation starting point at the top of the page. */
async function startWalk(page: Page): Promise<void> {
  await page.evaluate(() => {
    const describe = (el: Element) => {
      const label = el.getAttribute('aria-label') ?? el.getAttribute('title') ?? el.getAttribute('placeholder') ?? (el.textContent ?? '').trim().slice(0, 30);
      const testId = el.getAttribute('data-testid');
      return `<${el.tagName.toLowerCase()}${testId ? ` data-testid="${testId}"` : ''}${el.className && typeof el.className === 'string' ? ` class="${el.className}"` : ''}> ${label}`;
    };
    /** A ring on the element, or for a visually hidden input (a styled checkbox, a radio card) on its label. */
    const ringOf = (el: Element): boolean => {
      const shows = (target: Element) => {
        for (const animation of target.getAnimations()) animation.finish();
        const style = getComputedStyle(target);
        const transparent = (color: string) => color === 'transparent' || /rgba\(.*,\s*0\)$/.test(color);
        const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && !transparent(style.outlineColor);
        const shadow = style.boxShadow !== 'none' && !/^rgba\(0, 0, 0, 0\)/.test(style.boxShadow);
        return outline || shadow;
      };
      if (shows(el)) return true;
      const box = el.getBoundingClientRect();
      const hidden = box.width <= 1 || box.height <= 1 || getComputedStyle(el).opacity === '0';
      const holder = hidden ? (el.closest('label') ?? el.parentElement) : null;
      return !!holder && shows(holder);
    };
    // Focus a throwaway element before everything else (before recording), then drop it after the
    // first Tab: that Tab starts at the top of the page.
    const start = document.createElement('span');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    const state = { first: null as Element | null, count: 0, invisible: [] as string[], order: [] as string[], keys: new Set<string>() };
    (window as unknown as { __walk: typeof state }).__walk = state;
    document.addEventListener('focusin', (event) => {
      const el = event.target as Element;
      if (el.hasAttribute('data-walk-reached')) return;
      el.setAttribute('data-walk-reached', '');
      state.first ??= el;
      state.count += 1;
      state.order.push(describe(el));
      state.keys.add(keyOf(el));
      if (!ringOf(el)) state.invisible.push(describe(el));
    }, true);
    // Virtualised rows and columns unmount and mount again as focus moves on: a control is known
    // by its issue and its description as well as by its node.
    const keyOf = (el: Element) => `${el.closest('[data-issue-id]')?.getAttribute('data-issue-id') ?? ''}|${describe(el)}`;
    (window as unknown as { __describe: typeof describe; __keyOf: typeof keyOf }).__describe = describe;
    (window as unknown as { __keyOf: typeof keyOf }).__keyOf = keyOf;
  });
}

const CONTROLS = 'a[href], button, input, textarea, [role="button"], [role="tab"], [role="combobox"], [tabindex="0"]';

/**
 * Waits until the screen's enabled controls stop changing (pickers that enable once their data
 * and the member's role have arrived), so the walk and the comparison see the same screen.
 */
async function settle(page: Page): Promise<void> {
  let previous = '';
  await expect.poll(async () => {
    const now = await page.evaluate((selector) => [...document.querySelectorAll(selector)].filter((el) => !el.matches(':disabled, [aria-disabled="true"]')).map((el) => el.getAttribute('data-testid') ?? el.tagName).join(','), CONTROLS);
    const same = now === previous;
    previous = now;
    return same;
  }, { timeout: 20_000, interval: 300 }).toBe(true);
}

/** Tabs until focus is back on the first control it reached (or the cap), then compares. */
async function walkScreen(page: Page): Promise<Walk> {
  await startWalk(page);
  for (let press = 0; press < TAB_CAP; press += 1) {
    await page.keyboard.press('Tab');
    if (press === 0) await page.evaluate(() => document.body.firstElementChild?.matches('span[tabindex="-1"]') && document.body.firstElementChild.remove());
    const cameRound = await page.evaluate(() => {
      const state = (window as unknown as { __walk: { first: Element | null; count: number } }).__walk;
      return state.count > 1 && document.activeElement === state.first;
    });
    if (cameRound) break;
  }
  return page.evaluate((CONTROLS) => {
    const state = (window as unknown as { __walk: { count: number; invisible: string[]; order: string[]; keys: Set<string> } }).__walk;
    const keyOf = (window as unknown as { __keyOf: (el: Element) => string }).__keyOf;
    const describe = (window as unknown as { __describe: (el: Element) => string }).__describe;
    const unreached: string[] = [];
    for (const el of document.querySelectorAll(CONTROLS)) {
      if (el.hasAttribute('data-walk-reached') || state.keys.has(keyOf(el))) continue;
      if (el.matches(':disabled, [aria-disabled="true"], [tabindex="-1"], input[type="hidden"]')) continue;
      // Toasts come and go; the walk is about the screen.
      if (el.closest('[data-sonner-toaster], .toast-viewport')) continue;
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      // Virtualised rows: the first few stand for the rest.
      const row = el.closest('.virtual-row');
      if (row && row.parentElement && [...row.parentElement.children].indexOf(row) >= 3) continue;
      // A radio group is one Tab stop: reaching its checked (or first) radio is reaching the group.
      if (el.matches('input[type="radio"]') && (el as HTMLInputElement).name && document.querySelector(`input[type="radio"][name="${(el as HTMLInputElement).name}"][data-walk-reached]`)) continue;
      unreached.push(describe(el));
    }
    return { reached: state.count, unreached, invisible: state.invisible, order: state.order };
  }, CONTROLS);
}

describe('keyboard reach on the main screens', () => {
  let team: ScreensTeam;
  let visit: FreshVisit | undefined;
  let issueId = '';

  beforeAll(async () => {
    team = await buildScreensTeam(baseUrl, 'kb-reach', 'KBR');
    issueId = await createIssue(team, { name: 'Oil the hinges', priority: 'high', target_date: new Date().toISOString().slice(0, 10) });
    await createIssue(team, { name: 'Sweep the porch', priority: 'low' });
    await createIssue(team, { name: 'Fix the gate latch' });
    expect((await api(team.setup, 'POST', `${team.projectPath}/issues/${issueId}/comments/`, { comment_html: '<p>Use the light oil</p>' })).status).toBe(201);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const cycle = await api<{ id: string }>(team.setup, 'POST', `${team.projectPath}/cycles/`, { name: 'Porch sprint', start_date: day(-3), end_date: day(7) });
    expect(cycle.status).toBe(201);
    expect((await api(team.setup, 'POST', `${team.projectPath}/cycles/${cycle.body.id}/cycle-issues/`, { issues: [issueId] })).status).toBeLessThan(300);
    expect((await api(team.setup, 'POST', `${team.projectPath}/modules/`, { name: 'Garden gate', status: 'in-progress' })).status).toBe(201);
    expect((await api(team.setup, 'POST', `${team.projectPath}/views/`, { name: 'Urgent things', filters: { priority: ['high'] } })).status).toBe(201);
    expect((await api(team.setup, 'POST', `${team.projectPath}/pages/`, { name: 'House rules' })).status).toBe(201);
    expect((await api(team.setup, 'PATCH', team.projectPath + '/', { intake_view: true })).status).toBe(200);
    visit = await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, `/${team.slug}/projects/${team.projectId}/issues`);
    await visit.page.locator('[data-testid="issue-row"]').first().waitFor({ timeout: 30_000 });
  });

  afterAll(async () => {
    await Promise.all([team?.setupContext.close(), visit?.context.close()]);
  });

  test('every control on every main screen takes focus by Tab, with a visible focus ring', async () => {
    const { page, errors } = visit!;
    const project = `/${team.slug}/projects/${team.projectId}`;
    const screens: { name: string; path: string; layout?: Parameters<typeof switchLayout>[1]; ready: string }[] = [
      { name: 'list', path: `${project}/issues`, layout: 'list', ready: '[data-testid="issue-row"]' },
      { name: 'kanban', path: `${project}/issues`, layout: 'kanban', ready: '[data-testid="kanban-card"]' },
      { name: 'spreadsheet', path: `${project}/issues`, layout: 'spreadsheet', ready: '[data-testid="sheet-row"]' },
      { name: 'issue', path: `${project}/issues/${issueId}`, ready: '[data-testid="comment"]' },
      { name: 'cycles', path: `${project}/cycles`, ready: 'text=Porch sprint' },
      { name: 'modules', path: `${project}/modules`, ready: 'text=Garden gate' },
      { name: 'views', path: `${project}/views`, ready: 'text=Urgent things' },
      { name: 'pages', path: `${project}/pages`, ready: 'text=House rules' },
      { name: 'notifications', path: `/${team.slug}/notifications`, ready: 'main' },
      { name: 'intake', path: `${project}/intake`, ready: 'main' },
      { name: 'home', path: `/${team.slug}`, ready: '[data-testid="workspace-home"]' },
      { name: 'analytics', path: `/${team.slug}/analytics`, ready: 'main' },
      { name: 'workspace-settings', path: `/${team.slug}/settings/members`, ready: `text=${team.carol.email}` },
      { name: 'project-settings', path: `${project}/settings`, ready: 'main form, main input' },
    ];
    const found: string[] = [];
    for (const screen of screens) {
      await page.goto(new URL(screen.path, baseUrl).toString());
      if (screen.layout) await switchLayout(page, screen.layout);
      await page.locator(screen.ready).first().waitFor({ timeout: 30_000 });
      await expect.poll(() => page.locator('.ui-skeleton, [aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
      await settle(page);
      const walk = await walkScreen(page);
      expect(walk.reached, `${screen.name}: focus went somewhere`).toBeGreaterThan(3);
      for (const control of walk.unreached) found.push(`${screen.name}: not reachable by Tab: ${control}`);
      for (const control of walk.invisible) found.push(`${screen.name}: no visible focus ring: ${control}`);
      if (walk.unreached.length || walk.invisible.length) {
        console.warn(`${screen.name}: focus order\n  ${walk.order.join('\n  ')}`);
        await screenshot(page, `keyboard-reach-${screen.name}`);
      }
    }
    for (const line of found) console.warn(line);
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  }, 600_000);
});
