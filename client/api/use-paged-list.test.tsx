// @vitest-environment happy-dom
// Cursor pages through useResource: "more" appends the next page, a failed page keeps the rows
// shown and its retry asks for that page again, and another key starts over with no rows.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { act } from 'react';
import { mountTestRoot, type TestRoot } from '../test-support/react-root';
import { usePagedList, type CursorPage, type PagedList } from './use-paged-list';

/** Page loads whose answers the test gives by hand, one pending promise per call. */
function manualPages() {
  const calls: Array<{ key: string; cursor: string; resolve: (page: CursorPage<string>) => void; reject: (error: unknown) => void; signal: AbortSignal }> = [];
  const load = (key: string) => (cursor: string, signal: AbortSignal) => new Promise<CursorPage<string>>((resolve, reject) => calls.push({ key, cursor, resolve, reject, signal }));
  return { calls, load };
}

const page = (results: string[], next: string | null): CursorPage<string> => ({ results, next_cursor: next ?? '', next_page_results: next !== null });

let view: TestRoot;
let seen: PagedList<string>;
beforeEach(() => { view = mountTestRoot(); });
afterEach(async () => { await view.unmount(); });

function Probe({ listKey, load }: { listKey: string; load: (key: string) => (cursor: string, signal: AbortSignal) => Promise<CursorPage<string>> }) {
  seen = usePagedList(listKey, '2:0:0', load(listKey));
  return null;
}

describe('usePagedList', () => {
  test('loads the first page, and "more" appends the next until the server has no more', async () => {
    const { calls, load } = manualPages();
    await view.render(<Probe listKey="a" load={load} />);
    expect(seen).toMatchObject({ rows: [], loading: true, hasMore: false });
    await act(async () => calls[0].resolve(page(['1', '2'], '2:1:0')));
    expect(seen).toMatchObject({ rows: ['1', '2'], loading: false, hasMore: true, error: null });

    await act(async () => seen.loadMore());
    expect(calls.map((call) => call.cursor)).toEqual(['2:0:0', '2:1:0']);
    expect(seen).toMatchObject({ rows: ['1', '2'], loading: true });
    await act(async () => calls[1].resolve(page(['3'], null)));
    expect(seen).toMatchObject({ rows: ['1', '2', '3'], loading: false, hasMore: false });
  });

  test('a failed page keeps the rows shown; retry asks for that page again', async () => {
    const { calls, load } = manualPages();
    await view.render(<Probe listKey="a" load={load} />);
    await act(async () => calls[0].resolve(page(['1', '2'], '2:1:0')));
    await act(async () => seen.loadMore());
    await act(async () => calls[1].reject(new Error('down')));
    expect(seen).toMatchObject({ rows: ['1', '2'], loading: false, hasMore: true });
    expect((seen.error as Error).message).toBe('down');

    await act(async () => seen.retry());
    expect(calls.map((call) => call.cursor)).toEqual(['2:0:0', '2:1:0', '2:1:0']);
    await act(async () => calls[2].resolve(page(['3'], null)));
    expect(seen).toMatchObject({ rows: ['1', '2', '3'], error: null, hasMore: false });
  });

  test('another key starts over from the first page with no rows of the old one', async () => {
    const { calls, load } = manualPages();
    await view.render(<Probe listKey="a" load={load} />);
    await act(async () => calls[0].resolve(page(['a1', 'a2'], '2:1:0')));
    await act(async () => seen.loadMore());
    await view.render(<Probe listKey="b" load={load} />);
    expect(calls[1].signal.aborted).toBe(true);
    expect(calls[2]).toMatchObject({ key: 'b', cursor: '2:0:0' });
    expect(seen).toMatchObject({ rows: [], loading: true });
    await act(async () => calls[1].resolve(page(['a3'], null)));
    await act(async () => calls[2].resolve(page(['b1'], null)));
    expect(seen).toMatchObject({ rows: ['b1'], loading: false, hasMore: false });
  });
});
