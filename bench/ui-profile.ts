// `npx tsx bench/ui-profile.ts [--issues N] [--db NAME] [--cpu]`: where the first list row's time
// goes, cold and warm. Seeds its own database (default `trellis_profile_ui`), runs the real server,
// opens the list in Chromium like bench/ui.ts and prints each load's waterfall: every request the
// page made (start → response start → end, and whether the service worker answered it), the
// `trellis:*` performance marks of the client's start path, and the first row in the DOM / painted.
// --cpu adds a CDP CPU profile of one warm load: self time per function and per script (--save FILE
// also writes the raw profile).
// --kanban profiles the warm 5-column board instead (bench/ui.ts's kanbanRender: a page.goto of the
// issues URL with the board layout saved), timed to the first card and to every column painted.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { firstPage } from '../tests/e2e/support/browser';
import { firstRow, kanbanRender, openContext, waitForCache } from './ui-measure';
import { dropBenchDatabase, seedBenchDatabase, signIn, startTrellis, type TrellisServer } from './ui-setup';

const argv = process.argv.slice(2);
const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const ISSUES = Number(option('--issues') ?? 10_000);
const DB = option('--db') ?? 'trellis_profile_ui';
const KANBAN = argv.includes('--kanban');
/** On once the board layout is saved (the cold load fills the cache through the list). */
let boardMode = false;
const WARM = Number(option('--warm') ?? 3);
const SLUG = 'bench-ui';

interface Entry { name: string; start: number; requestStart: number; responseStart: number; end: number; worker: number; type: string }
interface Load { dom: number; paint: number; entries: Entry[]; marks: { name: string; at: number }[]; fcp: number | null }

/** The board (--kanban: `dom` is the first card, `paint` every column painted) or the list's first row. */
async function measure(page: Page, url: string | null): Promise<{ dom: number; paint: number }> {
  if (!boardMode) return firstRow(page, url);
  const board = await kanbanRender(page, url ?? page.url(), ISSUES);
  return { dom: board.firstCard, paint: board.full };
}

async function load(page: Page, url: string | null): Promise<Load> {
  const row = await measure(page, url);
  const rest = await page.evaluate(() => {
    const round = (value: number) => Math.round(value * 10) / 10;
    const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      name: new URL(entry.name).pathname + new URL(entry.name).search,
      start: round(entry.startTime),
      requestStart: round(entry.requestStart),
      responseStart: round(entry.responseStart),
      end: round(entry.responseEnd),
      worker: round(entry.workerStart),
      type: entry.initiatorType,
    }));
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    entries.unshift({ name: '(document)', start: 0, requestStart: round(navigation.requestStart), responseStart: round(navigation.responseStart), end: round(navigation.responseEnd), worker: round(navigation.workerStart), type: 'navigation' });
    entries.push({ name: '(DOMContentLoaded)', start: round(navigation.domContentLoadedEventStart), requestStart: 0, responseStart: 0, end: round(navigation.domContentLoadedEventEnd), worker: 0, type: 'event' });
    entries.push({ name: '(load)', start: round(navigation.loadEventStart), requestStart: 0, responseStart: 0, end: round(navigation.loadEventEnd), worker: 0, type: 'event' });
    const marks = performance.getEntriesByType('mark').map((mark) => ({ name: mark.name, at: round(mark.startTime) }));
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    return { entries, marks, fcp };
  });
  return { dom: row.dom, paint: row.paint, ...rest };
}

function print(label: string, result: Load): void {
  console.log(`\n=== ${label}: ${boardMode ? 'first card' : 'first row'} in DOM ${result.dom.toFixed(0)} ms, ${boardMode ? 'board full, painted' : 'painted'} ${result.paint.toFixed(0)} ms, FCP ${result.fcp?.toFixed(0) ?? '—'} ms`);
  const lines = [
    ...result.entries.map((entry) => ({ at: entry.start, text: `${entry.start.toFixed(0).padStart(6)} → ${entry.responseStart.toFixed(0).padStart(6)} → ${entry.end.toFixed(0).padStart(6)}  ${entry.worker ? 'sw ' : '   '}${entry.type.padEnd(10)} ${entry.name.slice(0, 110)}` })),
    ...result.marks.map((mark) => ({ at: mark.at, text: `${mark.at.toFixed(0).padStart(6)}   mark                       ${mark.name}` })),
  ].filter((line) => line.at <= result.paint + 50);
  lines.sort((a, b) => a.at - b.at);
  for (const line of lines) console.log(line.text);
}

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }

