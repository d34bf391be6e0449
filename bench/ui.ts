// `npm run bench:ui [-- --quick] [--issues N] [--reps N] [--no-build] [--write]`: the web client in
// Debian Chromium on a seeded project (10,000 issues; --quick: 1,000 issues, 2 repetitions, no
// BENCHMARKS.md update unless --write). Builds the client, seeds `trellis_bench_ui`, runs the real
// server on loopback, signs in as the seed's owner and measures: first painted list row cold and
// warm, kanban render and scroll frame times, a remote PATCH until the card moves, initial JS (gzip).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { machineLine } from './harness';
import { clockOffset, firstRow, kanbanRender, openContext, pickerOpen, remoteChange, scriptResources, scrollFrames, waitForCache, type RemoteChange } from './ui-measure';
import { BOARD_STEP, COLUMN_STEP, SCROLL_FRAMES, writeUiSection, type UiResults } from './ui-report';
import { gzipOfAssets, initialJavaScript } from './initial-js';
import { buildClient, dropBenchDatabase, seedBenchDatabase, signIn, startTrellis, type ApiClient, type TrellisServer } from './ui-setup';

const argv = process.argv.slice(2);
const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const quick = argv.includes('--quick');
const ISSUES = Number(option('--issues') ?? (quick ? 1000 : 10_000));
const REPS = Math.max(1, Number(option('--reps') ?? (quick ? 2 : 5)));
const SLUG = 'bench-ui';

const log = (line: string) => console.log(`[bench:ui ${new Date().toISOString().slice(11, 19)}] ${line}`);
const round = (value: number) => Math.round(value * 10) / 10;

async function coldRuns(baseUrl: string, owner: ApiClient, listUrl: string, results: UiResults): Promise<void> {
  for (let rep = 0; rep < REPS; rep++) {
    const { context, page } = await openContext(baseUrl, owner);
    try {
      results.cold.push(await firstRow(page, listUrl));
      if (rep === 0) {
        results.coldScripts = await scriptResources(page);
        results.firstScreenGzip = gzipOfAssets(results.coldScripts.files);
      }
    } finally {
      await context.close();
    }
    log(`cold first row ${rep + 1}/${REPS}: ${round(results.cold.at(-1)!.paint)} ms`);
  }
}

/** Warm profile: loads once, waits for the cache to fill, then reloads REPS times. Returns the open page. */
async function warmRuns(page: Page, listUrl: string, projectId: string, results: UiResults): Promise<void> {
  await firstRow(page, listUrl);
  results.cacheFillSeconds = await waitForCache(page, SLUG, projectId, ISSUES);
  log(`cache filled in ${results.cacheFillSeconds.toFixed(1)} s`);
  let listRequests = 0;
  page.on('request', (request) => void (/\/projects\/[^/]+\/issues\/\?/.test(request.url()) && listRequests++));
  for (let rep = 0; rep < REPS; rep++) {
    await page.waitForTimeout(500);
    const before = listRequests;
    results.warm.push(await firstRow(page, null));
    results.warmListRequests.push(listRequests - before);
    log(`warm first row ${rep + 1}/${REPS}: ${round(results.warm.at(-1)!.paint)} ms`);
  }
  for (let rep = 0; rep < REPS; rep++) results.listScroll.push(await scrollFrames(page, '[data-testid="list-layout"]', 'y', COLUMN_STEP, SCROLL_FRAMES));
}

async function kanbanRuns(page: Page, listUrl: string, stateIds: string[], results: UiResults): Promise<void> {
  for (let rep = 0; rep < REPS; rep++) {
    results.kanban.push(await kanbanRender(page, listUrl, ISSUES));
    log(`kanban board ${rep + 1}/${REPS}: ${round(results.kanban.at(-1)!.full)} ms`);
  }
  results.columnCards = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid^="kanban-column-"]')].map((column) => Number(column.querySelector('.group-count')?.textContent ?? 0)),
  );
  results.boardScrollWidth = await page.evaluate(() => {
    const board = document.querySelector<HTMLElement>('[data-testid="kanban-layout"]');
    return board ? board.scrollWidth - board.clientWidth : 0;
  });
  // One unrecorded open first (the picker's chunk and JIT), then REPS timed ones.
  for (let rep = -1; rep < REPS; rep++) {
    const elapsed = await pickerOpen(page);
    if (rep >= 0) results.picker.push(elapsed);
    await page.waitForTimeout(200);
  }
  log(`picker open: ${results.picker.map(round).join(' / ')} ms`);
  const column = `[data-testid="kanban-column-${stateIds[0]}"] .kanban-cards`;
  for (let rep = 0; rep < REPS; rep++) {
    results.idle.push(await scrollFrames(page, column, 'y', 0, SCROLL_FRAMES));
    results.columnScroll.push(await scrollFrames(page, column, 'y', COLUMN_STEP, SCROLL_FRAMES));
    results.boardScroll.push(await scrollFrames(page, '[data-testid="kanban-layout"]', 'x', BOARD_STEP, SCROLL_FRAMES));
  }
}

