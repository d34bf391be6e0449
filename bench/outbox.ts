// Offline outbox benchmark (`npm run bench -- --only outbox`), issue 17.
// (1) Drain after reconnect (bench/outbox-drain.ts): 500 queued updates, time from the kick to an
//     empty outbox, against the bare baseline of the same 500 PATCHes sent with fetch at the same
//     concurrency on the same server in the same run; duplicates counted in the database (the
//     activity rows of those changes must be exactly 500). Target: under 10 s, 0 duplicates.
// (2) The outbox's cost on an online edit (bench/outbox-edit.ts): time from `updateIssue` to the
//     store showing the new value and to the end of the click's work, against the store alone.
//     Target: < 16 ms added at p95.
import { loadavg } from 'node:os';
import { drain, CONCURRENCY, type RunFigures } from './outbox-drain';
import { editCost, type EditPath } from './outbox-edit';
import { chromiumEditCost, type ChromiumEditFigures } from './outbox-chromium';
import { machineLine, ms, type BenchOptions } from './harness';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const p50 = (values: number[]) => percentile(values, 50);
const p95 = (values: number[]) => percentile(values, 95);
const loads = () => loadavg().map((value) => value.toFixed(2)).join(' / ');
const log = (line: string) => console.log(`[outbox ${new Date().toISOString().slice(11, 19)}] ${line}`);

const runRow = (name: string, run: RunFigures) =>
  `| ${name} | ${run.seconds.toFixed(2)} s | ${(run.requests / run.seconds).toFixed(1)} | ${ms(p50(run.roundTrips))} / ${ms(p95(run.roundTrips))} | ${run.meanInFlight.toFixed(2)} of ${CONCURRENCY} |`;

const editRow = (name: string, path: EditPath) =>
  `| ${name} | ${ms(p50(path.shown))} / ${ms(p95(path.shown))} | ${ms(p50(path.task))} / ${ms(p95(path.task))} | ${ms(Math.max(...path.task))} | ${path.withGc} |`;

/** Earlier runs' readings, kept when the section is written again (newest last). */
const EARLIER_READINGS = [
  "_Reading (2026-11-26 15:55 UTC, fresh idle machine, before the entry's write moved into the click's task): **drain of 500 in 3.82 s — target < 10 s met**, 0 duplicates, 0.99× the bare sender; online edit cost in Chromium +0.90 ms p95 (target < 16 ms met). Command: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/quiet npx tsx bench/run.ts --only outbox`._",
];

const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

