// Issue #12 "toasts with undo for delete, archive and bulk actions", tried as a person would: archive
// a finished issue from its page and press Undo in the toast; change the priority and the cycle of
// several selected issues from the bulk bar and press Undo; delete a selection and press Undo. Each
// time the server (not only the screen) ends up as it was before.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { byTestId, freshVisit, switchLayout, type FreshVisit } from './support/fresh';
import { buildScreensTeam, createIssue, readIssue, TEAM_PASSWORD, type ScreensTeam } from './support/screens-team';
import { api } from './support/team';

const baseUrl = inject('e2eBaseUrl');

interface StoredIssue {
  priority: string;
  cycle_id: string | null;
  archived_at: string | null;
}

describe('undo in toasts', () => {
  let team: ScreensTeam;
  const visits: FreshVisit[] = [];
  let states: Record<string, string>;

  const undoIn = (page: Page, text: string) => page.locator('[data-testid="toast"]', { hasText: text }).getByRole('button', { name: 'Undo' });
  const stored = (issueId: string) => readIssue<StoredIssue>(team, issueId);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    team = await buildScreensTeam(baseUrl, 'undo', 'UND');
    const rows = (await api<{ id: string; name: string }[]>(team.setup, 'GET', `${team.projectPath}/states/`)).body;
    states = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  });

  afterAll(async () => {
    await Promise.all([team?.setupContext.close(), ...visits.map((opened) => opened.context.close())]);
  });

  test('Undo after archiving an issue brings it back', async () => {
    const issueId = await createIssue(team, { name: 'Close the hangar', state_id: states.Done });
    const opened = await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, `/${team.slug}/projects/${team.projectId}/issues/${issueId}`);
    visits.push(opened);
    const { page, errors } = opened;
    await byTestId(page, 'archive-issue').click({ timeout: 30_000 });
    await expect.poll(async () => (await stored(issueId)).archived_at, { timeout: 15_000 }).not.toBeNull();
    await undoIn(page, 'Close the hangar').click();
    await expect.poll(async () => (await stored(issueId)).archived_at, { timeout: 15_000 }).toBeNull();
    expect(errors).toEqual([]);
  });

  test('Undo after a bulk priority and a bulk cycle change puts every issue back as it was', async () => {
    const cycle = async (name: string, from: number, to: number) => {
      const created = await api<{ id: string }>(team.setup, 'POST', `${team.projectPath}/cycles/`, { name, start_date: day(from), end_date: day(to) });
      expect(created.status).toBe(201);
      return created.body.id;
    };
    const sprintOne = await cycle('Sprint one', -3, 4);
    const sprintTwo = await cycle('Sprint two', 5, 12);
    const inSprint = await createIssue(team, { name: 'Bulk: oil the doors', priority: 'low' });
    const loose = await createIssue(team, { name: 'Bulk: check the lights', priority: 'high' });
    expect((await api(team.setup, 'POST', `${team.projectPath}/cycles/${sprintOne}/cycle-issues/`, { issues: [inSprint] })).status).toBeLessThan(300);

    const opened = await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, `/${team.slug}/projects/${team.projectId}/issues`);
    visits.push(opened);
    const { page, errors } = opened;
    await switchLayout(page, 'list');
    const rows = page.locator('[data-testid="issue-row"]', { hasText: 'Bulk:' });
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    const select = async () => {
      for (const box of await rows.locator('.row-check').all()) await box.check();
    };

    await select();
    await byTestId(page, 'bulk-priority').click();
    await byTestId(page, 'bulk-priority-picker').getByRole('option', { name: 'Urgent' }).click();
    await expect.poll(async () => [(await stored(inSprint)).priority, (await stored(loose)).priority], { timeout: 15_000 }).toEqual(['urgent', 'urgent']);
    await undoIn(page, 'Updated 2 issues').first().click();
    await expect.poll(async () => [(await stored(inSprint)).priority, (await stored(loose)).priority], { timeout: 15_000 }).toEqual(['low', 'high']);

    // The selection may have ended with the first change; select again if so.
    if (!(await byTestId(page, 'bulk-bar').count())) await select();
    await byTestId(page, 'bulk-cycle').click();
    await byTestId(page, 'bulk-cycle-picker').getByRole('option', { name: 'Sprint two' }).click();
    await expect.poll(async () => [(await stored(inSprint)).cycle_id, (await stored(loose)).cycle_id], { timeout: 15_000 }).toEqual([sprintTwo, sprintTwo]);
    await screenshot(page, 'undo-bulk-cycle-toast');
    await undoIn(page, 'Updated 2 issues').last().click();
    // Back in the cycle each had: one in Sprint one, the other in none.
    await expect.poll(async () => [(await stored(inSprint)).cycle_id, (await stored(loose)).cycle_id], { timeout: 15_000 }).toEqual([sprintOne, null]);
    expect(errors).toEqual([]);
  });

  test('Undo after a bulk delete keeps every issue', async () => {
    const first = await createIssue(team, { name: 'Gone? the first' });
    const second = await createIssue(team, { name: 'Gone? the second' });
    const opened = await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, `/${team.slug}/projects/${team.projectId}/issues`);
    visits.push(opened);
    const { page, errors } = opened;
    await switchLayout(page, 'list');
    const rows = page.locator('[data-testid="issue-row"]', { hasText: 'Gone?' });
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    for (const box of await rows.locator('.row-check').all()) await box.check();
    await byTestId(page, 'bulk-delete').click();
    await byTestId(page, 'confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => rows.count()).toBe(0);
    await undoIn(page, 'Deleted 2 issues').click();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 7000)); // past the toast's lifetime: nothing was sent
    for (const id of [first, second]) expect((await api(team.setup, 'GET', `${team.projectPath}/issues/${id}/`)).status).toBe(200);
    expect(errors).toEqual([]);
  }, 60_000);
});
