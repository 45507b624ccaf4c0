import type { Customer, NewCustomer } from '../../../shared/contracts/customers.js';
import { BackOfficePage } from '../pages/backoffice-page.js';
import { CustomersPage } from '../pages/customers-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import type { ServiceApi } from '../support/service-api.js';
import { uniquePhone } from '../support/unique-phone.js';

// One profile per person (README "Customers"): a new customer with the phone of one on file, typed
// another way, and a change to the email of one on file in other letters, are refused beside the
// field in words naming that customer by first name and last initial, with a button to open them.
// It adds customers: a service of its own.
test.use({ serviceOptions: { args: [], env: {}, own: 'customer-contact-on-file' } });

const CUSTOMERS = '/v2.0/dispensary/demo/customers';
const number = () => crypto.randomUUID().replace(/\D/g, '').slice(0, 7).padEnd(7, '0');

async function addCustomer(api: ServiceApi, fields: Partial<NewCustomer>): Promise<Customer> {
  const body: NewCustomer = {
    firstName: 'Jane',
    lastName: 'Doe',
    dateOfBirth: '1988-03-04',
    idType: 'drivers_licence',
    idNumber: `J${number()}`,
    idJurisdiction: 'CA',
    idExpiry: '2035-03-04',
    customerType: 'adult_use',
    ...fields,
  };
  const headers = { authorization: `Bearer ${await api.token('manager')}`, 'content-type': 'application/json' };
  return (await api.call<{ customer: Customer }>('POST', CUSTOMERS, JSON.stringify(body), headers)).customer;
}

test('customers: a phone or an email on file already is refused beside it, naming who has it, who opens', async ({
  page,
  service,
  api,
}, testInfo) => {
  const phone = uniquePhone();
  await addCustomer(api, { phone, email: 'Jane.Doe@Example.com' });
  await addCustomer(api, { firstName: 'Sam', lastName: 'Okafor', idNumber: `S${number()}` });

  await page.setViewportSize({ width: 1280, height: 800 });
  const office = new BackOfficePage(page);
  const customers = new CustomersPage(page);
  await office.open(service.url);
  await office.login();
  await office.show('Customers');

  // A new customer with Jane's phone, typed with the country code and dots.
  await page.getByRole('button', { name: 'Add a customer' }).click();
  await customers.fill({
    'First name': 'Janet',
    'Last name': 'Doe',
    'Date of birth': '1990-05-06',
    'ID number': `K${number()}`,
    'Issued by': 'CA',
    'ID expiry': '2034-05-06',
    Phone: `+1 ${phone.replace(/\D+/g, '.').slice(1)}`,
  });
  await customers.form.getByRole('button', { name: 'Add customer' }).click();
  await expect(customers.form.locator('#add-phone-error')).toHaveText(
    `Phone is on file already: Jane D. has ${phone} — open their profile instead, or use another number.`,
  );
  await expect(customers.form.getByRole('alert')).toHaveText('Not saved: one field needs a change.');
  await expect(customers.form.getByLabel('Phone', { exact: true })).toBeFocused();
  await expect(customers.form).not.toContainText('1988');
  const open = customers.form.getByRole('button', { name: 'Open Jane D.' });
  await expect(open).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-customer-phone-on-file-1280');
  await page.setViewportSize({ width: 1024, height: 768 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  await office.screenshot(testInfo, 'backoffice-customer-phone-on-file-1024');
  await open.click();
  await expect(customers.detail.getByTestId('customer-name')).toHaveText('Jane Doe');
  await expect(customers.detail).toContainText(phone);

  // Sam given Jane's email in capitals: refused beside the email; nothing of Sam changes.
  await customers.find('Okafor');
  await customers.open('Sam Okafor');
  await customers.detail.getByRole('button', { name: 'Change details' }).click();
  await customers.fill({ Email: ' JANE.DOE@EXAMPLE.COM ', Notes: 'Moved' });
  await customers.form.getByRole('button', { name: 'Save changes' }).click();
  await expect(customers.form.locator('#edit-email-error')).toHaveText(
    'Email is on file already: Jane D. has Jane.Doe@Example.com — open their profile instead, or use another address.',
  );
  await expect(customers.form.getByRole('button', { name: 'Open Jane D.' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-customer-email-on-file-1024');
  // Put right, the offer goes with the refusal, and the change saves.
  await customers.fill({ Email: 'sam.okafor@example.com' });
  await expect(customers.form.getByRole('button', { name: 'Open Jane D.' })).toHaveCount(0);
  await customers.form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved Sam Okafor.');
  await expect(customers.detail).toContainText('sam.okafor@example.com');
});
