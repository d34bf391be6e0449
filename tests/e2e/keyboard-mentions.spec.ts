// Issue #26 items 3 and 13, in Chromium from a fresh browser context: the comment box's @mention
// list works by mouse and keyboard (arrows, Enter, Tab, Esc) with focus staying in the box, so a
// "c" typed after a click-pick goes on with the comment instead of opening "New issue"; a posted
// mention is a link to the member's profile. Between issues: J/K and the arrows move focus in the
// list, spreadsheet and kanban layouts (kanban: ArrowRight to the next column), Enter opens the
// peek, and Tab leaves the rows instead of walking through each row's checkbox and chips.
// The team is built once (Alice with a fresh context; Bob only needs to be a member).
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { byTestId, switchLayout } from './support/fresh';
import { addIssue, api, buildTeam, teamNames, type Me, type Team } from './support/team';

const baseUrl = inject('e2eBaseUrl');
const names = teamNames('kbm', 'kbm');
const { slug } = names;
/** More issues than one screen of list rows (44 px each), so J walks past the rendered ones. */
const ISSUE_COUNT = 30;

describe('@mentions and keys between rows', () => {
  let team: Team;
  let page: Page;
  let errors: string[];
  let bob: Me;
  let commentIssueId = '';
  const issuesPath = () => `/${slug}/projects/${team.projectId}/issues`;

  beforeAll(async () => {
    team = await buildTeam(baseUrl, names, { workspace: 'Keys Team', project: { name: 'Pumps', identifier: 'PMP' } });
    ({ page, errors } = team.alice);
    bob = team.bob.user;
    await team.bob.context.close();
    const states = (await api<{ id: string; name: string }[]>(page, 'GET', `${team.projectPath}/states/`)).body;
    const todo = states.find((state) => state.name === 'Todo')!.id;
    commentIssueId = await addIssue(page, team.projectPath, { name: 'Check the pressure gauge' });
    for (let index = 1; index < ISSUE_COUNT; index += 1) {
      // A few in Todo, so the kanban board has a second column with cards.
      await addIssue(page, team.projectPath, { name: `Pump part ${String(index).padStart(2, '0')}`, ...(index % 10 === 0 ? { state_id: todo } : {}) });
    }
  });

  afterAll(async () => {
    await team?.alice.context.close();
  });

  const commentBox = () => byTestId(page, 'comment-input');
  /** The start of Bob's name that no other member's shares (names are the emails' "kbm-bob-…"). */
  const bobQuery = () => bob.display_name.slice(0, 5);
  const mentionOption = (name: string) => page.locator('.mention-menu button', { hasText: `@${name}` });
  const focusedIsCommentBox = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'comment-input');

  test('a mention picked by click keeps focus in the box: typing "c…" goes on with the comment', async () => {
    await page.goto(`/${slug}/projects/${team.projectId}/issues/${commentIssueId}`);
    await byTestId(page, 'issue-detail').waitFor({ timeout: 30_000 });
    await commentBox().click();
    await page.keyboard.type(`Ask @${bobQuery()}`);
    await mentionOption(bob.display_name).click();
    expect(await focusedIsCommentBox()).toBe(true);
    // Typed on the page's keyboard, not into a located field: the keys go wherever focus is.
    await page.keyboard.type('can you check');
    expect(await commentBox().inputValue()).toBe(`Ask @${bob.display_name} can you check`);
    expect(await byTestId(page, 'create-issue-modal').count()).toBe(0);
  });

  test('Enter and Tab pick the active suggestion, arrows move it, Esc closes the list and keeps the text', async () => {
    await commentBox().fill('');
    await commentBox().click();
    await page.keyboard.type(`@${bobQuery()}`);
    await mentionOption(bob.display_name).waitFor();
    await page.keyboard.press('Enter');
    expect(await commentBox().inputValue()).toBe(`@${bob.display_name} `);
    expect(await page.locator('.mention-menu').count()).toBe(0);

    // "@" alone lists every member who can be mentioned (Alice and Bob, by name): ArrowDown then
    // Tab picks the second, and focus stays in the box (Tab did not move it on).
    await page.keyboard.type('and @');
    const options = page.locator('.mention-menu [role="option"]');
    await expect.poll(() => options.count()).toBeGreaterThan(1);
    const second = ((await options.nth(1).textContent()) ?? '').trim();
    await page.keyboard.press('ArrowDown');
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await commentBox().inputValue()).toBe(`@${bob.display_name} and ${second} `);
    expect(await focusedIsCommentBox()).toBe(true);

    await page.keyboard.type(`or @${bobQuery()}`);
    await mentionOption(bob.display_name).waitFor();
    await page.keyboard.press('Escape');
    expect(await page.locator('.mention-menu').count()).toBe(0);
    expect(await commentBox().inputValue()).toBe(`@${bob.display_name} and ${second} or @${bobQuery()}`);
    expect(await focusedIsCommentBox()).toBe(true);
    // With the list closed, Enter is a new line again.
    await page.keyboard.press('Enter');
    expect(await commentBox().inputValue()).toMatch(/\n$/);
    await screenshot(page, 'keyboard-mentions-box');
  });

  test('a posted mention is a link to the member\'s profile', async () => {
    await commentBox().fill('');
    await commentBox().click();
    await page.keyboard.type(`Thanks @${bobQuery()}`);
    await page.keyboard.press('Enter');
    await page.keyboard.type('for the gauge');
    await byTestId(page, 'comment-submit').click();
    const comment = page.locator('[data-testid="comment"]', { hasText: 'for the gauge' });
    // Confirmed by the server (no longer the optimistic, pending copy).
    await expect.poll(() => page.locator('[data-testid="comment"].issue-row-pending').count(), { timeout: 15_000 }).toBe(0);
    const link = comment.locator('a[data-testid="mention-link"]');
    await link.waitFor({ timeout: 15_000 });
    expect((await link.textContent())?.trim()).toBe(`@${bob.display_name}`);
    expect(new URL((await link.getAttribute('href'))!, baseUrl).pathname).toBe(`/${slug}/profile/${bob.id}`);
    await screenshot(page, 'keyboard-mentions-posted');
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/${slug}/profile/${bob.id}`);
  });

  /** The accessible name of the focused element (rows and cards are labelled by their issue). */
  const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
  /** The rows' issue names in the layout's order (by `data-row-index`; rendered ones only). */
  /** Presses each key in turn and answers the focused issue's name after each press. */
  const walk = async (keys: string[]) => {
    const seen: string[] = [];
    for (const key of keys) {
      await page.keyboard.press(key);
      seen.push(await focusedName());
    }
    return seen;
  };
  const namesInOrder = (rows: Locator) => rows.evaluateAll((nodes) => nodes.map((node) => ({ index: Number(node.getAttribute('data-row-index')), name: node.getAttribute('aria-label') ?? '' })).sort((a, b) => a.index - b.index).map((row) => row.name));

  test('list: J/K and the arrows move between rows, past the rendered ones; Enter opens the peek; Tab leaves the rows', async () => {
    await page.goto(issuesPath());
    await switchLayout(page, 'list');
    const rows = byTestId(page, 'issue-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(3);
    const order = await namesInOrder(rows);
    await rows.first().focus();
    expect(await walk(['j', 'ArrowDown', 'k', 'ArrowUp'])).toEqual([order[1], order[2], order[1], order[0]]);
    expect(await byTestId(page, 'create-issue-modal').count()).toBe(0);

    // Walk to the last issue: the list renders about a screen of rows, the rest come into view
    // as J reaches them, and every issue is visited once (group headers are skipped).
    const visited = new Set([await focusedName(), ...(await walk(Array.from({ length: ISSUE_COUNT - 1 }, () => 'j')))]);
    expect(visited.size).toBe(ISSUE_COUNT);
    const last = page.locator('[data-testid="issue-row"]:focus');
    // The list scrolled (it is the scroller, a screen high) and the focused row is inside its view.
    expect(await last.evaluate((row) => {
      const list = row.closest('.list-layout')!;
      const box = row.getBoundingClientRect();
      const view = list.getBoundingClientRect();
      return list.scrollTop > 0 && list.scrollHeight > list.clientHeight && box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
    })).toBe(true);
    await screenshot(page, 'keyboard-rows-list-end');

    // Tab from a row goes past the rows, not into its checkbox or chips nor to the next row.
    await rows.first().focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="issue-row"]') === null)).toBe(true);

    await rows.first().focus();
    await page.keyboard.press('Enter');
    await byTestId(page, 'issue-peek').waitFor();
    expect(new URL(page.url()).searchParams.get('peekId')).not.toBeNull();
    await page.keyboard.press('Escape');
    await byTestId(page, 'issue-peek').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  test('spreadsheet: J/K and the arrows move between rows, Enter opens the peek, Tab leaves the rows', async () => {
    await page.goto(issuesPath());
    await switchLayout(page, 'spreadsheet');
    const rows = byTestId(page, 'sheet-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(3);
    const order = await namesInOrder(rows);
    await rows.first().focus();
    expect(await walk(['ArrowDown', 'j', 'k'])).toEqual([order[1], order[2], order[1]]);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="sheet-row"]') === null)).toBe(true);
    await rows.nth(1).focus();
    await page.keyboard.press('Enter');
    await byTestId(page, 'issue-peek').waitFor();
    await page.keyboard.press('Escape');
    await byTestId(page, 'issue-peek').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  test('kanban: J/K and the arrows move within a column, ArrowRight to the next column, Enter opens the peek', async () => {
    await page.goto(issuesPath());
    await switchLayout(page, 'kanban');
    const backlog = page.locator('.kanban-column', { has: page.locator('.group-title', { hasText: /^Backlog$/ }) });
    const todo = page.locator('.kanban-column', { has: page.locator('.group-title', { hasText: /^Todo$/ }) });
    const backlogCards = backlog.locator('[data-testid="kanban-card"]');
    await expect.poll(() => backlogCards.count(), { timeout: 30_000 }).toBeGreaterThan(3);
    const order = await namesInOrder(backlogCards);
    const todoOrder = await namesInOrder(todo.locator('[data-testid="kanban-card"]'));
    expect(todoOrder.length).toBeGreaterThan(0);
    await backlogCards.first().focus();
    expect(await walk(['j', 'ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft'])).toEqual([order[1], order[2], order[1], todoOrder[0], order[1]]);
    // One Tab stop per column: Tab leaves this column's cards.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="kanban-card"]') === null)).toBe(true);
    await backlogCards.first().focus();
    await page.keyboard.press('Enter');
    await byTestId(page, 'issue-peek').waitFor();
    await screenshot(page, 'keyboard-rows-kanban-peek');
    expect(errors).toEqual([]);
  });
});
