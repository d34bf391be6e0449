// The axe-core check of issue #12 shared by the screen specs: axe's serious and critical
// violations on a page, and a run over screens in light and dark, en and zh-CN with a screenshot
// of each kept as an artefact.
import { expect } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { screenshot } from './browser';
import { switchLayout, type FreshVisit } from './fresh';
import { api } from './team';

/** Violations an assistive-technology user would hit: axe's serious and critical ones. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe in the page itself: the default aggregates every frame's results in a
  // blank page it opens for each call, which cost ~400 ms a screen and finds nothing more here (our
  // screens have no iframes). Only violations are reported in full: building selectors and HTML
  // for every passing node was the other large share of axe's time.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
}

export interface Screen {
  name: string;
  path: string;
  layout?: Parameters<typeof switchLayout>[1];
  /** A locator that shows the screen's data has arrived. */
  ready?: string;
}

/**
 * The four passes over every screen. The two widths the product is judged at (a 1024 px laptop and
 * a 1440 px desktop) alternate so that each width is seen in light and in dark, and in both
 * locales, in four passes rather than eight.
 */
const PASSES = [
  { theme: 'light', language: 'en', width: 1440 },
  { theme: 'dark', language: 'en', width: 1024 },
  { theme: 'light', language: 'zh-CN', width: 1024 },
  { theme: 'dark', language: 'zh-CN', width: 1440 },
] as const;

/** Opens each screen in light and dark, en and zh-CN, at 1024 and 1440 px: axe (0 serious/critical) and a screenshot each. */
export async function checkScreens(baseUrl: string, opened: FreshVisit, screens: Screen[]): Promise<void> {
  const { page, errors } = opened;
  const found: string[] = [];
  for (const { theme, language, width } of PASSES) {
    await page.setViewportSize({ width, height: 800 });
    expect((await api(page, 'PATCH', '/api/users/me/profile/', { theme: { theme }, language })).status).toBeLessThan(300);
    for (const screen of screens) {
      await page.goto(new URL(screen.path, baseUrl).toString());
      if (screen.layout) await switchLayout(page, screen.layout);
      if (screen.ready) await page.locator(screen.ready).first().waitFor({ timeout: 30_000 });
      await expect.poll(() => page.locator('.ui-skeleton, [aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
      // Colours as a person sees them once the screen has settled, not half-way through a
      // transition (a button that turns secondary when its data arrives fades for 150 ms).
      // Endless ones (a spinner) never finish and are left out.
      const settled = () =>
        page.evaluate(() =>
          Promise.all(
            document
              .getAnimations()
              .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
              .map((animation) => animation.finished.catch(() => undefined)),
          ),
        );
      await settled();
      let violations = await seriousViolations(page);
      if (violations.length > 0) {
        // A late answer can start a transition after the wait (CI, loaded: the subscribe button
        // fading as its state arrived). A real violation is still there once that has settled too.
        await page.waitForTimeout(500);
        await settled();
        const again = new Set(await seriousViolations(page));
        violations = violations.filter((violation) => again.has(violation));
      }
      for (const violation of violations) {
        found.push(`${screen.name} ${theme} ${language}: ${violation}`);
        console.warn(found.at(-1));
      }
      await screenshot(page, `screen-${screen.name}-${theme}-${language}-${width}`);
    }
  }
  expect(found).toEqual([]);
  expect(errors).toEqual([]);
}
