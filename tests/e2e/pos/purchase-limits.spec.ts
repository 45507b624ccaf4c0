import type { Page } from '@playwright/test';
import { aamvaPayload, samplePerson } from '../../support/aamva-samples.js';
import { wedgeBurst } from '../../support/aamva-wedge.js';
import { PosPage } from '../pages/pos-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { DEMO, type ServiceApi } from '../support/service-api.js';

// A store set to California's rules (us-ca). This file has its own service (the option below), so the
// profile it sets never reaches the other journeys, which sell on the demo store's no-profile rules.
test.use({ serviceOptions: { args: ['--log-level', 'warn'], env: {} } });

const CUSTOMERS = '/v2.0/dispensary/demo/customers';
const FLOWER = 'Blue Dream';
const year = new Date().getUTCFullYear();

async function asManager(api: ServiceApi, method: string, path: string, body: object) {
  return api.call<Record<string, unknown>>(method, path, JSON.stringify(body), {
    ...DEMO.client,
    authorization: `Bearer ${await api.token('manager')}`,
    'content-type': 'application/json',
  });
}

/** The demo store enforces California's rules; Maria is on file and bought 4 jars (14 g) earlier today. */
async function californiaStore(api: ServiceApi): Promise<{ maria: string; flower: string }> {
  await asManager(api, 'PUT', '/v2.0/dispensary/demo/setup/store', { complianceProfile: 'us-ca' });
  const { customer } = (await asManager(api, 'POST', CUSTOMERS, {
    firstName: 'Maria',
    lastName: 'Garcia',
    dateOfBirth: '1990-04-12',
    idType: 'drivers_licence',
    idNumber: 'D5550134',
    idJurisdiction: 'CA',
    idExpiry: `${year + 4}-04-12`,
    customerType: 'adult_use',
    phone: '(916) 555-0134',
  })) as { customer: { id: string } };
  const flower = (await api.products('FLOWER', 50)).find((product) => product.name === FLOWER)!;
  await sell(api, customer.id, flower.productId, 4);
  return { maria: customer.id, flower: flower.productId };
}

/** A sale through the ticket API, as another register or the online store makes it. */
async function sell(api: ServiceApi, customerId: string, productId: string, quantity: number): Promise<void> {
  await asManager(api, 'POST', '/v2.0/dispensary/demo/ecommerce/ticket', {
    type: 'PICKUP',
    items: [{ productId, quantity }],
    customerId,
  });
}

const tile = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Products' }).getByRole('button').filter({ hasText: name }).first();

// Set before the first test, on the file's service (a test fixture: `beforeAll` has only the worker's).
let store: { maria: string; flower: string };
let storeReady: Promise<{ maria: string; flower: string }> | undefined;
test.beforeEach(async ({ api }) => {
  storeReady ??= californiaStore(api);
  store = await storeReady;
});

