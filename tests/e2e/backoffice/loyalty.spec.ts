import type { Customer, NewCustomer } from '../../../shared/contracts/customers.js';
import { DEFAULT_LOYALTY } from '../../../shared/contracts/loyalty.js';
import { addMonths, expiresWords } from '../../../shared/loyalty/expiry.js';
import { BackOfficePage } from '../pages/backoffice-page.js';
import { CustomersPage } from '../pages/customers-page.js';
import { LoyaltyPage } from '../pages/backoffice-loyalty-page.js';
import { SetupPage } from '../pages/setup-page.js';
import { axeViolations } from '../support/axe.js';
import { keepScreenshot } from '../support/screenshots.js';
import { expect, test } from '../support/fixtures.js';
import type { ServiceApi } from '../support/service-api.js';
import { oneOf, storeDay, storeDaysSince } from '../support/store-days.js';

/** A customer of this run (the service of a worker keeps its customers between tests). */
async function addCustomer(api: ServiceApi, lastName: string): Promise<Customer> {
  const body: NewCustomer = {
    firstName: 'Maria',
    lastName,
    dateOfBirth: '1990-01-15',
    idType: 'drivers_licence',
    idNumber: `L${crypto.randomUUID().replace(/\D/g, '').slice(0, 7).padEnd(7, '0')}`,
    idJurisdiction: 'CA',
    idExpiry: '2035-01-15',
    customerType: 'adult_use',
  };
  const answer = await api.call<{ customer: Customer }>(
    'POST',
    '/v2.0/dispensary/demo/customers',
    JSON.stringify(body),
    { authorization: `Bearer ${await api.token('manager')}`, 'content-type': 'application/json' },
  );
  return answer.customer;
}

// The demo store has no programme until a manager saves one: the next test of this worker finds it so again.
test.afterEach(async ({ api }) => {
  await api.setup('PUT', '/store', { loyalty: { ...DEFAULT_LOYALTY, expiryMonths: 0 } });
});

