// A person arriving from a link: a new browser context (own profile, empty cache), signed in with a
// password through the API, then the caller loads the screen under test as a fresh page load.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type launchContext, type OwnBrowser } from './browser';
import { api } from './team';

export type FreshVisit = OwnBrowser;

/** Signs in with email and password from inside the page (the browser keeps the session cookie). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.waitForLoadState('domcontentloaded');
  const answer = await api(page, 'POST', '/auth/sign-in/', { email, password });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** A fresh context signed in as `person`, its page loaded at `path`. */
export async function freshVisit(baseUrl: string, person: { email: string }, password: string, path: string, options: Parameters<typeof launchContext>[1] = {}): Promise<FreshVisit> {
  const visit = await openBrowser(baseUrl, options);
  await signIn(visit.page, person.email, password);
  await visit.page.goto(path);
  return visit;
}

/** `[data-testid="…"]`. */
export const byTestId = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`);

/**
 * Switches an issue list to `layout` once the list on screen shows its issues, as a person who
 * sees the list and then picks a layout does.
 */
export async function switchLayout(page: Page, layout: 'list' | 'kanban' | 'calendar' | 'spreadsheet' | 'gantt_chart'): Promise<void> {
  await page.locator('[data-testid="issue-row"], [data-testid="kanban-card"], [data-testid="sheet-row"], [data-testid="gantt-row"], .calendar-issue').first().waitFor({ timeout: 30_000 });
  await byTestId(page, `layout-${layout}`).click();
  await byTestId(page, layout === 'gantt_chart' ? 'gantt-layout' : `${layout}-layout`).waitFor();
}

/**
 * Opens a project section from the header's tabs as a person does: the tab when it is in the row,
 * else through the "More" menu it folded into (the header folds tabs that do not fit, issue #26).
 */
export async function openProjectSection(page: Page, key: string): Promise<void> {
  const tab = page.locator(`[data-testid="project-tab-${key}"]`);
  await page.locator('[data-testid="project-tab-issues"], [data-testid="project-tab-more"]').first().waitFor({ timeout: 30_000 });
  if (await tab.count()) return tab.click();
  await page.locator('[data-testid="project-tab-more"]').click();
  await page.locator(`[data-testid="menu-project-tab-${key}"]`).click();
}
