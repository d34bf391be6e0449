// Planning a sprint as a new user would (issue 13, "Proof"): Alice signs up, opens Cycles, plans a
// cycle through the create modal (dates from the date picker), adds issues with the bulk action
// from the project list; Bob, in a second browser on the cycle's page, sees the new cycle and the
// progress change live without reloading; Alice completes the cycle and transfers the unfinished
// issues to the next one, and the server has them there.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { firstPage, launchContext, screenshot } from './support/browser';
import { byTestId, freshVisit, type FreshVisit } from './support/fresh';
import { api, setUpInstance, signUp } from './support/team';

const baseUrl = inject('e2eBaseUrl');
const stamp = Date.now().toString(36);
const slug = `cyc-${stamp}`;
const password = 'Trellis-e2e-passphrase-91';
const alice = { email: `cy-alice-${stamp}@example.com`, first_name: 'Alice' };
const bob = { email: `cy-bob-${stamp}@example.com`, first_name: 'Bob' };

describe('planning and completing a cycle', () => {
  let aliceContext: BrowserContext;
  let alicePage: Page;
  let bobVisit: FreshVisit;
  let projectId = '';
  let projectPath = '';
  let doneStateId = '';
  const issueIds: string[] = [];

  beforeAll(async () => {
    await setUpInstance(baseUrl, `cy-admin-${stamp}@example.com`);
    aliceContext = await launchContext(baseUrl);
    alicePage = await firstPage(aliceContext);
    const bobContext = await launchContext(baseUrl);
    const bobPage = await firstPage(bobContext);
    await signUp(alicePage, alice, password);
    await signUp(bobPage, bob, password);
    expect((await api(alicePage, 'POST', '/api/workspaces/', { name: 'Cycle Team', slug })).status).toBe(201);
    expect((await api(alicePage, 'POST', `/api/workspaces/${slug}/invitations/`, { emails: [{ email: bob.email, role: 15 }] })).status).toBeLessThan(300);
    const invitations = await api<{ id: string }[]>(bobPage, 'GET', '/api/users/me/workspaces/invitations/');
    expect((await api(bobPage, 'POST', '/api/users/me/workspaces/invitations/', { invitations: invitations.body.map((row) => row.id) })).status).toBeLessThan(300);
    const bobId = (await api<{ id: string }>(bobPage, 'GET', '/api/users/me/')).body.id;
    await bobContext.close();
    const project = await api<{ id: string }>(alicePage, 'POST', `/api/workspaces/${slug}/projects/`, { name: 'Sprint Board', identifier: 'SPR' });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    projectId = project.body.id;
    projectPath = `/api/workspaces/${slug}/projects/${projectId}`;
    expect((await api(alicePage, 'POST', `${projectPath}/members/`, { members: [{ member_id: bobId, role: 15 }] })).status).toBeLessThan(300);
    const states = (await api<{ id: string; group: string }[]>(alicePage, 'GET', `${projectPath}/states/`)).body;
    doneStateId = states.find((state) => state.group === 'completed')!.id;
    for (const name of ['Write the plan', 'Build the thing', 'Ship it']) {
      const created = await api<{ id: string }>(alicePage, 'POST', `${projectPath}/issues/`, { name });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      issueIds.push(created.body.id);
    }
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

  test('issues go into the cycle by the bulk action; Bob watches the progress change live', async () => {
    const cycles = (await api<Array<{ id: string; name: string; status: string }>>(alicePage, 'GET', `${projectPath}/cycles/`)).body;
    const sprint = cycles.find((cycle) => cycle.name === 'Sprint 1')!;
    expect(sprint.status).toBe('current');
    await bobVisit.page.goto(`/${slug}/projects/${projectId}/cycles/${sprint.id}`);
    await byTestId(bobVisit.page, 'cycle-panel').waitFor();
    await expect.poll(() => byTestId(bobVisit.page, 'cycle-progress-total').textContent()).toContain('0 of 0');

    await alicePage.goto(`/${slug}/projects/${projectId}/issues`);
    await alicePage.locator('[data-testid="issue-row"]').first().waitFor();
    for (const row of await alicePage.locator('[data-testid="issue-row"] .row-check').all()) await row.check();
    await byTestId(alicePage, 'bulk-cycle').selectOption({ label: 'Sprint 1' });
    await expect.poll(async () => (await api<{ total_count: number }>(alicePage, 'GET', `${projectPath}/cycles/${sprint.id}/cycle-issues/`)).body.total_count).toBe(3);
    await expect.poll(() => byTestId(bobVisit.page, 'cycle-progress-total').textContent(), { timeout: 15_000 }).toContain('0 of 3');

    // Alice closes one issue: Bob's progress and the cycle's issue list follow without a reload.
    expect((await api(alicePage, 'PATCH', `${projectPath}/issues/${issueIds[0]}/`, { state_id: doneStateId })).status).toBe(200);
    await expect.poll(() => byTestId(bobVisit.page, 'cycle-progress-total').textContent(), { timeout: 15_000 }).toContain('1 of 3');
    await expect.poll(() => byTestId(bobVisit.page, 'cycle-group-completed').textContent()).toContain('1');
    await screenshot(bobVisit.page, 'cycles-live-progress');
  });

  test('Alice completes the cycle and transfers the unfinished issues to the next one', async () => {
    const cycles = (await api<Array<{ id: string; name: string }>>(alicePage, 'GET', `${projectPath}/cycles/`)).body;
    const sprint = cycles.find((cycle) => cycle.name === 'Sprint 1')!;
    const next = await api<{ id: string }>(alicePage, 'POST', `${projectPath}/cycles/`, { name: 'Sprint 2' });
    expect(next.status).toBe(201);
    await alicePage.goto(`/${slug}/projects/${projectId}/cycles/${sprint.id}`);
    await byTestId(alicePage, 'cycle-complete').click();
    await byTestId(alicePage, 'cycle-transfer-target').selectOption({ label: 'Sprint 2' });
    await byTestId(alicePage, 'cycle-transfer-submit').click();
    await byTestId(alicePage, 'cycle-transfer').waitFor({ state: 'detached' });
    const moved = await api<{ total_count: number }>(alicePage, 'GET', `${projectPath}/cycles/${next.body.id}/cycle-issues/`);
    expect(moved.body.total_count).toBe(2);
    const kept = await api<{ total_count: number }>(alicePage, 'GET', `${projectPath}/cycles/${sprint.id}/cycle-issues/`);
    expect(kept.body.total_count).toBe(1);
    // The completed cycle keeps its snapshot: 3 issues, 1 done.
    const progress = await api<{ total_issues: number; completed_issues: number }>(alicePage, 'GET', `${projectPath}/cycles/${sprint.id}/progress/`);
    expect(progress.body).toMatchObject({ total_issues: 3, completed_issues: 1 });
    await expect.poll(() => byTestId(alicePage, 'cycle-progress-total').textContent()).toContain('1 of 3');
    expect(bobVisit.errors).toEqual([]);
  });
});
