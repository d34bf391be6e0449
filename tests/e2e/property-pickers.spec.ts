// Issue #12 "Property pickers like Linear's", tried as a new user would: each test opens a fresh
// browser context and changes state, priority, assignee, labels (creating one on the way) and due
// date through the property chips — by mouse in the list, the peek and the detail, by keyboard (the
// S, P, A, L, D keys on a focused issue, type to filter, Enter) on the kanban board, the
// spreadsheet, the peek and the detail — and reads the result back from the API or after a reload. `?` lists the keys.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { byTestId, freshVisit, switchLayout, type FreshVisit } from './support/fresh';
import { buildScreensTeam, createIssue, readIssue, TEAM_PASSWORD, type ScreensTeam } from './support/screens-team';
import { api } from './support/team';

const baseUrl = inject('e2eBaseUrl');

interface StoredIssue {
  state_id: string;
  priority: string;
  assignee_ids: string[];
  label_ids: string[];
  target_date: string | null;
  parent_id: string | null;
}

describe('property pickers, by mouse and by keyboard', () => {
  let team: ScreensTeam;
  let states: Record<string, string>;
  let backend: string;
  let aliceId: string;
  const visits: FreshVisit[] = [];
  const visit = async (path: string) => {
    const opened = await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, path);
    visits.push(opened);
    return opened;
  };
  const issuesPath = () => `/${team.slug}/projects/${team.projectId}/issues`;
  const stored = (issueId: string) => readIssue<StoredIssue>(team, issueId);
  const labelId = async (name: string) => (await api<{ id: string; name: string }[]>(team.setup, 'GET', `${team.projectPath}/issue-labels/`)).body.find((row) => row.name === name)?.id;
  /** The ISO day `offset` days from today in the browser's time zone (the picker's "today"). */
  const browserDay = (page: Page, offset: number) => page.evaluate((days) => {
    const date = new Date();
    date.setDate(date.getDate() + days);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  }, offset);
  const chip = (scope: Locator | Page, property: string) => scope.getByRole('button', { name: new RegExp(`^${property}:`) });
  const picker = (page: Page) => page.locator('.picker-content');
  const option = (page: Page, name: string | RegExp) => picker(page).getByRole('option', { name });
  /** Keys pressed on whatever has focus, the way a person types. */
  const keys = async (page: Page, ...presses: string[]) => {
    for (const press of presses) await page.keyboard.press(press);
  };
  const typeInPicker = async (page: Page, text: string) => {
    // A loaded CI machine can take more than the default second to open and focus the popover.
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('picker-input')), { timeout: 10_000 }).toBe(true);
    await page.keyboard.type(text);
  };
  const focusedIssueId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-issue-id') ?? null);

  beforeAll(async () => {
    team = await buildScreensTeam(baseUrl, 'pick', 'PCK');
    const rows = (await api<{ id: string; name: string }[]>(team.setup, 'GET', `${team.projectPath}/states/`)).body;
    states = Object.fromEntries(rows.map((row) => [row.name, row.id]));
    const label = await api<{ id: string }>(team.setup, 'POST', `${team.projectPath}/issue-labels/`, { name: 'Backend', color: '#16a34a' });
    expect(label.status).toBe(201);
    backend = label.body.id;
    aliceId = (await api<{ id: string }>(team.setup, 'GET', '/api/users/me/')).body.id;
  });

  afterAll(async () => {
    await Promise.all([team?.setupContext.close(), ...visits.map((opened) => opened.context.close())]);
  });

  test('list row by mouse: state, priority, assignee, labels (a new one created) and due date', async () => {
    const issueId = await createIssue(team, { name: 'Fix the login form' });
    const { page, errors } = await visit(issuesPath());
    await switchLayout(page, 'list');
    const row = page.locator('[data-testid="issue-row"]', { hasText: 'Fix the login form' });

    await row.hover(); // unset properties show while the row is hovered (issue #26 item 12)
    await chip(row, 'State').click();
    await option(page, 'In Progress').click();
    await expect.poll(async () => (await stored(issueId)).state_id, { timeout: 15_000 }).toBe(states['In Progress']);
    // A single-value picker closes on a choice and gives focus back to its chip.
    await picker(page).waitFor({ state: 'detached' });
    expect(await chip(row, 'State').evaluate((node) => node === document.activeElement)).toBe(true);

    await row.hover();
    await chip(row, 'Priority').click();
    await option(page, 'High').click();
    await expect.poll(async () => (await stored(issueId)).priority, { timeout: 15_000 }).toBe('high');

    await row.hover();
    await chip(row, 'Assignees').click();
    await option(page, /Alice|pick-alice/).click();
    await expect.poll(async () => (await stored(issueId)).assignee_ids, { timeout: 15_000 }).toEqual([aliceId]);
    await page.keyboard.press('Escape');

    await row.hover();
    await chip(row, 'Labels').click();
    await option(page, 'Backend').click();
    // Multi-select: the picker stays open, the chosen label has its check mark.
    await picker(page).locator('.picker-item[data-checked]', { hasText: 'Backend' }).waitFor();
    await picker(page).getByRole('combobox').fill('Frontend');
    await option(page, 'Create label "Frontend"').click();
    await expect.poll(() => labelId('Frontend'), { timeout: 15_000 }).toBeTruthy();
    const frontend = (await labelId('Frontend'))!;
    await expect.poll(async () => (await stored(issueId)).label_ids.sort(), { timeout: 15_000 }).toEqual([backend, frontend].sort());
    await screenshot(page, 'pickers-list-labels');
    await page.keyboard.press('Escape');

    await row.hover();
    await chip(row, 'Due date').click();
    await option(page, /Tomorrow/).click();
    const tomorrow = await browserDay(page, 1);
    await expect.poll(async () => (await stored(issueId)).target_date, { timeout: 15_000 }).toBe(tomorrow);
    // The row kept its fixed height with every chip filled.
    expect((await row.boundingBox())!.height).toBe(44);
    expect(errors).toEqual([]);
  });

  test('kanban card by keyboard: S, P, A, L (creating a label), D on a focused card; only set properties show', async () => {
    const issueId = await createIssue(team, { name: 'Ship the docs' });
    const { page, errors } = await visit(issuesPath());
    await switchLayout(page, 'kanban');
    const card = page.locator('[data-testid="kanban-card"]', { hasText: 'Ship the docs' });
    await card.waitFor();
    // A fresh card: no empty inputs, no placeholders, no chips for unset properties.
    expect(await card.locator('input, select').count()).toBe(0);
    expect(await card.innerText()).not.toMatch(/mm\/dd\/yyyy|No priority|No assignee|No labels|Due date/);
    expect(await chip(card, 'Due date').count()).toBe(0);

    await card.focus();
    await keys(page, 's');
    await typeInPicker(page, 'done');
    await keys(page, 'Enter');
    await expect.poll(async () => (await stored(issueId)).state_id, { timeout: 15_000 }).toBe(states.Done);
    // Focus is back on the card (it moved to the Done column), ready for the next key.
    await expect.poll(() => focusedIssueId(page)).toBe(issueId);

    await keys(page, 'p');
    await typeInPicker(page, 'urg');
    await keys(page, 'Enter');
    await expect.poll(async () => (await stored(issueId)).priority, { timeout: 15_000 }).toBe('urgent');
    await expect.poll(() => focusedIssueId(page)).toBe(issueId);

    await keys(page, 'a');
    await typeInPicker(page, 'pick-alice');
    await keys(page, 'Enter', 'Escape');
    await expect.poll(async () => (await stored(issueId)).assignee_ids, { timeout: 15_000 }).toEqual([aliceId]);
    await expect.poll(() => focusedIssueId(page)).toBe(issueId);

    await keys(page, 'l');
    await typeInPicker(page, 'Ops');
    await keys(page, 'Enter');
    await expect.poll(() => labelId('Ops'), { timeout: 15_000 }).toBeTruthy();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('back');
    await keys(page, 'Enter', 'Escape');
    const ops = (await labelId('Ops'))!;
    await expect.poll(async () => (await stored(issueId)).label_ids.sort(), { timeout: 15_000 }).toEqual([backend, ops].sort());

    await expect.poll(() => focusedIssueId(page)).toBe(issueId);
    await keys(page, 'd');
    await typeInPicker(page, '2027-03-15');
    await keys(page, 'Enter');
    await expect.poll(async () => (await stored(issueId)).target_date, { timeout: 15_000 }).toBe('2027-03-15');

    // Now set, each property shows as a small chip on the card.
    const done = byTestId(page, `kanban-column-${states.Done}`).locator('[data-testid="kanban-card"]', { hasText: 'Ship the docs' });
    for (const property of ['Priority', 'Assignees', 'Labels', 'Due date']) await chip(done, property).waitFor();
    await screenshot(page, 'pickers-kanban-keyboard');
    expect(errors).toEqual([]);
  });

  test('spreadsheet by keyboard and mouse: priority from a focused chip, due date from the calendar', async () => {
    const issueId = await createIssue(team, { name: 'Count the rivets' });
    const { page, errors } = await visit(issuesPath());
    await switchLayout(page, 'spreadsheet');
    const row = page.locator('[data-testid="sheet-row"]', { hasText: 'Count the rivets' });
    const rowHeight = (await row.boundingBox())!.height;

    await chip(row, 'Priority').focus();
    await keys(page, 'Enter');
    await typeInPicker(page, 'low');
    await keys(page, 'Enter');
    await expect.poll(async () => (await stored(issueId)).priority, { timeout: 15_000 }).toBe('low');
    expect(await chip(row, 'Priority').evaluate((node) => node === document.activeElement)).toBe(true);

    // S from the focused title button works in a spreadsheet row too.
    await row.locator('.sheet-title').focus();
    await keys(page, 's');
    await typeInPicker(page, 'todo');
    await keys(page, 'Enter');
    await expect.poll(async () => (await stored(issueId)).state_id, { timeout: 15_000 }).toBe(states.Todo);

    await chip(row, 'Due date').click();
    await picker(page).locator('.rdp-day_button', { hasText: /^15$/ }).first().click();
    await expect.poll(async () => (await stored(issueId)).target_date, { timeout: 15_000 }).toMatch(/^\d{4}-\d{2}-15$/);
    expect((await row.boundingBox())!.height).toBe(rowHeight);
    await screenshot(page, 'pickers-spreadsheet');
    expect(errors).toEqual([]);
  });

  test('peek over the list: state by keyboard (S, type, Enter), labels by mouse with multi-select', async () => {
    const issueId = await createIssue(team, { name: 'Oil the hinges' });
    const docs = await api<{ id: string }>(team.setup, 'POST', `${team.projectPath}/issue-labels/`, { name: 'Docs', color: '#2563eb' });
    expect(docs.status).toBe(201);
    const { page, errors } = await visit(`${issuesPath()}?peekId=${issueId}`);
    const peek = byTestId(page, 'issue-peek');
    const sidebar = peek.locator('.issue-sidebar');
    await chip(sidebar, 'State').waitFor({ timeout: 30_000 });
    await expect.poll(() => chip(sidebar, 'State').isEnabled(), { timeout: 30_000 }).toBe(true);

    // Keyboard: focus the issue in the peek, S opens its state picker, type to filter, Enter.
    await peek.locator('.issue-detail .issue-key').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('issue-detail') ?? false), { timeout: 10_000 }).toBe(true);
    await keys(page, 's');
    await typeInPicker(page, 'in prog');
    await keys(page, 'Enter');
    await expect.poll(async () => (await stored(issueId)).state_id, { timeout: 15_000 }).toBe(states['In Progress']);
    await picker(page).waitFor({ state: 'detached' });
    // Choosing closed the picker, not the peek.
    expect(await peek.count()).toBe(1);

    // Mouse: the labels chip, two labels chosen in the one open picker, each with its check mark.
    await chip(sidebar, 'Labels').click();
    await option(page, 'Backend').click();
    await picker(page).locator('.picker-item[data-checked]', { hasText: 'Backend' }).waitFor();
    await option(page, 'Docs').click();
    await picker(page).locator('.picker-item[data-checked]', { hasText: 'Docs' }).waitFor();
    await expect.poll(async () => (await stored(issueId)).label_ids.sort(), { timeout: 15_000 }).toEqual([backend, docs.body.id].sort());
    // Clicking a checked label takes it off again.
    await option(page, 'Backend').click();
    await expect.poll(async () => (await stored(issueId)).label_ids, { timeout: 15_000 }).toEqual([docs.body.id]);
    await page.keyboard.press('Escape');
    await picker(page).waitFor({ state: 'detached' });
    await expect.poll(() => chip(sidebar, 'Labels').getAttribute('aria-label')).toBe('Labels: Docs');
    await expect.poll(() => chip(sidebar, 'State').getAttribute('aria-label')).toBe('State: In Progress');
    await screenshot(page, 'pickers-peek');
    expect(errors).toEqual([]);
  });

  test('detail page: keys and mouse, kept after a reload; ? lists the keys', async () => {
    const parentId = await createIssue(team, { name: 'Launch plan' });
    const issueId = await createIssue(team, { name: 'Book the venue' });
    const { page, errors } = await visit(`${issuesPath()}/${issueId}`);
    const sidebar = page.locator('.issue-sidebar');
    await chip(sidebar, 'State').waitFor({ timeout: 30_000 });
    // The keys work once the page knows Alice may edit (the chips turn enabled with the project).
    await expect.poll(() => chip(sidebar, 'State').isEnabled(), { timeout: 30_000 }).toBe(true);
    await page.locator('.issue-detail .issue-key').click();
    // As a person sees it: the next key goes in once focus is back on the issue (a closing
    // picker hands it back a frame later; a key pressed before that lands in the picker).
    const focusOnIssue = () => expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('issue-detail') ?? false), { timeout: 10_000 }).toBe(true);

    await focusOnIssue();
    await keys(page, 's');
    await typeInPicker(page, 'in prog');
    await keys(page, 'Enter');
    await focusOnIssue();
    await keys(page, 'l');
    await typeInPicker(page, 'backend');
    await keys(page, 'Enter', 'Escape');
    await focusOnIssue();
    await keys(page, 'd');
    await typeInPicker(page, 'tomorrow');
    await keys(page, 'Enter');

    await chip(sidebar, 'Priority').click();
    await option(page, 'Medium').click();
    await chip(sidebar, 'Parent').click();
    await picker(page).getByRole('combobox').fill('Launch');
    await option(page, /Launch plan/).click();

    const tomorrow = await browserDay(page, 1);
    await expect.poll(async () => {
      const row = await stored(issueId);
      return [row.state_id, row.label_ids, row.target_date, row.priority, row.parent_id];
    }, { timeout: 15_000 }).toEqual([states['In Progress'], [backend], tomorrow, 'medium', parentId]);

    await page.reload();
    await chip(sidebar, 'State').waitFor({ timeout: 30_000 });
    expect(await chip(sidebar, 'State').getAttribute('aria-label')).toBe('State: In Progress');
    expect(await chip(sidebar, 'Labels').getAttribute('aria-label')).toBe('Labels: Backend');
    expect(await chip(sidebar, 'Priority').getAttribute('aria-label')).toBe('Priority: Medium');
    await expect.poll(() => chip(sidebar, 'Parent').getAttribute('aria-label')).toBe('Parent: PCK-' + (await api<{ sequence_id: number }>(team.setup, 'GET', `${team.projectPath}/issues/${parentId}/`)).body.sequence_id + ' Launch plan');
    await screenshot(page, 'pickers-detail');

    await page.locator('.issue-detail .issue-key').click();
    await page.keyboard.press('?');
    const modal = byTestId(page, 'shortcut-modal');
    await modal.waitFor();
    for (const text of ['Change the state of the focused issue', 'Change the priority of the focused issue', 'Assign the focused issue', 'Change the labels of the focused issue', 'Set the due date of the focused issue']) {
      await modal.getByText(text).waitFor();
    }
    await screenshot(page, 'pickers-shortcut-modal');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