test('loyalty: a manager sets the programme up, gives a customer points with a reason, and is told why taking too many is refused', async ({
  page,
  service,
  api,
}, testInfo) => {
  const began = storeDay();
  const last = `Points${crypto
    .randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 4)}`;
  await addCustomer(api, last);
  const setup = new SetupPage(page);
  const loyalty = new LoyaltyPage(page);
  await setup.open(service.url, 'demo', 'manager', 'manager-demo-1');

  // The programme: on, 100 points a reward dollar said in cents, accessories earn nothing, a Gold tier.
  await expect(loyalty.enabled).not.toBeChecked();
  await expect(loyalty.summary).toContainText('Off: nothing is earned');
  await loyalty.enabled.check();
  // What a point is worth is said as it is typed.
  await loyalty.programme.getByLabel('Points a reward dollar costs').fill('50');
  await expect(loyalty.summary).toContainText('50 points buy a reward dollar: a point is worth 2¢.');
  await loyalty.programme.getByLabel('Points a reward dollar costs').fill('100');
  await expect(loyalty.summary).toHaveText(
    'A customer earns 1 point per dollar paid; 100 points buy a reward dollar: a point is worth 1¢.',
  );
  await loyalty.excluded('Accessories').check();
  // Points expiring: the rule said in words as the months are typed.
  await expect(loyalty.expiryWords).toHaveText(
    'Points never expire (0 months). Enter a number of months to let points expire.',
  );
  await loyalty.programme.getByLabel('Points expire after (months)').fill('12');
  await expect(loyalty.expiryWords).toContainText("Points expire 12 months after the customer's last visit");
  await loyalty.addTier('Gold', 500, 25);
  // Two tiers of one name: refused beside the tiers, and nothing typed is lost.
  await loyalty.addTier('gold', 900, 30);
  await page.getByRole('button', { name: 'Save store settings' }).click();
  await expect(loyalty.tiersError).toHaveText('Tiers: two tiers are named "gold".');
  await expect(loyalty.tiers.nth(1).getByLabel('Points earned to reach')).toHaveValue('900');
  await loyalty.tiers.nth(1).getByRole('button', { name: 'Remove tier gold' }).click();
  await page.getByRole('button', { name: 'Save store settings' }).click();
  await expect(setup.done).toContainText('Saved.');
  expect(await axeViolations(page, '.loyalty-programme')).toEqual([]);
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await loyalty.programme.scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, `loyalty-settings-${size.width}`, { fullPage: false });
  }

  // A customer: +250 with a reason, the balance, where they stand and the ledger's entry.
  const office = new BackOfficePage(page);
  const customers = new CustomersPage(page);
  await office.show('Customers');
  await customers.find(last);
  await customers.open(`Maria ${last}`);
  await loyalty.expectBalance('0 points, worth $0.00 in reward dollars');
  await loyalty.adjust('250', 'Welcome bonus');
  await loyalty.expectBalance('250 points, worth $2.50 in reward dollars');
  // Tiers count points earned from sales: a manager's points do not bring Gold nearer.
  await expect(loyalty.standing).toHaveText(
    'No tier yet; Gold after another 500 points earned from sales. Earned from sales in all: 0 points.',
  );
  // Their points expire a year after the adjustment (they never bought), in the store's days.
  const expiries = storeDaysSince(began).map(
    (day) => `The balance ${expiresWords(addMonths(day, 12))} unless they earn or spend points before then.`,
  );
  await expect(page.getByTestId('points-expiry')).toHaveText(oneOf(expiries));
  await expect(loyalty.entries).toHaveCount(1);
  const entry = loyalty.entries.first();
  for (const words of ['Adjusted', '+250', 'Welcome bonus']) await expect(entry).toContainText(words);
  // Who, by their name, as the audit trail says it (the ledger's `by` is still the username).
  await expect(entry.locator('td').last()).toHaveText('Morgan Manager');
  await expect(loyalty.adjustForm.getByLabel('Points', { exact: true })).toHaveValue('');

  // Below zero: the service's words beside the points, and what was typed stays.
  await loyalty.adjust('-1000', 'Typo');
  await expect(loyalty.fieldError('points')).toHaveText(
    "Points would take Maria's balance below zero: they have 250 points.",
  );
  await expect(loyalty.adjustForm.getByLabel('Points', { exact: true })).toHaveValue('-1000');
  await expect(loyalty.adjustForm.getByLabel('Reason', { exact: true })).toHaveValue('Typo');
  expect(await axeViolations(page, '.customer-points')).toEqual([]);
  await loyalty.balance.scrollIntoViewIfNeeded();
  for (const size of [
    { width: 1024, height: 768 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await keepScreenshot(page, testInfo, `loyalty-customer-${size.width}`);
  }

  // After a reload the settings read back as saved.
  await page.reload();
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('button', { name: 'Store setup' }).click();
  await expect(loyalty.enabled).toBeChecked();
  await expect(loyalty.excluded('Accessories')).toBeChecked();
  await expect(loyalty.excluded('Edibles')).not.toBeChecked();
  await expect(loyalty.tiers).toHaveCount(1);
  await expect(loyalty.tiers.first().getByLabel('Name')).toHaveValue('Gold');
  await expect(loyalty.tiers.first().getByLabel('Points earned to reach')).toHaveValue('500');
  await expect(loyalty.tiers.first().getByLabel('Bonus (%)')).toHaveValue('25');

  // A cashier sees the points but has no adjustment form.
  await office.signOut();
  await office.login('cashier', 'cashier-demo-1');
  await office.show('Customers');
  await customers.find(last);
  await customers.open(`Maria ${last}`);
  await loyalty.expectBalance('250 points, worth $2.50 in reward dollars');
  await expect(loyalty.entries).toHaveCount(1);
  await expect(loyalty.adjustForm).toHaveCount(0);
});

