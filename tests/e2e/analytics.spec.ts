// Workspace analytics as a new user would use it (issue 15, "Proof"): Alice signs up, her team's
// issues exist, she opens Analytics from the navigation, changes the x axis and the segment and
// sees the chart and the table follow with the right numbers, downloads the CSV and reads it,
// saves the chart as a view, wanders off and reopens the view from the sidebar after a reload.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { firstPage, launchContext, screenshot, trackPageErrors } from './support/browser';
import { byTestId } from './support/fresh';
import { api, setUpInstance, signUp } from './support/team';

const baseUrl = inject('e2eBaseUrl');
const stamp = Date.now().toString(36);
const slug = `ana-${stamp}`;
const password = 'Trellis-e2e-passphrase-91';
const alice = { email: `an-alice-${stamp}@example.com`, first_name: 'Alice' };

/** The table's rows as [name, ...cells]. */
async function tableRows(page: Page): Promise<string[][]> {
  return page.locator('[data-testid="analytics-table-row"]').evaluateAll((rows) =>
    rows.map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => (cell.textContent ?? '').trim())),
  );
}

async function tableHead(page: Page): Promise<string[]> {
  return byTestId(page, 'analytics-table').locator('thead th').allTextContents();
}

/** Opens a picker chip and chooses an option by its name. */
async function choose(page: Page, chip: string, option: string) {
  await byTestId(page, chip).click();
  await byTestId(page, `${chip}-picker`).getByRole('option', { name: option, exact: true }).click();
  await byTestId(page, `${chip}-picker`).waitFor({ state: 'detached' });
}

