// The service worker's offline copy of the API, as the offline specs wait for it.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Waits until the worker's API cache holds every path of `paths` (the reads the app starts from),
 * so going offline next cannot lose a copy still on its way.
 */
export async function waitUntilKept(page: Page, paths: string[]): Promise<void> {
  const notKept = () =>
    page.evaluate(async (wanted) => {
      const kept = new Set((await (await caches.open('trellis-api-1')).keys()).map((request) => new URL(request.url).pathname));
      return wanted.filter((path) => !kept.has(path));
    }, paths);
  await expect.poll(notKept, { timeout: 30_000 }).toEqual([]);
}
