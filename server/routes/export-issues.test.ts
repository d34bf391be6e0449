// Issue export routes (reference work-items §8.3, accounts §4.4): the job runs on the queue and the
// history shows its progress; CSV, JSON and XLSX files hold the issues of the chosen projects the
// caller may read and nothing else; the download link is signed, per initiator, and expires; an
// export whose file is no longer stored answers 410 and is listed as expired.
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, test } from 'vitest';
import { addProjectMember, buildProject, type TestProject } from '../../tests/support/factories';
import { until } from '../../tests/support/until';
import { useWorld } from '../../tests/support/world';
import type { ExportPage, ExportWire } from '../../shared/schemas/export';
import { signExportLink } from '../services/integrations/export';
import { fileStorage } from '../storage/index';
import { exporterHistory } from '../../db/schema/index';
import { eq } from 'drizzle-orm';

describe('export-issues', () => {
  const world = useWorld();
  let secret: TestProject;
  beforeAll(async () => {
    // A second project the member does not belong to.
    secret = await buildProject(world.server, world.workspace, world.admin, { name: 'Secret plans' });
    for (const name of ['First, with a comma', 'Second "quoted"', '=HYPERLINK("x")', '第三个问题']) await createIssue(world.project.id, name);
    await createIssue(secret.id, 'Only admins know');
  });

  const base = () => `/api/workspaces/${world.workspace.slug}/export-issues/`;
  async function createIssue(projectId: string, name: string) {
    const response = await world.server.inject({ method: 'POST', url: `/api/workspaces/${world.workspace.slug}/projects/${projectId}/issues/`, headers: world.admin.headers, payload: { name, priority: 'high' } });
    expect(response.statusCode).toBe(201);
  }
  const start = (payload: Record<string, unknown>, headers = world.member.headers) => world.server.inject({ method: 'POST', url: base(), headers, payload });
  const history = async (headers = world.member.headers): Promise<ExportWire[]> => {
    const response = await world.server.inject({ method: 'GET', url: `${base()}?per_page=50&cursor=50:0:0`, headers });
    expect(response.statusCode).toBe(200);
    return (response.json() as ExportPage).results;
  };
  /** Starts an export and waits for its job to finish; answers the completed history row. */
  async function exportDone(payload: Record<string, unknown>, headers = world.member.headers): Promise<ExportWire> {
    const before = new Set((await history(headers)).map((row) => row.id));
    const response = await start(payload, headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Once the export is ready you will be able to download it' });
    const rows = await until(
      () => history(headers),
      (rows) => rows.some((row) => !before.has(row.id) && (row.status === 'completed' || row.status === 'failed')),
    );
    const row = rows.find((row) => !before.has(row.id))!;
    expect(row.status).toBe('completed');
    return row;
  }
  const download = (url: string, headers = world.member.headers) => world.server.inject({ method: 'GET', url, headers });

  test('an unknown provider is refused with the reference body; the list needs per_page and cursor', async () => {
    const bad = await start({ provider: 'pdf' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "Provider 'pdf' not found." });
    const list = await world.server.inject({ method: 'GET', url: base(), headers: world.member.headers });
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ error: 'per_page and cursor are required' });
    const badCursor = await world.server.inject({ method: 'GET', url: `${base()}?per_page=10&cursor=nope`, headers: world.member.headers });
    expect(badCursor.statusCode).toBe(400);
  });

  test('a CSV export runs as a job: history shows it completed with its counts and a link to the file', async () => {
    const row = await exportDone({ provider: 'csv', project: [world.project.id] });
    expect(row).toMatchObject({ provider: 'csv', project: [world.project.id], exported_count: 4, total_count: 4, initiated_by: world.member.id });
    expect(row.initiated_by_detail?.id).toBe(world.member.id);
    expect(row.url).toMatch(/\/download\/\?expires=\d+&signature=[0-9a-f]{64}$/);
    const file = await download(row.url!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="issues-.*\.csv"/);
    const workbook = new ExcelJS.Workbook();
    const sheet = await workbook.csv.read(Readable.from([file.body.replace(/^\uFEFF/, '')]));
    const values = sheet.getSheetValues().filter(Boolean).map((cells) => (cells as unknown[]).slice(1).map((cell) => String(cell ?? '')));
    expect(values[0].slice(0, 4)).toEqual(['ID', 'Project', 'Name', 'Description']);
    const names = values.slice(1).map((cells) => cells[2]);
    // The formula-looking name is defused with a leading apostrophe (CSV injection).
    expect(names.sort()).toEqual(["'=HYPERLINK(\"x\")", 'First, with a comma', 'Second "quoted"', '第三个问题'].sort());
    expect(values.slice(1).map((cells) => cells[0]).sort()).toEqual([1, 2, 3, 4].map((n) => `${world.project.identifier}-${n}`));
    expect(values.slice(1).every((cells) => cells[6] === 'high' && cells[4] === 'Backlog')).toBe(true);
  });

  test('JSON and XLSX hold the same issues', async () => {
    const json = await exportDone({ provider: 'json', project: [world.project.id] });
    const parsed = JSON.parse((await download(json.url!)).body) as Array<{ id: string; name: string; state: string }>;
    expect(parsed.map((issue) => issue.name).sort()).toEqual(['=HYPERLINK("x")', 'First, with a comma', 'Second "quoted"', '第三个问题'].sort());
    expect(parsed[0]).toMatchObject({ id: `${world.project.identifier}-1`, state: 'Backlog' });

    const xlsx = await exportDone({ provider: 'xlsx', project: [world.project.id] });
    const file = await download(xlsx.url!);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(1).getCell(3).value).toBe('Name');
    expect(String(sheet.getRow(2).getCell(1).value)).toBe(`${world.project.identifier}-1`);
  });

  test('only projects the caller may read: a named foreign project is refused, the default leaves it out', async () => {
    const refused = await start({ provider: 'csv', project: [secret.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('project');
    const all = await exportDone({ provider: 'json' });
    expect(all.project).toEqual([world.project.id]);
    const parsed = JSON.parse((await download(all.url!)).body) as Array<{ name: string }>;
    expect(parsed).toHaveLength(4);
    expect(parsed.some((issue) => issue.name === 'Only admins know')).toBe(false);
    // The admin's export of both projects holds both.
    const admin = await exportDone({ provider: 'json', multiple: true }, world.admin.headers);
    expect(JSON.parse((await download(admin.url!, world.admin.headers)).body)).toHaveLength(5);
  });

  test('a member removed from a project before the job runs exports nothing of it', async () => {
    const other = await buildProject(world.server, world.workspace, world.admin, { name: 'Short lived' });
    await addProjectMember(world.server, other, world.member, 15);
    await createIssue(other.id, 'Visible for now');
    // Stop the worker, ask, remove the member, let the worker run.
    await world.server.app.ctx.jobQueue!.stop();
    expect((await start({ provider: 'json', project: [other.id] })).statusCode).toBe(200);
    await world.server.inject({ method: 'POST', url: `/api/workspaces/${world.workspace.slug}/projects/${other.id}/members/leave/`, headers: world.member.headers });
    await world.server.app.ctx.jobQueue!.start();
    const rows = await until(() => history(), (rows) => rows[0].status === 'completed');
    expect(rows[0]).toMatchObject({ exported_count: 0, total_count: 0 });
    expect(JSON.parse((await download(rows[0].url!)).body)).toEqual([]);
  });

  test('history and files are per initiator: others see neither the row nor the file', async () => {
    const mine = await exportDone({ provider: 'csv', project: [world.project.id] });
    expect((await history(world.admin.headers)).some((row) => row.id === mine.id)).toBe(false);
    const stolen = await download(mine.url!, world.admin.headers);
    expect(stolen.statusCode).toBe(404);
    const outsider = await download(mine.url!, world.outsider.headers);
    expect(outsider.statusCode).toBe(403);
    const anonymous = await download(mine.url!, {});
    expect(anonymous.statusCode).toBe(401);
  });

  test('the link expires, and a tampered or missing signature is refused', async () => {
    const row = await exportDone({ provider: 'csv', project: [world.project.id] });
    const path = row.url!.split('?')[0];
    const past = Math.floor(Date.now() / 1000) - 5;
    const expired = await download(`${path}?expires=${past}&signature=${signExportLink(world.server.config.secretKey, row.id, past)}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toHaveProperty('error');
    const future = Math.floor(Date.now() / 1000) + 10_000;
    const forged = await download(`${path}?expires=${future}&signature=${'0'.repeat(64)}`);
    expect(forged.statusCode).toBe(400);
    const extended = await download(`${path}?expires=${future}&${row.url!.split('&')[1]}`);
    expect(extended.statusCode).toBe(400);
    expect((await download(path)).statusCode).toBe(400);
    expect((await download(row.url!)).statusCode).toBe(200);
  });

  test('an export whose file is gone answers 410 with the contract body, and the history lists it expired without a link', async () => {
    const row = await exportDone({ provider: 'csv', project: [world.project.id] });
    const [{ key }] = await world.server.database.db.select({ key: exporterHistory.key }).from(exporterHistory).where(eq(exporterHistory.id, row.id));
    await fileStorage(world.server.config).delete(key);
    const gone = await download(row.url!);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ error: 'The file of this export is no longer stored. Export again to get a new one.' });
    const listed = (await history()).find((entry) => entry.id === row.id)!;
    expect(listed).toMatchObject({ status: 'expired', url: null, url_expires_at: null, reason: expect.stringMatching(/no longer stored/) });
    // The link handed out before still answers 410, not 404 or 500.
    expect((await download(row.url!)).statusCode).toBe(410);
  });
});
