import type { Locator, Page } from '@playwright/test';
import { aamvaPayload, samplePerson } from '../../support/aamva-samples.js';
import { wedgeBurst } from '../../support/aamva-wedge.js';
import type { PosPage } from '../pages/pos-page.js';
import { BackOfficePage } from '../pages/backoffice-page.js';
import { register } from '../pages/register.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { DEMO, type ServiceApi } from '../support/service-api.js';

// Deals and a loyalty programme of this file's own: no other journey's sale is priced by them.
test.use({ serviceOptions: { args: [], env: {}, own: 'cart-deals-room' } });

const CUSTOMERS = '/v2.0/dispensary/demo/customers';
const scope = (categories: string[]) => ({ productIds: [], brands: [], categories, tags: [] });

async function asManager<T>(api: ServiceApi, method: string, path: string, body?: object): Promise<T> {
  return api.call<T>(method, path, body ? JSON.stringify(body) : undefined, {
    ...DEMO.client,
    authorization: `Bearer ${await api.token('manager')}`,
    ...(body ? { 'content-type': 'application/json' } : {}),
  });
}

/** An automatic deal on every line (the edibles have their own promotion too), a promo code for all; a loyalty programme and Maria. */
async function dealsAndMaria(api: ServiceApi, idNumber: string): Promise<void> {
  const everything = scope(['EDIBLE', 'PREROLL', 'CONCENTRATE', 'TINCTURE', 'FLOWER']);
  await api.setup('POST', '/deals', { name: '10% off the lot', kind: 'percent', percent: 10, scope: everything });
  await api.setup('POST', '/deals', {
    ...{ name: 'Spring code', kind: 'percent', percent: 10, trigger: 'code', code: 'SPRING10' },
    scope: everything,
  });
  await asManager(api, 'PUT', '/v2.0/dispensary/demo/setup/store', {
    loyalty: { enabled: true, expiryMonths: 12, tiers: [{ name: 'Bronze', minPoints: 0, bonusPercent: 0 }] },
  });
  const maria = samplePerson({ idNumber });
  const { customer } = await asManager<{ customer: { id: string } }>(api, 'POST', CUSTOMERS, {
    ...{ firstName: 'Maria', lastName: 'Garcia', dateOfBirth: maria.dateOfBirth, idType: 'drivers_licence' },
    ...{
      idNumber: maria.idNumber,
      idJurisdiction: maria.jurisdiction,
      idExpiry: maria.expiry,
      customerType: 'adult_use',
    },
  });
  await asManager(api, 'POST', `${CUSTOMERS}/${customer.id}/loyalty/adjustments`, { points: 250, reason: 'Welcome' });
}

/** True when the whole of `target` lies inside `frame` (the lines' scrolling area). */
async function inside(target: Locator, frame: Locator): Promise<boolean> {
  const [box, area] = [(await target.boundingBox())!, (await frame.boundingBox())!];
  return box.y >= area.y - 0.5 && box.y + box.height <= area.y + area.height + 0.5;
}

async function linesInSight(page: Page, pos: PosPage): Promise<number> {
  const area = page.locator('.cart-body');
  await area.evaluate((element) => element.scrollTo(0, 0));
  let shown = 0;
  for (const line of await pos.cartLines.all()) if (await inside(line, area)) shown += 1;
  return shown;
}

