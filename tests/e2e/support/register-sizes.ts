import { expect, type Page } from '@playwright/test';

/** The register sizes a dispensary's touchscreens come in. */
export const REGISTER_SIZES = [
  { width: 1024, height: 768 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

/** The window itself never scrolls (only its lists and panels do). */
export async function expectNoWindowScroll(page: Page, size: { width: number; height: number }): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(size.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
}

/** Every button and field of the register's main area is a touch target of at least 44 px. */
export async function expectTouchTargets(page: Page): Promise<void> {
  const small = await page.evaluate(
    () =>
      [...document.querySelectorAll('main button:not(.link), main input')]
        .map((element) => element.getBoundingClientRect())
        .filter((box) => box.width > 0 && (box.height < 44 || box.width < 44)).length,
  );
  expect(small).toBe(0);
}
