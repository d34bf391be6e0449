// Public API benchmark (`npm run bench -- --only public-api`): Plane's `GET /api/v1/…/work-items/
// ?per_page=100` (API key) against the app API's list of the same issues (`GET /api/…/issues/
// ?per_page=100&order_by=-created_at`, session cookie), same server, same run, alternating. The
// issues are made through the app API (a project, its labels, members and 1 000 issues), on a
// db/seed workspace. Target: the public list at most 1.2× the app list's p50.
import { load, loadLine, ms, sessionHeaders, startServer, type BenchOptions, type LoadResult } from './harness';
import { seeded } from './issues-list';

const CONNECTIONS = 16;
const ISSUES = 1_000;
/** Issues created at once through the app API while building the data. */
const CREATE_PARALLEL = 8;
const TARGET = 1.2;

async function send(url: string, headers: Record<string, string>, method: string, body?: unknown) {
  const answer = await fetch(url, { method, headers: { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await answer.text();
  if (answer.status >= 300) throw new Error(`${method} ${url} answered ${answer.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

const PRIORITIES = ['urgent', 'high', 'medium', 'low', 'none'];
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function run(options: BenchOptions): Promise<{ title: string; markdown: string }> {
  const seconds = options.seconds;
  const { seed, url: dbUrl, database } = await seeded('trellis_bench_public_api', 100);
  const server = await startServer('bench/serve.ts', { DATABASE_URL: dbUrl, BENCH_POOL: String(CONNECTIONS) });
  try {
    const session = await sessionHeaders(dbUrl, seed.ownerId);
    const workspace = `${server.url}/api/workspaces/${seed.workspaceSlug}`;
    // The data, through the app API as the web client makes it.
    const project = (await send(`${workspace}/projects/`, session, 'POST', { name: 'Public API bench', identifier: 'PAB' })) as { id: string };
    const base = `${workspace}/projects/${project.id}`;
    const members = seed.memberIds.filter((id) => id !== seed.ownerId).slice(0, 4);
    await send(`${base}/members/`, session, 'POST', { members: members.map((member_id) => ({ member_id, role: 15 })) });
    const labels: string[] = [];
    for (const name of ['bug', 'feature', 'ops', 'ux', 'docs']) labels.push(((await send(`${base}/issue-labels/`, session, 'POST', { name })) as { id: string }).id);
    const states = (await send(`${base}/states/`, session, 'GET')) as Array<{ id: string }>;
    const assignable = [seed.ownerId, ...members];
    const started = Date.now();
    for (let next = 0; next < ISSUES; next += CREATE_PARALLEL) {
      await Promise.all(
        Array.from({ length: Math.min(CREATE_PARALLEL, ISSUES - next) }, (_, offset) => {
          const i = next + offset;
          return send(`${base}/issues/`, session, 'POST', {
            name: `Bench item ${i}: a realistic title of some length`,
            description_html: `<p>Steps to reproduce ${i}</p>`,
            priority: PRIORITIES[i % PRIORITIES.length],
            state_id: states[i % states.length].id,
            label_ids: [labels[i % labels.length], labels[(i + 2) % labels.length]],
            assignee_ids: [assignable[i % assignable.length]],
            start_date: day(-(i % 30)),
            target_date: day(i % 45),
          });
        }),
      );
    }
    const createSeconds = (Date.now() - started) / 1000;
    const token = (await send(`${workspace}/api-tokens/`, session, 'POST', { label: 'bench' })) as { token: string };
    const apiKey = { 'x-api-key': token.token };

    const appUrl = `${base}/issues/?per_page=100&order_by=-created_at`;
    const v1Url = `${server.url}/api/v1/workspaces/${seed.workspaceSlug}/projects/${project.id}/work-items/?per_page=100`;
    // Same issues, same order, before anything is timed.
    const appPage = (await send(appUrl, session, 'GET')) as { results: Array<{ id: string }>; total_results: number };
    const v1Page = (await send(v1Url, apiKey, 'GET')) as { results: Array<{ id: string }>; total_results: number };
    if (JSON.stringify(appPage.results.map((item) => item.id)) !== JSON.stringify(v1Page.results.map((item) => item.id)) || appPage.total_results !== ISSUES) {
      throw new Error('the two lists do not answer the same 100 issues');
    }
    const bytes = { app: JSON.stringify(appPage).length, v1: JSON.stringify(v1Page).length };

    const loadBefore = loadLine();
    const rounds: Record<'app' | 'v1', Record<number, LoadResult[]>> = { app: { 1: [], [CONNECTIONS]: [] }, v1: { 1: [], [CONNECTIONS]: [] } };
    for (const connections of [1, CONNECTIONS]) {
      await load({ url: appUrl, connections, seconds: 2, headers: session });
      await load({ url: v1Url, connections, seconds: 2, headers: apiKey });
      // Alternating halves, so a burst of load from the shared machine falls on both.
      for (let round = 0; round < 2; round++) {
        rounds.app[connections].push(await load({ url: appUrl, connections, seconds: seconds / 2, headers: session }));
        rounds.v1[connections].push(await load({ url: v1Url, connections, seconds: seconds / 2, headers: apiKey }));
      }
    }
    const loadAfter = loadLine();
    const mean = (results: LoadResult[], key: 'p50' | 'p99' | 'rps') => results.reduce((sum, result) => sum + result[key], 0) / results.length;
    const errors = (results: LoadResult[]) => results.reduce((sum, result) => sum + result.errors + result.non2xx, 0);
    const rows = [1, CONNECTIONS].map((connections) => {
      const app = rounds.app[connections];
      const v1 = rounds.v1[connections];
      const ratio = mean(v1, 'p50') / mean(app, 'p50');
      return `| ${connections} | ${ms(mean(app, 'p50'))} / ${ms(mean(app, 'p99'))} (${mean(app, 'rps').toFixed(0)}/s) | ${ms(mean(v1, 'p50'))} / ${ms(mean(v1, 'p99'))} (${mean(v1, 'rps').toFixed(0)}/s) | ${ratio.toFixed(2)}× | ${(mean(app, 'rps') / mean(v1, 'rps')).toFixed(2)}× | ${ratio <= TARGET ? 'met' : 'not met'} | ${errors(app) + errors(v1)} |`;
    });
    const markdown = [
      `- Data: through the app API on a \`db/seed\` workspace — a project, 4 members, 5 labels and ${ISSUES.toLocaleString('en')} issues (each with a state, 2 labels, an assignee, a priority, dates and a description) by \`POST …/issues/\`, ${CREATE_PARALLEL} at a time (${createSeconds.toFixed(1)} s).`,
      `- Compared: \`GET /api/v1/workspaces/{slug}/projects/{id}/work-items/?per_page=100\` (\`X-API-Key\` of a token made by \`POST …/api-tokens/\`) against \`GET /api/workspaces/{slug}/projects/{id}/issues/?per_page=100&order_by=-created_at\` (session cookie): the same 100 issues in the same order (checked), ${bytes.v1.toLocaleString('en')} vs ${bytes.app.toLocaleString('en')} bytes.`,
      `- Load: autocannon against \`bench/serve.ts\` (real \`startServices\`, pool ${CONNECTIONS}) in its own process; per connection count a 2 s warm-up of each, then two alternating ${seconds / 2} s runs of each (mean of the two). Load average (1/5/15 min) before → after: ${loadBefore} → ${loadAfter} (2 cores shared with other sessions' test runs).`,
      '',
      `| connections | app API p50 / p99 (req/s) | /api/v1 p50 / p99 (req/s) | p50 /api/v1 ÷ app | req/s app ÷ /api/v1 | ≤ ${TARGET}× | errors |`,
      '|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n');
    return { title: 'Public API (/api/v1) work-item list vs the app API list', markdown };
  } finally {
    await server.stop();
    await database.close();
  }
}
