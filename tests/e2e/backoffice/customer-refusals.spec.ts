import type { Customer } from '../../../shared/contracts/customers.js';
import { BackOfficePage } from '../pages/backoffice-page.js';
import { CustomersPage } from '../pages/customers-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { DEMO, type ServiceApi } from '../support/service-api.js';
import { uniquePhone } from '../support/unique-phone.js';

// The tester's new store manager (README "Customers"): a licence issued by "California" is not cut to
// "CAL" and is the same ID as CA's; every refusal is beside its field at once, the first focused; the
// ID on file names its customer in words and opens them; the last visit is their sale handed over,
// not a later canceled order; and the orders table keeps within its card at 1024 × 768.

const STORE = '/v2.0/dispensary/demo';
const suffix = () =>
  crypto
    .randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 4);
const idNumber = () => `D${crypto.randomUUID().replace(/\D/g, '').slice(0, 7).padEnd(7, '0')}`;

async function asManager<T>(api: ServiceApi, method: string, path: string, body?: object): Promise<T> {
  return api.call<T>(method, path, body === undefined ? undefined : JSON.stringify(body), {
    ...DEMO.client,
    authorization: `Bearer ${await api.token('manager')}`,
    'idempotency-key': crypto.randomUUID(),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  });
}

/** Maria's sale, paid in cash, handed over and $1.00 of it refunded; then an online order of hers, canceled. */
async function saleThenCanceled(api: ServiceApi, customerId: string): Promise<void> {
  const [accessory] = await api.products('ACCESSORY');
  const items = [{ productId: accessory!.productId, quantity: 2 }];
  const ticket = async () =>
    asManager<{ orderId: string; orderNumber: string; total: string }>(api, 'POST', `${STORE}/ecommerce/ticket`, {
      type: 'PICKUP',
      items,
      customerId,
    });
  const sale = await ticket();
  const amount = Math.round(Number(sale.total) * 100);
  const { session } = await asManager<{ session: { sessionId: string } }>(api, 'POST', '/v2.0/payments/sessions', {
    entityId: await api.organizationId(),
    channel: 'pos',
    ticketAlphaNumId: sale.orderNumber,
    originalAmount: amount,
  });
  const { payment } = await asManager<{ payment: { id: string } }>(
    api,
    'POST',
    `/v2.0/payments/sessions/${session.sessionId}/payments`,
    { paymentMethod: 'Cash', tenderedAmount: amount },
  );
  for (const status of ['IN_PROCESS', 'PACKED_READY', 'COMPLETED']) {
    await asManager(api, 'POST', `${STORE}/ecommerce/ticket/${sale.orderId}/status`, { status });
  }
  await asManager(api, 'POST', `/v2.0/payments/${payment.id}/refund`, { amount: 100, reason: 'One was broken' });
  const canceled = await ticket();
  await asManager(api, 'POST', `${STORE}/ecommerce/ticket/${canceled.orderId}/cancel`, { reason: 'Changed her mind' });
}

