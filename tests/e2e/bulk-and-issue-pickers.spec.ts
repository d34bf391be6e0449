// Issue #12: the bulk bar and the issue widgets pick values from searchable popover lists (no native
// selects). A person selects rows and sets priority from the keyboard and state by mouse, then adds
// a sub-issue by typing part of its name.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { byTestId, freshVisit, type FreshVisit } from './support/fresh';
import { buildScreensTeam, createIssue, readIssue, TEAM_PASSWORD, type ScreensTeam } from './support/screens-team';
import { api } from './support/team';

const baseUrl = inject('e2eBaseUrl');

describe('bulk and issue pickers', () => {
  let team: ScreensTeam;
  let visit: FreshVisit | undefined;
  const ids: string[] = [];

  beforeAll(async () => {
    team = await buildScreensTeam(baseUrl, 'bulkpick', 'BPK');
    for (const name of ['Paint the hangar', 'Order the rivets', 'Sweep the runway']) ids.push(await createIssue(team, { name }));
  });

  afterAll(async () => {
    await visit?.context.close();
    await team?.setupContext.close();
  });

  test('priority by keyboard and state by mouse reach every selected issue', async () => {
    visit = await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, `/${team.slug}/projects/${team.projectId}/issues`);
    const { page } = visit;
    await expect.poll(() => page.locator('[data-testid="issue-row"]').count(), { timeout: 30_000 }).toBe(3);
    for (const box of await page.locator('[data-testid="issue-row"] .row-check').all()) await box.check();
    expect(await page.locator('[data-testid="bulk-bar"] select').count()).toBe(0);

    await byTestId(page, 'bulk-priority').click();
    await byTestId(page, 'bulk-priority-picker').getByRole('combobox').fill('hig');
    await page.keyboard.press('Enter');
    await expect.poll(async () => Promise.all(ids.map(async (id) => (await readIssue<{ priority: string }>(team, id)).priority)), { timeout: 15_000 }).toEqual(['high', 'high', 'high']);

    await byTestId(page, 'bulk-state').click();
    await byTestId(page, 'bulk-state-picker').getByRole('option', { name: 'Done' }).click();
    const states = (await api<Array<{ id: string; name: string }>>(team.setup, 'GET', `${team.projectPath}/states/`)).body;
    const done = states.find((state) => state.name === 'Done')!.id;
    await expect.poll(async () => Promise.all(ids.map(async (id) => (await readIssue<{ state_id: string }>(team, id)).state_id)), { timeout: 15_000 }).toEqual([done, done, done]);
  });

  test('a sub-issue is found by typing part of its name', async () => {
    const { page } = visit!;
    await page.goto(`/${team.slug}/projects/${team.projectId}/issues/${ids[0]}`);
    await byTestId(page, 'sub-issues-widget').waitFor({ timeout: 30_000 });
    await byTestId(page, 'sub-issue-picker').click();
    await page.getByRole('combobox', { name: /./ }).last().fill('rivets');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await readIssue<{ parent_id: string | null }>(team, ids[1])).parent_id, { timeout: 15_000 }).toBe(ids[0]);
    await byTestId(page, 'sub-issues-widget').getByText('Order the rivets').waitFor();
  });
});
