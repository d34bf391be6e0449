// Dragging as a person does, for boards built on dnd-kit.
import type { Locator, Page } from 'playwright-core';

/**
 * Drags with real mouse steps (dnd-kit needs pointer movement past its activation distance). The
 * target is measured after the drag has started, not before: live updates and the drag overlay can
 * move rows between the two, and a drop measured early lands beside the target.
 */
export async function drag(page: Page, source: Locator, target: Locator): Promise<void> {
  await source.scrollIntoViewIfNeeded();
  const from = (await source.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + Math.min(12, from.height / 2));
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + 20, { steps: 4 });
  const to = (await target.boundingBox())!;
  const x = to.x + to.width / 2;
  const y = to.y + Math.max(to.height / 2, to.height - 30);
  await page.mouse.move(x, y, { steps: 12 });
  // One more small move over the target: dnd-kit reads the drop target from the last pointer move.
  await page.mouse.move(x + 2, y, { steps: 2 });
  await page.mouse.up();
}

/**
 * Drags until `landed()` says the drop took effect, at most `attempts` times — as a person drags
 * again when a drop misses. Each attempt waits up to `settleMs` for the effect before retrying.
 */
export async function dragUntil(page: Page, source: Locator, target: Locator, landed: () => Promise<boolean>, options: { attempts?: number; settleMs?: number } = {}): Promise<void> {
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    await drag(page, source, target);
    const deadline = Date.now() + (options.settleMs ?? 5_000);
    while (Date.now() < deadline) {
      if (await landed()) return;
      await page.waitForTimeout(200);
    }
    if (attempt >= attempts) throw new Error(`the drop did not land after ${attempts} drags`);
  }
}
