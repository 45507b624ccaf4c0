import type { Ticket } from '../../../shared/contracts/ticket.js';
import { BackOfficePage } from '../pages/backoffice-page.js';
import { axeViolations } from '../support/axe.js';
import { keepScreenshot } from '../support/screenshots.js';
import { expect, test } from '../support/fixtures.js';
import { DEMO } from '../support/service-api.js';

// A store of its own: its deals price no other file's sales.
test.use({ serviceOptions: { args: [], env: {}, own: 'order-codes' } });

const scope = (over: object) => ({ productIds: [], brands: [], categories: [], tags: [], ...over });

test("an order's promo codes: the one that took something off says how much and by which deal, the others that they did not apply", async ({
  page,
  service,
  api,
}, testInfo) => {
  const preRoll = (await api.products('PREROLL', 40)).find((product) => !product.deli)!;
  const code = { kind: 'percent', trigger: 'code' } as const;
  const { deal: spring } = await api.setup<{ deal: { id: string } }>('POST', '/deals', {
    ...code,
    name: 'Spring 20 %',
    percent: 20,
    code: 'SPRING20',
    scope: scope({ productIds: [preRoll.productId] }),
  });
  await api.setup('POST', '/deals', {
    ...code,
    name: 'Edibles 10 %',
    percent: 10,
    code: 'EDIBLE10',
    scope: scope({ categories: ['EDIBLE'] }),
  });
  const headers = { ...DEMO.client, authorization: `Bearer ${await api.token('cashier')}` };
  const body = { type: 'PICKUP', items: [{ productId: preRoll.productId, quantity: 2 }] };
  const sale = await api.call<Ticket>(
    'POST',
    '/v2.0/dispensary/demo/ecommerce/ticket',
    JSON.stringify({ ...body, promoCodes: ['spring20', 'welcome', 'edible10'] }),
    { ...headers, 'content-type': 'application/json' },
  );
  const off = sale.deals.find((deal) => deal.name === 'Spring 20 %')!.amount;

  const office = await BackOfficePage.openOrder(page, service.url, sale.orderNumber);
  const codes = page.getByRole('list', { name: 'Promo codes' }).getByRole('listitem');
  await expect(codes).toHaveText([
    `Promo code SPRING20 — $${off} off (Spring 20 %)`,
    'Promo code WELCOME — did not apply',
    'Promo code EDIBLE10 — did not apply',
  ]);
  // What the code took off is the deal's among the discounts, said once there with its amount.
  await expect(page.getByTestId('detail-discounts').getByRole('listitem')).toHaveText([`Spring 20 % · deal−$${off}`]);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('heading', { name: 'Discounts and points' }).scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'backoffice-order-codes-1280x800', { fullPage: false });
  await office.screenshot(testInfo, 'backoffice-order-codes-1280-full');

  // Its deal archived (its code freed): either code that names no deal now may have unlocked it, so
  // neither is said to have applied or not; EDIBLE10's deal is unchanged and still took nothing.
  const manager = { authorization: `Bearer ${await api.token('manager')}` };
  await api.call('DELETE', `/v2.0/dispensary/demo/setup/deals/${spring.id}`, undefined, manager);
  await office.lookUp(sale.orderNumber);
  const unknown = 'not known: Spring 20 % may have been its deal (archived or changed since this sale)';
  await expect(codes).toHaveText([
    `Promo code SPRING20 — ${unknown}`,
    `Promo code WELCOME — ${unknown}`,
    'Promo code EDIBLE10 — did not apply',
  ]);
  await keepScreenshot(page, testInfo, 'backoffice-order-codes-archived-1280x800', { fullPage: false });
});
