// The page of the outbox bench's Chromium measurement (bench/outbox-chromium.ts bundles it with
// esbuild): the real issue store and the real outbox (IndexedDB of the browser) under a React list
// of rows, each showing its priority and its outbox status (`useOutboxRowStatus`), as the app's
// rows do. A click on the button edits the next row's priority, through the outbox (`updateIssue`)
// or, in the other mode, the same pending mutation put in the store with the request sent
// directly (what the store did before the outbox). Each click's time is measured from the input
// event's timestamp to the frame after the change was painted.
import { createRoot } from 'react-dom/client';
import { request } from '../client/api/http';
import { issueEntities, scopeIssues, updateIssue, upsertIssues, type Issue } from '../client/stores/issue-store';
import { issuePath } from '../client/stores/api-paths';
import { openWorkOutbox, useOutboxRowStatus } from '../client/outbox/work-outbox';

declare global {
  interface Window {
    bench: { mode: 'outbox' | 'store'; next: number; samples: Record<'outbox' | 'store', number[]>; ready: boolean };
  }
}

const ROWS = 1200;
const SLUG = 'bench';
const PROJECT = 'p';
window.bench = { mode: 'outbox', next: 0, samples: { outbox: [], store: [] }, ready: false };

const row = (index: number): Issue => ({ id: `i${index}`, name: `Issue ${index}`, sequence_id: index, project_id: PROJECT, state_id: null, priority: 'none', sort_order: index, label_ids: [], assignee_ids: [], start_date: null, target_date: null, created_at: '', updated_at: '', version: 1 });

function Row({ issue }: { issue: Issue }) {
  const status = useOutboxRowStatus(issue.id);
  return (
    <li data-id={issue.id}>
      {issue.name} · <b>{issue.priority}</b> {status ? `(${status})` : ''}
    </li>
  );
}

/** After the frame that shows the change: a message posted from requestAnimationFrame runs once that frame was painted. */
function afterPaint(done: () => void) {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done();
    channel.port2.postMessage(null);
  });
}

function edit(id: string, mode: 'outbox' | 'store') {
  if (mode === 'outbox') {
    void updateIssue(SLUG, id, { priority: 'high' }).catch(() => undefined);
    return;
  }
  const current = issueEntities.getRow(id)!;
  void issueEntities
    .mutate({ mutationId: crypto.randomUUID(), kind: 'update', id, patch: { priority: 'high' } }, () =>
      request<Issue>(`${issuePath(SLUG, current.project_id, id)}/`, { method: 'PATCH', body: { priority: 'high' }, mutationId: crypto.randomUUID() }),
    )
    .catch(() => undefined);
}

function App() {
  const rows = issueEntities.useRows(SLUG);
  const onClick = (event: React.MouseEvent) => {
    const started = event.timeStamp;
    const mode = window.bench.mode;
    const id = `i${window.bench.next++}`;
    edit(id, mode);
    afterPaint(() => {
      if (document.querySelector(`[data-id="${id}"] b`)?.textContent !== 'high') throw new Error(`${id} not painted`);
      window.bench.samples[mode].push(performance.now() - started);
    });
  };
  return (
    <div>
      <button id="edit" onClick={onClick}>
        Edit
      </button>
      <ul>
        {rows.slice(0, 400).map((issue) => (
          <Row key={issue.id} issue={issue} />
        ))}
      </ul>
    </div>
  );
}

scopeIssues(SLUG);
upsertIssues(Array.from({ length: ROWS }, (_, index) => row(index)));
void openWorkOutbox('bench-user', SLUG).then(() => {
  createRoot(document.getElementById('root')!).render(<App />);
  window.bench.ready = true;
});