test('a cannabis sale needs a checked customer; found by phone, the cart stops at the limit', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'limits-1');
  await pos.login();
  const dialog = page.getByRole('dialog', { name: 'ID check' });

  // Flower without a customer: the register says so and opens the ID check.
  await pos.addBySearch(FLOWER, FLOWER);
  await page.getByRole('button', { name: 'Take payment here' }).click();
  await expect(page.getByTestId('cart-notice')).toHaveText(
    'California requires a customer with a checked ID for cannabis: find the customer, or scan or type their ID.',
  );
  await expect(dialog).toBeVisible();
  await pos.screenshot(testInfo, 'limits-id-required');

  // Found by phone; her ID is checked and she goes on the sale with what she has left today.
  await dialog.getByLabel('Name, phone or ID number').fill('916 555 0134');
  await dialog.getByRole('button', { name: /^Maria Garcia/ }).click();
  await expect(dialog.getByTestId('id-verdict')).toHaveText(/ID checked: \d+ years old, may buy today\./);
  await dialog.getByRole('button', { name: 'Sell to Maria' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('sale-customer')).toHaveText('Maria Garcia');
  await expect(page.getByTestId('cart-notice')).toHaveCount(0);
  const flowerLeft = page.locator('[data-group="non_concentrated"] [data-testid="allowance-left"]');
  await expect(flowerLeft).toHaveText('11 g of 28.5 g left today');

  // Up to the limit: 4 jars earlier + 4 now = 28 g; the fifth is refused with what is left.
  for (const left of ['7.5 g', '4 g', '0.5 g']) {
    await tile(page, FLOWER).click();
    await expect(flowerLeft).toHaveText(`${left} of 28.5 g left today`);
  }
  await tile(page, FLOWER).click();
  await expect(page.getByTestId('limit-refusal')).toHaveText(
    'Refused: this would bring non-concentrated cannabis to 31.5 g of the 28.5 g daily limit: 0.5 g left today.',
  );
  await expect(page.getByLabel(`Quantity of ${FLOWER}`)).toHaveValue('4');
  await expect(flowerLeft).toHaveText('0.5 g of 28.5 g left today');
  // Typed into the line, the same: refused, and the line shows its real count again.
  await pos.quantity(FLOWER, 6);
  await expect(page.getByTestId('limit-refusal')).toContainText('to 35 g of the 28.5 g daily limit: 0.5 g left today.');
  await expect(page.getByLabel(`Quantity of ${FLOWER}`)).toHaveValue('4');
  expect(await axeViolations(page)).toEqual([]);
  await pos.settled();
  await pos.screenshot(testInfo, 'limits-refused-1366');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await pos.screenshot(testInfo, 'limits-refused-1920');
  // The smallest register screen: the allowance and the refusal still beside the cart.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.getByTestId('limit-refusal')).toBeVisible();
  await pos.screenshot(testInfo, 'limits-refused-1024');

  // On the line's keypad, the same refusal keeps the keypad open with what was typed beside why.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: `Change ${FLOWER} on the keypad` }).click();
  const keypad = page.getByRole('dialog', { name: FLOWER });
  await keypad.getByRole('button', { name: '5', exact: true }).click();
  await keypad.getByRole('button', { name: 'Set' }).click();
  await expect(keypad.getByRole('alert')).toHaveText(
    'Refused: this would bring non-concentrated cannabis to 31.5 g of the 28.5 g daily limit: 0.5 g left today.',
  );
  await expect(keypad.getByRole('textbox', { name: 'Quantity', exact: true })).toHaveValue('5');
  await expect(page.getByLabel(`Quantity of ${FLOWER}`)).toHaveValue('4');
  await pos.screenshot(testInfo, 'limits-keypad-refused-1280');
  await page.setViewportSize({ width: 1024, height: 768 });
  await pos.screenshot(testInfo, 'limits-keypad-refused-1024');
  // Corrected there: the next key replaces the refused value, and Set takes it.
  await keypad.getByRole('button', { name: '4', exact: true }).click();
  await expect(keypad.getByRole('textbox', { name: 'Quantity', exact: true })).toHaveValue('4');
  await keypad.getByRole('button', { name: 'Set' }).click();
  await expect(keypad).toHaveCount(0);

  // Another register sells her a jar meanwhile: the service refuses this ticket in words, and the
  // cart's allowance is read again.
  await sell(api, store.maria, store.flower, 1);
  await page.getByRole('button', { name: 'Take payment here' }).click();
  await expect(page.getByTestId('cart-notice')).toHaveText(
    'This would bring non-concentrated cannabis to 31.5 g of the 28.5 g daily limit: 11 g left today.',
  );
  await expect(flowerLeft).toHaveText('0 g of 28.5 g left today');
  await pos.quantity(FLOWER, 3);
  await expect(flowerLeft).toHaveText('0.5 g of 28.5 g left today');

  // The service takes the sale with her on it; canceled, the sale is back in the cart (its pay buttons
  // show once the service has canceled the order: the Cart heading is there all along).
  await pos.payHere();
  await page.getByRole('button', { name: 'Cancel order, back to cart' }).click();
  await expect(page.getByRole('button', { name: 'Take payment here' })).toBeEnabled();
});

test('a refused value says why beside where it was typed: each refusal of a line replaces the last, and a weight over the limits keeps the keypad open', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'limits-3');
  await pos.login();
  // Sam is on file and bought nothing today: 28.5 g of flower left.
  await asManager(api, 'POST', CUSTOMERS, {
    firstName: 'Sam',
    lastName: 'Okafor',
    dateOfBirth: '1984-09-30',
    idType: 'drivers_licence',
    idNumber: 'D5550177',
    idJurisdiction: 'CA',
    idExpiry: `${year + 4}-09-30`,
    customerType: 'adult_use',
    phone: '(916) 555-0177',
  });
  await page.getByRole('button', { name: 'Find customer or check ID' }).click();
  const dialog = page.getByRole('dialog', { name: 'ID check' });
  await dialog.getByLabel('Name, phone or ID number').fill('916 555 0177');
  await dialog.getByRole('button', { name: /^Sam Okafor/ }).click();
  await dialog.getByRole('button', { name: 'Sell to Sam' }).click();
  await expect(page.getByTestId('sale-customer')).toHaveText('Sam Okafor');

  // One jar (3.5 g). More than in stock, then more than the limits allow, then a count that fits.
  await pos.addBySearch(FLOWER, FLOWER);
  const quantity = page.getByLabel(`Quantity of ${FLOWER}`);
  const said = pos.cartLines.filter({ hasText: FLOWER }).getByRole('alert');
  await pos.quantity(FLOWER, 500);
  await expect(said).toHaveText(/^Only \d+ in stock\. It stays 1\.$/);
  await pos.quantity(FLOWER, 9);
  await expect(said).toHaveText(
    'Refused: this would bring non-concentrated cannabis to 31.5 g of the 28.5 g daily limit: 25 g left today. It stays 1.',
  );
  await expect(quantity).toHaveValue('1');
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  await pos.screenshot(testInfo, 'limits-line-refused-in-place');
  await pos.quantity(FLOWER, 3);
  await expect(quantity).toHaveValue('3');
  await expect(said).toHaveCount(0);
  await expect(quantity).not.toHaveAttribute('aria-invalid');

  // 18 g left: 30 g weighed is refused on the keypad, which keeps the 30 beside why; 18 g goes in.
  await pos.search.fill('granddaddy gram');
  await pos.results.first().click();
  const scale = page.getByRole('dialog', { name: 'Weigh Granddaddy Purple (by the gram)' });
  await pos.weigh('30');
  await expect(scale.getByRole('alert')).toHaveText(
    'Refused: this would bring non-concentrated cannabis to 40.5 g of the 28.5 g daily limit: 18 g left today.',
  );
  await expect(scale.getByLabel('Weight (g)')).toHaveValue('30');
  await expect(pos.cartLines).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
  await pos.screenshot(testInfo, 'limits-weight-refused');
  await pos.weigh('18');
  await expect(scale).toHaveCount(0);
  await expect(page.getByLabel('Weight of Granddaddy Purple (by the gram)')).toHaveValue('18');
});