test('loyalty: a refusal marks the field it is about (the points that start two tiers, not their names), and a number refused stays as typed beside why', async ({
  page,
  service,
  api,
}, testInfo) => {
  const setup = new SetupPage(page);
  const loyalty = new LoyaltyPage(page);
  await setup.open(service.url, 'demo', 'manager', 'manager-demo-1');
  await loyalty.enabled.check();
  await loyalty.addTier('Silver', 500, 10);
  await loyalty.addTier('Gold', 500, 25);
  const save = page.getByRole('button', { name: 'Save store settings' });
  await save.click();

  // Two tiers at 500 points: their "Points earned to reach" are marked, their names are not.
  await expect(loyalty.tiersError).toHaveText('Tiers: two tiers start at 500 points.');
  for (const row of [0, 1]) {
    const tier = loyalty.tiers.nth(row);
    await expect(tier.getByLabel('Points earned to reach')).toHaveAttribute('aria-invalid', 'true');
    await expect(tier.getByLabel('Points earned to reach')).toHaveAttribute('aria-describedby', 'loyalty-tiers-error');
    await expect(tier.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(tier.getByLabel('Bonus (%)')).not.toHaveAttribute('aria-invalid', 'true');
  }
  await expect(loyalty.tiers.nth(0).getByLabel('Points earned to reach')).toBeFocused();
  await loyalty.tiersError.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'loyalty-tiers-refused-1280', { fullPage: false });
  await loyalty.tiers.nth(1).getByLabel('Points earned to reach').fill('1500');
  await loyalty.tiers.nth(1).getByLabel('Points earned to reach').blur();

  // 200 months: refused beside the field, which keeps the 200 typed (never a 0 it did not hold).
  const months = loyalty.programme.getByLabel('Points expire after (months)');
  await months.fill('200');
  await months.blur();
  await expect(months).toHaveValue('200');
  await expect(months).toHaveAttribute('aria-invalid', 'true');
  await expect(loyalty.programme.locator('#loyalty-expiry-error')).toHaveText('Months must be at most 120.');
  // Saving with it is refused: the field is focused, still as typed; nothing is saved.
  await save.click();
  await expect(page.locator('.form-status [role="alert"]')).toHaveText('Not saved: one field needs a change.');
  await expect(months).toBeFocused();
  await expect(months).toHaveValue('200');
  expect((await api.storeSettings('demo')).loyalty.enabled).toBe(false);
  expect(await axeViolations(page, '.loyalty-programme')).toEqual([]);
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await keepScreenshot(page, testInfo, `loyalty-months-refused-${size.width}`, { fullPage: false });
  }

  // 24 months: saved, every refusal gone.
  await months.fill('24');
  await months.blur();
  await expect(months).not.toHaveAttribute('aria-invalid', 'true');
  await save.click();
  await expect(setup.done).toContainText('Saved.');
  await expect(loyalty.tiers.nth(0).getByLabel('Points earned to reach')).not.toHaveAttribute('aria-invalid', 'true');
  // A bad number typed and Save pressed at once (no pause, no leaving the field): refused as if it were
  // left first, the earlier "Saved." gone; nothing is saved.
  const earn = loyalty.programme.getByLabel('Points per dollar');
  await earn.fill('-1');
  // Pressed, then released two frames later (a finger, not a script): anything the press moved
  // (the field's refusal appearing above the button) has moved by the release.
  const box = (await save.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  // The button stays under the finger while pressed: the press leaves the field as it is.
  expect(await save.boundingBox()).toEqual(box);
  await page.mouse.up();
  await expect(page.locator('.form-status [role="alert"]')).toHaveText('Not saved: one field needs a change.');
  await expect(page.getByText('Saved.', { exact: true })).toHaveCount(0);
  await expect(earn).toBeFocused();
  await expect(earn).toHaveAttribute('aria-invalid', 'true');
  await earn.fill('1');
  await earn.blur();
  const saved = (await api.storeSettings('demo')).loyalty;
  expect(saved.expiryMonths).toBe(24);
  expect(saved.tiers.map((tier) => tier.minPoints)).toEqual([500, 1500]);
});