export async function run(options: BenchOptions): Promise<{ title: string; markdown: string }> {
  const updates = 500;
  const issuesCount = 100;
  const loadBefore = loads();
  const result = await drain(updates, issuesCount, log);
  const loadAfterDrain = loads();
  const bareSeconds = (result.bare[0]!.seconds + result.bare[1]!.seconds) / 2;
  const ratio = result.outbox.seconds / bareSeconds;
  log(`drain ${result.outbox.seconds.toFixed(2)} s vs bare ${bareSeconds.toFixed(2)} s (× ${ratio.toFixed(2)}); ${result.outbox.rows} activity rows (${result.outbox.distinct} distinct), failed ${result.outbox.failed}`);
  const cost = await editCost(options.huge ? 2000 : 500);
  const added = p95(cost.outbox.task) - p95(cost.storeOnly.task);
  log(`edit: task p95 with ${ms(p95(cost.outbox.task))}, store only ${ms(p95(cost.storeOnly.task))}`);
  let chromium: ChromiumEditFigures | string;
  try {
    chromium = await chromiumEditCost(options.huge ? 500 : 150);
    log(`chromium: p95 with ${ms(p95(chromium.outbox))}, store only ${ms(p95(chromium.store))}`);
  } catch (error) {
    chromium = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    log(`chromium not measured: ${chromium}`);
  }
  const loadAfter = loads();
  const duplicates = result.outbox.rows - result.outbox.distinct;
  const markdown = [
    `Issue 17. ${machineLine()}. Load average (1 / 5 / 15 min): ${loadBefore} at start, ${loadAfterDrain} after the drain, ${loadAfter} at the end — 2 cores shared with other helpers' builds, tests and benches, so absolute times are pessimistic; the ratios within one run are the figures to read.`,
    '',
    `### Drain of ${updates} queued updates after reconnect`,
    '',
    `${updates} name changes (5 on each of ${issuesCount} issues, in order per issue, up to ${CONCURRENCY} requests in flight) queued while the server was unreachable, the outbox's entries in IndexedDB (fake-indexeddb in Node) as in the app; one server process (\`boot/main.ts\`, run by tsx) on Postgres; timed from the reconnect kick to an empty outbox. The bare baseline sends the same ${updates} PATCHes with plain \`fetch\` at the same concurrency and per-issue order, on the same server and issues, once before and once after the drain (after 100 warm-up PATCHes).`,
    '',
    '| sender | time | requests/s | round trip p50 / p95 | requests in flight (mean) |',
    '|---|---|---|---|---|',
    runRow('outbox', result.outbox),
    runRow('bare fetch (before)', result.bare[0]!),
    runRow('bare fetch (after)', result.bare[1]!),
    '',
    '| measure | value | target |',
    '|---|---|---|',
    `| drain time | ${result.outbox.seconds.toFixed(2)} s | < 10 s |`,
    `| outbox ÷ bare (mean of both) | × ${ratio.toFixed(2)} | — |`,
    `| retried requests (backoff) | ${result.outbox.retries} | 0 |`,
    `| IndexedDB writes during the drain | ${result.outbox.storageWrites} (removals not awaited before the next send) | — |`,
    `| server CPU per PATCH (all three runs) | ${result.serverCpuMsPerRequest.toFixed(1)} ms | — |`,
    `| activity rows of the changes | ${result.outbox.rows} for ${updates} changes | ${updates} |`,
    `| duplicates | ${duplicates} | 0 |`,
    `| failed entries | ${result.outbox.failed} | 0 |`,
    '',
    `Where the time goes. The outbox keeps its ${CONCURRENCY} slots as busy as the bare sender does (requests in flight above) and nothing waits on backoff after the kick, so the drain takes what the server takes: ${(result.outbox.seconds / bareSeconds).toFixed(2)} × the bare baseline. The server process spends ${result.serverCpuMsPerRequest.toFixed(1)} ms of CPU per PATCH (a CPU profile of one drain: drizzle's query building is the largest share of its CPU; Postgres counted about 10 transactions per request), on 2 cores shared with Postgres and the bench's client; 500 in under 10 s needs 50 PATCHes/s, ${bareSeconds < 10 ? 'which the bare baseline reaches here too' : 'which the bare baseline does not reach in this run either'}. The drain follows the server's throughput, so it follows the machine's load: 42.3 s against 44.0 s bare at load ~14 (2026-11-26 13:40 UTC, other helpers sharing the cores), 25.1 s against 20.1 s at load 3 before the linear drain.`,
    '',
    ...EARLIER_READINGS.flatMap((line) => [line, '']),
    `_Reading (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load ${loadBefore} at start → ${loadAfter} at the end, the entry's IndexedDB write started in the click's task and committed at once): **drain of ${updates} in ${result.outbox.seconds.toFixed(2)} s — target < 10 s ${met(result.outbox.seconds < 10)}**, ${duplicates} duplicates, ${ratio.toFixed(2)}× the bare sender; online edit cost ${typeof chromium === 'string' ? 'in Chromium not measured' : `in Chromium ${p95(chromium.outbox) - p95(chromium.store) >= 0 ? '+' : ''}${ms(p95(chromium.outbox) - p95(chromium.store))} p95 (target < 16 ms ${met(p95(chromium.outbox) - p95(chromium.store) < 16)})`}, in Node ${ms(added)} p95. Command: \`flock /work/bench.lock env DATABASE_URL=… npx tsx bench/run.ts --only outbox\`._`,
    '',
    'What the outbox added, removed in this version: each step re-sorted every entry and looked, for each one, through all the others for an earlier one of its entity and for an unlanded create (re-serialising its request each time), quadratic in the entries, after every answer; and it awaited the removal of an answered entry from IndexedDB (and the temporary id\'s write) before sending the next one. Now one linear pass in order collects the keys of the entries passed over, requests are serialised once, and an answered entry is removed from IndexedDB behind the next sends (still only after its answer: a crash before the removal replays it with its original mutation id, which the server\'s receipt answers).',
    '',
    `### Cost of the outbox on an online edit`,
    '',
    `${cost.outbox.task.length} edits per path, interleaved, in Node on the real stores and the real outbox over fake-indexeddb. "Shown": from \`updateIssue\` (what a click runs) to the store showing the new value, the optimistic paint's input. "Click task": to the end of the click's synchronous work, what a browser finishes before it paints the frame. "Store + write in the task" is the store alone with an entry's fake-indexeddb write started in the same task, as the outbox does: the write's own share of the click. "GC" counts samples a garbage-collection pause overlapped.`,
    '',
    '| path | shown p50 / p95 | click task p50 / p95 | max | GC |',
    '|---|---|---|---|---|',
    editRow('with the outbox', cost.outbox),
    editRow('store only (before the outbox)', cost.storeOnly),
    editRow('store + write in the task', cost.storeAndWrite),
    '',
    `Added by the outbox at p95 (click task, outbox − store only): ${ms(added)} (target < 16 ms). The previous run's 18.5 ms p95 was the fake-indexeddb write made inside the click (its synchronous part in Node is JavaScript, several ms at times, where Chromium only clones the record) and the machine: at load ~20 the store-only path alone had single samples of 9–23 ms in the same profiles (another process took the core, or a GC ran). The store shows the change first; the outbox's storage write then starts in the same task and is committed at once (a write left for a later task, or left to auto-commit, was lost when the page reloaded during the busy frame after the click), so in Node this path carries fake-indexeddb's JavaScript put, where Chromium only clones the entry — the Chromium figures below are the ones a person sees.`,
    '',
    '#### In Chromium',
    '',
    ...(typeof chromium === 'string'
      ? [`Not measured this run: ${chromium}.`]
      : [
          `Debian Chromium (headless, playwright-core), the real stores and outbox (the browser's IndexedDB) under a React list of 400 rows that show each row's priority and outbox status (bench/outbox-page.tsx); ${chromium.outbox.length} clicks per path, alternating, about one per frame; the stand-in API answers a PATCH after 20 ms. Time from the click's input event to the frame after the change was painted (so it includes waiting for that frame).`,
          '',
          '| path | p50 | p95 | max |',
          '|---|---|---|---|',
          `| with the outbox | ${ms(p50(chromium.outbox))} | ${ms(p95(chromium.outbox))} | ${ms(Math.max(...chromium.outbox))} |`,
          `| store only, request sent directly | ${ms(p50(chromium.store))} | ${ms(p95(chromium.store))} | ${ms(Math.max(...chromium.store))} |`,
          '',
          `Added by the outbox at p95 in Chromium: ${ms(p95(chromium.outbox) - p95(chromium.store))} (target < 16 ms).`,
        ]),
    '',
    'Command: `npm run bench -- --only outbox` (DATABASE_URL names the Postgres server; the bench makes its own database).',
  ].join('\n');
  return { title: 'Offline outbox', markdown };
}
