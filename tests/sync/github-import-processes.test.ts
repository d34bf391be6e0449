// The GitHub import survives a SIGKILL of the server (issue #15 "resumable"): a real server process
// imports from a loopback GitHub (tests/support/github.ts) and is killed while the request for the
// second page of issues is in flight; a fresh process takes the run over once the dead worker's
// lease has run out and finishes it from the saved page — every issue and comment once, none twice.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { startFakeGithub, type FakeGithub } from '../support/github';
import { openProcessSuite, type ProcessSuite } from '../support/process-suite';
import { until } from '../support/until';

const isPostgres = Boolean(process.env.DATABASE_URL);
if (!isPostgres) console.log('[skip] tests/sync/github-import-processes.test.ts: spawns server processes on one Postgres (needs DATABASE_URL)');

let suite: ProcessSuite;
let github: FakeGithub;

const startServer = () => suite.start({ GITHUB_API_URL: github.url });
const count = async (statement: ReturnType<typeof sql>) => (await suite.database.query<{ n: number }>(statement))[0].n;

beforeAll(async () => {
  if (!isPostgres) return;
  suite = await openProcessSuite('trellis-github-');
  github = await startFakeGithub();
  github.maxPerPage = 3;
  const repo = github.repo('acme', 'killed');
  const bug = github.addLabel(repo, 'bug');
  for (let i = 1; i <= 8; i++) {
    const issue = github.addIssue(repo, { title: `Issue ${i}`, labels: i % 2 ? [bug] : [], pullRequest: i === 4 });
    github.addComment(repo, issue, `comment on ${i}`);
  }
});

afterAll(async () => {
  await suite?.close();
  await github?.close();
});

describe.skipIf(!isPostgres)('GitHub import across a SIGKILL', () => {
  test('a fresh process finishes the run from the saved page, nothing imported twice', async () => {
    const { api, workspace, project } = suite;
    let server = await startServer();
    const slug = workspace.slug;
    const integration = await api<{ id: string }>(server.baseUrl, 'POST', `/api/workspaces/${slug}/workspace-integrations/github/`, {});
    const syncUrl = `/api/workspaces/${slug}/projects/${project.id}/workspace-integrations/${integration.id}/github-repository-sync/`;
    const hold = github.hold(/^\/repos\/acme\/killed\/issues\?.*page=2/);
    await api(server.baseUrl, 'POST', syncUrl, { owner: 'acme', name: 'killed', token: github.token });
    await hold.arrived;
    await server.kill('SIGKILL');
    hold.drop();
    expect(await count(sql`select count(*)::int as n from issues where project_id = ${project.id}`)).toBe(3);

    // The killed worker's job waits for its lease; make the lease run out now.
    await suite.database.query(sql`update jobs set locked_at = now() - interval '1 hour' where status = 'running'`);
    server = await startServer();
    const done = (await until(
      async () => (await api<Array<{ status: string }>>(server.baseUrl, 'GET', syncUrl))[0],
      (sync) => sync.status === 'done' || sync.status === 'failed',
      60_000,
    )) as unknown as Record<string, unknown>;
    await server.kill('SIGTERM');

    expect(done).toMatchObject({ status: 'done', issues_imported: 7, pull_requests_skipped: 1, comments_imported: 7 });
    expect(await count(sql`select count(*)::int as n from issues where project_id = ${project.id} and deleted_at is null`)).toBe(7);
    expect(await count(sql`select count(distinct external_id)::int as n from issues where project_id = ${project.id}`)).toBe(7);
    expect(await count(sql`select count(*)::int as n from issue_comments where project_id = ${project.id}`)).toBe(7);
    expect(await count(sql`select count(*)::int as n from issue_links where project_id = ${project.id}`)).toBe(7);
    // The first page of issues was fetched once: the new process went on from page 2.
    expect(github.requests.filter((request) => request.path === '/repos/acme/killed/issues' && !request.query.has('page'))).toHaveLength(1);
  }, 240_000);
});
