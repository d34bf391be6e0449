// The issue-export job survives restarts (DESIGN.md "Background jobs"): an export asked for while
// no worker runs is written by the next server to start on the same database, and an attempt whose
// worker died mid-file (what SIGKILL leaves: the job `running`, the row half-way) is taken over after
// the lease and written afresh — every issue once.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { exporterHistory, jobs } from '../../../db/schema/index';
import { createTestServer, type TestServer } from '../../../tests/support/server';
import { until } from '../../../tests/support/until';
import { buildWorld, type World } from '../../../tests/support/world';
import type { ExportPage } from '../../../shared/schemas/export';
import { ISSUE_EXPORT_QUEUE } from './export';

describe('issue-export job', () => {
  let server: TestServer;
  let world: World;
  const ISSUES = 7;
  beforeAll(async () => {
    server = await createTestServer();
    world = await buildWorld(server);
    for (let n = 1; n <= ISSUES; n++) {
      const response = await server.inject({ method: 'POST', url: `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}/issues/`, headers: world.member.headers, payload: { name: `Issue ${n}` } });
      expect(response.statusCode).toBe(201);
    }
  });
  afterAll(async () => server?.close());

  const base = () => `/api/workspaces/${world.workspace.slug}/export-issues/`;
  const latest = async () => {
    const response = await server.inject({ method: 'GET', url: `${base()}?per_page=1&cursor=1:0:0`, headers: world.member.headers });
    return (response.json() as ExportPage).results[0];
  };
  const startWithoutWorker = async () => {
    await server.app.ctx.jobQueue!.stop();
    const response = await server.inject({ method: 'POST', url: base(), headers: world.member.headers, payload: { provider: 'json', project: [world.project.id] } });
    expect(response.statusCode).toBe(200);
    const row = await latest();
    expect(row.status).toBe('queued');
    return row.id;
  };
  const exportJob = async (exportId: string) => {
    const rows = await server.database.db.select().from(jobs).where(eq(jobs.queue, ISSUE_EXPORT_QUEUE));
    return rows.find((job) => (job.payload as { exportId: string }).exportId === exportId)!;
  };
  // The history row says `completed` from inside the job's handler; the queue marks the job done
  // once the handler has returned, a moment later.
  const finishedJob = (exportId: string) => until(() => exportJob(exportId), (job) => job.status !== 'running', 10_000);

  test('asked while no worker runs, written by the next server started on the same database', async () => {
    const exportId = await startWithoutWorker();
    await server.app.close();
    server = await createTestServer({ database: server.database });
    const row = await until(latest, (row) => row.id === exportId && row.status === 'completed', 30_000);
    expect(row).toMatchObject({ exported_count: ISSUES, total_count: ISSUES });
    const file = await server.inject({ method: 'GET', url: row.url!, headers: world.member.headers });
    expect((JSON.parse(file.body) as unknown[]).length).toBe(ISSUES);
    expect(await finishedJob(exportId)).toMatchObject({ status: 'done', attempts: 1 });
  });

  test('a worker that died mid-export: the job is reclaimed after its lease and the file written afresh', async () => {
    const exportId = await startWithoutWorker();
    const job = await exportJob(exportId);
    // What a SIGKILL during the first attempt leaves behind: claimed, no heartbeat since, half-way.
    await server.database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: 'worker-killed', lockedAt: sql`now() - interval '10 minutes'` })
      .where(eq(jobs.id, job.id));
    await server.database.db.update(exporterHistory).set({ status: 'processing', exportedCount: 3, totalCount: ISSUES }).where(eq(exporterHistory.id, exportId));
    await server.app.ctx.jobQueue!.start();
    const row = await until(latest, (row) => row.status === 'completed', 30_000);
    expect(row).toMatchObject({ id: exportId, exported_count: ISSUES, total_count: ISSUES });
    const names = (JSON.parse((await server.inject({ method: 'GET', url: row.url!, headers: world.member.headers })).body) as Array<{ name: string }>).map((issue) => issue.name);
    expect(names.sort()).toEqual(Array.from({ length: ISSUES }, (_, index) => `Issue ${index + 1}`).sort());
    expect(await finishedJob(exportId)).toMatchObject({ status: 'done', attempts: 2 });
  });
});
