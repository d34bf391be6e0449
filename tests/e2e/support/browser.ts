// Launches Debian's Chromium through playwright-core (browsers cannot be downloaded here) with a
// fresh profile, and saves screenshots of each screen under test-results/screenshots/.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const screenshotDir = join(import.meta.dirname, '..', '..', '..', 'test-results', 'screenshots');

function chromiumPath(): string {
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('Debian chromium is not installed: apt-get install -y chromium');
  }
}

/** A new browser context with its own profile (cookies, storage), like a separate person. */
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
  const profile = mkdtempSync(join(tmpdir(), 'trellis-chromium-'));
  return chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    baseURL,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.locale ? { locale: options.locale } : {}),
    serviceWorkers: options.serviceWorkers ?? 'allow',
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
