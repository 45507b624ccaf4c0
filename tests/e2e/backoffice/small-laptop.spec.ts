import { writeFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { BackOfficePage } from '../pages/backoffice-page.js';
import { ReceivingPage } from '../pages/receiving-page.js';
import { ReportsPage } from '../pages/reports-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { keepScreenshot } from '../support/screenshots.js';
import { orderEndingIn, payInCash } from './orders-for-test.js';

// The back office on a small laptop (1024 × 768, tests/e2e/support/back-office-sizes.ts): the
// orders' status beside an open order, the audit trail, a delivery's packages and a wide report each
// whole on the screen (or in a box of its own that scrolls), nothing cut and no page scrolled sideways. It sells, refunds and changes stock: a service
// of its own.
test.use({ serviceOptions: { args: [], env: {}, own: 'small-laptop' } });

const SMALL = { width: 1024, height: 768 };
const BLUE_DREAM = '1A4060300003D12000000001';
const PURPLE_PUNCH = '1A4060300003D12000000002';

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
}
/** `inner` lies whole within `outer`'s box, left to right. */
async function expectWithin(inner: Locator, outer: Locator): Promise<void> {
  const a = (await inner.boundingBox())!;
  const b = (await outer.boundingBox())!;
  expect(a.x).toBeGreaterThanOrEqual(b.x - 0.5);
  expect(a.x + a.width).toBeLessThanOrEqual(b.x + b.width + 0.5);
}

test('orders at 1024 × 768: the list’s status badges stay whole beside an open order', async ({
  page,
  service,
  api,
}, testInfo) => {
  const sale = await orderEndingIn(api, 26, 1);
  await payInCash(api, sale);
  const waiting = await orderEndingIn(api, 27, 0);
  const office = new BackOfficePage(page);
  await page.setViewportSize(SMALL);
  await office.open(service.url);
  await office.login();
  await office.show('Orders');
  await office.lookUp(sale.orderNumber);
  await page.getByRole('button', { name: /^Refund the Cash payment/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund the Cash payment?' });
  await dialog.getByLabel('Amount to give back ($)').fill('5.00');
  await dialog.getByLabel('Why is it refunded?').fill('One can was dented');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toHaveCount(0);

  const refunded = office.row(sale.orderNumber).getByTestId('row-refunded');
  await expect(refunded).toHaveText('$5.00 refunded');
  const awaiting = office.row(waiting.orderNumber).getByText('Awaiting payment');
  const detail = page.locator('.orders-split > article');
  await expect(detail).toBeVisible();
  const left = (await detail.boundingBox())!.x;
  for (const badge of [refunded, awaiting]) {
    await badge.scrollIntoViewIfNeeded();
    await expect(badge).toBeInViewport({ ratio: 1 });
    const box = (await badge.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(left);
  }
  await expectWithin(office.row(sale.orderNumber), page.locator('.orders-split > div').first());
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, testInfo, 'orders-open-1024x768', { fullPage: false });

  // The online orders beside an open one: every heading whole, the queue clear of the order.
  await office.showOrders('Online orders');
  await office.row(waiting.orderNumber).getByRole('button', { name: waiting.orderNumber }).click();
  await expect(office.detailStatus).toBeVisible();
  const queue = page.locator('.pickup-queue table').first();
  for (const heading of await queue.locator('th').all()) {
    expect(await heading.evaluate((cell) => cell.scrollWidth - cell.clientWidth)).toBeLessThanOrEqual(0);
  }
  const queueBox = (await queue.boundingBox())!;
  expect(queueBox.x + queueBox.width).toBeLessThanOrEqual((await detail.boundingBox())!.x);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'online-orders-open-1024x768', { fullPage: false });
});

test('the audit trail at 1024 × 768: every column within the screen, a package’s tag whole in Why', async ({
  page,
  service,
  api,
}, testInfo) => {
  // A note quoting two tags with no space between them: a word wider than a column can be.
  const note = `Jar cracked; shelf label read ${BLUE_DREAM}/${PURPLE_PUNCH}`;
  await api.setup('POST', '/inventory/adjustments', { package: BLUE_DREAM, delta: -1, reason: 'damage', note });
  await api.setup('POST', '/inventory/moves', { package: PURPLE_PUNCH, room: 'vault', note: 'Recall hold' });
  const office = new BackOfficePage(page);
  await page.setViewportSize(SMALL);
  await office.open(service.url);
  await office.login();
  await office.show('Audit trail');
  const table = page.getByTestId('audit-table');
  const adjusted = table.locator('tr[data-action="stock_adjusted"]').last();
  await expect(adjusted).toContainText(note);
  await expect(table.locator('tr[data-action="package_moved"]')).toContainText('Recall hold');
  await expectWithin(table, page.locator('section[aria-labelledby="audit-title"]'));
  const why = adjusted.locator('td').last();
  await expect(why).toBeInViewport({ ratio: 1 });
  // The tag keeps to one line: it is not broken where a line could hold it whole.
  const tagLines = await why.evaluate((cell, tag) => {
    const text = cell.firstChild!;
    const at = text.textContent!.indexOf(tag);
    const range = document.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + tag.length);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  }, BLUE_DREAM);
  expect(tagLines).toBe(1);
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, testInfo, 'audit-trail-1024x768');
});

