import type { Locator, Page } from '@playwright/test';
import { aamvaPayload, samplePerson, type SamplePerson } from '../../support/aamva-samples.js';
import { wedgeBurst } from '../../support/aamva-wedge.js';
import { register } from '../pages/register.js';
import { expect, test } from '../support/fixtures.js';
import { DEMO, type ServiceApi } from '../support/service-api.js';

// The store runs a loyalty programme (README "Loyalty"), on loyalty.spec.ts's service: the other
// journeys keep selling with reward dollars and no customer, as a store without a programme does.
test.use({ serviceOptions: { args: [], env: {}, own: 'loyalty' } });

const CUSTOMERS = '/v2.0/dispensary/demo/customers';
const cents = (money: string) => Math.round(Number(money.replace(/[$,]/g, '')) * 100);
const money = (amount: number) => `$${(amount / 100).toFixed(2)}`;

async function asManager<T>(api: ServiceApi, method: string, path: string, body?: object): Promise<T> {
  return api.call<T>(method, path, body ? JSON.stringify(body) : undefined, {
    ...DEMO.client,
    authorization: `Bearer ${await api.token('manager')}`,
    ...(body ? { 'content-type': 'application/json' } : {}),
  });
}

/** A customer on file (their licence of this run's own number) with `points` given by hand. */
async function onFile(api: ServiceApi, person: SamplePerson, points: number): Promise<void> {
  const name = (text: string) => text.charAt(0) + text.slice(1).toLowerCase();
  const { customer } = await asManager<{ customer: { id: string } }>(api, 'POST', CUSTOMERS, {
    firstName: name(person.firstName),
    lastName: name(person.lastName),
    dateOfBirth: person.dateOfBirth,
    idType: 'drivers_licence',
    idNumber: person.idNumber,
    idJurisdiction: person.jurisdiction,
    idExpiry: person.expiry,
    customerType: 'adult_use',
  });
  await asManager(api, 'POST', `${CUSTOMERS}/${customer.id}/loyalty/adjustments`, { points, reason: 'Welcome' });
}

/** The one message beside Reward dollars, in the customer's panel: never two written over each other. */
const rewardWords = (page: Page): Locator => page.locator('.allowance .spend .field-error');

/** The message takes the panel's width under its row, whole, and in sight: at most three lines. */
async function expectReadable(page: Page, at: string): Promise<void> {
  await expect(rewardWords(page)).toHaveCount(1);
  await expect(rewardWords(page)).toBeInViewport({ ratio: 1 });
  const row = (await page.locator('.allowance .spend').boundingBox())!;
  const { width, lines } = await rewardWords(page).evaluate((element) => {
    const style = getComputedStyle(element);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
    return { width: element.getBoundingClientRect().width, lines: element.getBoundingClientRect().height / line };
  });
  expect(width, `the message as wide as the panel at ${at}`).toBeGreaterThan(row.width * 0.95);
  expect(lines, `lines of the message at ${at}`).toBeLessThanOrEqual(3.05);
}

test("changing the customer: the display greets Sam with his points and his total, never Maria's", async ({
  page,
  service,
  api,
}, testInfo) => {
  const run = String(Date.now()).slice(-7);
  const maria = samplePerson({ idNumber: `D${run}` });
  const sam = samplePerson({ firstName: 'SAM', middleName: '', lastName: 'LEE', sex: 'male', idNumber: `S${run}` });
  await asManager(api, 'PUT', '/v2.0/dispensary/demo/setup/store', { loyalty: { enabled: true } });
  await onFile(api, maria, 903);
  await onFile(api, sam, 97);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { pos, display } = await register(page, service.url);
  await display.page.setViewportSize({ width: 1280, height: 800 });
  await pos.openDrawer();
  const reward = page.getByLabel('Reward dollars');

  // Wedding Cake to Maria, her points paying what they cover.
  await pos.addBySearch('Wedding Cake', 'Wedding Cake');
  await pos.scanId(wedgeBurst(aamvaPayload(maria), 'enter-keys'));
  await page.getByRole('dialog', { name: 'ID check' }).getByRole('button', { name: 'Sell to Maria' }).click();
  await expect(pos.pointsBalance).toHaveText('903 points ($9.03)');
  const total = cents(await pos.settled());
  const used = Math.min(903, total);
  expect(cents(await pos.usePoints())).toBe(total - used);
  await expect(display.page.getByRole('heading', { name: 'Hi Maria, your order' })).toBeVisible();
  await expect(display.total).toHaveText(money(total - used));

  // "Change": Sam, found by his ID number, takes the sale.
  await page.getByRole('button', { name: 'Change customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'ID check' });
  await dialog.getByLabel('Name, phone or ID number').fill(sam.idNumber);
  await dialog.getByRole('button', { name: /^Sam Lee/ }).click();
  await dialog.getByRole('button', { name: 'Sell to Sam' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('sale-customer')).toHaveText('Sam Lee');

  // Maria's reward dollars went with her: nothing refused, and the total is what Sam pays.
  await expect(pos.pointsBalance).toHaveText('97 points ($0.97)');
  await expect(reward).toHaveValue('');
  await expect(rewardWords(page)).toHaveCount(0);
  expect(await pos.settled()).toBe(money(total));
  await expect(display.page.getByRole('heading', { name: 'Hi Sam, your order' })).toBeVisible();
  await expect(display.points).toHaveText('97 points');
  await expect(display.total).toHaveText(money(total));
  await expect(display.page.locator('body')).not.toContainText('Maria');
  await expect(display.page.locator('body')).not.toContainText(money(total - used));
  await pos.screenshot(testInfo, 'customer-changed-pos-1280');
  await display.screenshot(testInfo, 'customer-changed-display-1280');

  // More than his points cover: refused in words, and neither screen takes it off the total.
  await pos.typeRewardDollars('10');
  await expect(pos.rewardRefusal).toHaveText(
    'Reward dollars of $10.00 need 1,000 points; Sam has 97 points ($0.97 in reward dollars). The total is without them.',
  );
  expect(await pos.settled()).toBe(money(total));
  await expect(display.total).toHaveText(money(total));
  await expect(display.points).toHaveText('97 points');
  await pos.screenshot(testInfo, 'reward-refused-pos-1280');
  await display.screenshot(testInfo, 'reward-refused-display-1280');

  // Then a third decimal: its refusal takes the place of the first, and no refused amount "stays".
  await reward.fill('1.234');
  const typed = 'Reward dollars must be a number with at most 2 decimals. The total is without reward dollars.';
  await expect(rewardWords(page)).toHaveText(typed);
  await expectReadable(page, '1280x800');
  await pos.screenshot(testInfo, 'reward-typed-refused-1280');
  await reward.press('Tab');
  await expect(rewardWords(page)).toHaveText(typed);
  await expect(reward).toHaveValue('');
  await page.setViewportSize({ width: 1024, height: 768 });
  await expectReadable(page, '1024x768');
  await pos.screenshot(testInfo, 'reward-typed-refused-1024');

  // Taken at the total both screens show.
  expect(await pos.settled()).toBe(money(total));
  const orderNumber = await pos.payHere();
  const change = await pos.payCashInWidget(money(total));
  await pos.expectSold(orderNumber, change);
  await display.expectThanks(orderNumber);
});
