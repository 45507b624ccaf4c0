import type { Page, Request } from '@playwright/test';

/** The page's requests for the API of the store `shortName`, as the page makes them from now on. */
export function storeRequests(page: Page, shortName: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(`/v2.0/dispensary/${shortName}`)) seen.push(request);
  });
  return seen;
}

/**
 * A minute of the page's timers run at once (the page installed `page.clock` before it loaded), then
 * a request of the test's own: every timer's request is seen before it.
 */
export async function aMinuteLater(page: Page): Promise<void> {
  await page.clock.runFor(60_000);
  const marker = page.waitForRequest((request) => request.url().endsWith('/health?after-a-minute'));
  await page.evaluate(() => fetch('/health?after-a-minute').then(() => undefined));
  await marker;
}
