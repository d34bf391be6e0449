// GitHub repository import (issue #15) against a loopback server that speaks GitHub's REST paths,
// `Link` pagination and rate-limit answers (tests/support/github.ts): install, link with a token
// (never returned), full import (labels, issues with state and source link, comments; pull requests
// skipped), a re-run without duplicates that picks up a new comment and GitHub-side edits through
// `since`, 403/429 rate limits honoured by rescheduling, and a restart mid-import that resumes from
// the saved page.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../../tests/support/server';
import { startFakeGithub, type FakeGithub, type FakeRepo } from '../../tests/support/github';
import { buildProject, type TestProject } from '../../tests/support/factories';
import { until } from '../../tests/support/until';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildWorld, type World } from '../../tests/support/world';

interface SyncWire {
  id: string;
  status: string;
  phase: string | null;
  last_error: string | null;
  rate_limited_until: string | null;
  labels_imported: number;
  issues_imported: number;
  issues_updated: number;
  comments_imported: number;
  pull_requests_skipped: number;
  has_token: boolean;
  base_url: string;
}

describe('GitHub repository import', () => {
  let github: FakeGithub;
  let server: TestServer;
  let world: World;
  let integrationId: string;
  const env = () => ({ GITHUB_API_URL: github.url });

  beforeAll(async () => {
    github = await startFakeGithub();
    // Small pages, so every phase is paginated through Link headers.
    github.maxPerPage = 2;
    server = await createTestServer({ env: env() });
    world = await buildWorld(server);
    const installed = await server.inject({ method: 'POST', url: `/api/workspaces/${world.workspace.slug}/workspace-integrations/github/`, headers: world.admin.headers });
    expect(installed.statusCode).toBe(201);
    integrationId = installed.json().id;
  });
  afterAll(async () => {
    await server?.close();
    await github?.close();
  });

  const syncUrl = (project: TestProject, integration = integrationId) =>
    `/api/workspaces/${world.workspace.slug}/projects/${project.id}/workspace-integrations/${integration}/github-repository-sync/`;
  const link = (project: TestProject, payload: Record<string, unknown>, headers = world.admin.headers) => server.inject({ method: 'POST', url: syncUrl(project), headers, payload });
  const read = async (project: TestProject): Promise<SyncWire> => {
    const response = await server.inject({ method: 'GET', url: syncUrl(project), headers: world.admin.headers });
    expect(response.statusCode).toBe(200);
    return response.json()[0];
  };
  const finished = (project: TestProject, timeoutMs = 30_000) => until(() => read(project), (sync) => sync?.status === 'done' || sync?.status === 'failed', timeoutMs);
  const count = async (query: ReturnType<typeof sql>) => (await server.database.query<{ n: number }>(query))[0].n;

  /** A repository: 3 labels, 4 issues (one closed) and a pull request, comments on issues and on the PR. */
  function seedRepo(name: string): FakeRepo {
    const repo = github.repo('acme', name);
    const [bug, feature] = [github.addLabel(repo, 'bug', 'd73a4a'), github.addLabel(repo, 'feature', 'a2eeef'), github.addLabel(repo, 'docs')];
    const first = github.addIssue(repo, { title: 'Crash on save', body: 'Steps:\n1. save', labels: [bug] });
    github.addIssue(repo, { title: 'Dark mode', labels: [feature, bug] });
    github.addIssue(repo, { title: 'Old bug', state: 'closed', labels: [bug] });
    const pr = github.addIssue(repo, { title: 'Fix crash', pullRequest: true });
    github.addIssue(repo, { title: 'Export to CSV' });
    github.addComment(repo, first, 'I can reproduce this', 'alice');
    github.addComment(repo, first, 'Same <here>', 'bob');
    github.addComment(repo, pr, 'LGTM');
    return repo;
  }

  test('installing is idempotent; an unknown provider is 400; the list shows the installation', async () => {
    const again = await server.inject({ method: 'POST', url: `/api/workspaces/${world.workspace.slug}/workspace-integrations/github/`, headers: world.member.headers });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: integrationId, integration_detail: { provider: 'github', title: 'GitHub' } });
    const unknown = await server.inject({ method: 'POST', url: `/api/workspaces/${world.workspace.slug}/workspace-integrations/gitlab/`, headers: world.admin.headers });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: "Provider 'gitlab' not found." });
    const list = await server.inject({ method: 'GET', url: `/api/workspaces/${world.workspace.slug}/workspace-integrations/`, headers: world.member.headers });
    expect(list.json().map((row: { id: string }) => row.id)).toEqual([integrationId]);
  });

  test('linking needs a token, refuses private base URLs, never answers the token and stores it encrypted', async () => {
    const project = await buildProject(server, world.workspace, world.admin);
    expect((await link(project, { owner: 'acme', name: 'none' })).json()).toEqual({ token: ['This field is required.'] });
    const privateBase = await link(project, { owner: 'acme', name: 'none', token: 'x', base_url: 'http://10.1.2.3/api/v3' });
    expect(privateBase.statusCode).toBe(400);
    expect(privateBase.json()).toEqual({ base_url: ['Invalid or disallowed GitHub API URL.'] });
    expect((await link(project, { owner: 'acme/evil', name: 'x', token: 'x' })).statusCode).toBe(400);
    const missing = await server.inject({ method: 'POST', url: syncUrl(project, '00000000-0000-4000-8000-000000000000'), headers: world.admin.headers, payload: { owner: 'a', name: 'b', token: 'c' } });
    expect(missing.statusCode).toBe(404);
    // A repository GitHub does not know: the run fails with GitHub's message, the token stays secret.
    const linked = await link(project, { owner: 'acme', name: 'does-not-exist', token: github.token });
    expect(linked.statusCode).toBe(201);
    expect(JSON.stringify(linked.json())).not.toContain(github.token);
    expect(linked.json()).toMatchObject({ has_token: true, base_url: github.url, status: 'queued' });
    const failed = await finished(project);
    expect(failed).toMatchObject({ status: 'failed', last_error: 'GitHub answered 404: Not Found' });
    const stored = await server.database.query<{ credentials: string }>(sql`select credentials from github_repository_syncs where project_id = ${project.id}`);
    expect(stored[0].credentials).not.toContain(github.token);
    // A wrong token: 401 from GitHub, not retried.
    github.repo('acme', 'private');
    await link(project, { owner: 'acme', name: 'private', token: 'wrong' });
    expect(await finished(project)).toMatchObject({ status: 'failed', last_error: 'GitHub answered 401: Bad credentials' });
  });

  test('full import, then a re-run: no duplicates, new comment and GitHub-side edits picked up', async () => {
    const project = await buildProject(server, world.workspace, world.admin);
    const repo = seedRepo('app');
    const linked = await link(project, { owner: 'acme', name: 'app', token: github.token });
    expect(linked.statusCode).toBe(201);
    const done = await finished(project);
    expect(done).toMatchObject({ status: 'done', last_error: null, labels_imported: 3, issues_imported: 4, pull_requests_skipped: 1, comments_imported: 2, phase: null });
    // Pages were followed through Link headers (2 per page here).
    expect(github.requests.some((request) => request.path === '/repos/acme/app/issues' && request.query.get('page') === '3')).toBe(true);
    expect(github.requests.some((request) => request.path === '/repos/acme/app/labels' && request.query.get('page') === '2')).toBe(true);

    const issues = await server.database.query<{ id: string; name: string; state_group: string; labels: string; link: string; external_id: string }>(sql`
      select i.id, i.name, s."group" as state_group, i.external_id,
        (select string_agg(l.name, ',' order by l.name) from issue_labels il join labels l on l.id = il.label_id where il.issue_id = i.id and il.deleted_at is null) as labels,
        (select string_agg(k.url, ',') from issue_links k where k.issue_id = i.id and k.deleted_at is null) as link
      from issues i join states s on s.id = i.state_id where i.project_id = ${project.id} and i.deleted_at is null order by i.sequence_id`);
    expect(issues.map((row) => [row.name, row.state_group, row.labels, row.link])).toEqual([
      ['Crash on save', 'backlog', 'bug', 'https://github.example/acme/app/issues/1'],
      ['Dark mode', 'backlog', 'bug,feature', 'https://github.example/acme/app/issues/2'],
      ['Old bug', 'completed', 'bug', 'https://github.example/acme/app/issues/3'],
      ['Export to CSV', 'backlog', null, 'https://github.example/acme/app/issues/5'],
    ]);
    const labelColors = await server.database.query<{ name: string; color: string }>(sql`select name, color from labels where project_id = ${project.id} and deleted_at is null order by name`);
    expect(labelColors).toContainEqual({ name: 'bug', color: '#d73a4a' });
    const comments = await server.inject({ method: 'GET', url: `/api/workspaces/${world.workspace.slug}/projects/${project.id}/issues/${issues[0].id}/comments/`, headers: world.admin.headers });
    expect(comments.json().map((comment: { comment_html: string }) => comment.comment_html)).toEqual([
      expect.stringContaining('<strong>alice</strong> commented on'),
      expect.stringContaining('Same &lt;here&gt;'),
    ]);

    // GitHub moves on: a new comment, an edited title, a closed issue, a new issue.
    github.addComment(repo, repo.issues[1], 'Any news?', 'carol');
    repo.issues[0].title = 'Crash on save (macOS)';
    github.touch(repo.issues[0]);
    repo.issues[1].state = 'closed';
    github.touch(repo.issues[1]);
    github.addIssue(repo, { title: 'New since last run' });
    const before = github.requests.length;
    const rerun = await link(project, { owner: 'acme', name: 'app' });
    expect(rerun.statusCode).toBe(200);
    expect(rerun.json().id).toBe(done.id);
    const again = await finished(project);
    expect(again).toMatchObject({ status: 'done', issues_imported: 1, issues_updated: 2, comments_imported: 1, labels_imported: 0 });
    // Incremental: the re-run asked only for items updated since the last run.
    expect(github.requests.slice(before).filter((request) => request.path === '/repos/acme/app/issues').every((request) => request.query.has('since'))).toBe(true);
    expect(await count(sql`select count(*)::int as n from issues where project_id = ${project.id} and deleted_at is null`)).toBe(5);
    expect(await count(sql`select count(*)::int as n from issue_comments where project_id = ${project.id} and deleted_at is null`)).toBe(3);
    expect(await count(sql`select count(*)::int as n from issue_links where project_id = ${project.id} and deleted_at is null`)).toBe(5);
    expect(await count(sql`select count(*)::int as n from labels where project_id = ${project.id} and deleted_at is null`)).toBe(3);
    const renamed = await server.database.query<{ name: string; state_group: string }>(sql`
      select i.name, s."group" as state_group from issues i join states s on s.id = i.state_id where i.id in (${issues[0].id}, ${issues[1].id}) order by i.sequence_id`);
    expect(renamed).toEqual([
      { name: 'Crash on save (macOS)', state_group: 'backlog' },
      { name: 'Dark mode', state_group: 'completed' },
    ]);

    // A third run with nothing new changes nothing.
    await link(project, { owner: 'acme', name: 'app' });
    expect(await finished(project)).toMatchObject({ status: 'done', issues_imported: 0, issues_updated: 0, comments_imported: 0 });
    expect(await count(sql`select count(*)::int as n from issues where project_id = ${project.id} and deleted_at is null`)).toBe(5);
  });

  test('403 with X-RateLimit-Remaining: 0 waits for X-RateLimit-Reset; 429 honours Retry-After', async () => {
    const project = await buildProject(server, world.workspace, world.admin);
    seedRepo('limited');
    const resetAt = Math.ceil(Date.now() / 1000) + 2;
    github.script({ path: /^\/repos\/acme\/limited\/issues\?/, status: 403, headers: { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(resetAt) }, body: { message: 'API rate limit exceeded' } });
    github.script({ path: /^\/repos\/acme\/limited\/issues\/comments/, status: 429, headers: { 'Retry-After': '1' }, body: { message: 'secondary rate limit' } });
    await link(project, { owner: 'acme', name: 'limited', token: github.token });
    const waiting = await until(() => read(project), (sync) => sync.status === 'waiting', 20_000);
    expect(waiting.last_error).toMatch(/Rate limited by GitHub \(403\)/);
    expect(Date.parse(waiting.rate_limited_until!)).toBeGreaterThanOrEqual(resetAt * 1000);
    const done = await finished(project);
    expect(done).toMatchObject({ status: 'done', issues_imported: 4, comments_imported: 2, last_error: null });
    const issueCalls = github.requests.filter((request) => request.path === '/repos/acme/limited/issues' && !request.query.has('page'));
    expect(issueCalls).toHaveLength(2);
    expect(issueCalls[1].at).toBeGreaterThanOrEqual(resetAt * 1000);
    const commentCalls = github.requests.filter((request) => request.path === '/repos/acme/limited/issues/comments' && !request.query.has('page'));
    expect(commentCalls).toHaveLength(2);
    expect(commentCalls[1].at - commentCalls[0].at).toBeGreaterThanOrEqual(1000);
  });

  test('a restart mid-import resumes from the saved page, without duplicates', async () => {
    const project = await buildProject(server, world.workspace, world.admin);
    seedRepo('restart');
    const hold = github.hold(/^\/repos\/acme\/restart\/issues\?.*page=2/);
    await link(project, { owner: 'acme', name: 'restart', token: github.token });
    await hold.arrived;
    expect(await read(project)).toMatchObject({ status: 'running', phase: 'issues', issues_imported: 2 });
    // The server goes down while the request for page 2 is in flight.
    const closing = server.app.close();
    hold.drop();
    await closing;
    server = await createTestServer({ database: server.database, env: env() });
    const done = await finished(project, 40_000);
    expect(done).toMatchObject({ status: 'done', issues_imported: 4, comments_imported: 2, pull_requests_skipped: 1, last_error: null });
    // Page 1 of the issues was not fetched again: the run went on from page 2.
    expect(github.requests.filter((request) => request.path === '/repos/acme/restart/issues' && !request.query.has('page'))).toHaveLength(1);
    expect(await count(sql`select count(*)::int as n from issues where project_id = ${project.id} and deleted_at is null`)).toBe(4);
    expect(await count(sql`select count(*)::int as n from github_issue_syncs s join github_repository_syncs r on r.id = s.repository_sync_id where r.project_id = ${project.id}`)).toBe(4);
  }, 60_000);

  test('a run whose job was lost can be started again; a run with a live job is not started twice', async () => {
    const project = await buildProject(server, world.workspace, world.admin);
    seedRepo('lost');
    const hold = github.hold(/^\/repos\/acme\/lost\/labels/);
    const first = (await link(project, { owner: 'acme', name: 'lost', token: github.token })).json();
    await hold.arrived;
    // While the run's job is alive, linking again answers the same run.
    const twice = await link(project, { owner: 'acme', name: 'lost' });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().status).toBe('running');
    // The worker dies for good (its job failed as lost): the sync still says running, so a new run may start.
    await server.database.query(sql`update jobs set status = 'failed', locked_by = 'lost-worker' where queue = 'github.import' and payload->>'syncId' = ${first.id}`);
    hold.drop();
    const restarted = await link(project, { owner: 'acme', name: 'lost' });
    expect(restarted.json().status).toBe('queued');
    expect(await finished(project)).toMatchObject({ status: 'done', issues_imported: 4 });
  }, 60_000);

  // Issue #24: a `next` link must never carry the token off the API's origin — not to a private
  // literal address (Node calls no DNS lookup for one, so only the literal check catches it) and not
  // to another port of the very host GITHUB_API_URL allows.
  test('pagination links off the API origin are refused: nothing is sent there, the run fails', async () => {
    const bystanders = await Promise.all([listen('127.0.0.2'), listen('127.0.0.1')]);
    try {
      for (const [index, bystander] of bystanders.entries()) {
        const project = await buildProject(server, world.workspace, world.admin);
        const name = `ssrf-${index}`;
        github.repo('acme', name);
        github.script({ path: new RegExp(`^/repos/acme/${name}/labels`), status: 200, body: [], headers: { Link: `<${bystander.url}/x?page=2>; rel="next"` } });
        await link(project, { owner: 'acme', name, token: github.token });
        const sync = await finished(project);
        expect(sync.status).toBe('failed');
        expect(sync.last_error).toContain('another origin');
        expect(bystander.received).toEqual([]);
      }
    } finally {
      await Promise.all(bystanders.map((bystander) => bystander.close()));
    }
  });

  // Issue #26 item 11: no network (here: nothing listens at the API URL) is a plain sentence at once,
  // not minutes of retries behind "Importing labels" with a raw "connect ECONNREFUSED".
  test('GitHub that cannot be reached fails the run at once with a plain sentence', async () => {
    const project = await buildProject(server, world.workspace, world.admin);
    const closed = await listen('127.0.0.1');
    await closed.close();
    const linked = await link(project, { owner: 'acme', name: 'offline', token: github.token, base_url: closed.url });
    expect(linked.statusCode).toBe(201);
    const sync = await until(() => read(project), (row) => row?.status === 'failed' || (row?.last_error ?? '') !== '', 30_000);
    expect(sync.status).toBe('failed');
    expect(sync.last_error).toBe(`Cannot reach GitHub at ${new URL(closed.url).host} — check the network or the API URL, then re-run.`);
    // Failed on its first attempt: no job of this run is left waiting to retry.
    const retries = await count(sql`select count(*)::int as n from jobs where queue = 'github.import' and payload->>'syncId' = ${sync.id} and status = 'pending'`);
    expect(retries).toBe(0);
  });

  test('a base URL on an IPv6 spelling of a private IPv4 address is refused at save', async () => {
    const project = await buildProject(server, world.workspace, world.admin);
    for (const base_url of ['http://[::127.0.0.1]/api/v3', 'http://[::ffff:0:7f00:1]/api/v3', 'http://[::ffff:7f00:1]/', 'http://[::a00:1]/']) {
      const refused = await link(project, { owner: 'acme', name: 'none', token: 'x', base_url });
      expect(refused.statusCode, base_url).toBe(400);
    }
  });

  test('only project admins may read or link', async () => {
    const member = await server.inject({ method: 'GET', url: syncUrl(world.project), headers: world.member.headers });
    expect(member.statusCode).toBe(403);
    const posted = await link(world.project, { owner: 'acme', name: 'app', token: github.token }, world.member.headers);
    expect(posted.statusCode).toBe(403);
  });
});

/** A listener that records every request it gets (it must get none). */
async function listen(host: string): Promise<{ url: string; received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  const listener = createServer((req, res) => {
    received.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
    res.end('[]');
  });
  await new Promise<void>((resolve) => listener.listen(0, host, resolve));
  const { port } = listener.address() as AddressInfo;
  return { url: `http://${host}:${port}`, received, close: () => new Promise((resolve) => listener.close(() => resolve())) };
}