async function cpuProfiledLoad(page: Page, session: CDPSession): Promise<Load> {
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  const result = await load(page, null);
  const { profile } = (await session.send('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number } };
  // --save FILE keeps the raw profile (Chromium DevTools opens it: Performance → Load profile).
  const saveTo = option('--save');
  if (saveTo) writeFileSync(saveTo, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const byScript = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const node = byId.get(id)!;
    const delta = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const frame = node.callFrame;
    const script = frame.url ? new URL(frame.url, 'http://x').pathname : `(${frame.functionName || 'anonymous'})`;
    const key = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + delta);
    byScript.set(script, (byScript.get(script) ?? 0) + delta);
  });
  // Timeline: per 50 ms of the load, the functions with the most self time (idle left out).
  const buckets = new Map<number, Map<string, number>>();
  let at = 0;
  profile.samples.forEach((id, index) => {
    at += (profile.timeDeltas[index] ?? 0) / 1000;
    const node = byId.get(id)!;
    const frame = node.callFrame;
    if (frame.functionName === '(idle)') return;
    const bucket = Math.floor(at / 50) * 50;
    const map = buckets.get(bucket) ?? new Map<string, number>();
    buckets.set(bucket, map);
    const key = `${frame.functionName || '(anon)'}@${frame.url ? new URL(frame.url, 'http://x').pathname.replace('/assets/', '') : ''}:${frame.lineNumber + 1}`;
    map.set(key, (map.get(key) ?? 0) + (profile.timeDeltas[index + 1] ?? 0) / 1000);
  });
  console.log('\n--- busy time per 50 ms of the profile (from Profiler.start, shortly before the reload)');
  for (const [bucket, map] of [...buckets].sort((a, b) => a[0] - b[0])) {
    const busy = [...map.values()].reduce((a, b) => a + b, 0);
    console.log(`${String(bucket).padStart(5)} ms busy ${busy.toFixed(0).padStart(3)}  ${[...map].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([key, ms]) => `${key} ${ms.toFixed(0)}`).join(' | ')}`);
  }
  const top = (map: Map<string, number>, count: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count).map(([key, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${key}`).join('\n');
  console.log(`\n--- CPU self time by script (whole profile, ${(profile.timeDeltas.reduce((a, b) => a + b, 0) / 1000).toFixed(0)} ms)\n${top(byScript, 15)}`);
  console.log(`\n--- CPU self time by function\n${top(self, 30)}`);
  // Inclusive time: each sample counts once for every distinct function on its stack (React
  // components and store updates show up here, their self time is spread over React internals).
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const total = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const delta = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (!frame.url || !frame.functionName) continue;
      const key = `${frame.functionName} ${new URL(frame.url, 'http://x').pathname}:${frame.lineNumber + 1}`;
      if (!seen.has(key)) seen.add(key);
    }
    for (const key of seen) total.set(key, (total.get(key) ?? 0) + delta);
  });
  console.log(`\n--- CPU total (inclusive) time by function\n${top(total, 60)}`);
  return result;
}

async function main(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'trellis-ui-profile-'));
  process.env.TMPDIR = workDir;
  let server: TrellisServer | null = null;
  let context: BrowserContext | null = null;
  try {
    console.log(`load before ${loadavg().map((value) => value.toFixed(2)).join(' / ')}`);
    const data = await seedBenchDatabase(ISSUES, DB);
    server = await startTrellis(data.url, join(workDir, 'data'));
    const owner = await signIn(server.baseUrl, data.seed.ownerEmail);
    const projectPath = `/api/workspaces/${SLUG}/projects/${data.seed.projectId}/`;
    const listUrl = `${server.baseUrl}/${SLUG}/projects/${data.seed.projectId}/issues`;
    await owner.request('PATCH', `${projectPath}user-properties/`, { display_filters: { layout: 'list', group_by: null } });
    ({ context } = await openContext(server.baseUrl, owner));
    const page = await firstPage(context);
    page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
    print('cold', await load(page, listUrl));
    await waitForCache(page, SLUG, data.seed.projectId, ISSUES);
    await page.waitForTimeout(1000);
    if (KANBAN) {
      await owner.request('PATCH', `${projectPath}user-properties/`, { display_filters: { layout: 'kanban', group_by: 'state' } });
      boardMode = true;
    }
    for (let rep = 0; rep < WARM; rep++) {
      await page.waitForTimeout(500);
      print(`warm ${rep + 1}`, await load(page, null));
    }
    if (argv.includes('--cpu')) {
      await page.waitForTimeout(500);
      print('warm, CPU profiled', await cpuProfiledLoad(page, await context.newCDPSession(page)));
    }
    console.log(`\nload after ${loadavg().map((value) => value.toFixed(2)).join(' / ')}`);
  } finally {
    await context?.close().catch(() => undefined);
    await server?.stop();
    await dropBenchDatabase(DB).catch(() => undefined);
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