async function remoteRuns(page: Page, other: ApiClient, issuesPath: string, stateIds: string[], results: UiResults): Promise<void> {
  await page.locator('[data-testid="live-status"][data-state="connected"]').waitFor({ timeout: 60_000 });
  results.clock = await clockOffset(page);
  // The scroll runs left columns scrolled: back to the top, where the moved cards land.
  await page.evaluate(() => document.querySelectorAll('.kanban-cards, [data-testid="kanban-layout"]').forEach((element) => element.scrollTo(0, 0)));
  await page.waitForTimeout(300);
  // One unrecorded move first (JIT and statement caches of the PATCH path).
  for (let rep = -1; rep < REPS; rep++) {
    const step = rep + 1;
    const change: RemoteChange = await remoteChange(page, other, issuesPath, stateIds[step % 5], stateIds[(step + 1) % 5], results.clock.offset);
    if (rep >= 0) results.remote.push(change);
    log(`remote change ${rep + 1}/${REPS}: socket ${change.socket === null ? '—' : round(change.socket)} ms, painted ${round(change.paint)} ms`);
    await page.waitForTimeout(300);
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const results: UiResults = {
    issues: ISSUES, reps: REPS, quick, load: { before: loadavg(), after: [] }, machine: machineLine(), chromium: execFileSync('chromium', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
    buildSeconds: null, seedSeconds: 0, js: [], cold: [], warm: [], warmListRequests: [], apiList: [], cacheFillSeconds: 0, coldScripts: null, firstScreenGzip: null,
    kanban: [], picker: [], columnCards: [], boardScrollWidth: 0, idle: [], listScroll: [], columnScroll: [], boardScroll: [], clock: { offset: 0, rtt: 0 }, remote: [],
    command: `npm run bench:ui${argv.length ? ` -- ${argv.join(' ')}` : ''}`, errors: [],
  };
  const workDir = mkdtempSync(join(tmpdir(), 'trellis-bench-ui-'));
  // launchContext makes its profiles under os.tmpdir(): keep them in workDir so they are removed.
  process.env.TMPDIR = workDir;
  let server: TrellisServer | null = null;
  const contexts: BrowserContext[] = [];
  try {
    if (!argv.includes('--no-build')) {
      log('building the client');
      results.buildSeconds = buildClient();
    }
    results.js = initialJavaScript();
    log(`seeding ${ISSUES} issues`);
    const data = await seedBenchDatabase(ISSUES);
    results.seedSeconds = data.seedSeconds;
    server = await startTrellis(data.url, join(workDir, 'data'));
    log(`server at ${server.baseUrl}`);
    const owner = await signIn(server.baseUrl, data.seed.ownerEmail);
    const other = await signIn(server.baseUrl, `member1@${SLUG}.example.com`);
    const projectPath = `/api/workspaces/${SLUG}/projects/${data.seed.projectId}/`;
    const listUrl = `${server.baseUrl}/${SLUG}/projects/${data.seed.projectId}/issues`;
    const layout = async (display_filters: Record<string, unknown>) => {
      const answer = await owner.request('PATCH', `${projectPath}user-properties/`, { display_filters });
      if (answer.status !== 200) throw new Error(`user-properties answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    };
    await layout({ layout: 'list', group_by: null });
    // Baseline: the list request the client makes for the first page, timed from Node.
    for (let rep = -1; rep < REPS; rep++) {
      const answer = await owner.request('GET', `${projectPath}issues/?order_by=-created_at&layout=list&per_page=100&cursor=100:0:0`);
      if (answer.status !== 200) throw new Error(`GET issues/ answered ${answer.status}`);
      if (rep >= 0) results.apiList.push(answer.answeredAt - answer.sentAt);
    }
    await coldRuns(server.baseUrl, owner, listUrl, results);
    const { context, page } = await openContext(server.baseUrl, owner);
    contexts.push(context);
    page.on('pageerror', (error) => results.errors.push(error.message));
    await warmRuns(page, listUrl, data.seed.projectId, results);
    await layout({ layout: 'kanban', group_by: 'state' });
    await kanbanRuns(page, listUrl, data.stateIds, results);
    await remoteRuns(page, other, `${projectPath}issues/`, data.stateIds, results);
  } catch (error) {
    if (server) console.error(`server output:\n${server.output().slice(-4000)}`);
    throw error;
  } finally {
    results.load.after = loadavg();
    for (const context of contexts) await context.close().catch(() => undefined);
    await server?.stop();
    await dropBenchDatabase().catch((error) => console.error('could not drop trellis_bench_ui:', error));
    rmSync(workDir, { recursive: true, force: true });
  }
  const markdown = writeUiSection(results, (Date.now() - started) / 1000, !quick || argv.includes('--write'));
  console.log(`\n${markdown}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
