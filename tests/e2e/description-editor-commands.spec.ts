// Issue #26 item 9, in Chromium from fresh browser contexts: the issue description (a live Yjs
// document) has the page editor's behaviour — the "/" menu by keyboard (arrows, Enter, Esc) and by
// mouse, Markdown input rules ("- [ ] " becomes a task), and @mentions of members with the comment
// box's list — while focus stays in the editor, so no single-key shortcut fires and Esc does not
// close the peek around it. A mention shows as a chip linking to the profile, the mentioned member
// is notified, and a teammate opening the issue in a browser of their own sees the same document.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { byTestId, switchLayout } from './support/fresh';
import { addIssue, api, buildTeam, teamNames, type Me, type Team } from './support/team';

const baseUrl = inject('e2eBaseUrl');
const names = teamNames('dsc', 'dsc');
const { slug } = names;

interface NotificationRow {
  entity_identifier: string | null;
  is_mentioned_notification: boolean;
}

describe('issue description: "/" menu, input rules and @mentions', () => {
  let team: Team;
  let page: Page;
  let bob: Me;
  let issueId = '';
  const issuesPath = () => `/${slug}/projects/${team.projectId}/issues`;
  const peek = () => byTestId(page, 'issue-peek');
  const editor = () => peek().locator('[data-testid="description-editor"] .ProseMirror');
  const slashMenu = () => page.locator('[data-testid="slash-menu"]');
  const focusInEditor = () => page.evaluate(() => !!document.activeElement?.closest('[data-testid="description-editor"]'));
  /** The caret at the end of the description (a click on its last block, never on a task's checkbox). */
  const caretAtEnd = async () => {
    await editor().locator(':scope > *').last().click({ position: { x: 40, y: 4 } });
    await page.keyboard.press('Control+End');
  };
  const storedHtml = async () => (await api<{ description_html: string }>(page, 'GET', `${team.projectPath}/issues/${issueId}/`)).body.description_html;

  beforeAll(async () => {
    team = await buildTeam(baseUrl, names, { workspace: 'Description Team', project: { name: 'Boilers', identifier: 'BLR' } });
    page = team.alice.page;
    bob = team.bob.user;
    issueId = await addIssue(page, team.projectPath, { name: 'Service the boiler' });
  });

  afterAll(async () => {
    await Promise.all([team?.alice.context.close(), team?.bob.context.close()]);
  });

  test('"/" opens the block menu: arrows and Enter pick, Esc closes it (the peek stays), a click picks; keys never reach the shortcuts', async () => {
    await page.goto(issuesPath());
    await switchLayout(page, 'list');
    await page.locator('[data-testid="issue-row"]', { hasText: 'Service the boiler' }).locator('.issue-title').click();
    await peek().waitFor();
    await peek().locator('[data-testid="description-editor"][data-synced="true"]').waitFor({ timeout: 30_000 });
    await editor().click();

    // Keyboard: "/head" lists the three headings, ArrowDown moves to the second, Enter applies it.
    await page.keyboard.type('/head');
    await slashMenu().waitFor();
    expect(await slashMenu().locator('.slash-menu-item').allTextContents()).toEqual(['Heading 1', 'Heading 2', 'Heading 3']);
    await page.keyboard.press('ArrowDown');
    expect(await slashMenu().locator('.slash-menu-item.is-selected').textContent()).toBe('Heading 2');
    await page.keyboard.press('Enter');
    await slashMenu().waitFor({ state: 'detached' });
    await page.keyboard.type('Checks');
    expect(await editor().locator('h2').textContent()).toBe('Checks');

    // Esc closes the menu and keeps the text; the peek stays open and focus stays in the editor,
    // where "c" is a letter, not "New issue".
    await page.keyboard.press('Enter');
    await page.keyboard.type('/');
    await slashMenu().waitFor();
    await page.keyboard.press('Escape');
    await slashMenu().waitFor({ state: 'detached' });
    expect(await peek().count()).toBe(1);
    expect(await focusInEditor()).toBe(true);
    await page.keyboard.type('c');
    expect(await byTestId(page, 'create-issue-modal').count()).toBe(0);
    expect(await editor().locator('p', { hasText: '/c' }).count()).toBe(1);
    for (let index = 0; index < 2; index += 1) await page.keyboard.press('Backspace');

    // Mouse: a click on "Quote" applies it and focus stays in the editor.
    await page.keyboard.type('/quo');
    await slashMenu().getByRole('button', { name: 'Quote' }).click();
    await slashMenu().waitFor({ state: 'detached' });
    expect(await focusInEditor()).toBe(true);
    await page.keyboard.type('Vent first');
    expect(await editor().locator('blockquote').textContent()).toBe('Vent first');
    await screenshot(page, 'description-slash-menu');
  });

  test('"- [ ] " becomes a task and "- [x] " a done one; the server stores the task list', async () => {
    await caretAtEnd();
    // Out of the quote, onto a fresh line.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- [ ] Drain the tank');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Refill');
    const tasks = editor().locator('ul[data-type="taskList"] > li');
    expect(await tasks.count()).toBe(2);
    expect(await tasks.first().textContent()).toContain('Drain the tank');
    expect(await editor().locator('ul:not([data-type])').count()).toBe(0);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- [x] Bleed the radiators');
    expect(await editor().locator('ul[data-type="taskList"] > li[data-checked="true"]').textContent()).toContain('Bleed the radiators');
    await expect.poll(storedHtml, { timeout: 20_000 }).toMatch(/data-type="taskList"[\s\S]*Drain the tank[\s\S]*Bleed the radiators/);
  });

  test('@ lists members: keyboard and click pick a chip linking to the profile; the mentioned member is notified; a teammate sees it', async () => {
    await caretAtEnd();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    const bobQuery = bob.display_name.slice(0, 5);
    await page.keyboard.type(`Ask @${bobQuery}`);
    const option = page.locator('.mention-menu [role="option"]', { hasText: `@${bob.display_name}` });
    await option.waitFor();
    expect(await option.getAttribute('aria-selected')).toBe('true');
    expect(await editor().getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    await page.keyboard.press('Enter');
    await page.locator('.mention-menu').waitFor({ state: 'detached' });
    await page.keyboard.type('to look');
    const chips = editor().locator('a[data-testid="mention-link"]');
    expect(await chips.count()).toBe(1);
    expect(await chips.first().textContent()).toBe(`@${bob.display_name}`);
    expect(new URL((await chips.first().getAttribute('href'))!, baseUrl).pathname).toBe(`/${slug}/profile/${bob.id}`);
    const asking = editor().locator('p', { hasText: 'Ask @' });
    expect(await asking.textContent()).toBe(`Ask @${bob.display_name} to look`);

    // Esc closes the list and keeps what was typed; the peek stays.
    await page.keyboard.type(` and @${bobQuery}`);
    await option.waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.mention-menu').waitFor({ state: 'detached' });
    expect(await peek().count()).toBe(1);
    expect(await asking.textContent()).toMatch(new RegExp(`and @${bobQuery}$`));
    for (let index = 0; index < bobQuery.length + 1; index += 1) await page.keyboard.press('Backspace');

    // A click picks too, and focus stays: the next keys go on with the text, "c" opens nothing.
    await page.keyboard.type(`@${bobQuery}`);
    await option.click();
    expect(await focusInEditor()).toBe(true);
    await page.keyboard.type('cc');
    expect(await byTestId(page, 'create-issue-modal').count()).toBe(0);
    expect(await chips.count()).toBe(2);
    await screenshot(page, 'description-mentions');

    // Stored with the mention; Bob is notified as mentioned.
    await expect.poll(storedHtml, { timeout: 20_000 }).toContain(`data-id="${bob.id}"`);
    const mentionsOfBob = async () => {
      const answer = await api<NotificationRow[] | { results: NotificationRow[] }>(team.bob.page, 'GET', `/api/workspaces/${slug}/users/notifications/?mentioned=true`);
      const rows = Array.isArray(answer.body) ? answer.body : answer.body.results;
      return rows.filter((row) => row.entity_identifier === issueId && row.is_mentioned_notification).length;
    };
    await expect.poll(mentionsOfBob, { timeout: 20_000 }).toBe(1);

    // Bob, in his own browser, opens the issue: the same document, the chip and the task list.
    const bobPage = team.bob.page;
    await bobPage.goto(`/${slug}/projects/${team.projectId}/issues/${issueId}`);
    const bobEditor = bobPage.locator('[data-testid="description-editor"][data-synced="true"] .ProseMirror');
    await bobEditor.waitFor({ timeout: 30_000 });
    await bobEditor.locator('a[data-testid="mention-link"]').first().waitFor();
    expect(await bobEditor.locator('ul[data-type="taskList"] > li').count()).toBe(3);

    // The create dialog's description has the same behaviour; Esc closes its menu, not the dialog.
    await page.goto(issuesPath());
    await page.locator('[data-testid="issue-row"], [data-testid="kanban-card"]').first().waitFor({ timeout: 30_000 });
    await page.locator('body').click({ position: { x: 600, y: 10 } });
    await page.keyboard.press('c');
    const dialog = byTestId(page, 'create-issue-modal');
    await dialog.waitFor();
    const createEditor = dialog.locator('[data-testid="description-editor"] .ProseMirror');
    await createEditor.click();
    await page.keyboard.type('/task');
    await slashMenu().waitFor();
    await page.keyboard.press('Escape');
    await slashMenu().waitFor({ state: 'detached' });
    expect(await dialog.count()).toBe(1);
    for (let index = 0; index < '/task'.length; index += 1) await page.keyboard.press('Backspace');
    await page.keyboard.type('/task');
    await slashMenu().waitFor();
    await page.keyboard.press('Enter');
    expect(await createEditor.locator('ul[data-type="taskList"]').count()).toBe(1);
    await page.keyboard.type(`Ping @${bobQuery}`);
    await option.waitFor();
    await page.keyboard.press('Tab');
    expect(await createEditor.locator('a[data-testid="mention-link"]').count()).toBe(1);
    expect(await dialog.count()).toBe(1);
    await byTestId(page, 'create-issue-name').fill('Made with a task list');
    await byTestId(page, 'create-issue-submit').click();
    await dialog.waitFor({ state: 'detached' });

    // The chip opens the profile.
    await page.goto(`/${slug}/projects/${team.projectId}/issues/${issueId}`);
    const detailChips = page.locator('[data-testid="description-editor"][data-synced="true"] a[data-testid="mention-link"]');
    await detailChips.first().waitFor({ timeout: 30_000 });
    await detailChips.first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/${slug}/profile/${bob.id}`);
  });
});
