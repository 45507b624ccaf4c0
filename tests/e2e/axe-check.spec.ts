import { expect, test, type Page } from '@playwright/test';
import { axeViolations, seriousViolations } from './support/axe.js';

/**
 * The accessibility check every journey leans on (support/axe.ts) finds what it must: a violation
 * in the page, in a frame of the page's origin and in a frame of another origin (the payment
 * widget's frame inside an integrator's page), only inside the part it is asked about, and again
 * after a navigation. Pages served by the browser's routing, on two made-up origins.
 */
const SHOP = 'http://shop.axe-check.test';
const WIDGET = 'http://widget.axe-check.test';

const html = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Axe check</title></head><body><main>${body}</main></body></html>`;

async function serve(page: Page, pages: Record<string, string>): Promise<void> {
  await page.route(/axe-check\.test/, (route) => {
    const body = pages[new URL(route.request().url()).origin + new URL(route.request().url()).pathname];
    return body === undefined
      ? route.fulfill({ status: 404, body: 'not here' })
      : route.fulfill({ contentType: 'text/html', body });
  });
}

const unlabelled = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="no-alt">';

test('finds violations in the page and in its frames of either origin, only where it is asked', async ({ page }) => {
  await serve(page, {
    [`${SHOP}/`]: html(
      `<h1>Shop</h1><div id="cart">${unlabelled}</div>` +
        `<div id="own"><iframe title="Own" src="${SHOP}/own"></iframe></div>` +
        `<div id="widget"><iframe title="Widget" src="${WIDGET}/pay"></iframe></div>`,
    ),
    [`${SHOP}/own`]: html(`<h1>Own</h1><button id="empty"></button>`),
    [`${WIDGET}/pay`]: html(`<h1>Pay</h1><input id="card">`),
    [`${SHOP}/clean`]: html(`<h1>Clean</h1><p>Nothing wrong here.</p>`),
  });
  await page.goto(`${SHOP}/`);
  await expect(page.frameLocator('iframe[title="Widget"]').locator('#card')).toBeVisible();
  await expect(page.frameLocator('iframe[title="Own"]').locator('#empty')).toBeAttached();

  const all = await axeViolations(page);
  expect(all.find((v) => v.includes('image-alt'))).toContain('#no-alt');
  expect(all.find((v) => v.includes('button-name'))).toContain('#empty');
  expect(all.find((v) => v.includes(': label:'))).toContain('#card');

  // Inside the widget's element only: the frame of the other origin, nothing of the page.
  const widget = await seriousViolations(page, '#widget');
  expect(widget).toHaveLength(1);
  expect(widget[0]).toMatch(/^label: .*#card/);
  expect(await seriousViolations(page, '#own')).toEqual([expect.stringMatching(/^button-name: .*#empty/)]);

  // A navigation drops axe from the page: it is put back, and a clean page has none.
  await page.goto(`${SHOP}/clean`);
  expect(await axeViolations(page)).toEqual([]);
});
