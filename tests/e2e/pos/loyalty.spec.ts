import type { Page } from '@playwright/test';
import { addMonths, expiresWords } from '../../../shared/loyalty/expiry.js';
import { aamvaPayload, samplePerson, type SamplePerson } from '../../support/aamva-samples.js';
import { wedgeBurst } from '../../support/aamva-wedge.js';
import type { PosPage } from '../pages/pos-page.js';
import { register } from '../pages/register.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { DEMO, type ServiceApi } from '../support/service-api.js';
import { oneOf, storeDay, storeDaysSince } from '../support/store-days.js';

// The store runs a loyalty programme here: a service of this file's own, so the other journeys keep
// selling with reward dollars and no customer, as a store without a programme does.
test.use({ serviceOptions: { args: [], env: {}, own: 'loyalty' } });

const CUSTOMERS = '/v2.0/dispensary/demo/customers';
/** Maria's licence: a number of its own per run, so a retry on the same service finds this run's Maria. */
const licence = (): SamplePerson => samplePerson({ idNumber: `D${String(Date.now()).slice(-7)}` });

async function asManager<T>(api: ServiceApi, method: string, path: string, body?: object): Promise<T> {
  return api.call<T>(method, path, body ? JSON.stringify(body) : undefined, {
    ...DEMO.client,
    authorization: `Bearer ${await api.token('manager')}`,
    ...(body ? { 'content-type': 'application/json' } : {}),
  });
}

/** The programme turned on (two tiers), Maria on file (her licence is the sample one) with 500 points given by hand. */
async function mariaWith500Points(api: ServiceApi, maria: SamplePerson): Promise<string> {
  await asManager(api, 'PUT', '/v2.0/dispensary/demo/setup/store', {
    loyalty: {
      enabled: true,
      expiryMonths: 12,
      tiers: [
        { name: 'Bronze', minPoints: 0, bonusPercent: 0 },
        { name: 'Silver', minPoints: 100, bonusPercent: 10 },
      ],
    },
  });
  const { customer } = await asManager<{ customer: { id: string } }>(api, 'POST', CUSTOMERS, {
    firstName: 'Maria',
    lastName: 'Garcia',
    dateOfBirth: maria.dateOfBirth,
    idType: 'drivers_licence',
    idNumber: maria.idNumber,
    idJurisdiction: maria.jurisdiction,
    idExpiry: maria.expiry,
    customerType: 'adult_use',
  });
  await asManager(api, 'POST', `${CUSTOMERS}/${customer.id}/loyalty/adjustments`, {
    points: 500,
    reason: 'Welcome points',
  });
  return customer.id;
}

const cents = (money: string) => Math.round(Number(money.replace(/[$,]/g, '')) * 100);
const money = (amount: number) => `$${(amount / 100).toFixed(2)}`;

/** One Blue Dream (flower, by Humboldt Hills: not the pre-roll) on the sale. */
async function ringFlower(pos: PosPage): Promise<void> {
  await pos.search.fill('Blue Dream');
  await pos.results.filter({ hasText: 'Humboldt Hills' }).first().click();
  await expect(pos.cartLines.filter({ hasText: 'Blue Dream' })).toBeVisible();
}

/** Maria on the sale: her licence scanned, found on file, sold to. */
async function findMaria(pos: PosPage, maria: SamplePerson): Promise<void> {
  await pos.scanId(wedgeBurst(aamvaPayload(maria), 'enter-keys'));
  const dialog = pos.page.getByRole('dialog', { name: 'ID check' });
  await dialog.getByRole('button', { name: 'Sell to Maria' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(pos.page.getByTestId('sale-customer')).toHaveText('Maria Garcia');
}

/**
 * The refusal of the reward dollars takes the whole width of the customer's panel, under its row:
 * three lines at most, so the cart keeps the room of its lines.
 */
async function expectRefusalLow(page: Page, pos: PosPage, at: string): Promise<void> {
  const row = (await page.locator('.allowance .spend').boundingBox())!;
  const { width, height, line } = await pos.rewardRefusal.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    // "normal" line height: about 1.2 times the font's size.
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
    return { width: box.width, height: box.height, line };
  });
  expect(width, `the refusal as wide as the panel's row at ${at}`).toBeGreaterThan(row.width * 0.95);
  expect(height / line, `lines of the refusal at ${at}`).toBeLessThanOrEqual(3.05);
}

