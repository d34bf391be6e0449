// The work-items client as a team meets it, in Debian's Chromium: create a project and issues,
// go through the five layouts, drag a kanban card and a gantt bar, edit in the spreadsheet, open
// the peek and the full page, comment, use the palette, shortcuts and settings; two people side by
// side see each other's moves live; a reload paints from the local cache before the network.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { drag } from './support/drag';
import { byTestId, openProjectSection } from './support/fresh';
import { api, buildTeam, teamNames } from './support/team';

const baseUrl = inject('e2eBaseUrl');
const names = teamNames('wi', 'work');
const { slug } = names;

describe('work items in Chromium', () => {
  let aliceContext: BrowserContext;
  let bobContext: BrowserContext;
  let alicePage: Page;
  let bobPage: Page;
  let projectId = '';
  let errors: string[] = [];

  beforeAll(async () => {
    // No service worker for Alice: the local-cache test holds the issue list with a page route,
    // which requests the worker answers would bypass.
    const team = await buildTeam(baseUrl, names, { workspace: 'Work Team', aliceBrowser: { serviceWorkers: 'block' } });
    ({ context: aliceContext, page: alicePage, errors } = team.alice);
    ({ context: bobContext, page: bobPage } = team.bob);
  });

  afterAll(async () => {
    await Promise.all([aliceContext?.close(), bobContext?.close()]);
  });

  test('creates a project from the projects list and adds issues with quick add and the modal', async () => {
    const page = alicePage;
    await page.goto(`/${slug}/projects`);
    await byTestId(page, 'projects-page').waitFor();
    await byTestId(page, 'new-project').click();
    await byTestId(page, 'project-name').fill('Apollo Launch');
    await expect.poll(() => byTestId(page, 'project-identifier').inputValue()).toBe('AL');
    await byTestId(page, 'create-project-submit').click();
    await page.waitForURL(/\/projects\/[0-9a-f-]+\/issues/);
    projectId = /projects\/([0-9a-f-]+)\/issues/.exec(page.url())![1]!;
    await byTestId(page, 'list-layout').waitFor();
    await byTestId(page, 'sidebar-project-AL').waitFor();

    for (const name of ['Design the rocket', 'Build the pad', 'Fuel the tanks']) {
      const opened = await byTestId(page, 'quick-add-input').count();
      if (!opened) await byTestId(page, 'quick-add').first().click();
      await byTestId(page, 'quick-add-input').fill(name);
      await byTestId(page, 'quick-add-input').press('Enter');
      await page.locator('[data-testid="issue-row"]', { hasText: name }).waitFor();
    }
    await page.keyboard.press('Escape');
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('c');
    await byTestId(page, 'create-issue-modal').waitFor();
    await byTestId(page, 'create-issue-name').fill('Write the checklist');
    await byTestId(page, 'create-issue-submit').click();
    await page.locator('[data-testid="issue-row"]', { hasText: 'Write the checklist' }).waitFor();
    await expect.poll(async () => page.locator('[data-testid="issue-row"]:not(.issue-row-pending)').count(), { timeout: 15_000 }).toBe(4);
    await screenshot(page, 'work-items-list');
    const listed = await api<{ total_count: number }>(page, 'GET', `/api/workspaces/${slug}/projects/${projectId}/issues/`);
    expect(listed.body.total_count).toBe(4);
  });

  test('switches through all five layouts', async () => {
    const page = alicePage;
    for (const layout of ['kanban', 'calendar', 'spreadsheet', 'gantt_chart', 'list'] as const) {
      await byTestId(page, `layout-${layout}`).click();
      const testId = layout === 'gantt_chart' ? 'gantt-layout' : `${layout}-layout`;
      await byTestId(page, testId).waitFor();
      await screenshot(page, `work-items-${layout}`);
    }
    await byTestId(page, 'layout-kanban').click();
    await byTestId(page, 'kanban-layout').waitFor();
  });

  test('drags a card to another kanban column and the server keeps it there', async () => {
    const page = alicePage;
    const states = await api<{ id: string; name: string }[]>(page, 'GET', `/api/workspaces/${slug}/projects/${projectId}/states/`);
    const todo = states.body.find((state) => state.name === 'Todo')!;
    const card = page.locator('[data-testid="kanban-card"]', { hasText: 'Design the rocket' });
    await drag(page, card, byTestId(page, `kanban-column-${todo.id}`));
    await byTestId(page, `kanban-column-${todo.id}`).locator('[data-testid="kanban-card"]', { hasText: 'Design the rocket' }).waitFor();
    const issueId = await card.getAttribute('data-issue-id');
    await expect.poll(async () => (await api<{ state_id: string }>(page, 'GET', `/api/workspaces/${slug}/projects/${projectId}/issues/${issueId}/`)).body.state_id, { timeout: 15_000 }).toBe(todo.id);
    await screenshot(page, 'work-items-kanban-dragged');
  });

  test('edits a priority inline in the spreadsheet', async () => {
    const page = alicePage;
    await byTestId(page, 'layout-spreadsheet').click();
    const row = page.locator('[data-testid="sheet-row"]', { hasText: 'Build the pad' });
    await row.getByRole('button', { name: /^Priority:/ }).click();
    await page.getByRole('option', { name: 'Urgent', exact: true }).click();
    const issueId = await row.getAttribute('data-issue-id');
    await expect.poll(async () => (await api<{ priority: string }>(page, 'GET', `/api/workspaces/${slug}/projects/${projectId}/issues/${issueId}/`)).body.priority, { timeout: 15_000 }).toBe('urgent');
    await screenshot(page, 'work-items-spreadsheet-edited');
  });

  test('drags a gantt bar three days later and the dates follow', async () => {
    const page = alicePage;
    const row = page.locator('[data-testid="sheet-row"]', { hasText: 'Write the checklist' });
    const issueId = (await row.getAttribute('data-issue-id'))!;
    const path = `/api/workspaces/${slug}/projects/${projectId}/issues/${issueId}/`;
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    expect((await api(page, 'PATCH', path, { start_date: day(2), target_date: day(4) })).status).toBe(200);
    await byTestId(page, 'layout-gantt_chart').click();
    const bar = page.locator('[data-testid="gantt-row"]', { hasText: 'Write the checklist' }).locator('[data-testid="gantt-bar"]');
    await bar.waitFor();
    await bar.scrollIntoViewIfNeeded();
    const box = (await bar.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 42, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2 + 84, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await api<{ start_date: string; target_date: string }>(page, 'GET', path)).body, { timeout: 15_000 }).toMatchObject({ start_date: day(5), target_date: day(7) });
    await screenshot(page, 'work-items-gantt-dragged');
    await byTestId(page, 'layout-spreadsheet').click();
  });

  test('opens the peek, comments, then the full page', async () => {
    const page = alicePage;
    await page.locator('[data-testid="sheet-row"]', { hasText: 'Fuel the tanks' }).locator('.sheet-title').click();
    await byTestId(page, 'issue-peek').waitFor();
    expect(page.url()).toContain('peekId=');
    await byTestId(page, 'comment-input').fill('Tanks are ready for inspection');
    await byTestId(page, 'comment-submit').click();
    await page.locator('[data-testid="comment"]', { hasText: 'Tanks are ready for inspection' }).waitFor();
    await expect.poll(async () => page.locator('[data-testid="comment"].issue-row-pending').count(), { timeout: 15_000 }).toBe(0);
    await screenshot(page, 'work-items-peek');
    await byTestId(page, 'open-full').click();
    await page.waitForURL(/\/issues\/[0-9a-f-]+$/);
    await byTestId(page, 'issue-detail').waitFor();
    await page.locator('[data-testid="comment"]', { hasText: 'Tanks are ready for inspection' }).waitFor();
    await screenshot(page, 'work-items-detail');
  });

  test('the command palette finds an issue by key, ? lists the shortcuts, and project settings add a label', async () => {
    const page = alicePage;
    await page.locator('body').click({ position: { x: 600, y: 20 } });
    await page.keyboard.press('Control+k');
    await byTestId(page, 'command-palette').waitFor();
    // Sequence ids follow the server's order of arrival, so read the key instead of assuming it.
    const listed = await api<{ results: { name: string; sequence_id: number }[] }>(page, 'GET', `/api/workspaces/${slug}/projects/${projectId}/issues/`);
    const target = listed.body.results.find((issue) => issue.name === 'Build the pad')!;
    await byTestId(page, 'palette-input').fill(`AL-${target.sequence_id}`);
    await page.locator('[data-testid^="palette-issue-"]', { hasText: 'Build the pad' }).waitFor({ timeout: 15_000 }).catch(async (error: Error) => {
      await screenshot(page, 'failure-palette');
      throw new Error(`${error.message}\n${await byTestId(page, 'command-palette').innerHTML().catch(() => 'no palette')}`);
    });
    await screenshot(page, 'work-items-palette');
    await byTestId(page, 'palette-input').press('Enter');
    await page.locator('[data-testid="issue-title-input"]').and(page.locator('textarea')).waitFor();
    await expect.poll(() => page.locator('[data-testid="issue-title-input"]').inputValue()).toBe('Build the pad');
    // Focus leaves the title field (a click on the top bar could land on one of its controls).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    await byTestId(page, 'shortcut-modal').waitFor();
    await screenshot(page, 'work-items-shortcuts');
    await page.keyboard.press('Escape');
    await openProjectSection(page, 'settings');
    await byTestId(page, 'project-settings').waitFor();
    await byTestId(page, 'settings-tab-states').click();
    await byTestId(page, 'states-backlog').waitFor();
    // The tabs by keyboard: from the focused States tab, ArrowRight moves to Labels and opens it
    // (the tab is the URL's ?tab=), its panel named by the tab.
    await byTestId(page, 'settings-tab-states').focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/[?&]tab=labels/);
    await byTestId(page, 'label-name').waitFor();
    expect(await byTestId(page, 'settings-tab-labels').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tabpanel', { name: 'Labels' }).count()).toBe(1);
    await byTestId(page, 'label-name').fill('Bug');
    await byTestId(page, 'add-label').click();
    await byTestId(page, 'labels-settings').locator('li', { hasText: 'Bug' }).waitFor();
    await screenshot(page, 'work-items-settings-labels');
    const labels = await api<{ name: string }[]>(page, 'GET', `/api/workspaces/${slug}/projects/${projectId}/issue-labels/`);
    expect(labels.body.map((label) => label.name)).toContain('Bug');
  });

  test('two people side by side: a card moved by one moves for the other without a reload', async () => {
    expect((await api(alicePage, 'POST', `/api/workspaces/${slug}/projects/${projectId}/members/`, { members: [{ member_id: (await api<{ id: string }>(bobPage, 'GET', '/api/users/me/')).body.id, role: 15 }] })).status).toBeLessThan(300);
    await bobPage.goto(`/${slug}/projects/${projectId}/issues`);
    await byTestId(bobPage, 'layout-kanban').click();
    await byTestId(bobPage, 'kanban-layout').waitFor();
    await byTestId(bobPage, 'live-status').and(bobPage.locator('[data-state="connected"]')).waitFor();
    await alicePage.goto(`/${slug}/projects/${projectId}/issues`);
    await byTestId(alicePage, 'layout-kanban').click();
    await byTestId(alicePage, 'kanban-layout').waitFor();
    const states = await api<{ id: string; name: string }[]>(alicePage, 'GET', `/api/workspaces/${slug}/projects/${projectId}/states/`);
    const started = states.body.find((state) => state.name === 'In Progress')!;
    const card = alicePage.locator('[data-testid="kanban-card"]', { hasText: 'Build the pad' });
    await drag(alicePage, card, byTestId(alicePage, `kanban-column-${started.id}`));
    await byTestId(alicePage, `kanban-column-${started.id}`).locator('[data-testid="kanban-card"]', { hasText: 'Build the pad' }).waitFor();
    await byTestId(bobPage, `kanban-column-${started.id}`).locator('[data-testid="kanban-card"]', { hasText: 'Build the pad' }).waitFor({ timeout: 15_000 });
    await screenshot(bobPage, 'work-items-live-bob');
    expect(errors).toEqual([]);
  });
  test('a reload paints the last-seen issues from the local cache before the network answers', async () => {
    const page = alicePage;
    await page.goto(`/${slug}/projects/${projectId}/issues`);
    await byTestId(page, 'layout-list').click();
    await page.locator('[data-testid="issue-row"]', { hasText: 'Fuel the tanks' }).waitFor();
    // Hold every issue-list answer for 20 s: only the IndexedDB copy can paint the rows now.
    const held = /\/issues\/(\?|$)|\/v2\/issues\//;
    await page.route(held, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 20_000));
      await route.continue().catch(() => undefined);
    });
    await page.reload();
    await page.locator('[data-testid="issue-row"]', { hasText: 'Fuel the tanks' }).waitFor({ timeout: 8_000 });
    await screenshot(page, 'work-items-from-cache');
    await page.unroute(held);
  });
});
