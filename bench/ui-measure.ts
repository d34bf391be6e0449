// In-browser measurements of the UI benchmark (bench/ui.ts): an init script that timestamps the
// first painted list row, kanban completeness and live-socket messages; scripted scrolls that
// collect requestAnimationFrame deltas; and a remote PATCH observed with a MutationObserver.
import type { BrowserContext, Page } from 'playwright-core';
import { firstPage, launchContext } from '../tests/e2e/support/browser';
import type { ApiClient } from './ui-setup';

/** Installed in every page before its scripts run (`context.addInitScript`). */
/**
 * Opens the first property chip of the first kanban card by a click and times it until the picker's
 * options are painted (the frame after they are in the DOM); Escape closes it again.
 */
export async function pickerOpen(page: Page): Promise<number> {
  const elapsed = await page.evaluate(async () => {
    const chip = document.querySelector<HTMLButtonElement>('[data-testid="kanban-card"] .property-chip');
    if (!chip) throw new Error('no property chip on a kanban card');
    const start = performance.now();
    chip.click();
    await new Promise<void>((resolve) => {
      const check = () => (document.querySelector('.picker-content .picker-item') ? resolve() : requestAnimationFrame(check));
      check();
    });
    // Painted: the next frame has started and its rendering task has run.
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - start;
  });
  await page.keyboard.press('Escape');
  await page.locator('.picker-content').waitFor({ state: 'detached' });
  return elapsed;
}

export function installProbes(): void {
  type Probe = { firstRowDom?: number; firstRowPaint?: number; firstCard?: number; boardFull?: number; wsMessages: { at: number; data: string }[]; expected?: number };
  const probe: Probe = { wsMessages: [] };
  (window as unknown as { __bench: Probe }).__bench = probe;
  const afterPaint = (record: (at: number) => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => record(performance.now());
      channel.port2.postMessage(0);
    });
  let boardSeen = false;
  const check = () => {
    if (probe.expected ? boardSeen : probe.firstRowDom !== undefined) return observer.disconnect();
    if (probe.firstRowDom === undefined && document.querySelector('[data-testid="issue-row"]')) {
      probe.firstRowDom = performance.now();
      afterPaint((at) => (probe.firstRowPaint = at));
    }
    if (probe.firstCard === undefined && document.querySelector('[data-testid="kanban-card"]')) probe.firstCard = performance.now();
    if (!boardSeen && probe.expected) {
      const columns = [...document.querySelectorAll('[data-testid^="kanban-column-"]')];
      const count = Number((document.querySelector('[data-testid="issue-count"]')?.textContent ?? '').replace(/\D/g, ''));
      if (columns.length >= 5 && columns.every((column) => column.querySelector('[data-testid="kanban-card"]')) && count >= probe.expected) {
        boardSeen = true;
        afterPaint((at) => (probe.boardFull = at));
      }
    }
  };
  const expected = Number(sessionStorage.getItem('bench:expected') ?? 0);
  if (expected) probe.expected = expected;
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  // Timestamps every live-stream message before the app's own listener sees it.
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (event) => {
        if (typeof event.data === 'string' && probe.wsMessages.length < 10_000) probe.wsMessages.push({ at: Date.now(), data: event.data });
      });
    }
  } as typeof WebSocket;
}

export interface FirstRow {
  dom: number;
  paint: number;
  /** When the first `GET …/issues/?…` list response ended (ms from navigation start), if one was sent by then. */
  listResponse: number | null;
}

/** Navigates (or reloads) and returns ms from navigation start to the first list row in the DOM and painted. */
export async function firstRow(page: Page, url: string | null, timeoutMs = 60_000): Promise<FirstRow> {
  if (url) await page.goto(url, { waitUntil: 'commit' });
  else await page.reload({ waitUntil: 'commit' });
  await page.waitForSelector('[data-testid="issue-row"]', { timeout: timeoutMs });
  const result = await page.waitForFunction(() => {
    const probe = (window as unknown as { __bench: { firstRowDom?: number; firstRowPaint?: number } }).__bench;
    if (probe.firstRowPaint === undefined) return null;
    const list = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) => /\/projects\/[^/]+\/issues\/\?/.test(entry.name));
    return { dom: probe.firstRowDom!, paint: probe.firstRowPaint, listResponse: list ? list.responseEnd : null };
  }, undefined, { timeout: timeoutMs });
  return (await result.jsonValue()) as FirstRow;
}

