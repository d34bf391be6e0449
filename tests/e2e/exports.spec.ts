// Issue #15 exports, tried as a new workspace member would: open settings → exports from the sidebar,
// see the empty history, pick one of two projects and CSV, start the export, watch the history row
// become ready, download the file and open it with a CSV parser: its rows are the project's issues
// (ids, names, states), none of the other project's.
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { screenshot } from './support/browser';
import { byTestId, freshVisit, type FreshVisit } from './support/fresh';
import { buildScreensTeam, createIssue, TEAM_PASSWORD, type ScreensTeam } from './support/screens-team';
import { api } from './support/team';

const baseUrl = inject('e2eBaseUrl');
const NAMES = ['Plan the launch', 'Fix "the" login, again', 'Write docs\nfor export', '翻译界面'];

describe('exports screen', () => {
  let team: ScreensTeam;
  let visit: FreshVisit | null = null;

  beforeAll(async () => {
    team = await buildScreensTeam(baseUrl, 'exports', 'EXP');
    for (const name of NAMES) await createIssue(team, { name, priority: 'medium' });
    // A second project of Alice's whose issues must not appear in an export of the first.
    const other = await api<{ id: string }>(team.setup, 'POST', `/api/workspaces/${team.slug}/projects/`, { name: 'Other things', identifier: 'OTH' });
    expect(other.status).toBe(201);
    expect((await api(team.setup, 'POST', `/api/workspaces/${team.slug}/projects/${other.body.id}/issues/`, { name: 'Not in this export' })).status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([team?.setupContext.close(), visit?.context.close()]);
  });

  test('export a project to CSV, download the file and find its issues in it', async () => {
    visit = await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, `/${team.slug}`);
    const { page, errors } = visit;
    await byTestId(page, 'nav-exports').click();
    await page.waitForURL(`**/${team.slug}/settings/exports`);
    await page.getByText('No exports yet').waitFor();

    await byTestId(page, 'export-projects').click();
    await byTestId(page, 'export-projects-picker').getByRole('option', { name: `Screens EXP` }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => byTestId(page, 'export-projects').textContent()).toContain('Screens EXP');
    await byTestId(page, 'export-format-csv').click();
    expect(await byTestId(page, 'export-format-csv').getAttribute('aria-checked')).toBe('true');
    await byTestId(page, 'start-export').click();

    const row = byTestId(page, 'export-row').first();
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 30_000 }).toBe('completed');
    await expect.poll(() => row.textContent()).toContain('4 issues');
    await screenshot(page, 'exports-history');

    const [download] = await Promise.all([page.waitForEvent('download'), row.locator('[data-testid="export-download"]').click()]);
    expect(download.suggestedFilename()).toMatch(/^issues-exports-.*\.csv$/);
    const text = readFileSync(await download.path()).toString('utf8');
    const workbook = new ExcelJS.Workbook();
    const sheet = await workbook.csv.read(Readable.from([text.replace(/^\uFEFF/, '')]));
    const rows = (sheet.getSheetValues().filter(Boolean) as unknown[][]).map((cells) => cells.slice(1).map((cell) => String(cell ?? '')));
    const header = rows[0];
    const column = (name: string) => header.indexOf(name);
    expect(header).toEqual(expect.arrayContaining(['ID', 'Project', 'Name', 'State', 'Priority']));

    // The project's issues as the API lists them.
    const listed = await api<{ results: Array<{ name: string; sequence_id: number }> }>(team.setup, 'GET', `${team.projectPath}/issues/?per_page=100`);
    expect(listed.status).toBe(200);
    const expected = listed.body.results.map((issue) => [`${team.identifier}-${issue.sequence_id}`, issue.name]).sort();
    const exported = rows.slice(1).map((cells) => [cells[column('ID')], cells[column('Name')]]).sort();
    expect(exported).toEqual(expected);
    expect(exported.map(([, name]) => name).sort()).toEqual([...NAMES].sort());
    expect(rows.slice(1).every((cells) => cells[column('Project')] === 'Screens EXP' && cells[column('State')] === 'Backlog' && cells[column('Priority')] === 'medium')).toBe(true);
    expect(text).not.toContain('Not in this export');
    expect(errors).toEqual([]);
  });
});
