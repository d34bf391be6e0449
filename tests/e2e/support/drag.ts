// Dragging as a person does, for boards built on dnd-kit.
import type { Locator, Page } from 'playwright-core';

/** Drags with real mouse steps (dnd-kit needs pointer movement past its activation distance). */
export async function drag(page: Page, source: Locator, target: Locator): Promise<void> {
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 12);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + 20, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height - 30, { steps: 12 });
  await page.mouse.up();
}
