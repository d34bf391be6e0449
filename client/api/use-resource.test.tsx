// @vitest-environment happy-dom
// The one read helper outside route loaders (issue #25 item 5): a newer key wins over the request in
// flight, a key that names something else never shows the old answer when asked not to, and an
// error can be retried.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act } from 'react';
import { mountTestRoot, type TestRoot } from '../test-support/react-root';
import { useResource, type Loaded, type ResourceOptions } from './use-resource';

/** A load whose answers the test gives by hand, one pending promise per call. */
function manualLoads() {
  const calls: Array<{ key: string; resolve: (value: string) => void; reject: (error: unknown) => void; signal: AbortSignal }> = [];
  const load = (key: string) => (signal: AbortSignal) => new Promise<string>((resolve, reject) => calls.push({ key, resolve, reject, signal }));
  return { calls, load };
}

let view: TestRoot;
let seen: Loaded<string>;
beforeEach(() => { view = mountTestRoot(); });
afterEach(async () => { await view.unmount(); });

function Probe({ resourceKey, load, options }: { resourceKey: string | null; load: (key: string) => (signal: AbortSignal) => Promise<string>; options?: ResourceOptions }) {
  seen = useResource(resourceKey, load(resourceKey ?? ''), options);
  return null;
}

describe('useResource', () => {
  test('a newer key supersedes the request in flight; the late answer of the old one is dropped', async () => {
    const { calls, load } = manualLoads();
    await view.render(<Probe resourceKey="a" load={load} />);
    await view.render(<Probe resourceKey="b" load={load} />);
    expect(calls.map((call) => call.key)).toEqual(['a', 'b']);
    expect(calls[0].signal.aborted).toBe(true);
    await act(async () => calls[1].resolve('B'));
    await act(async () => calls[0].resolve('A'));
    expect(seen).toMatchObject({ data: 'B', loading: false, error: null });
  });

  test('keeps the previous answer while a new key loads, unless told it is about something else', async () => {
    const { calls, load } = manualLoads();
    await view.render(<Probe resourceKey="a" load={load} />);
    await act(async () => calls[0].resolve('A'));
    await view.render(<Probe resourceKey="b" load={load} />);
    expect(seen).toMatchObject({ data: 'A', loading: true });

    await view.render(<Probe resourceKey="c" load={load} options={{ keepAcrossKeys: false }} />);
    expect(seen).toMatchObject({ data: null, loading: true });
  });

  test('with settleMs, a burst of keys loads once, the last, after the wait', async () => {
    vi.useFakeTimers();
    try {
      const { calls, load } = manualLoads();
      await view.render(<Probe resourceKey="a" load={load} options={{ settleMs: 150 }} />);
      await view.render(<Probe resourceKey="b" load={load} options={{ settleMs: 150 }} />);
      expect(calls).toEqual([]);
      await act(async () => vi.advanceTimersByTime(150));
      expect(calls.map((call) => call.key)).toEqual(['b']);
      await act(async () => calls[0].resolve('B'));
      expect(seen).toMatchObject({ data: 'B', loading: false });
    } finally {
      vi.useRealTimers();
    }
  });

  test('an error clears the answer and reload asks again for the same key', async () => {
    const { calls, load } = manualLoads();
    await view.render(<Probe resourceKey="a" load={load} />);
    await act(async () => calls[0].reject(new Error('down')));
    expect(seen.data).toBeNull();
    expect((seen.error as Error).message).toBe('down');
    await act(async () => seen.reload());
    expect(calls.map((call) => call.key)).toEqual(['a', 'a']);
    await act(async () => calls[1].resolve('A'));
    expect(seen).toMatchObject({ data: 'A', error: null, loading: false });
  });

  test('a null key waits without loading', async () => {
    const { calls, load } = manualLoads();
    await view.render(<Probe resourceKey={null} load={load} />);
    expect(calls).toEqual([]);
    expect(seen).toMatchObject({ data: null, loading: true });
  });
});