/** JS responses the page fetched so far: count, transferred bytes and decoded bytes. */
export async function scriptResources(page: Page): Promise<{ count: number; transfer: number; decoded: number; files: string[] }> {
  return page.evaluate(() => {
    const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => /\.m?js(\?|$)/.test(entry.name));
    return {
      count: entries.length,
      transfer: entries.reduce((sum, entry) => sum + entry.transferSize, 0),
      decoded: entries.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
      files: entries.map((entry) => new URL(entry.name).pathname),
    };
  });
}

/** Waits until the local cache holds `issues` issues of the project and its sync mark is written. */
export async function waitForCache(page: Page, slug: string, projectId: string, issues: number, timeoutMs = 300_000): Promise<number> {
  const started = Date.now();
  await page.waitForFunction((expected) => Number((document.querySelector('[data-testid="issue-count"]')?.textContent ?? '').replace(/\D/g, '')) >= expected, issues, { timeout: timeoutMs, polling: 500 });
  await page.waitForFunction(
    async ({ slug, projectId }) => {
      // The cache is one database per user and workspace: `trellis-<user id>-<slug>`.
      const name = (await indexedDB.databases()).map((db) => db.name).find((candidate) => candidate && /^trellis-[0-9a-f-]{36}-/.test(candidate) && candidate.endsWith(`-${slug}`));
      if (!name) return false;
      return new Promise<boolean>((resolve) => {
        const open = indexedDB.open(name);
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('meta')) return (db.close(), resolve(false));
          const get = db.transaction('meta').objectStore('meta').get(`sync:${projectId}`);
          get.onsuccess = () => (db.close(), resolve(Boolean(get.result)));
          get.onerror = () => (db.close(), resolve(false));
        };
      });
    },
    { slug, projectId },
    { timeout: timeoutMs, polling: 500 },
  );
  return (Date.now() - started) / 1000;
}

/** Navigates to the board and returns ms from navigation start to the first card and to the full board painted. */
export async function kanbanRender(page: Page, url: string, issues: number, timeoutMs = 120_000): Promise<{ firstCard: number; full: number }> {
  await page.evaluate((expected) => sessionStorage.setItem('bench:expected', String(expected)), issues);
  await page.goto(url, { waitUntil: 'commit' });
  const result = await page.waitForFunction(() => {
    const probe = (window as unknown as { __bench: { firstCard?: number; boardFull?: number } }).__bench;
    return probe.boardFull !== undefined ? { firstCard: probe.firstCard!, full: probe.boardFull } : null;
  }, undefined, { timeout: timeoutMs, polling: 100 });
  await page.evaluate(() => sessionStorage.removeItem('bench:expected'));
  return (await result.jsonValue()) as { firstCard: number; full: number };
}

export interface FrameRun {
  /** rAF timestamp deltas (ms). */
  deltas: number[];
  /** Per frame: post-paint task time − rAF frame timestamp (ms), the main thread's share of the frame. */
  work: number[];
  /** Scroll distance covered. */
  distance: number;
}

/**
 * Scrolls `selector` by `step` px per frame for `frames` frames (`axis` y or x, bouncing at the
 * ends; step 0 = idle baseline) and collects rAF deltas and main-thread work per frame.
 */
export async function scrollFrames(page: Page, selector: string, axis: 'x' | 'y', step: number, frames: number): Promise<FrameRun> {
  return page.evaluate(
    ({ selector, axis, step, frames }) =>
      new Promise<FrameRun>((resolve, reject) => {
        const element = document.querySelector<HTMLElement>(selector);
        if (!element) return reject(new Error(`no element ${selector}`));
        const deltas: number[] = [];
        const work: number[] = [];
        let last = 0;
        let direction = 1;
        let distance = 0;
        let count = 0;
        const tick = (frameTime: number) => {
          if (last) deltas.push(frameTime - last);
          last = frameTime;
          const channel = new MessageChannel();
          channel.port1.onmessage = () => work.push(performance.now() - frameTime);
          channel.port2.postMessage(0);
          if (step) {
            const max = axis === 'y' ? element.scrollHeight - element.clientHeight : element.scrollWidth - element.clientWidth;
            const position = axis === 'y' ? element.scrollTop : element.scrollLeft;
            if ((direction > 0 && position + step > max) || (direction < 0 && position - step < 0)) direction = -direction;
            if (axis === 'y') element.scrollTop = position + direction * step;
            else element.scrollLeft = position + direction * step;
            distance += step;
          }
          if (++count <= frames) requestAnimationFrame(tick);
          else setTimeout(() => resolve({ deltas, work: work.slice(1), distance }), 50);
        };
        element.scrollTop = 0;
        element.scrollLeft = 0;
        requestAnimationFrame(tick);
      }),
    { selector, axis, step, frames },
  );
}

