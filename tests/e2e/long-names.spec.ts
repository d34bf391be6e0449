// Issue #12 "the list row and the spreadsheet keep a fixed row height; long names truncate with a
// tooltip": an issue with a very long name and a label with a long name, seen in the list, the
// kanban board and the spreadsheet. The name and the label chip are cut short on screen (the text
// overflows its box), the tooltip holds the whole text, and rows keep their height.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Locator } from 'playwright-core';
import { screenshot } from './support/browser';
import { freshVisit, switchLayout, type FreshVisit } from './support/fresh';
import { buildScreensTeam, createIssue, TEAM_PASSWORD, type ScreensTeam } from './support/screens-team';
import { api } from './support/team';

const baseUrl = inject('e2eBaseUrl');
const LONG_NAME = `Rewire ${'the hangar lights along the north wall and '.repeat(5)}test every switch`;
const LONG_LABEL = 'Infrastructure and facilities maintenance backlog';

/** True when the element's text does not fit its box (it is shown cut short). */
const cutShort = (node: Locator) => node.evaluate((element) => element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);

describe('long names', () => {
  let team: ScreensTeam;
  let visit: FreshVisit | undefined;

  beforeAll(async () => {
    team = await buildScreensTeam(baseUrl, 'longname', 'LNG');
    const label = await api<{ id: string }>(team.setup, 'POST', `${team.projectPath}/issue-labels/`, { name: LONG_LABEL, color: '#2563eb' });
    expect(label.status).toBe(201);
    await createIssue(team, { name: LONG_NAME, label_ids: [label.body.id] });
    await createIssue(team, { name: 'Short one' });
  });

  afterAll(async () => {
    await visit?.context.close();
    await team?.setupContext.close();
  });

  test('cut short with the whole text as tooltip in the list, kanban and spreadsheet; rows keep their height', async () => {
    visit = await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, `/${team.slug}/projects/${team.projectId}/issues`);
    const { page, errors } = visit;
    await page.setViewportSize({ width: 1280, height: 800 });

    await switchLayout(page, 'list');
    const row = page.locator('[data-testid="issue-row"]', { hasText: 'Rewire' });
    const short = page.locator('[data-testid="issue-row"]', { hasText: 'Short one' });
    await row.waitFor({ timeout: 30_000 });
    const title = row.locator('.issue-title');
    expect(await title.getAttribute('title')).toBe(LONG_NAME);
    expect(await cutShort(title)).toBe(true);
    const labels = row.getByRole('button', { name: /^Labels:/ });
    expect(await labels.getAttribute('title')).toBe(LONG_LABEL);
    expect(await cutShort(labels.locator('.property-chip-text'))).toBe(true);
    expect((await row.boundingBox())!.height).toBe((await short.boundingBox())!.height);
    await screenshot(page, 'long-names-list');

    await switchLayout(page, 'spreadsheet');
    const sheetRow = page.locator('[data-testid="sheet-row"]', { hasText: 'Rewire' });
    const sheetShort = page.locator('[data-testid="sheet-row"]', { hasText: 'Short one' });
    await sheetRow.waitFor({ timeout: 30_000 });
    const sheetTitle = sheetRow.locator('.issue-title');
    expect(await sheetTitle.getAttribute('title')).toBe(LONG_NAME);
    expect(await cutShort(sheetTitle)).toBe(true);
    expect((await sheetRow.boundingBox())!.height).toBe((await sheetShort.boundingBox())!.height);
    await screenshot(page, 'long-names-spreadsheet');

    await switchLayout(page, 'kanban');
    const card = page.locator('[data-testid="kanban-card"]', { hasText: 'Rewire' });
    await card.waitFor({ timeout: 30_000 });
    // A card gives the name two lines, then cuts it.
    const cardTitle = card.locator('.issue-title');
    expect(await cardTitle.getAttribute('title')).toBe(LONG_NAME);
    expect(await cutShort(cardTitle)).toBe(true);
    const cardLabels = card.getByRole('button', { name: /^Labels:/ });
    expect(await cardLabels.getAttribute('title')).toBe(LONG_LABEL);
    await screenshot(page, 'long-names-kanban');
    expect(errors).toEqual([]);
  });

  // Issue #26 item 12: at 1024 px the row gave the title 0 px and at 1440 px nine empty chips cut it
  // short. The title takes the space; a row shows only the properties that are set, and the unset
  // ones appear while the row is hovered (or focused), so they can still be set with the mouse.
  test('every list title is readable at 1024 and 1440 px; unset properties appear on hover only', async () => {
    visit ??= await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, `/${team.slug}/projects/${team.projectId}/issues`);
    const { page, errors } = visit;
    await page.goto(`/${team.slug}/projects/${team.projectId}/issues`);
    await switchLayout(page, 'list');
    const short = page.locator('[data-testid="issue-row"]', { hasText: 'Short one' });
    for (const width of [1024, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await short.waitFor({ timeout: 30_000 });
      await page.mouse.move(width - 5, 795);
      for (const row of await page.locator('[data-testid="issue-row"]').all()) {
        const titleWidth = (await row.locator('.issue-title').boundingBox())!.width;
        expect(titleWidth, `${width} px: ${await row.getAttribute('aria-label')}`).toBeGreaterThan(120);
      }
      const visibleChips = () => short.locator('.property-chip:visible').count();
      const resting = await visibleChips();
      await short.hover();
      await expect.poll(visibleChips).toBeGreaterThan(resting);
      await screenshot(page, `list-row-hover-${width}`);
    }
    expect(errors).toEqual([]);
  });

  // Issue #26 item 12: the header's title and tabs never collapse to nothing; the project tabs fit
  // or fold into a "More" menu, with no invisible scroll strip.
  test('the header keeps the title and fits or folds the project tabs at 1024 and 1440 px', async () => {
    visit ??= await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, `/${team.slug}/projects/${team.projectId}/issues`);
    const { page, errors } = visit;
    for (const width of [1024, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/${team.slug}/projects/${team.projectId}/issues`);
      await page.locator('[data-testid="project-tab-issues"]').waitFor({ timeout: 30_000 });
      await expect.poll(async () => (await page.locator('.topbar-title').boundingBox())!.width).toBeGreaterThanOrEqual(100);
      const room = page.locator('.folding-tabs-room');
      const fits = () =>
        room.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const tabs = [...element.querySelectorAll('a, button')].map((tab) => tab.getBoundingClientRect());
          return tabs.every((tab) => tab.left >= box.left - 0.5 && tab.right <= box.right + 0.5) && element.scrollWidth <= element.clientWidth + 1;
        });
      await expect.poll(fits).toBe(true);
      const more = page.locator('[data-testid="project-tab-more"]');
      if (width === 1024) {
        // Something folds at 1024 px beside the sidebar (archived and drafts first); the menu reaches it.
        await more.waitFor();
        expect(await more.getAttribute('aria-label')).toMatch(/Archived/);
        await more.click();
        await page.locator('[data-testid="menu-project-tab-archived"]').click();
        await page.waitForURL(new RegExp(`/projects/${team.projectId}/archived-issues`));
        // The current section always stays in the row.
        await page.locator('[data-testid="project-tab-archived"].segment-active').waitFor();
        await expect.poll(fits).toBe(true);
      }
      await screenshot(page, `project-header-${width}`);
    }
    expect(errors).toEqual([]);
  });
});
