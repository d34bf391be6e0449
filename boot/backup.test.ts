// Backup and restore (issue 16), end to end on real databases: an instance seeded through the API
// (issue children of every kind, a page written through REST and so stored as Yjs snapshot and
// updates, an attachment on disk, a completed export's file) is backed up, restored into an empty
// database of the OTHER engine when both run here (PGlite → PostgreSQL or back), served again, and
// every listing, the page text, the attachment's and the export's bytes compared. Damaged archives
// and occupied targets are refused; an export whose file the archive lacks is restored as expired.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { createDatabase } from '../db/client';
import { exporterHistory } from '../db/schema/index';
import { createDiskStorage } from '../server/storage/disk';
import type { ExportPage, ExportWire } from '../shared/schemas/export';
import { until } from '../tests/support/until';
import { availableDrivers, createTestDatabase, defaultDriver, type TestDatabase } from '../tests/support/db';
import { createTestServer, type TestServer } from '../tests/support/server';
import { buildProject, buildUser, buildWorkspace, type TestProject, type TestUser, type TestWorkspace } from '../tests/support/factories';
import { BackupError, restoreBackup, verifyBackup, writeBackup } from './backup';

function multipart(filename: string, content: Buffer) {
  const boundary = '----trellisbackup';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="asset"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const sourceDriver = defaultDriver();
const targetDriver = availableDrivers().find((driver) => driver !== sourceDriver) ?? sourceDriver;

describe(`backup of a ${sourceDriver} instance, restored into ${targetDriver}`, () => {
  const work = mkdtempSync(join(tmpdir(), 'trellis-backup-test-'));
  const archive = join(work, 'instance.tar.gz');
  const fileBytes = Buffer.from(Array.from({ length: 3000 }, (_, index) => index % 251));
  let source: TestServer;
  let restored: TestServer | undefined;
  let owner: TestUser;
  let workspace: TestWorkspace;
  let project: TestProject;
  let base: string;
  let pageId: string;
  let attachmentPath: string;
  let exported: ExportWire;
  let exportBytes: Buffer;
  const exportsUrl = () => `/api/workspaces/${workspace.slug}/export-issues/`;
  /** The owner's export history as one server lists it. */
  async function exportHistory(server: TestServer): Promise<ExportWire[]> {
    const answer = await server.inject({ method: 'GET', url: `${exportsUrl()}?per_page=50&cursor=50:0:0`, headers: owner.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as ExportPage).results;
  }

  beforeAll(async () => {
    source = await createTestServer({ driver: sourceDriver, env: { DATA_DIR: join(work, 'source') } });
    owner = await buildUser(source);
    workspace = await buildWorkspace(source, owner);
    project = await buildProject(source, workspace, owner);
    base = `/api/workspaces/${workspace.slug}/projects/${project.id}`;
    const post = async (url: string, payload: object) => {
      const answer = await source.inject({ method: 'POST', url: `${base}/${url}`, headers: owner.headers, payload });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBeLessThan(300);
      return answer.json() as { id: string };
    };
    const label = await post('issue-labels/', { name: 'Backend', color: '#3f76ff' });
    const parent = await post('issues/', { name: 'Launch', label_ids: [label.id], priority: 'high' });
    const child = await post('issues/', { name: 'Book the venue', parent_id: parent.id });
    await post(`issues/${parent.id}/comments/`, { comment_html: '<p>Remember the <strong>caterer</strong></p>' });
    await post(`issues/${parent.id}/issue-links/`, { url: 'https://example.com/plan', title: 'Plan' });
    await post(`issues/${child.id}/issue-relation/`, { relation_type: 'blocked_by', issues: [parent.id] }).catch(() => undefined);
    const page = await post('pages/', { name: 'Runbook', description_html: '<p>Step one</p>' });
    pageId = page.id;
    const edited = await source.inject({ method: 'PATCH', url: `${base}/pages/${pageId}/description/`, headers: owner.headers, payload: { description_html: '<p>Step one</p><p>Step two, edited</p>' } });
    expect(edited.statusCode).toBe(200);
    const body = multipart('plan.bin', fileBytes);
    const uploaded = await source.inject({ method: 'POST', url: `${base}/issues/${parent.id}/issue-attachments/`, headers: { ...owner.headers, 'content-type': body.contentType }, payload: body.payload });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const attachment = uploaded.json() as { id: string };
    attachmentPath = `issues/${parent.id}/issue-attachments/${attachment.id}/download/`;
    const started = await source.inject({ method: 'POST', url: exportsUrl(), headers: owner.headers, payload: { provider: 'csv' } });
    expect(started.statusCode, started.body).toBe(200);
    [exported] = await until(() => exportHistory(source), (rows) => rows[0]?.status === 'completed' || rows[0]?.status === 'failed');
    expect(exported.status).toBe('completed');
    const file = await source.inject({ method: 'GET', url: exported.url!, headers: owner.headers });
    expect(file.statusCode).toBe(200);
    exportBytes = file.rawPayload;
    expect(exportBytes.toString()).toContain('Book the venue');
  });
  afterAll(async () => {
    await source?.close();
    await restored?.close();
  });

  /** What a person sees through the API, read from one server. */
  async function listings(server: TestServer) {
    const get = async (url: string) => {
      const answer = await server.inject({ method: 'GET', url, headers: owner.headers });
      expect(answer.statusCode, url).toBe(200);
      return answer.json() as unknown;
    };
    const issues = (await get(`${base}/issues/?per_page=100`)) as unknown;
    const ids = ((await get(`${base}/issues/?per_page=100`)) as { results?: { id: string }[] }).results?.map((row) => row.id) ?? [];
    const perIssue = [];
    for (const id of ids.sort()) {
      perIssue.push(await get(`${base}/issues/${id}/`), await get(`${base}/issues/${id}/comments/`), await get(`${base}/issues/${id}/issue-links/`), await get(`${base}/issues/${id}/history/`).catch(() => null));
    }
    return {
      me: await get('/api/users/me/'),
      workspaces: await get('/api/users/me/workspaces/'),
      projects: await get(`/api/workspaces/${workspace.slug}/projects/`),
      members: await get(`${base}/members/`),
      states: await get(`${base}/states/`),
      labels: await get(`${base}/issue-labels/`),
      issues,
      perIssue,
      pages: await get(`${base}/pages/`),
      page: await get(`${base}/pages/${pageId}/`),
    };
  }

  test('the archive restores into an empty instance: same listings, page text, attachment and export bytes', async () => {
    const before = await listings(source);
    const manifest = await writeBackup(source.database, createDiskStorage(join(work, 'source')), archive);
    expect(manifest.tables.issues!.rows).toBe(2);
    expect(manifest.tables.pages!.rows).toBe(1);
    expect(manifest.files).toEqual({ count: 2, bytes: fileBytes.length + exportBytes.length, missing: [] });
    expect(manifest.migration).not.toBeNull();
    // The page went through Yjs: its stored document rows are in the archive too.
    const pageTables = Object.entries(manifest.tables).filter(([name, { rows }]) => name.startsWith('page') && rows > 0).map(([name]) => name);
    expect(pageTables.length).toBeGreaterThan(1);

    const target: TestDatabase = await createTestDatabase(targetDriver);
    const restoredManifest = await restoreBackup(target, createDiskStorage(join(work, 'target')), archive);
    expect(restoredManifest.checksums).toEqual(manifest.checksums);
    restored = await createTestServer({ database: target, env: { DATA_DIR: join(work, 'target') } });

    const after = await listings(restored);
    expect(after).toEqual(before);
    expect((after.page as { description_html: string }).description_html).toContain('Step two, edited');
    const download = await restored.inject({ method: 'GET', url: `${base}/${attachmentPath}`, headers: owner.headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(fileBytes)).toBe(true);
    // The export is still completed, and its new link serves the same file.
    const [history] = await exportHistory(restored);
    expect({ ...history, url: null, url_expires_at: null }).toEqual({ ...exported, url: null, url_expires_at: null });
    const exportDownload = await restored.inject({ method: 'GET', url: history.url!, headers: owner.headers });
    expect(exportDownload.statusCode).toBe(200);
    expect(exportDownload.rawPayload.equals(exportBytes)).toBe(true);
    // The restored instance keeps working: new rows continue after the restored ones.
    const created = await restored.inject({ method: 'POST', url: `${base}/issues/`, headers: owner.headers, payload: { name: 'After the move' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().sequence_id).toBe(3);
  }, 300_000); // a loaded machine: seeding, two engines, every listing twice

  test.skipIf(!process.env.DATABASE_URL)('restore needs no superuser: a database owner that is not one restores the archive', async () => {
    const suffix = randomBytes(4).toString('hex');
    const role = `trellis_owner_${suffix}`;
    const name = `trellis_restore_${suffix}`;
    const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create role "${role}" login nosuperuser password 'restore-test'`);
    await admin.unsafe(`create database "${name}" owner "${role}"`);
    const url = new URL(process.env.DATABASE_URL!);
    url.username = role;
    url.password = 'restore-test';
    url.pathname = `/${name}`;
    const owned = await createDatabase({ databaseUrl: url.toString(), maxConnections: 2 });
    try {
      await owned.migrate();
      const [{ rolsuper }] = await owned.query<{ rolsuper: boolean }>(sql`select rolsuper from pg_roles where rolname = current_user`);
      expect(rolsuper).toBe(false);
      await restoreBackup(owned, createDiskStorage(join(work, 'owned')), archive);
      const [{ count }] = await owned.query<{ count: number }>(sql`select count(*)::int as count from issues`);
      expect(count).toBe(2);
      // The foreign keys are back (and were checked against the restored rows), and the count triggers run again.
      const [{ keys }] = await owned.query<{ keys: number }>(sql`select count(*)::int as keys from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`);
      expect(keys).toBeGreaterThan(50);
      const [{ disabled }] = await owned.query<{ disabled: number }>(sql`select count(*)::int as disabled from pg_trigger where not tgisinternal and tgenabled = 'D'`);
      expect(disabled).toBe(0);
    } finally {
      await owned.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.unsafe(`drop role if exists "${role}"`);
      await admin.end();
    }
  }, 300_000);

  test('an instance that holds data is refused, and nothing is written to it', async () => {
    await expect(restoreBackup(source.database, createDiskStorage(join(work, 'source')), archive)).rejects.toThrow(/target instance is not empty/);
  });

  test('a damaged archive is refused before anything is written', async () => {
    // Change one byte of one table's rows inside the archive, keeping it a valid gzip'd tar.
    const tarBytes = gunzipSync(readFileSync(archive));
    const at = tarBytes.indexOf(Buffer.from('Book the venue'));
    expect(at).toBeGreaterThan(0);
    tarBytes[at] = 'C'.charCodeAt(0);
    const damaged = join(work, 'damaged.tar.gz');
    writeFileSync(damaged, gzipSync(tarBytes));
    await expect(verifyBackup(damaged)).rejects.toThrow(/damaged: tables\/[a-z_]+\.jsonl does not match its checksum/);
    const empty = await createTestDatabase(targetDriver);
    try {
      await expect(restoreBackup(empty, createDiskStorage(join(work, 'untouched')), damaged)).rejects.toBeInstanceOf(BackupError);
      const [{ count }] = await empty.query<{ count: number }>(sql`select count(*)::int as count from issues`);
      expect(count).toBe(0);
    } finally {
      await empty.close();
    }
    const truncated = join(work, 'truncated.tar.gz');
    writeFileSync(truncated, readFileSync(archive).subarray(0, 200));
    await expect(verifyBackup(truncated)).rejects.toThrow(/not a readable Trellis archive|has no manifest/);
  });

  test('an export whose file is not in the archive is restored as expired, not as a dead link', async () => {
    const [row] = await source.database.db.select({ key: exporterHistory.key }).from(exporterHistory);
    rmSync(join(work, 'source', 'uploads', row.key));
    const withoutFile = join(work, 'without-export.tar.gz');
    const manifest = await writeBackup(source.database, createDiskStorage(join(work, 'source')), withoutFile);
    expect(manifest.files.missing).toEqual([row.key]);
    const empty = await createTestDatabase(targetDriver);
    try {
      await restoreBackup(empty, createDiskStorage(join(work, 'target-without-export')), withoutFile);
      const rows = await empty.db.select({ status: exporterHistory.status, reason: exporterHistory.reason }).from(exporterHistory);
      expect(rows).toEqual([{ status: 'expired', reason: expect.stringMatching(/no longer stored/) }]);
    } finally {
      await empty.destroy();
    }
  }, 300_000);
});
