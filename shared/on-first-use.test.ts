// onFirstUse: one load shared by concurrent and later callers; a failure is retried by the next call.
import { expect, test } from 'vitest';
import { onFirstUse } from './on-first-use';

test('loads once for every caller', async () => {
  let loads = 0;
  const get = onFirstUse(async () => ++loads);
  expect(await Promise.all([get(), get()])).toEqual([1, 1]);
  expect(await get()).toBe(1);
  expect(loads).toBe(1);
});

test('a failed load is tried again by the next call', async () => {
  let loads = 0;
  const get = onFirstUse(async () => {
    loads += 1;
    if (loads === 1) throw new Error('not yet');
    return 'ready';
  });
  await expect(get()).rejects.toThrow('not yet');
  expect(await get()).toBe('ready');
  expect(loads).toBe(2);
});