test('customers: the form refuses beside each field in words, an ID on file opens its customer, and the orders fit at 1024', async ({
  page,
  service,
  api,
}, testInfo) => {
  const last = `Garcia${suffix()}`;
  // A phone of this run's own: a store keeps one customer per phone (customers.spec.ts adds a Maria too).
  const phone = uniquePhone();
  const maria = await asManager<{ customer: Customer }>(api, 'POST', `${STORE}/customers`, {
    firstName: 'Maria',
    lastName: last,
    dateOfBirth: '1990-01-15',
    idType: 'drivers_licence',
    idNumber: idNumber(),
    idJurisdiction: 'CA',
    idExpiry: '2035-01-15',
    customerType: 'adult_use',
    phone,
  }).then((answer) => answer.customer);
  await saleThenCanceled(api, maria.id);

  await page.setViewportSize({ width: 1024, height: 768 });
  const office = new BackOfficePage(page);
  const customers = new CustomersPage(page);
  await office.open(service.url);
  await office.login();
  await office.show('Customers');
  await customers.find(last);
  await customers.open(`Maria ${last}`);

  // The last visit is her sale, handed over; the canceled order after it is no visit. (Yesterday, to a
  // run that crossed the store's midnight since.)
  await expect(customers.detail.getByTestId('customer-orders-summary')).toHaveText(
    /^2 orders; last visit (Today|Yesterday), \d{1,2}:\d{2}\s[AP]M\sP[SD]T\.$/,
  );
  await expect(customers.detail).toContainText('issued by California');
  const orders = customers.detail.locator('tr[data-customer-order]');
  await expect(orders).toHaveCount(2);
  await expect(orders.first()).toContainText('Canceled');
  await expect(orders.nth(1)).toContainText('$1.00 refunded');
  // Nothing spills: the table and every badge keep within the card's text (as wide as the summary
  // line above them), and the page does not scroll sideways.
  const summary = await customers.detail.getByTestId('customer-orders-summary').boundingBox();
  const inside = summary!.x + summary!.width + 0.5;
  const table = await customers.detail.locator('.customer-orders table').boundingBox();
  expect(table!.x + table!.width).toBeLessThanOrEqual(inside);
  for (const badge of await customers.detail.locator('.customer-orders .badge').all()) {
    const box = (await badge.boundingBox())!;
    expect(box.x + box.width, await badge.innerText()).toBeLessThanOrEqual(inside);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  await office.screenshot(testInfo, 'backoffice-customer-orders-1024');

  // Adding her again by hand: the tester's refused fields, each said beside it at once, the first focused.
  await page.getByRole('button', { name: 'Add a customer' }).click();
  await customers.fill({
    'First name': 'Maria',
    'Last name': last,
    'Date of birth': '1990-01-15',
    'ID number': maria.idNumber,
    'Issued by': 'California',
    'ID expiry': '2035-01-15',
  });
  // Nothing is cut as it is typed: the state is taken by its name.
  await expect(customers.form.getByLabel('Issued by', { exact: true })).toHaveValue('California');
  await expect(customers.form.locator('#add-issuer-hint')).toHaveText('California (CA).');
  await customers.fill({ 'Issued by': 'CAL', Phone: '916-555-01', Email: 'maria@' });
  await customers.form.getByRole('button', { name: 'Add customer' }).click();
  await expect(customers.form.locator('#add-issuer-error')).toHaveText(
    'Issued by must be the state or province that issued the driver\'s licence, not "CAL": type its two letters, ' +
      'such as CA, or its name.',
  );
  await expect(customers.form.locator('#add-phone-error')).toHaveText(
    'Phone must have 10 digits (area code and number), not 8; write an international number with +.',
  );
  await expect(customers.form.locator('#add-email-error')).toHaveText(
    'Email must look like name@example.com, not "maria@".',
  );
  await expect(customers.form.getByRole('alert')).toHaveText('Not saved: 3 fields need a change.');
  await expect(customers.form.getByLabel('Issued by', { exact: true })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-customer-refusals-1024');
  await page.setViewportSize({ width: 1280, height: 800 });
  await office.screenshot(testInfo, 'backoffice-customer-refusals-1280');

  // Put right, with the state by name: the service finds her ID on file, says whose in words, beside
  // the ID number, and offers to open her.
  // Her ID and her phone: the same person, refused for the ID.
  await customers.fill({ 'Issued by': 'California', Phone: phone, Email: `maria.${last}@example.com` });
  await customers.form.getByRole('button', { name: 'Add customer' }).click();
  await expect(customers.form.locator('#add-id-number-error')).toHaveText(
    `ID number is on file already: Maria ${last}, born January 15, 1990, has CA ID ${maria.idNumber}.`,
  );
  await expect(customers.form.getByRole('alert')).toHaveText('Not saved: one field needs a change.');
  await expect(customers.form.getByLabel('ID number', { exact: true })).toBeFocused();
  await expect(customers.form).not.toContainText(maria.id);
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-customer-on-file-1280');
  await customers.form.getByRole('button', { name: `Open Maria ${last}` }).click();
  await expect(customers.detail.getByTestId('customer-name')).toHaveText(`Maria ${last}`);
  await expect(customers.rows.filter({ hasText: `Maria ${last}` })).toHaveCount(1);
});
