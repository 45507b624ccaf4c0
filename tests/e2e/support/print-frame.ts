import type { FrameLocator, Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures.js';
import { keepScreenshot } from './screenshots.js';

/** The receipt in its print frame, and a screenshot of it as printed (72 mm of a 80 mm roll). */
export async function readReceipt(page: Page, testInfo: TestInfo, name: string): Promise<FrameLocator> {
  const frame = page.frameLocator('iframe.print-frame').last();
  await expect(frame.locator('body')).toContainText('Thank you!');
  const html = await page.locator('iframe.print-frame').last().getAttribute('srcdoc');
  const paper = await page.context().newPage();
  await paper.setViewportSize({ width: 320, height: 600 });
  await paper.setContent(html!);
  // A page opened a moment ago may have drawn no frame yet, and Chromium then refuses the screenshot
  // ("Unable to capture screenshot", once in a CI-like run): its next frame is awaited first.
  await paper.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
  await keepScreenshot(paper, testInfo, name);
  await paper.close();
  return frame;
}
