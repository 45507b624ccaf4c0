import { decodeEscPos } from '../../support/escpos-decoder.js';
import { TestPrinter } from '../../support/test-printer.js';
import { PosPage } from '../pages/pos-page.js';
import { SetupPage } from '../pages/setup-page.js';
import { openDrawer, signInAt } from '../backoffice/drawers-for-test.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';

// The register's receipt printer, as the manager sets it up and the cashier sells: a test printer
// on 127.0.0.1 takes the receipts; off, the sale still completes and the cashier prints again.
let printer: TestPrinter;
test.beforeAll(async () => {
  printer = await new TestPrinter().start();
});
test.afterAll(() => printer.stop());

// A register of its own, whose drawer this file opens.
const REGISTER = 'front-7';

test('a manager sets the register’s printer up and tests it', async ({ page, service, api }, testInfo) => {
  const setup = new SetupPage(page);
  await setup.open(service.url, 'demo', 'manager', 'manager-demo-1');
  await page.getByRole('navigation', { name: 'Store setup' }).getByRole('button', { name: 'Printers' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Receipt printers' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Register' }).fill(REGISTER);
  await page.getByLabel('Address').fill(printer.address);
  await page.getByRole('button', { name: 'Save printer' }).click();
  // Nobody has signed in at front-7 yet: it is none of the store's registers, and the form says which are.
  // (Which ones depends on the files that ran before on this worker's service: front-1 at least.)
  await expect(page.getByRole('alert').last()).toContainText(
    new RegExp(
      `^Register "${REGISTER}" is not one of Green Valley Dispensary's registers: its (only register is|registers are) (.*, )?front-1`,
    ),
  );
  await expect(page.getByRole('alert').last()).toContainText('once someone signs in at it');
  await expect(page.locator(`[data-printer="${REGISTER}"]`)).toHaveCount(0);
  await setup.screenshot(testInfo, 'backoffice-printers-not-a-register');
  await signInAt(api, REGISTER);
  await page.getByLabel('Address').fill('tcp://127.0.0.1:99999');
  await page.getByRole('button', { name: 'Save printer' }).click();
  await expect(page.getByRole('alert').last()).toContainText('port that is not a whole number from 1 to 65535');
  await page.getByLabel('Address').fill(printer.address);
  await page.getByRole('button', { name: 'Save printer' }).click();
  await expect(page.locator(`[data-printer="${REGISTER}"]`)).toContainText(printer.address);
  await page.getByRole('button', { name: `Print a test page at ${REGISTER}` }).click();
  await expect(page.getByText(`Test page sent to register ${REGISTER}'s printer.`)).toBeVisible();
  expect(decodeEscPos(printer.jobs.at(-1)!).lines.map((line) => line.trim())).toContain('Printer test');
  expect(await axeViolations(page, '.setup-body')).toEqual([]);
  await setup.screenshot(testInfo, 'backoffice-printers');
});

test('a cash sale prints on the printer and opens the drawer; an off printer never stops the sale', async ({
  page,
  service,
  api,
}, testInfo) => {
  const manager = await signInAt(api, 'office-1', 'manager');
  const headers = { authorization: `Bearer ${manager.token}`, 'content-type': 'application/json' };
  const body = JSON.stringify({ address: printer.address, openDrawerOnCash: true });
  const cashier = await signInAt(api, REGISTER); // signed in at, front-7 is one of the store's registers
  await api.call('PUT', `/v2.0/dispensary/demo/setup/printers/${REGISTER}`, body, headers);
  await openDrawer(api, cashier, 20_000);
  const pos = new PosPage(page);
  const sell = async () => {
    await pos.addBySearch('dogwalkers', 'Mini Dogwalkers 5-Pack');
    const total = await pos.settled();
    const orderNumber = await pos.payHere();
    await pos.widget.method('Cash').click();
    const cents = Math.round(Number(total.replace(/[$,]/g, '')) * 100);
    await pos.widget.frame.getByLabel('Cash received ($)').fill((Math.ceil((cents + 1) / 1000) * 10).toFixed(2));
    await pos.widget.button('Take cash').click();
    await pos.expectSold(orderNumber);
    return orderNumber;
  };
  await pos.open(service.url, REGISTER);
  await pos.login();
  const first = await sell();
  await expect(page.getByTestId('print-outcome')).toHaveText('Receipt printed.');
  const receipt = decodeEscPos(printer.jobs.at(-1)!);
  expect(receipt.kicks).toHaveLength(1);
  expect(receipt.cuts).toBe(1);
  expect(receipt.lines.map((line) => line.trim())).toContain(`Order ${first}`);
  // Printed again, the receipt does not ask to open the drawer again (the service would refuse it).
  const again = page.waitForResponse((response) => response.url().endsWith('/printer/print'));
  await page.getByRole('button', { name: 'Print receipt' }).click();
  expect(await (await again).json()).toMatchObject({ printed: true, drawerOpened: false });
  expect(decodeEscPos(printer.jobs.at(-1)!).kicks).toHaveLength(0);

  await printer.setMode('refuse');
  await pos.newSale();
  await sell();
  const warning = page.getByTestId('print-problem');
  await expect(warning).toContainText('The receipt did not print — the sale is complete.');
  await expect(warning).toContainText('refused the connection');
  expect(await axeViolations(page, '.checkout')).toEqual([]);
  await pos.screenshot(testInfo, 'pos-printer-off');

  await printer.setMode('ok');
  const before = printer.jobs.length;
  await warning.getByRole('button', { name: 'Print again' }).click();
  await expect(page.getByTestId('print-outcome')).toHaveText('Receipt printed.');
  await expect(warning).toBeHidden();
  expect(printer.jobs).toHaveLength(before + 1);
  expect(decodeEscPos(printer.jobs.at(-1)!).kicks).toHaveLength(1);

  await pos.newSale();
  const views = page.getByRole('navigation', { name: 'Register views' });
  await views.getByRole('button', { name: /^Today's orders/ }).click();
  await expect(pos.recentOrder(first)).toContainText('Sold');
  await page.getByRole('button', { name: `Reprint the receipt of order ${first}` }).click();
  await expect(page.getByTestId('reprint-outcome')).toHaveText(`Receipt of order ${first} printed.`);
  expect(decodeEscPos(printer.jobs.at(-1)!).lines.map((line) => line.trim())).toContain('Reprint');
  expect(decodeEscPos(printer.jobs.at(-1)!).kicks).toHaveLength(0);
  await pos.screenshot(testInfo, 'pos-reprint');

  // Any other reason to open the drawer is a no-sale: recorded with why, then the kick alone.
  await pos.drawer.show();
  await page.getByRole('group', { name: 'Kind of movement' }).getByRole('button', { name: 'No sale' }).click();
  await page.getByLabel('Why').fill('Customer needed change');
  const kicked = printer.jobs.length;
  await page.getByRole('button', { name: 'Record drawer opened (no sale)' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Drawer opened (no sale) recorded.' })).toBeVisible();
  expect(printer.decoded.slice(kicked).map((job) => [job.kicks.length, job.lines.length])).toEqual([[1, 0]]);
  await expect(page.locator('table.movements tbody tr').last()).toContainText('Customer needed change');
  await pos.screenshot(testInfo, 'pos-no-sale');
});
