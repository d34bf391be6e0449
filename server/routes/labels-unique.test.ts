// Label names are unique per project regardless of case, also when two requests race: the database
// index decides (migration 0005), and the loser gets the same answer as a plain duplicate. Each
// transaction is held open after its writes (changeLogTestHooks.afterInsert) so the two overlap on
// Postgres; PGlite runs one transaction at a time and must answer the same.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { labels } from '../../db/schema/index';
import { changeLogTestHooks } from '../live/record-change';
import { createTestServer, type TestServer } from '../../tests/support/server';
import { availableDrivers } from '../../tests/support/db';
import { buildProject, buildUser, buildWorkspace, setupInstance, type TestProject, type TestUser } from '../../tests/support/factories';

describe.each(availableDrivers())('label names under concurrency on %s', (driver) => {
  let server: TestServer;
  let admin: TestUser;
  let project: TestProject;
  let base: string;

  const post = (url: string, payload: object) => server.inject({ method: 'POST', url, headers: admin.headers, payload });
  const patch = (url: string, payload: object) => server.inject({ method: 'PATCH', url, headers: admin.headers, payload });
  const liveNames = async () =>
    (await server.database.db.select({ name: labels.name }).from(labels).where(and(eq(labels.projectId, project.id), isNull(labels.deletedAt)))).map((row) => row.name);

  beforeAll(async () => {
    server = await createTestServer({ driver });
    await setupInstance(server);
    admin = await buildUser(server);
    const workspace = await buildWorkspace(server, admin);
    project = await buildProject(server, workspace, admin);
    base = `/api/workspaces/${workspace.slug}/projects/${project.id}`;
  });
  afterEach(() => {
    changeLogTestHooks.afterInsert = null;
  });
  afterAll(async () => server?.close());

  const holdTransactions = () => {
    changeLogTestHooks.afterInsert = () => sql`select pg_sleep(0.3)`;
  };

  test('two concurrent creates of "Bug" and "bug": one 201, one 400 LABEL_NAME_ALREADY_EXISTS', async () => {
    holdTransactions();
    const answers = await Promise.all([post(`${base}/issue-labels/`, { name: 'Bug' }), post(`${base}/issue-labels/`, { name: 'bug' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json()).toEqual({ name: ['LABEL_NAME_ALREADY_EXISTS'] });
    expect((await liveNames()).filter((name) => name.toLowerCase() === 'bug')).toHaveLength(1);
  });

  test('two concurrent renames to "Dup" and "DUP": one 200, one 400 with the rename message', async () => {
    const [first, second] = await Promise.all(['One', 'Two'].map(async (name) => (await post(`${base}/issue-labels/`, { name })).json() as { id: string }));
    holdTransactions();
    const answers = await Promise.all([
      patch(`${base}/issue-labels/${first.id}/`, { name: 'Dup' }),
      patch(`${base}/issue-labels/${second.id}/`, { name: 'DUP' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json()).toEqual({ error: 'Label with the same name already exists in the project' });
    expect((await liveNames()).filter((name) => name.toLowerCase() === 'dup')).toHaveLength(1);
  });

  test('two concurrent bulk creates naming the same label in other cases create it once, without an error', async () => {
    holdTransactions();
    const answers = await Promise.all([
      post(`${base}/bulk-create-labels/`, { label_data: [{ name: 'Shared' }, { name: 'Left' }] }),
      post(`${base}/bulk-create-labels/`, { label_data: [{ name: 'SHARED' }, { name: 'Right' }] }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const names = await liveNames();
    expect(names.filter((name) => name.toLowerCase() === 'shared')).toHaveLength(1);
    expect(names).toEqual(expect.arrayContaining(['Left', 'Right']));
  });
});