test('a customer pays with her points, sees what the sale earned, and is refused more than her balance in words', async ({
  page,
  service,
  api,
}, testInfo) => {
  const began = storeDay();
  const maria = licence();
  const mariaId = await mariaWith500Points(api, maria);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { pos, display } = await register(page, service.url);
  await display.page.setViewportSize({ width: 1920, height: 1080 });
  await pos.openDrawer();

  // Her points beside her name; the display shows her first name and points, never more.
  await ringFlower(pos);
  await findMaria(pos, maria);
  await expect(pos.pointsBalance).toHaveText('500 points ($5.00)');
  // Her reward dollars are beside her balance now, with "Details" for her contact details.
  await expect(page.getByRole('button', { name: 'Contact details' })).toBeVisible();
  await expect(page.getByText('Customer and reward dollars')).toHaveCount(0);
  // Points given by hand reach no tier: only points earned do.
  await expect(page.getByTestId('points-tier')).toHaveText('· Bronze — 100 points to Silver');
  await expect(display.points).toHaveText('500 points');
  // Unused for 12 months, her points expire: a year from the day they were given, in the store's days.
  const expiries = storeDaysSince(began).map((day) => `· ${expiresWords(addMonths(day, 12))}`);
  await expect(page.getByTestId('points-expiry')).toHaveText(oneOf(expiries));
  await expect(display.page.locator('body')).not.toContainText('Garcia');
  const before = cents(await pos.settled());
  expect(await axeViolations(page)).toEqual([]);
  await pos.screenshot(testInfo, 'loyalty-points-1280');
  await display.screenshot(testInfo, 'loyalty-display-1920');

  // Use points: the balance covers $5.00 (or the whole total, if less); the field keeps it, editable.
  const after = cents(await pos.usePoints());
  const used = Math.min(500, before);
  expect(after).toBe(before - used);
  await expect(page.getByLabel('Reward dollars')).toHaveValue((used / 100).toFixed(2));
  await expect(page.getByLabel('Reward dollars')).toBeEnabled();
  await expect(display.total).toHaveText(money(after));
  // While her points pay, the register and the display say the balance the sale leaves (100 points a dollar).
  await expect(pos.pointsBalance).toHaveText(`${500 - used} points left after this sale`);
  await expect(page.getByTestId('points-uses')).toHaveText(`· uses ${used} of 500`);
  await expect(display.points).toHaveText(`${500 - used} points left after this sale`);
  await pos.screenshot(testInfo, 'loyalty-points-left-1280');
  await display.screenshot(testInfo, 'loyalty-display-left-1920');

  const orderNumber = await pos.payHere();
  const change = await pos.payCashInWidget(money(after));
  await pos.expectSold(orderNumber, change);
  const { loyalty } = await asManager<{ loyalty: { points: number } }>(api, 'GET', `${CUSTOMERS}/${mariaId}/loyalty`);
  const balance = loyalty.points;
  await expect(pos.pointsEarned).toHaveText(
    `Maria earned ${balance} point${balance === 1 ? '' : 's'} · balance ${balance.toLocaleString('en-US')}`,
  );
  // The display thanks her with what the sale earned: all of her balance, her 500 spent on it.
  await display.expectThanks(orderNumber);
  await expect(display.thanksPoints).toHaveText(`You earned ${balance} point${balance === 1 ? '' : 's'}`);
  await display.screenshot(testInfo, 'loyalty-thanks-1920');
  // Paid, the reward dollars she spent read as words under her name and points: no field, no button.
  const cart = page.getByRole('region', { name: 'Cart' });
  const sold = cart.getByRole('group', { name: `Customer and reward dollars of order ${orderNumber}` });
  await expect(sold.locator('dt')).toHaveText(['Reward dollars']);
  await expect(sold.locator('dd')).toHaveText([money(used)]);
  await expect(cart.getByRole('textbox', { name: 'Reward dollars' })).toHaveCount(0);
  await expect(cart.getByRole('button')).toHaveCount(0);
  await expect(page.getByTestId('sale-customer')).toHaveText('Maria Garcia');
  await pos.screenshot(testInfo, 'loyalty-earned-1280');

  // A new sale: without her named, Reward dollars wait for her; then more than her balance is refused in words.
  await pos.newSale();
  await ringFlower(pos);
  await page.getByText('Customer and reward dollars').click();
  await expect(page.getByLabel('Reward dollars')).toBeDisabled();
  await expect(page.getByTestId('reward-why')).toHaveText('Find the customer to pay with their points.');
  await pos.screenshot(testInfo, 'loyalty-no-customer-1280');
  await findMaria(pos, maria);
  // Her points arrive after her name: only then is Reward dollars beside her balance, not in the panel.
  await expect(pos.pointsBalance).toContainText(`${balance.toLocaleString('en-US')} point`);
  const total = cents(await pos.settled());
  const asked = balance + 100;
  await pos.typeRewardDollars((asked / 100).toFixed(2));
  // The refusal reads as a sentence: the field's label, never its API name.
  await expect(pos.rewardRefusal).toHaveText(
    `Reward dollars of ${money(asked)} need ${asked.toLocaleString('en-US')} points; ` +
      `Maria has ${balance} point${balance === 1 ? '' : 's'} (${money(balance)} in reward dollars). ` +
      'The total is without them.',
  );
  await expect(page.getByLabel('Reward dollars')).toHaveValue((asked / 100).toFixed(2));
  // Neither screen takes them off: the totals are the ones the sale is charged.
  expect(cents(await pos.settled())).toBe(total);
  await expect(display.total).toHaveText(money(total));
  await pos.screenshot(testInfo, 'loyalty-refused-1280');
  // More than the sale comes to: the words name what was typed, and the part of it the sale takes.
  expect(total).toBeGreaterThan(balance);
  await pos.typeRewardDollars('999.00');
  await expect(pos.rewardRefusal).toHaveText(
    `Reward dollars of $999.00 (this sale takes ${money(total)} of them) need ${total.toLocaleString('en-US')} points; ` +
      `Maria has ${balance} point${balance === 1 ? '' : 's'} (${money(balance)} in reward dollars). ` +
      'The total is without them.',
  );
  await expectRefusalLow(page, pos, '1280x800');
  await pos.screenshot(testInfo, 'loyalty-refused-over-1280');
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(pos.rewardRefusal).toBeInViewport();
  await expectRefusalLow(page, pos, '1024x768');
  await pos.screenshot(testInfo, 'loyalty-refused-1024');
});