test('with a customer, a promo code and a refused one, four lines of two or three deals each stay in sight at 1280×800, names whole, every refusal readable; the back office names the sale’s deals, code, points and refund', async ({
  page,
  service,
  api,
}, testInfo) => {
  const idNumber = `D${String(Date.now()).slice(-7)}`;
  await dealsAndMaria(api, idNumber);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { pos } = await register(page, service.url);
  await pos.openDrawer();
  for (const [sku, name] of [
    ['EDI-003', 'Dark Chocolate Sea Salt Bar'],
    ['EDI-001', 'Watermelon Gummies 10 x 10mg'],
    ['EDI-005', 'Lemon Ginger Sparkling Tonic'],
    ['CON-001', 'Live Resin Sauce Tropicana Cookies'],
    ['TIN-003', 'Nighttime CBN Tincture'],
  ] as const)
    await pos.addBySearch(sku, name);
  await pos.scanId(wedgeBurst(aamvaPayload(samplePerson({ idNumber })), 'enter-keys'));
  await page.getByRole('dialog', { name: 'ID check' }).getByRole('button', { name: 'Sell to Maria' }).click();
  await expect(page.getByTestId('sale-customer')).toHaveText('Maria Garcia');
  await pos.addPromoCode('spring10');
  await expect(pos.dealChip('SPRING10')).toContainText('Spring code: ');
  await pos.settled();

  const sizes = [
    { width: 1280, height: 800, lines: 5 },
    { width: 1024, height: 768, lines: 4 },
  ];
  for (const { width, height, lines } of sizes) {
    await page.setViewportSize({ width, height });
    await pos.settled();
    expect(await linesInSight(page, pos), `lines in sight at ${width}×${height}`).toBeGreaterThanOrEqual(lines);
    // A name that fits two lines wraps to them rather than being cut ("Dark Chocolate S…").
    const wholeNames = [
      'Dark Chocolate Sea Salt Bar',
      ...(width >= 1280 ? ['Live Resin Sauce Tropicana Cookies'] : []),
    ];
    for (const whole of wholeNames) {
      const name = pos.cartLines.filter({ hasText: whole }).locator('.name');
      expect(await name.evaluate((element) => element.scrollHeight <= element.clientHeight + 1), whole).toBe(true);
    }
    for (const target of [pos.total, ...pos.payButtons]) await expect(target).toBeInViewport({ ratio: 1 });
    await pos.screenshot(testInfo, `cart-deals-${width}x${height}`);
  }

  // A code refused: its reason is read whole, on screen, without scrolling anything.
  await page.setViewportSize({ width: 1280, height: 800 });
  await pos.addPromoCode('SPRNG10');
  const refused = pos.dealChip('SPRNG10');
  await expect(refused).toContainText('No deal has the code SPRNG10: check its spelling');
  for (const { width, height } of sizes) {
    await page.setViewportSize({ width, height });
    await pos.settled();
    await expect(refused).toBeInViewport({ ratio: 1 });
    await expect(pos.dealChip('SPRING10')).toBeInViewport({ ratio: 1 });
    for (const target of [pos.total, ...pos.payButtons]) await expect(target).toBeInViewport({ ratio: 1 });
    expect(await linesInSight(page, pos), `lines in sight at ${width}×${height} with a refusal`).toBeGreaterThanOrEqual(
      3,
    );
    await pos.screenshot(testInfo, `cart-deals-refused-${width}x${height}`);
  }
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(768);

  // Her points pay $2.50: the field says it as money. The wrong code goes; the sale is paid in cash.
  await page.setViewportSize({ width: 1280, height: 800 });
  await pos.usePoints();
  await expect(page.getByLabel('Reward dollars')).toHaveValue('2.50');
  await expect(page.getByTestId('totals-discount')).toHaveText(/^−\$\d+\.\d\d$/);
  await page.getByRole('button', { name: 'Remove code SPRNG10' }).click();
  const total = await pos.settled();
  const orderNumber = await pos.payHere();
  await pos.payCashInWidget(total);
  await pos.expectSold(orderNumber);

  // The back office: half refunded; the order says so beside "Sold", and names its deals, code and points.
  const office = new BackOfficePage(await page.context().newPage());
  await office.page.setViewportSize({ width: 1280, height: 800 });
  await office.open(service.url);
  await office.login();
  await office.show('Orders');
  await office.lookUp(orderNumber);
  const detail = office.page.locator('article.detail');
  await expect(detail.getByTestId('detail-discounts').getByRole('listitem')).toContainText([
    /^10% off the lot · deal−\$\d+\.\d\d$/,
    /^Spring code · deal−\$\d+\.\d\d$/,
    /^10% off edibles · promotion−\$4\.20$/,
  ]);
  // The code the sale kept says what it took off (the refused one was removed before the sale).
  await expect(detail.getByTestId('detail-codes')).toHaveText(/Promo code SPRING10 — \$\d+\.\d\d off \(Spring code\)$/);
  await expect(detail.getByTestId('detail-points')).toHaveText(/^Points: \d+ earned · 250 spent$/);
  const cents = Math.round(Number(total.replace(/[$,]/g, '')) * 100);
  const half = `$${(Math.floor(cents / 2) / 100).toFixed(2)}`;
  await office.page.getByRole('button', { name: /^Refund the Cash payment/ }).click();
  const dialog = office.page.getByRole('dialog', { name: 'Refund the Cash payment?' });
  await dialog.getByLabel('Amount to give back ($)').fill(half.slice(1));
  await dialog.getByLabel('Why is it refunded?').fill('Returned half');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toHaveCount(0);
  // The message says what went back; the sale is still sold (its status says so), never "refunded; … is sold".
  await expect(office.page.getByRole('status').filter({ hasText: 'is refunded' })).toHaveText(
    `${half} of the Cash payment is refunded.`,
  );
  await expect(office.detailStatus).toHaveText('Sold');
  await expect(detail.getByTestId('detail-refunded')).toHaveText(`${half} refunded`);
  await expect(detail.getByTestId('detail-refunded-amount')).toHaveText(`−${half}`);
  await expect(office.row(orderNumber).getByTestId('row-refunded')).toHaveText(`${half} refunded`);
  expect(await axeViolations(office.page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-order-refunded-1280x800');
  await office.page.setViewportSize({ width: 1024, height: 768 });
  await office.screenshot(testInfo, 'backoffice-order-refunded-1024x768');
});
