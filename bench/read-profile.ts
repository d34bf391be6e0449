// Where the server's CPU goes on reads (`npm run bench -- --only read-profile [--seconds N]`): the
// four issue-list shapes of bench/issues-list.ts and a single-issue GET, each under 16 connections
// for N seconds against its own `bench/serve.ts` process, profiled (V8 sampling profiler through
// node:inspector, BENCH_CPU_PROFILE) from after the warm-up to the end of the load only; the section
// lists each one's top self-time functions (idle and the profiler's own stop excluded). 5,000 seeded issues on the Postgres of DATABASE_URL.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, load, loadLine, ms, sessionHeaders, startServer, type BenchOptions } from './harness';
import { scenarios, seeded } from './issues-list';

const CONNECTIONS = 16;
const TOP = 12;

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Self time per function of a .cpuprofile, biggest first; idle excluded from the total. */
export function topSelfTime(path: string, count: number): { total: number; rows: Array<{ name: string; ms: number; share: number }> } {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  // Profiler.stop itself (serialising the profile, under node:inspector's post) is not the server's work.
  const underInspector = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) if (nodes.get(at)!.callFrame.url === 'node:inspector') return true;
    return false;
  };
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const frame = nodes.get(id)!.callFrame;
    if (frame.functionName === '(idle)' || underInspector(id)) return;
    const delta = (profile.timeDeltas[index] ?? 0) / 1000;
    total += delta;
    const where = frame.url.replace(/^.*node_modules\//, '').replace(`file://${ROOT}/`, '').replace(`${ROOT}/`, '');
    const name = `${frame.functionName || '(anonymous)'} ${where ? `${where}:${frame.lineNumber + 1}` : ''}`.trim();
    self.set(name, (self.get(name) ?? 0) + delta);
  });
  const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, value]) => ({ name, ms: value, share: value / total }));
  return { total, rows };
}

export async function run(options: BenchOptions): Promise<{ title: string; markdown: string }> {
  const seconds = options.seconds;
  const data = await seeded('trellis_bench_read_profile', 5000);
  const [issue] = await data.database.query<{ id: string }>(
    (await import('drizzle-orm')).sql`select id from issues where project_id = ${data.seed.projectId} order by created_at desc limit 1`,
  );
  await data.database.close();
  const headers = await sessionHeaders(data.url, data.seed.ownerId);
  const base = `/api/workspaces/${data.seed.workspaceSlug}/projects/${data.seed.projectId}/issues/`;
  const targets = [...scenarios(data.seed).map((scenario) => ({ label: scenario.label, path: `${base}?${scenario.query}` })), { label: '(e) single issue, GET issues/{id}/', path: `${base}${issue!.id}/` }];
  const loadBefore = loadLine();
  const sections: string[] = [];
  for (const target of targets) {
    const dir = mkdtempSync(join(tmpdir(), 'trellis-read-profile-'));
    const profilePath = join(dir, 'server.cpuprofile');
    const server = await startServer('bench/serve.ts', { DATABASE_URL: data.url, BENCH_POOL: String(CONNECTIONS), BENCH_CPU_PROFILE: profilePath });
    let result;
    try {
      const check = await fetch(`${server.url}${target.path}`, { headers });
      if (check.status !== 200) throw new Error(`${target.label}: ${check.status} ${await check.text()}`);
      await load({ url: `${server.url}${target.path}`, connections: CONNECTIONS, seconds: 2, headers });
      server.child.kill('SIGUSR2');
      result = await load({ url: `${server.url}${target.path}`, connections: CONNECTIONS, seconds, headers });
    } finally {
      await server.stop();
    }
    const top = topSelfTime(profilePath, TOP);
    rmSync(dir, { recursive: true, force: true });
    sections.push(
      `**${target.label}** — ${result.rps.toFixed(0)} req/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}; profiled CPU ${(top.total / 1000).toFixed(1)} s in the ${seconds} s window`,
      '',
      '| self time | share | function |',
      '|---|---|---|',
      ...top.rows.map((row) => `| ${ms(row.ms)} | ${(100 * row.share).toFixed(1)} % | \`${row.name}\` |`),
      '',
    );
  }
  const lines = [
    `- Data: \`db/seed\`, one project with 5,000 issues, on PostgreSQL (DATABASE_URL). Server: \`bench/serve.ts\` (real \`startServices\`, pool ${CONNECTIONS}) profiled during the measured window only, one process per row; load: autocannon, ${CONNECTIONS} connections, 2 s warm-up then ${seconds} s.`,
    `- Load average (1/5/15 min) before → after: ${loadBefore} → ${loadLine()} (2 shared cores).`,
    '',
    ...sections,
  ];
  return { title: 'Read profiles — `bench/read-profile.ts`', markdown: lines.join('\n') };
}
