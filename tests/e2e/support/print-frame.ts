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
  await keepScreenshot(paper, testInfo, name);
  await paper.close();
  return frame;
}
