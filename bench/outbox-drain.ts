// The drain half of the outbox bench (bench/outbox.ts): 500 updates (5 name changes on each of 100
// issues) queued while the server is unreachable, then the connection returns and the outbox is
// kicked, as the live socket's reconnect does. The outbox keeps its entries in IndexedDB as in the
// app (fake-indexeddb in Node), so its writes per step are part of the time. Measured beside it,
// on the same server and the same issues: the bare baseline, the same 500 PATCHes sent with plain
// fetch at the same concurrency in the same per-issue order (run before and after the outbox's
// drain, so the machine's load weighs on both alike).
import 'fake-indexeddb/auto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, like } from 'drizzle-orm';
import { createDatabase } from '../db/client';
import { issueActivities } from '../db/schema/issue';
import { Outbox, type Transport } from '../client/outbox/outbox';
import { IndexedDbOutboxStorage, type OutboxStorage } from '../client/outbox/outbox-storage';
import type { TestServer } from '../tests/support/server';
import { buildProject, buildUser, buildWorkspace } from '../tests/support/factories';
import { fetchTransport } from '../tests/support/outbox-transport';
import { startTrellisProcess } from '../tests/support/server-process';
import { freshDatabase } from './harness';

export const CONCURRENCY = 6;

export interface RequestTiming {
  start: number;
  end: number;
}

export interface RunFigures {
  seconds: number;
  requests: number;
  /** Round trip of each request (ms). */
  roundTrips: number[];
  /** Requests in flight on average over the run (CONCURRENCY when the sender never lets a slot idle). */
  meanInFlight: number;
}

export interface DrainFigures {
  outbox: RunFigures & { retries: number; storageWrites: number; storageMs: number; rows: number; distinct: number; failed: number };
  bare: RunFigures[];
  serverCpuMsPerRequest: number;
}

function figures(timings: RequestTiming[], started: number, ended: number): RunFigures {
  const busy = timings.reduce((sum, t) => sum + (t.end - t.start), 0);
  return { seconds: (ended - started) / 1000, requests: timings.length, roundTrips: timings.map((t) => t.end - t.start), meanInFlight: busy / (ended - started) };
}