export interface RemoteChange {
  /** PATCH response read in Node → card in the target column (DOM), ms. */
  dom: number;
  /** … → the frame after it painted. */
  paint: number;
  /** … → the live-stream message that carried it reached the page. */
  socket: number | null;
}

/**
 * Moves the first card of column `from` to column `to` with a PATCH from the other user's session and
 * times its arrival in the page (page clock − Node clock corrected by `offset`).
 */
export async function remoteChange(page: Page, other: ApiClient, path: string, from: string, to: string, offset: number): Promise<RemoteChange> {
  const issueId = await page.evaluate(
    ({ from, to }) => {
      // The column's top card (virtual index 0 in a long column), so it lands near the top of the other one.
      const column = `[data-testid="kanban-column-${from}"]`;
      const card = document.querySelector<HTMLElement>(`${column} [data-index="0"] [data-testid="kanban-card"]`) ?? document.querySelector<HTMLElement>(`${column} [data-testid="kanban-card"]`);
      const target = document.querySelector(`[data-testid="kanban-column-${to}"]`);
      if (!card || !target) return null;
      const id = card.dataset.issueId!;
      const state = { id, dom: 0, paint: 0 };
      (window as unknown as { __remote: typeof state }).__remote = state;
      const observer = new MutationObserver(() => {
        if (state.dom || !target.querySelector(`[data-issue-id="${id}"]`)) return;
        state.dom = Date.now();
        observer.disconnect();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => (state.paint = Date.now());
          channel.port2.postMessage(0);
        });
      });
      observer.observe(target, { childList: true, subtree: true });
      (window as unknown as { __bench: { wsMessages: unknown[] } }).__bench.wsMessages = [];
      return id;
    },
    { from, to },
  );
  if (!issueId) throw new Error(`no card in column ${from}`);
  const answer = await other.request('PATCH', `${path}${issueId}/`, { state_id: to });
  if (answer.status !== 200) throw new Error(`PATCH answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const seen = await page.waitForFunction(() => {
    const state = (window as unknown as { __remote: { dom: number; paint: number; id: string } }).__remote;
    if (!state.paint) return null;
    const messages = (window as unknown as { __bench: { wsMessages: { at: number; data: string }[] } }).__bench.wsMessages;
    return { dom: state.dom, paint: state.paint, socket: messages.find((message) => message.data.includes(state.id))?.at ?? null };
  }, undefined, { timeout: 15_000, polling: 'raf' }).catch(async (error: Error) => {
    const state = await page.evaluate((id) => ({
      live: document.querySelector('[data-testid="live-status"]')?.getAttribute('data-state'),
      messages: (window as unknown as { __bench: { wsMessages: { data: string }[] } }).__bench.wsMessages.map((message) => message.data.slice(0, 200)),
      column: document.querySelector(`[data-issue-id="${id}"]`)?.closest('[data-testid^="kanban-column-"]')?.getAttribute('data-testid') ?? null,
    }), issueId);
    throw new Error(`${error.message}; issue ${issueId} → ${to}: ${JSON.stringify(state)}`);
  });
  const times = (await seen.jsonValue()) as { dom: number; paint: number; socket: number | null };
  const since = (at: number) => at - offset - answer.answeredAt;
  return { dom: since(times.dom), paint: since(times.paint), socket: times.socket === null ? null : since(times.socket) };
}

/** Browser clock − Node clock (ms), from the midpoint of a round trip; the best of 5. */
export async function clockOffset(page: Page): Promise<{ offset: number; rtt: number }> {
  let best = { offset: 0, rtt: Infinity };
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = Date.now();
    const browser = await page.evaluate(() => Date.now());
    const after = Date.now();
    if (after - before < best.rtt) best = { offset: browser - (before + after) / 2, rtt: after - before };
  }
  return best;
}

/** A new Chromium profile (browser.ts flags) with the probes and the owner's session cookies. */
export async function openContext(baseUrl: string, owner: ApiClient): Promise<{ context: BrowserContext; page: Page }> {
  const context = await launchContext(baseUrl);
  // tsx keeps function names with a `__name` helper that serialised page functions call.
  await context.addInitScript('window.__name = window.__name || ((fn) => fn);');
  await context.addInitScript(installProbes);
  await context.addCookies(owner.cookies.map((cookie) => ({ ...cookie, url: baseUrl })));
  return { context, page: await firstPage(context) };
}
