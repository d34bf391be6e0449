// The export reads issues in bounded batches (issue #15 "Exporting 100,000 issues streams"): each
// statement returns at most `batchSize` issues, keyset by sequence_id, so the job never holds more
// than one batch; together the batches hold every issue of each project once, in order. The memory
// figures themselves are BENCHMARKS.md "Issue exports"; this pins the batching they rest on.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildProject, type TestProject } from '../../../tests/support/factories';
import { createTestServer, type TestServer } from '../../../tests/support/server';
import { buildWorld, type World } from '../../../tests/support/world';
import { loadExportProjects, readExportBatches } from './export-rows';

describe('export batches', () => {
  let server: TestServer;
  let world: World;
  let second: TestProject;
  const createIssues = async (projectId: string, count: number) => {
    for (let n = 1; n <= count; n++) {
      const response = await server.inject({ method: 'POST', url: `/api/workspaces/${world.workspace.slug}/projects/${projectId}/issues/`, headers: world.admin.headers, payload: { name: `Issue ${n}` } });
      expect(response.statusCode).toBe(201);
    }
  };
  beforeAll(async () => {
    server = await createTestServer();
    world = await buildWorld(server);
    second = await buildProject(server, world.workspace, world.admin, { name: 'Second' });
    await createIssues(world.project.id, 7);
    await createIssues(second.id, 2);
  });
  afterAll(async () => server?.close());

  test('at most batchSize issues per batch, every issue once, in sequence order per project', async () => {
    const projects = await loadExportProjects(server.database, world.workspace.id, world.admin.id, 20, [world.project.id, second.id]);
    expect(projects).toHaveLength(2);
    const batches: Array<{ project: string; ids: string[] }> = [];
    for await (const batch of readExportBatches(server.database, projects, 3)) batches.push({ project: batch.project.id, ids: batch.rows.map((row) => row.id) });
    expect(batches.every((batch) => batch.ids.length >= 1 && batch.ids.length <= 3)).toBe(true);
    const sizes = (projectId: string) => batches.filter((batch) => batch.project === projectId).map((batch) => batch.ids.length);
    expect(sizes(world.project.id)).toEqual([3, 3, 1]);
    expect(sizes(second.id)).toEqual([2]);
    const sequences = (projectId: string) => batches.filter((batch) => batch.project === projectId).flatMap((batch) => batch.ids.map((id) => Number(id.split('-').pop())));
    for (const projectId of [world.project.id, second.id]) {
      const seen = sequences(projectId);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect(new Set(seen).size).toBe(seen.length);
    }
    expect(sequences(world.project.id)).toHaveLength(7);
  });
});