test('an ID typed by hand: an expired one refused, a new medical patient added and sold to', async ({
  page,
  service,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'limits-2');
  await pos.login();
  const dialog = page.getByRole('dialog', { name: 'ID check' });

  async function typeId(number: string, expiry: string): Promise<void> {
    await page.getByRole('button', { name: /^(Find customer or check ID|Change customer)$/ }).click();
    await dialog.getByRole('button', { name: 'Type an ID' }).click();
    await dialog.getByLabel('First name').fill('Jordan');
    await dialog.getByLabel('Last name').fill('Lee');
    await dialog.getByLabel('Date of birth').fill(`${year - 19}-02-03`);
    await dialog.getByLabel('ID type').selectOption({ label: 'State ID' });
    await dialog.getByLabel('ID number').fill(number);
    await dialog.getByLabel('Issued by').fill('CA');
    await dialog.getByLabel('ID expires').fill(expiry);
    await dialog.getByRole('button', { name: 'Check this ID' }).click();
  }

  // A licence scanned while the customer search is open is read as an ID, not searched for.
  await page.getByRole('button', { name: 'Find customer or check ID' }).click();
  const burst = wedgeBurst(aamvaPayload(samplePerson({ idNumber: 'D4400112' })), 'enter-keys');
  await page.evaluate(
    (keys) => {
      for (const key of keys)
        document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    },
    [...burst].map((char) => (char === '\n' ? 'Enter' : char)),
  );
  await expect(dialog.getByTestId('id-name')).toHaveText(/^MARIA .*GARCIA$/);
  await expect(dialog.getByText('Not a customer of this store yet.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A form left short says what is missing.
  await page.getByRole('button', { name: 'Find customer or check ID' }).click();
  await dialog.getByRole('button', { name: 'Type an ID' }).click();
  await dialog.getByRole('button', { name: 'Check this ID' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Type the first name as on the ID.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // 19 and medical, with a recommendation: added, checked, on the sale, with medical limits.
  await typeId('S1900203', `${year + 3}-02-03`);
  await expect(dialog.getByText('Not a customer of this store yet.')).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Medical patient/ }).check();
  await dialog.getByLabel('Recommendation number').fill('REC-77120');
  await dialog.getByLabel('Recommendation expires').fill(`${year + 1}-01-31`);
  await pos.screenshot(testInfo, 'limits-typed-medical');
  // Refused as adult-use at 19: checked as a medical patient, and added once that passes.
  await dialog.getByRole('button', { name: 'Check as a medical patient' }).click();
  await expect(dialog.getByTestId('id-verdict')).toHaveText(/ID checked: 1[89] years old, may buy today\./);
  await dialog.getByRole('button', { name: 'Sell to Jordan' }).click();
  await expect(page.getByTestId('sale-customer')).toHaveText('Jordan Lee');
  await expect(page.locator('[data-group="medicinal_cannabis"] [data-testid="allowance-left"]')).toHaveText(
    '226.796 g of 226.796 g left today',
  );
  await pos.addBySearch(FLOWER, FLOWER);
  await expect(page.locator('[data-group="medicinal_cannabis"] [data-testid="allowance-left"]')).toHaveText(
    '223.296 g of 226.796 g left today',
  );
  await pos.screenshot(testInfo, 'limits-medical-cart');

  // Typed again, the same ID is found on file; an expired one (another number) is refused.
  await typeId('S1900203', `${year + 3}-02-03`);
  await expect(dialog.getByTestId('id-verdict')).toContainText('ID checked');
  await dialog.getByRole('button', { name: 'Close' }).click();
  // No recommendation lifts an expired ID: nothing to add or check again, the verdict says why.
  await typeId('S1900999', `${year - 1}-02-03`);
  await expect(dialog.getByTestId('id-verdict')).toHaveText(/Do not sell: This ID expired on/);
  await expect(dialog.getByRole('button', { name: /^Sell to/ })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: /^(Add as a customer|Check as a medical patient)/ })).toHaveCount(0);
  await expect(dialog.getByRole('checkbox', { name: /Medical patient/ })).toHaveCount(0);
});