describe('workspace analytics', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[] = [];

  beforeAll(async () => {
    await setUpInstance(baseUrl, `an-admin-${stamp}@example.com`);
    context = await launchContext(baseUrl);
    page = await firstPage(context);
    errors = trackPageErrors(page);
    await signUp(page, alice, password);
    expect((await api(page, 'POST', '/api/workspaces/', { name: 'Numbers Team', slug })).status).toBe(201);
    const project = await api<{ id: string }>(page, 'POST', `/api/workspaces/${slug}/projects/`, { name: 'Analytics Board', identifier: 'ANA' });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    const base = `/api/workspaces/${slug}/projects/${project.body.id}`;
    const label = async (name: string, color: string) => (await api<{ id: string }>(page, 'POST', `${base}/issue-labels/`, { name, color })).body.id;
    const bug = await label('bug', '#e5484d');
    const feature = await label('feature', '#46a758');
    for (const issue of [
      { name: 'Crash on save', priority: 'urgent', label_ids: [bug] },
      { name: 'Slow search', priority: 'urgent', label_ids: [bug, feature] },
      { name: 'Dark mode', priority: 'high', label_ids: [feature] },
      { name: 'Tidy docs', priority: 'none', label_ids: [] },
    ]) {
      const created = await api(page, 'POST', `${base}/issues/`, issue);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
  }, 120_000);

  afterAll(async () => {
    await context?.close();
  });

  test('opens from the navigation; the default chart counts issues by priority', async () => {
    await page.goto(`/${slug}`);
    await byTestId(page, 'nav-analytics').click();
    await byTestId(page, 'analytics-page').waitFor();
    await byTestId(page, 'analytics-chart').locator('.recharts-surface').first().waitFor();
    expect(await byTestId(page, 'analytics-total').textContent()).toContain('4');
    // The sidebar's overview counts the same issues.
    await expect.poll(() => byTestId(page, 'analytics-overview-total').textContent()).toBe('4');
    await byTestId(page, 'analytics-display-table').click();
    await expect.poll(() => tableRows(page)).toEqual([
      ['Urgent', '2'],
      ['High', '1'],
      ['No priority', '1'],
    ]);
    await screenshot(page, 'analytics-priority-table');
  });

  test('changing the x axis and the segment changes the table and the chart', async () => {
    await choose(page, 'analytics-x-axis', 'Label');
    // An issue with two labels counts under both; the unlabeled one under None.
    await expect.poll(() => tableRows(page)).toEqual([
      ['bug', '2'],
      ['feature', '2'],
      ['None', '1'],
    ]);
    await choose(page, 'analytics-segment', 'Priority');
    await expect.poll(() => tableHead(page)).toEqual(['Label', 'High', 'No priority', 'Urgent', 'Total']);
    expect(await tableRows(page)).toEqual([
      ['bug', '0', '0', '2', '2'],
      ['feature', '1', '0', '1', '2'],
      ['None', '0', '1', '0', '1'],
    ]);
    // Back to the chart: a stacked bar per label, then a pie of the totals.
    await byTestId(page, 'analytics-display-chart').click();
    await byTestId(page, 'analytics-chart').locator('.recharts-bar-rectangle').first().waitFor();
    await byTestId(page, 'analytics-kind-pie').click();
    await byTestId(page, 'analytics-chart').locator('.recharts-pie-sector').first().waitFor();
    expect(await byTestId(page, 'analytics-chart').locator('.recharts-pie-sector').count()).toBe(3);
    await screenshot(page, 'analytics-label-pie');
  });

  test('downloads the table as CSV', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), byTestId(page, 'analytics-download').click()]);
    expect(download.suggestedFilename()).toBe('analytics-labels__id-priority-issue_count.csv');
    const text = (await readFile(await download.path())).toString('utf8').replace(/^\ufeff/, '');
    expect(text.split('\r\n')).toEqual(['Label,High,No priority,Urgent,Total', 'bug,0,0,2,2', 'feature,1,0,1,2', 'None,0,1,0,1', '']);
  });

  test('saves the chart as a view and reopens it after a reload', async () => {
    await byTestId(page, 'analytics-save-view').click();
    await byTestId(page, 'analytics-view-name').fill('Labels by priority');
    await byTestId(page, 'analytics-view-submit').click();
    await byTestId(page, 'analytics-save-dialog').waitFor({ state: 'detached' });
    await byTestId(page, 'analytics-views').getByText('Labels by priority').waitFor();

    // Somewhere else entirely, then a fresh load of the default chart.
    await page.goto(`/${slug}/analytics`);
    await byTestId(page, 'analytics-page').waitFor();
    expect(await byTestId(page, 'analytics-x-axis').textContent()).toContain('Priority');
    await page.getByRole('button', { name: 'Open view Labels by priority' }).click();
    await expect.poll(() => byTestId(page, 'analytics-x-axis').textContent()).toContain('Label');
    expect(await byTestId(page, 'analytics-segment').textContent()).toContain('Priority');
    await byTestId(page, 'analytics-display-table').click();
    await expect.poll(() => tableRows(page)).toEqual([
      ['bug', '0', '0', '2', '2'],
      ['feature', '1', '0', '1', '2'],
      ['None', '0', '1', '0', '1'],
    ]);
    // The sidebar folds away and stays folded across a reload (spec §2 collapse flag).
    await byTestId(page, 'analytics-sidebar-toggle').click();
    await byTestId(page, 'analytics-sidebar').waitFor({ state: 'detached' });
    await page.reload();
    await byTestId(page, 'analytics-page').waitFor();
    expect(await byTestId(page, 'analytics-sidebar').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('the project filter narrows the chart; the line chart draws it', async () => {
    // A second project with one issue: every project counts until the filter picks some.
    const other = await api<{ id: string }>(page, 'POST', `/api/workspaces/${slug}/projects/`, { name: 'Side Project', identifier: 'SIDE' });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    expect((await api(page, 'POST', `/api/workspaces/${slug}/projects/${other.body.id}/issues/`, { name: 'Side quest', priority: 'low' })).status).toBe(201);
    await page.goto(`/${slug}/analytics`);
    await byTestId(page, 'analytics-page').waitFor();
    await expect.poll(() => byTestId(page, 'analytics-total').textContent()).toContain('5');

    await byTestId(page, 'analytics-projects').click();
    await byTestId(page, 'analytics-projects-picker').getByRole('option', { name: 'Side Project' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => byTestId(page, 'analytics-projects').textContent()).toContain('Side Project');
    await expect.poll(() => byTestId(page, 'analytics-total').textContent()).toContain('1');
    await byTestId(page, 'analytics-display-table').click();
    await expect.poll(() => tableRows(page)).toEqual([['Low', '1']]);

    await byTestId(page, 'analytics-projects').click();
    await byTestId(page, 'analytics-projects-picker').getByRole('option', { name: 'Analytics Board' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => byTestId(page, 'analytics-total').textContent()).toContain('5');

    await byTestId(page, 'analytics-display-chart').click();
    await byTestId(page, 'analytics-kind-line').click();
    await byTestId(page, 'analytics-chart').locator('.recharts-line-curve').first().waitFor();
    expect(await byTestId(page, 'analytics-chart').getAttribute('data-kind')).toBe('line');
    expect(errors).toEqual([]);
  });
});