/** CPU time (ms) the server process has used so far (Linux /proc). */
async function cpuMs(pid: number | undefined): Promise<number> {
  if (pid === undefined) return 0;
  const { readFileSync } = await import('node:fs');
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The same PATCHes with plain fetch: `CONCURRENCY` workers taking the next change in order (change i is on issue i % issues). */
async function bare(baseUrl: string, headers: Record<string, string>, paths: string[], updates: number, tag: string): Promise<RunFigures> {
  const timings: RequestTiming[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < updates) {
      const index = next++;
      const timing = { start: performance.now(), end: 0 };
      const response = await fetch(`${baseUrl}${paths[index % paths.length]}`, {
        method: 'PATCH',
        headers: { ...headers, accept: 'application/json', 'content-type': 'application/json', 'x-client-mutation-id': crypto.randomUUID() },
        body: JSON.stringify({ name: `${tag}-${index}` }),
      });
      await response.text();
      if (!response.ok) throw new Error(`bare PATCH answered ${response.status}`);
      timing.end = performance.now();
      timings.push(timing);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return figures(timings, started, performance.now());
}

/** Counts the outbox's storage writes and the time they take. */
function counted(storage: OutboxStorage, tally: { writes: number; ms: number }): OutboxStorage {
  const timed = <A extends unknown[]>(fn: (...args: A) => Promise<void>) => async (...args: A) => {
    const started = performance.now();
    try {
      await fn(...args);
    } finally {
      tally.writes += 1;
      tally.ms += performance.now() - started;
    }
  };
  return {
    load: () => storage.load(),
    put: timed((record) => storage.put(record)),
    delete: timed((seq) => storage.delete(seq)),
    putId: timed((temp, real) => storage.putId(temp, real)),
    clear: () => storage.clear(),
    close: () => storage.close(),
  };
}

export async function drain(updates: number, issuesCount: number, log: (line: string) => void): Promise<DrainFigures> {
  const databaseUrl = await freshDatabase('trellis_bench_outbox');
  const server = await startTrellisProcess(databaseUrl, mkdtempSync(join(tmpdir(), 'trellis-bench-outbox-')));
  const database = await createDatabase({ databaseUrl, maxConnections: 2 });
  try {
    const seed = { database } as unknown as TestServer;
    const user = await buildUser(seed);
    const workspace = await buildWorkspace(seed, user);
    const project = await buildProject(seed, workspace, user);
    const base = `/api/workspaces/${workspace.slug}/projects/${project.id}/issues/`;
    const issueIds: string[] = [];
    for (let i = 0; i < issuesCount; i++) {
      const response = await fetch(`${server.baseUrl}${base}`, { method: 'POST', headers: { ...user.headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: `drain-issue-${i}` }) });
      issueIds.push(((await response.json()) as { id: string }).id);
    }
    const paths = issueIds.map((id) => `${base}${id}/`);
    // Warm the server (JIT, connection pool) so neither run pays for it.
    await bare(server.baseUrl, user.headers, paths, 100, 'warm');

    const bareRuns: RunFigures[] = [];
    const cpuBefore = await cpuMs(server.child.pid);
    bareRuns.push(await bare(server.baseUrl, user.headers, paths, updates, 'bare-a'));
    log(`bare ${updates}: ${bareRuns[0]!.seconds.toFixed(2)} s`);

    let url: string | null = null;
    const timings: RequestTiming[] = [];
    const inner = fetchTransport(() => url, user.headers);
    const transport: Transport = async (request, mutationId, signal) => {
      const timing = { start: performance.now(), end: 0 };
      try {
        return await inner(request, mutationId, signal);
      } finally {
        timing.end = performance.now();
        if (url !== null) timings.push(timing);
      }
    };
    const tally = { writes: 0, ms: 0 };
    const storage = counted(await IndexedDbOutboxStorage.open(user.id, workspace.slug), tally);
    // The app's backoff (1 s base): after the kick nothing should wait on it.
    const outbox = new Outbox({ transport, storage, concurrency: CONCURRENCY });
    const handles = Array.from({ length: updates }, (_, index) => {
      const issueId = issueIds[index % issuesCount]!;
      return outbox.enqueue({ keys: [issueId], request: { method: 'PATCH', path: paths[index % issuesCount]!, body: { name: `drain-update-${index}` } }, optimistic: [], label: { key: 'outbox.kind.update', values: { name: issueId } } });
    });
    // Offline: only the first entry of each issue was tried (the rest wait behind it).
    await Promise.all(handles.slice(0, issuesCount).map((handle) => handle.first));
    // Every entry durable before the connection returns (as after any offline stretch).
    await outbox.written();
    tally.writes = 0;
    tally.ms = 0;
    url = server.baseUrl;
    const started = performance.now();
    outbox.kick();
    await outbox.idle();
    const ended = performance.now();
    const run = figures(timings, started, ended);
    log(`outbox ${updates}: ${run.seconds.toFixed(2)} s`);

    bareRuns.push(await bare(server.baseUrl, user.headers, paths, updates, 'bare-b'));
    log(`bare ${updates}: ${bareRuns[1]!.seconds.toFixed(2)} s`);
    const serverCpuMsPerRequest = ((await cpuMs(server.child.pid)) - cpuBefore) / (updates * 3);

    const rows = await database.db
      .select({ value: issueActivities.newValue })
      .from(issueActivities)
      .where(and(inArray(issueActivities.issueId, issueIds), eq(issueActivities.field, 'name'), like(issueActivities.newValue, 'drain-update-%')));
    const failed = outbox.list().filter((record) => record.status === 'failed').length;
    storage.close();
    return {
      outbox: { ...run, retries: run.requests - updates, storageWrites: tally.writes, storageMs: tally.ms, rows: rows.length, distinct: new Set(rows.map((row) => row.value)).size, failed },
      bare: bareRuns,
      serverCpuMsPerRequest,
    };
  } finally {
    await database.close();
    await server.kill('SIGTERM');
  }
}
