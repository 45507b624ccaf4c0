import type { Locator } from '@playwright/test';
import { OnlineOrdersPage } from '../pages/online-orders-page.js';
import { PosPage } from '../pages/pos-page.js';
import { expectInSight } from '../support/cart-sight.js';
import { expect, test } from '../support/fixtures.js';
import { addCustomer, placeOnline } from '../support/online-orders-api.js';
import { expectNoWindowScroll } from '../support/register-sizes.js';
import { keepScreenshot } from '../support/screenshots.js';
import { wednesdayDeals } from '../support/wednesday-deals.js';

// A store of its own: its deals price this file's order only, and the order takes stock of its own.
test.use({ serviceOptions: { args: [], env: {}, own: 'hand-over-long' } });

/** Where each amount of the review's lines starts and ends, in pixels. */
const amountEdges = (list: Locator) =>
  list.getByTestId('line-money').evaluateAll((amounts) =>
    amounts.map((amount) => {
      const box = amount.getBoundingClientRect();
      return { left: box.left, right: box.right };
    }),
  );

/**
 * The discounts under the lines that begin a row of their own (they did not fit after the one
 * before), and those of them written with a leading "·" there.
 */
const rowsOpened = (list: Locator) =>
  list.locator('.line-deals').evaluateAll((lists) => {
    const opening = lists.flatMap((deals) =>
      [...deals.children].filter((deal, at, all) => {
        const before = all[at - 1];
        return before !== undefined && deal.getBoundingClientRect().top > before.getBoundingClientRect().top;
      }),
    );
    const dotted = opening.filter((deal) => getComputedStyle(deal, '::before').content.includes('·'));
    return { count: opening.length, dotted: dotted.map((deal) => deal.textContent) };
  });

test('an online order of six lines with two or three discounts each, at 1024×768: its lines scroll on their own, the totals and Take payment here stay in sight, the amounts end in one column and no row of discounts begins with "·"', async ({
  page,
  service,
  api,
}, testInfo) => {
  await wednesdayDeals(api);
  const customer = await addCustomer(api, 'Ada', 'Long');
  const edibles = (await api.products('EDIBLE', 50)).filter((product) => !product.deli).slice(0, 3);
  const prerolls = (await api.products('PREROLL', 50)).filter((product) => !product.deli).slice(0, 3);
  const order = await placeOnline(
    api,
    [...edibles, ...prerolls].map((product) => ({ productId: product.productId, quantity: 1 })),
    customer,
    { promoCodes: ['spring10'] },
  );

  await page.setViewportSize({ width: 1024, height: 768 });
  const pos = new PosPage(page);
  const queue = await OnlineOrdersPage.signIn(pos, service.url, 'handover-long-1');
  await queue.find(order.orderNumber);
  const checkout = page.locator('section.checkout');
  await expect(checkout.getByRole('heading', { name: `Online order ${order.orderNumber}` })).toBeVisible();
  const list = checkout.getByRole('list', { name: `Items of order ${order.orderNumber}` });
  await expect(list.locator(':scope > li')).toHaveCount(6);

  // The next step and what it comes to are in sight without scrolling anything.
  const pay = checkout.getByRole('button', { name: 'Take payment here' });
  const back = checkout.getByRole('button', { name: 'Back to online orders' });
  const total = checkout.getByTestId('hand-over-total');
  await expect(total).toHaveText(`$${order.total}`);
  await expectInSight([pay, back, total]);
  await expectNoWindowScroll(page, { width: 1024, height: 768 });
  // The lines scroll in their own room: the last one comes into sight there, the buttons staying put.
  expect(await list.evaluate((lines) => lines.scrollHeight > lines.clientHeight)).toBe(true);
  // Before it scrolls, a shadow at the bottom of the lines says more follow (seen on this screenshot).
  await keepScreenshot(page, testInfo, 'hand-over-long-more-below-1024x768', { fullPage: false });
  await list.locator(':scope > li').last().scrollIntoViewIfNeeded();
  await expect(list.locator(':scope > li').last()).toBeInViewport();
  await expectInSight([pay, back, total]);

  // Each amount ends where the others do, to the cent, however wide it is (they are not all as wide).
  const edges = await amountEdges(list);
  expect(edges).toHaveLength(6);
  expect(new Set(edges.map((edge) => Math.round(edge.left))).size).toBeGreaterThan(1);
  for (const { right } of edges) expect(Math.abs(right - edges[0]!.right)).toBeLessThan(1);
  // A discount too long for the row goes to the next whole; the "·" between two ends the row before.
  const opened = await rowsOpened(list);
  expect(opened.count).toBeGreaterThan(0);
  expect(opened.dotted).toEqual([]);
  await keepScreenshot(page, testInfo, 'hand-over-long-1024x768', { fullPage: false });
});
