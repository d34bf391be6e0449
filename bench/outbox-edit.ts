// The online-edit half of the outbox bench (bench/outbox.ts), in Node on the real stores and the
// real outbox over fake-indexeddb. Per edit, two times from calling `updateIssue` (what a click
// runs): until the store shows the new value (the optimistic paint's input) and until the click's
// synchronous work is done (what a browser finishes before it can paint the frame). Beside it,
// interleaved edit by edit: the same pending mutation put in the entity store directly (what the
// store did before the outbox), and that again with the entry's fake-indexeddb write started in
// the same task (the write's own share of the click, which the outbox also starts there) — so a slow
// percentile that the store-only path shares is the machine (GC, another process taking the core),
// not the outbox. GC pauses are observed and counted per path.
import 'fake-indexeddb/auto';
import { PerformanceObserver } from 'node:perf_hooks';
import { IndexedDbOutboxStorage } from '../client/outbox/outbox-storage';

export interface EditPath {
  /** ms until the store showed the value. */
  shown: number[];
  /** ms until the click's synchronous work ended. */
  task: number[];
  /** Samples a GC pause overlapped. */
  withGc: number;
}

export interface EditFigures {
  outbox: EditPath;
  storeOnly: EditPath;
  storeAndWrite: EditPath;
  queued: number;
}

export async function editCost(samples: number): Promise<EditFigures> {
  const gcs: Array<{ start: number; end: number }> = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcs.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  });
  observer.observe({ entryTypes: ['gc'] });
  const { issueEntities, scopeIssues, upsertIssues, updateIssue, useIssueStore } = await import('../client/stores/issue-store');
  const { closeWorkOutbox, openWorkOutbox, workOutbox } = await import('../client/outbox/work-outbox');
  // The server stays unreachable: the edit is the optimistic part only (what happens before the paint).
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async () => {
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
  scopeIssues('bench');
  await openWorkOutbox('bench-user', 'bench');
  const extra = await IndexedDbOutboxStorage.open('bench-user', 'bench-extra');
  const row = (id: string) => ({ id, name: id, sequence_id: 1, project_id: 'p', state_id: null, priority: 'none' as const, sort_order: 1, label_ids: [], assignee_ids: [], start_date: null, target_date: null, created_at: '', updated_at: '', version: 1 });
  upsertIssues(Array.from({ length: samples * 3 }, (_, i) => row(`i${i}`)));
  const paths = { outbox: { shown: [], task: [], withGc: 0 }, storeOnly: { shown: [], task: [], withGc: 0 }, storeAndWrite: { shown: [], task: [], withGc: 0 } } as Record<'outbox' | 'storeOnly' | 'storeAndWrite', EditPath>;
  const windows: Array<{ path: keyof typeof paths; start: number; end: number }> = [];
  const measure = (path: keyof typeof paths, id: string, edit: () => void) => {
    let shownAt = 0;
    const unsubscribe = useIssueStore.subscribe(() => {
      if (shownAt === 0 && issueEntities.getRow(id)?.priority === 'high') shownAt = performance.now();
    });
    const started = performance.now();
    edit();
    const ended = performance.now();
    unsubscribe();
    if (shownAt === 0) throw new Error('not shown at once');
    paths[path].shown.push(shownAt - started);
    paths[path].task.push(ended - started);
    windows.push({ path, start: started, end: ended });
  };
  for (let i = 0; i < samples; i++) {
    measure('outbox', `i${i * 3}`, () => void updateIssue('bench', `i${i * 3}`, { priority: 'high' }).catch(() => undefined));
    measure('storeOnly', `i${i * 3 + 1}`, () => void issueEntities.mutate({ mutationId: `m${i}`, kind: 'update', id: `i${i * 3 + 1}`, patch: { priority: 'high' } }, () => new Promise(() => undefined), { ordered: false }));
    measure('storeAndWrite', `i${i * 3 + 2}`, () => {
      const mutation = { mutationId: `w${i}`, kind: 'update' as const, id: `i${i * 3 + 2}`, patch: { priority: 'high' as const } };
      void issueEntities.mutate(mutation, () => new Promise(() => undefined), { ordered: false });
      void extra.put({ seq: i + 1, mutationId: mutation.mutationId, keys: [mutation.id], request: { method: 'PATCH', path: `/x/${mutation.id}/`, body: { priority: 'high' }, sets: {} }, optimistic: [{ store: 'issue', entries: [mutation] }], label: { key: 'outbox.kind.update', values: { name: mutation.id } }, status: 'pending', attempts: 0, nextAt: 0, error: null, createdAt: Date.now() });
    });
    // Let the writes, timers and retries of these edits run between clicks, as a person's pauses do.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  for (const window of windows) if (gcs.some((gc) => gc.start < window.end && gc.end > window.start)) paths[window.path].withGc += 1;
  const queued = workOutbox.size;
  closeWorkOutbox();
  extra.close();
  globalThis.fetch = realFetch;
  return { ...paths, queued };
}