test('top products compared at 1024 × 768: the table scrolls sideways on its own, the page never', async ({
  page,
  service,
  api,
}, testInfo) => {
  // A month of sales of many products, some sold many times over: wide figures, long names.
  for (const type of ['FLOWER', 'EDIBLE', 'VAPE']) {
    const items = (await api.products(type))
      .filter((product) => !product.deli)
      .map((product) => ({ productId: product.productId, quantity: Math.min(6, product.quantityAvailable) }));
    await payInCash(api, await api.createTicket(items));
  }
  const office = new BackOfficePage(page);
  const reports = new ReportsPage(page);
  await page.setViewportSize(SMALL);
  await office.open(service.url);
  await office.login();
  await reports.show();
  await reports.choose('Top products');
  await reports.range('Last 30 days');
  await reports.compare();
  await expect(reports.table.locator('thead')).toContainText('Net, previous period');
  // Its ten columns are wider than the screen: the table's own box scrolls…
  const wrap = page.locator('.report-table-wrap');
  expect(await wrap.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeGreaterThan(0);
  // …and the words read out for each change (hidden from sight) stay inside it.
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, testInfo, 'top-products-compared-1024x768');

  // On paper nothing scrolls: printed, every column is on the page, the comparison's too. Chromium lays
  // a Letter page out 984 px wide to print it (7.4 in at 96 px an inch, × its shrink-to-fit 1.33).
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 984, height: 768 });
  expect(await wrap.evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0);
  const change = reports.table.locator('thead th').last();
  await expect(change).toHaveText('Change');
  expect((await change.boundingBox())!.x + (await change.boundingBox())!.width).toBeLessThanOrEqual(984);
  await keepScreenshot(page, testInfo, 'top-products-compared-printed');
  await page.emulateMedia({ media: 'screen' });
});

test('a delivery at 1024 × 768: each product’s choice says whole which product and how likely; its expiry reads as Packages says it', async ({
  page,
  service,
}, testInfo) => {
  const tag = '1A4FF0100000022000000951';
  const file = testInfo.outputPath('long-name.csv');
  writeFileSync(
    file,
    [
      '# Manifest: 0009900951',
      '# Shipper licence: C11-0000123-LIC',
      'Package Label,Item Name,Category,Strain,Shipped Qty,UOM,Received Qty,Wholesale Price,Packaged Date,Expiration Date,THC %',
      `${tag},Sour Blueberry Sleep Gummies (CBN) 100mg,Edible,,10,Each,10,$120.00,2026-11-02,2027-06-30,`,
    ].join('\n'),
  );
  const office = new BackOfficePage(page);
  const receiving = new ReceivingPage(page);
  await page.setViewportSize(SMALL);
  await office.open(service.url);
  await office.login();
  await office.show('Products');
  await receiving.show();
  await receiving.choose(file);
  const chosen = 'Sour Blueberry Sleep Gummies (CBN) (EDI-002): likely';
  await expect(receiving.chosen(tag)).toHaveText(chosen);
  // The words the select shows fit in it: measured in its own font, against its width less its padding and arrow.
  const product = receiving.row(tag).locator('select[data-control="product"]');
  const room = await product.evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = context.measureText(select.selectedOptions[0]!.text).width;
    const inner = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    // Chromium draws the arrow inside the padding box: about 1.5 em.
    return inner - parseFloat(style.fontSize) * 1.5 - text;
  });
  expect(room).toBeGreaterThan(0);
  // What was shipped goes under the package at this width, its expiry in words.
  await expect(receiving.row(tag).getByTestId('shipped-facts')).toHaveText(
    /^Shipped 10 units · wholesale \$120\.00 · expires Jun 30(, 2027)?$/,
  );
  await expect(page.getByRole('columnheader', { name: 'Expires' })).toBeHidden();
  await expectWithin(receiving.row(tag), page.locator('.receive-table-pane'));
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, testInfo, 'receiving-1024x768', { fullPage: false });
  // On a wider screen, its own column: Jun 30, 2027.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(receiving.row(tag).locator('time[datetime="2027-06-30"]')).toHaveText(/^Jun 30(, 2027)?$/);
  await expect(receiving.row(tag).getByTestId('shipped-facts')).toBeHidden();
  await keepScreenshot(page, testInfo, 'receiving-1280x800', { fullPage: false });
});