test('points that cover the whole sale end it at once: nothing to pay, the display thanks her', async ({
  page,
  service,
  api,
}, testInfo) => {
  const maria = licence();
  const mariaId = await mariaWith500Points(api, maria);
  await asManager(api, 'POST', `${CUSTOMERS}/${mariaId}/loyalty/adjustments`, {
    points: 20_000,
    reason: 'Anniversary points',
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  const { pos, display } = await register(page, service.url);
  await pos.openDrawer();
  await ringFlower(pos);
  await findMaria(pos, maria);
  const before = cents(await pos.settled());
  expect(cents(await pos.usePoints())).toBe(0);
  await expect(page.getByLabel('Reward dollars')).toHaveValue((before / 100).toString());

  // Paid as it is made: no payment widget, the sale's result at once, and the display's thanks.
  await page.getByRole('button', { name: 'Take payment here' }).click();
  await expect(page.getByTestId('result-status')).toHaveText('Sold');
  const orderNumber = (await page.getByTestId('result-order-number').textContent())!;
  // No cash changed hands: the done screen says nothing of change.
  await expect(page.getByTestId('change-due')).toHaveCount(0);
  await display.expectThanks(orderNumber);
  const { loyalty } = await asManager<{ loyalty: { points: number } }>(api, 'GET', `${CUSTOMERS}/${mariaId}/loyalty`);
  expect(loyalty.points).toBe(20_500 - before);
  await pos.screenshot(testInfo, 'loyalty-all-points-1280');
});

test('reward dollars typed past what the sale comes to: the field says only that much is used, whole at 1024×768', async ({
  page,
  service,
  api,
}, testInfo) => {
  const maria = licence();
  await mariaWith500Points(api, maria);
  await page.setViewportSize({ width: 1024, height: 768 });
  const { pos } = await register(page, service.url);
  await pos.openDrawer();
  // One pack of rolling papers: a sale of a few dollars, less than her balance covers.
  await pos.search.fill('Rolling Papers');
  await pos.results.first().click();
  await expect(pos.cartLines).toHaveCount(1);
  await findMaria(pos, maria);
  const total = cents(await pos.settled());
  expect(total).toBeLessThan(500);

  await pos.typeRewardDollars('50.00');
  const capped = page.getByTestId('reward-capped');
  await expect(capped).toHaveText(`Only ${money(total)} can be used on this sale: all it comes to.`);
  expect(cents(await pos.settled())).toBe(0);
  // Not a refusal: what the sale takes is taken, and the field is described by the words.
  await expect(pos.rewardRefusal).toHaveCount(0);
  await expect(page.getByLabel('Reward dollars')).toHaveAttribute('aria-describedby', 'reward-capped');
  await expect(pos.pointsBalance).toHaveText(`${500 - total} points left after this sale`);
  // The words whole: in sight, on the panel's own row under the field, cut by nothing.
  await expect(capped).toBeInViewport({ ratio: 1 });
  const row = (await page.locator('.allowance .spend').boundingBox())!;
  const { width, cut } = await capped.evaluate((element) => ({
    width: element.getBoundingClientRect().width,
    cut: element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
  }));
  expect(width).toBeGreaterThan(row.width * 0.95);
  expect(cut).toBe(false);
  // Her points' row: each part of its words in sight is whole (a part that does not fit goes under
  // the row, out of sight, never cut short with …); all of them are in its title.
  const balance = page.getByTestId('customer-points');
  const parts = await pos.pointsRowParts();
  expect(parts[0]).toEqual({
    words: `${500 - total} points left after this sale`,
    inRow: true,
    whole: true,
    underRow: false,
  });
  for (const part of parts) expect(part.inRow ? part.whole : part.underRow, part.words).toBe(true);
  await expect(balance).toHaveAttribute(
    'title',
    new RegExp(`^${500 - total} points left after this sale · uses ${total} of 500 · `),
  );
  await pos.screenshot(testInfo, 'loyalty-reward-capped-1024');

  // What the sale comes to, typed: the words go.
  await pos.typeRewardDollars((total / 100).toFixed(2));
  await expect(capped).toHaveCount(0);
  expect(cents(await pos.settled())).toBe(0);
});
