// Planning a sprint as a new user would (issue 13, "Proof"): Alice signs up, opens Cycles, plans a
// cycle through the create modal (dates from the date picker), drags an unplanned issue onto the
// cycle, puts another in with its cycle chip from the keyboard, adds the rest with the bulk action
// from the project list; Bob, in a second browser on the cycle's page and on the workspace's
// active cycles, sees the new cycle and the progress change live without reloading; Alice
// completes the cycle and transfers the unfinished issues to the next one, the server has them, and
// the cycle moves to Bob's Completed tab live.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { byTestId, freshVisit, type FreshVisit } from './support/fresh';
import { dragUntil } from './support/drag';
import { addIssue, api, buildTeam, TEAM_PASSWORD as password, teamNames } from './support/team';

const baseUrl = inject('e2eBaseUrl');
const names = teamNames('cy', 'cyc');
const { slug, bob } = names;

describe('planning and completing a cycle', () => {
  let aliceContext: BrowserContext;
  let alicePage: Page;
  let bobVisit: FreshVisit;
  let projectId = '';
  let projectPath = '';
  let doneStateId = '';
  const issueIds: string[] = [];

  beforeAll(async () => {
    const team = await buildTeam(baseUrl, names, { workspace: 'Cycle Team', project: { name: 'Sprint Board', identifier: 'SPR' } });
    ({ context: aliceContext, page: alicePage } = team.alice);
    ({ projectId, projectPath } = team);
    await team.bob.context.close();
    const states = (await api<{ id: string; group: string }[]>(alicePage, 'GET', `${projectPath}/states/`)).body;
    doneStateId = states.find((state) => state.group === 'completed')!.id;
    for (const name of ['Write the plan', 'Build the thing', 'Ship it', 'Drag me in', 'Pick my cycle']) issueIds.push(await addIssue(alicePage, projectPath, { name }));
    bobVisit = await freshVisit(baseUrl, bob, password, `/${slug}/projects/${projectId}/cycles?tab=active`);
    await byTestId(bobVisit.page, 'cycles-page').waitFor();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([bobVisit?.context.close(), aliceContext?.close()]);
  });

  test('Alice plans a cycle in the modal; Bob sees it appear live', async () => {
    await alicePage.goto(`/${slug}/projects/${projectId}/cycles`);
    await byTestId(alicePage, 'cycles-page').waitFor();
    await byTestId(alicePage, 'cycle-new').click();
    const modal = byTestId(alicePage, 'cycle-modal');
    await byTestId(alicePage, 'cycle-name').fill('Sprint 1');
    // One date only is refused in the form.
    await byTestId(alicePage, 'cycle-start').click();
    await alicePage.locator('.rdp-root [data-today] button').first().click();
    await byTestId(alicePage, 'cycle-save').click();
    await expect.poll(() => byTestId(alicePage, 'cycle-form-error').textContent()).toContain('Set both dates');
    await byTestId(alicePage, 'cycle-end').click();
    await alicePage.locator('.rdp-root [data-today] button').first().click();
    await byTestId(alicePage, 'cycle-save').click();
    await modal.waitFor({ state: 'detached' });
    await byTestId(alicePage, 'cycle-row-Sprint 1').waitFor();
    // Bob's open page lists it without a reload, on the active tab.
    await byTestId(bobVisit.page, 'cycle-row-Sprint 1').waitFor({ timeout: 15_000 });
    await screenshot(alicePage, 'cycles-planned');
  });

  test('Alice drags an issue onto the cycle and picks a cycle from the keyboard; Bob sees the count live', async () => {
    const cycles = (await api<Array<{ id: string; name: string; status: string }>>(alicePage, 'GET', `${projectPath}/cycles/`)).body;
    const sprint = cycles.find((cycle) => cycle.name === 'Sprint 1')!;
    expect(sprint.status).toBe('current');
    // Bob stays on the cycles page: the row's count follows without a reload.
    await expect.poll(() => byTestId(bobVisit.page, 'cycle-row-progress-Sprint 1').textContent()).toContain('0 of 0');

    const unplanned = (name: string) => alicePage.locator('[data-testid="unplanned-issue"]', { hasText: name });
    await unplanned('Drag me in').waitFor();
    const draggedIn = async () => (await api<{ cycle_id: string | null }>(alicePage, 'GET', `${projectPath}/issues/${issueIds[3]}/`)).body.cycle_id === sprint.id;
    await dragUntil(alicePage, unplanned('Drag me in').getByTestId('plan-handle'), byTestId(alicePage, 'cycle-row-Sprint 1'), draggedIn);
    await expect.poll(() => byTestId(bobVisit.page, 'cycle-row-progress-Sprint 1').textContent(), { timeout: 15_000 }).toContain('0 of 1');
    await unplanned('Drag me in').waitFor({ state: 'detached' });

    // The keyboard path: the issue's cycle chip, Enter, type the cycle's name, Enter.
    await unplanned('Pick my cycle').getByTestId('cycle-select').focus();
    await alicePage.keyboard.press('Enter');
    await expect.poll(() => alicePage.evaluate(() => document.activeElement?.classList.contains('picker-input')), { timeout: 10_000 }).toBe(true);
    await alicePage.keyboard.type('Sprint 1');
    await alicePage.keyboard.press('Enter');
    await expect.poll(() => byTestId(bobVisit.page, 'cycle-row-progress-Sprint 1').textContent(), { timeout: 15_000 }).toContain('0 of 2');
    const stored = await api<{ cycle_id: string | null }>(alicePage, 'GET', `${projectPath}/issues/${issueIds[4]}/`);
    expect(stored.body.cycle_id).toBe(sprint.id);
    await screenshot(alicePage, 'cycles-planned-by-drag');
  });

  test('issues go into the cycle by the bulk action; Bob watches the progress change live', async () => {
    const cycles = (await api<Array<{ id: string; name: string; status: string }>>(alicePage, 'GET', `${projectPath}/cycles/`)).body;
    const sprint = cycles.find((cycle) => cycle.name === 'Sprint 1')!;
    await bobVisit.page.goto(`/${slug}/projects/${projectId}/cycles/${sprint.id}`);
    await byTestId(bobVisit.page, 'cycle-panel').waitFor();
    await expect.poll(() => byTestId(bobVisit.page, 'cycle-progress-total').textContent()).toContain('0 of 2');

    await alicePage.goto(`/${slug}/projects/${projectId}/issues`);
    await alicePage.locator('[data-testid="issue-row"]').first().waitFor();
    // Each row shows its cycle chip: the two planned ones name Sprint 1.
    await expect.poll(() => alicePage.locator('[data-testid="issue-row"] [data-testid="cycle-select"]', { hasText: 'Sprint 1' }).count()).toBe(2);
    for (const row of await alicePage.locator('[data-testid="issue-row"] .row-check').all()) await row.check();
    await byTestId(alicePage, 'bulk-cycle').click();
    await byTestId(alicePage, 'bulk-cycle-picker').getByRole('option', { name: 'Sprint 1' }).click();
    await expect.poll(async () => (await api<{ total_count: number }>(alicePage, 'GET', `${projectPath}/cycles/${sprint.id}/cycle-issues/`)).body.total_count).toBe(5);
    await expect.poll(() => byTestId(bobVisit.page, 'cycle-progress-total').textContent(), { timeout: 15_000 }).toContain('0 of 5');

    // Alice closes one issue: Bob's progress and the cycle's issue list follow without a reload.
    expect((await api(alicePage, 'PATCH', `${projectPath}/issues/${issueIds[0]}/`, { state_id: doneStateId })).status).toBe(200);
    await expect.poll(() => byTestId(bobVisit.page, 'cycle-progress-total').textContent(), { timeout: 15_000 }).toContain('1 of 5');
    await expect.poll(() => byTestId(bobVisit.page, 'cycle-group-completed').textContent()).toContain('1');
    await screenshot(bobVisit.page, 'cycles-live-progress');
  });

  test('Bob finds the sprint on the workspace active cycles, with urgent issues, and it follows live', async () => {
    expect((await api(alicePage, 'PATCH', `${projectPath}/issues/${issueIds[1]}/`, { priority: 'urgent' })).status).toBe(200);
    await bobVisit.page.goto(`/${slug}/projects/${projectId}/issues`);
    await byTestId(bobVisit.page, 'nav-active-cycles').click();
    const card = byTestId(bobVisit.page, 'active-cycle-Sprint 1');
    await card.waitFor();
    await expect.poll(() => byTestId(bobVisit.page, 'active-cycle-progress-Sprint 1').textContent()).toContain('1 of 5');
    await expect.poll(() => card.textContent()).toContain('Build the thing');
    expect((await api(alicePage, 'PATCH', `${projectPath}/issues/${issueIds[2]}/`, { state_id: doneStateId })).status).toBe(200);
    await expect.poll(() => byTestId(bobVisit.page, 'active-cycle-progress-Sprint 1').textContent(), { timeout: 15_000 }).toContain('2 of 5');
    await screenshot(bobVisit.page, 'cycles-active-workspace');
  });

  test('Alice completes the cycle and transfers the unfinished issues to the next one; it moves to the Completed tab', async () => {
    const cycles = (await api<Array<{ id: string; name: string }>>(alicePage, 'GET', `${projectPath}/cycles/`)).body;
    const sprint = cycles.find((cycle) => cycle.name === 'Sprint 1')!;
    const next = await api<{ id: string }>(alicePage, 'POST', `${projectPath}/cycles/`, { name: 'Sprint 2' });
    expect(next.status).toBe(201);
    // Bob watches the Completed tab: the sprint is not there yet.
    await bobVisit.page.goto(`/${slug}/projects/${projectId}/cycles?tab=completed`);
    await byTestId(bobVisit.page, 'cycles-page').waitFor();
    expect(await byTestId(bobVisit.page, 'cycle-row-Sprint 1').count()).toBe(0);
    await alicePage.goto(`/${slug}/projects/${projectId}/cycles/${sprint.id}`);
    await byTestId(alicePage, 'cycle-complete').click();
    // What completing does is said once, not as the dialog's description and again as a paragraph (issue #26 item 16).
    await byTestId(alicePage, 'cycle-transfer').waitFor();
    expect((await byTestId(alicePage, 'cycle-transfer').innerText()).split('The cycle ends now').length - 1).toBe(1);
    // The target is the design system's Select: a click opens its list, a click on the cycle picks it.
    await byTestId(alicePage, 'cycle-transfer-target').click();
    await byTestId(alicePage, 'cycle-transfer-target-picker').getByRole('option', { name: 'Sprint 2' }).click();
    await byTestId(alicePage, 'cycle-transfer-target-picker').waitFor({ state: 'detached' });
    await expect.poll(() => byTestId(alicePage, 'cycle-transfer-target').textContent()).toBe('Sprint 2');
    await byTestId(alicePage, 'cycle-transfer-submit').click();
    await byTestId(alicePage, 'cycle-transfer').waitFor({ state: 'detached' });
    const moved = await api<{ total_count: number }>(alicePage, 'GET', `${projectPath}/cycles/${next.body.id}/cycle-issues/`);
    expect(moved.body.total_count).toBe(3);
    const kept = await api<{ total_count: number }>(alicePage, 'GET', `${projectPath}/cycles/${sprint.id}/cycle-issues/`);
    expect(kept.body.total_count).toBe(2);
    // The completed cycle keeps its snapshot: 5 issues, 2 done.
    const progress = await api<{ total_issues: number; completed_issues: number }>(alicePage, 'GET', `${projectPath}/cycles/${sprint.id}/progress/`);
    expect(progress.body).toMatchObject({ total_issues: 5, completed_issues: 2 });
    await expect.poll(() => byTestId(alicePage, 'cycle-progress-total').textContent()).toContain('2 of 5');
    // Completed now: no more issues go in, and "Complete" is gone from its page.
    const late = await api<{ error: string }>(alicePage, 'POST', `${projectPath}/cycles/${sprint.id}/cycle-issues/`, { issues: [issueIds[1]] });
    expect(late.status).toBe(400);
    await byTestId(alicePage, 'cycle-complete').waitFor({ state: 'detached' });
    // Bob's Completed tab lists it without a reload; Alice finds it there from the tabs.
    await byTestId(bobVisit.page, 'cycle-row-Sprint 1').waitFor({ timeout: 15_000 });
    await alicePage.goto(`/${slug}/projects/${projectId}/cycles?tab=active`);
    await byTestId(alicePage, 'cycles-page').waitFor();
    await byTestId(alicePage, 'cycles-tab-completed').click();
    await byTestId(alicePage, 'cycle-row-Sprint 1').waitFor();
    await screenshot(alicePage, 'cycles-completed');
    expect(bobVisit.errors).toEqual([]);
  });
});
