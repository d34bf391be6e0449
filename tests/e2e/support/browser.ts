// Launches Debian's Chromium through playwright-core (browsers cannot be downloaded here), gives
// each person a fresh context of it, and saves screenshots of each screen under test-results/screenshots/.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const screenshotDir = join(import.meta.dirname, '..', '..', '..', 'test-results', 'screenshots');

function chromiumPath(): string {
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('Debian chromium is not installed: apt-get install -y chromium');
  }
}

/** This spec file's Chromium (one per worker process): people are contexts of it, not browsers of their own. */
let shared: Promise<Browser> | null = null;

function sharedBrowser(): Promise<Browser> {
  if (!shared) {
    shared = chromium.launch({
      executablePath: chromiumPath(),
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    });
    // Launched again if it ever goes away (a crash): the next person gets a working browser.
    void shared.then((browser) => browser.on('disconnected', () => (shared = null)), () => (shared = null));
  }
  return shared;
}

/**
 * A new browser context with its own cookies, storage, caches and service workers, like a separate
 * person. Contexts of one Chromium share nothing of that; a browser each cost ~0.6 s of start-up
 * per person, a context ~0.2 s.
 */
export async function launchContext(
  baseURL: string,
  options: {
    locale?: string;
    viewport?: { width: number; height: number };
    /**
     * 'block' for a spec that answers GETs with page.route(): the app's service worker answers
     * those itself (its own fetches bypass the page's routes), so the route would never run.
     */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): Promise<BrowserContext> {
  const browser = await sharedBrowser();
  return browser.newContext({
    baseURL,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.locale ? { locale: options.locale } : {}),
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
}

export async function firstPage(context: BrowserContext): Promise<Page> {
  return context.pages()[0] ?? (await context.newPage());
}

/** Saves a full-page screenshot named after the screen. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

/** A person's own browser: a fresh context, its page, and the page's uncaught errors since it opened. */
export interface OwnBrowser {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

export async function openBrowser(baseURL: string, options: Parameters<typeof launchContext>[1] = {}): Promise<OwnBrowser> {
  const context = await launchContext(baseURL, options);
  const page = await firstPage(context);
  return { context, page, errors: trackPageErrors(page) };
}

/** Collects page errors so a spec can assert the UI threw nothing. */
export function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
