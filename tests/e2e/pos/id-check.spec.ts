import { aamvaPayload, samplePerson, type SamplePerson } from '../../support/aamva-samples.js';
import { wedgeBurst } from '../../support/aamva-wedge.js';
import { PosPage } from '../pages/pos-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';

/** Scans a licence as a keyboard-wedge 2-D scanner types it: line breaks as Enter keys. */
const scanId = (pos: PosPage, person: SamplePerson) => pos.scanId(wedgeBurst(aamvaPayload(person), 'enter-keys'));

test('an ID scanned at the register: an under-age customer refused, an adult added and sold to', async ({
  page,
  service,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'id-check-1');
  await pos.login();
  const dialog = page.getByRole('dialog', { name: 'ID check' });

  // Under 21: refused in words, and nothing to sell to.
  const young = new Date().getUTCFullYear() - 20;
  await scanId(
    pos,
    samplePerson({ firstName: 'TYLER', lastName: 'NGUYEN', idNumber: 'D7654321', dateOfBirth: `${young}-01-01` }),
  );
  await expect(dialog.getByTestId('id-name')).toHaveText('TYLER ELENA NGUYEN');
  await expect(dialog.getByTestId('id-verdict')).toHaveText(
    /Do not sell: The customer is (19|20): adult-use sales need 21/,
  );
  await expect(dialog.getByRole('button', { name: /^Sell to/ })).toHaveCount(0);
  // Added as they are they would be refused again: only the check as a medical patient is offered.
  await expect(dialog.getByRole('button', { name: 'Add as a customer and check' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Check as a medical patient' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await pos.screenshot(testInfo, 'id-check-under-age');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // An adult: added, checked, and their name on the sale; scanned again, found on file.
  await scanId(pos, samplePerson());
  await dialog.getByRole('button', { name: 'Add as a customer and check' }).click();
  await expect(dialog.getByTestId('id-verdict')).toHaveText(/ID checked: \d+ years old, may buy today\./);
  await pos.screenshot(testInfo, 'id-check-verified');
  await dialog.getByRole('button', { name: 'Sell to MARIA' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('First name')).toHaveValue('MARIA');
  await scanId(pos, samplePerson());
  await expect(dialog.getByTestId('id-verdict')).toContainText('ID checked');
  await expect(dialog.getByRole('button', { name: 'Add as a customer and check' })).toHaveCount(0);
});

test('a first-time under-age ID: "Do not sell" at once, and the refused person is never stored', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'id-check-2');
  await pos.login();
  const dialog = page.getByRole('dialog', { name: 'ID check' });
  const young = new Date().getUTCFullYear() - 19;
  await scanId(
    pos,
    samplePerson({ firstName: 'AVERY', lastName: 'MINORS', idNumber: 'D1900001', dateOfBirth: `${young}-12-31` }),
  );

  // The verdict comes first, before anything is added.
  await expect(dialog.getByTestId('id-verdict')).toHaveText(
    /Do not sell: The customer is 1[89]: adult-use sales need 21/,
  );
  await expect(dialog.getByText('Not a customer of this store yet.')).toBeVisible();
  await pos.screenshot(testInfo, 'id-check-first-scan-under-age');
  // Adding them as they are is not offered (it could only be refused again, the dialog unchanged);
  // the check as a medical patient, pressed without a recommendation, says what it needs.
  await expect(dialog.getByRole('button', { name: 'Add as a customer and check' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Check as a medical patient' }).click();
  await expect(dialog.getByTestId('recommendation-needed')).toHaveText(
    'Tick “Medical patient” and type the recommendation first.',
  );
  await pos.screenshot(testInfo, 'id-check-first-scan-under-age-no-recommendation');
  await expect(dialog.getByTestId('id-verdict')).toHaveText(/Do not sell: The customer is 1[89]/);
  await expect(dialog.getByRole('button', { name: /^Sell to/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();

  const headers = { authorization: `Bearer ${await api.token('cashier')}` };
  const stored = await api.call<{ customers: unknown[] }>(
    'GET',
    '/v2.0/dispensary/demo/customers?q=D1900001',
    undefined,
    headers,
  );
  expect(stored.customers).toEqual([]);

  // An adult's first scan: checked at once too, and saved when added, as before.
  await scanId(pos, samplePerson({ firstName: 'BLAKE', lastName: 'ADULTS', idNumber: 'D1900002' }));
  await expect(dialog.getByTestId('id-verdict')).toHaveText(/ID checked: \d+ years old, may buy today\./);
  await pos.screenshot(testInfo, 'id-check-first-scan-adult');
  await dialog.getByRole('button', { name: 'Add as a customer and check' }).click();
  await dialog.getByRole('button', { name: 'Sell to BLAKE' }).click();
  const added = await api.call<{ customers: { lastName: string }[] }>(
    'GET',
    '/v2.0/dispensary/demo/customers?q=D1900002',
    undefined,
    headers,
  );
  expect(added.customers.map((customer) => customer.lastName)).toEqual(['ADULTS']);
});
