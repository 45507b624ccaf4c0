import type { Page, TestInfo } from '@playwright/test';

/**
 * Saves a screenshot in the test's output folder and attaches it to the report: the full page, or
 * with `fullPage: false` the window as seen (a modal dialog over the screen behind it).
 */
export async function keepScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
