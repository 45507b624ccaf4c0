import { formatMoney } from '../../../shared/money.js';
import { BackOfficePage } from '../pages/backoffice-page.js';
import { DrawersPage } from '../pages/drawers-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { currentShift, openDrawer, piecesOf, sellForCash, signInAt } from './drawers-for-test.js';

const FLOAT = 15_000;

test('drawers: an open drawer with its expected cash, live; a manager closes it $5 short and exports its Z report', async ({
  page,
  service,
  api,
}, testInfo) => {
  const register = await signInAt(api, `e2e-${crypto.randomUUID().slice(0, 8)}`);
  const opened = await openDrawer(api, register, FLOAT);
  const firstSale = await sellForCash(api, register, 0);

  await page.setViewportSize({ width: 1280, height: 800 });
  const office = new BackOfficePage(page);
  const drawers = new DrawersPage(page);
  await office.open(service.url);
  await office.login();
  await office.show('Drawers');
  const row = drawers.openRow(register.terminalId);
  await expect(row).toContainText(opened.openedBy.name);
  await expect(row).toContainText(formatMoney(FLOAT));
  await expect(row.getByTestId('expected-now')).toHaveText(formatMoney(FLOAT + firstSale));
  // (Yesterday, to a run that crossed the store's midnight since it opened.)
  await expect(row.locator('td').nth(1)).toHaveText(/^(Today|Yesterday), \d{1,2}:\d{2}\u00a0[AP]M$/);
  await expect(page.getByRole('columnheader', { name: /^Opened \(P[SD]T\)$/ })).toBeVisible();

  // Live: another cash sale at the register shows up without a reload.
  const secondSale = await sellForCash(api, register, 1);
  const expected = FLOAT + firstSale + secondSale;
  expect((await currentShift(api, register))?.expected).toBe(expected);
  await expect(row.getByTestId('expected-now')).toHaveText(formatMoney(expected), { timeout: 8_000 });
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-drawers-1280');
  await page.setViewportSize({ width: 1024, height: 768 });
  await office.screenshot(testInfo, 'backoffice-drawers-1024');

  // Its X report: the drawer still open, the cash adding up to what it should hold.
  await row.getByRole('button', { name: 'X report' }).click();
  await expect(drawers.report.getByRole('heading', { level: 3 })).toHaveText(
    `X report · register ${register.terminalId}`,
  );
  await expect(drawers.report.getByTestId('report-expected')).toHaveText(formatMoney(expected));
  await expect(drawers.report).toContainText('The drawer is still open');
  // Its sales from gross to net to what was taken: two cash sales, nothing refunded or paid apart.
  const summary = drawers.report.getByTestId('report-summary');
  const line = (label: string) => summary.locator(`tr[data-line="${label}"] td`);
  await expect(line('Total taken')).toHaveText(formatMoney(firstSale + secondSale));
  await expect(line('Refunds and returns')).toHaveText('$0.00');
  const cents = async (label: string) =>
    Math.round(Number((await line(label).innerText()).replace(/[^\d.]/g, '')) * 100);
  expect((await cents('Gross sales')) - (await cents('Discounts'))).toBe(await cents('Net sales'));
  expect((await cents('Net sales')) + (await cents('Tax'))).toBe(firstSale + secondSale);
  // The Sales panel beside it counts sales, customers and tips, without saying the discounts twice.
  await expect(drawers.report.locator('[aria-labelledby="sales-title"] .report-totals dt')).toHaveText([
    'Sales',
    'Customers',
    'Tips',
  ]);
  await office.screenshot(testInfo, 'backoffice-x-report-1024');
  await page.setViewportSize({ width: 1280, height: 800 });
  await office.screenshot(testInfo, 'backoffice-x-report-1280');
  await page.setViewportSize({ width: 1024, height: 768 });
  await drawers.report.getByRole('button', { name: '← All drawers' }).click();

  // The close: a count by bill and coin, refused when empty, read against the expected cash, confirmed.
  await drawers.startClose(register.terminalId);
  await drawers.dialog.getByLabel('Bill by bill').check();
  await drawers.dialog.getByRole('button', { name: 'Review the close' }).click();
  await expect(drawers.dialog.getByRole('alert')).toHaveText(
    'Enter how many of at least one bill or coin you counted.',
  );
  await drawers.dialog.getByLabel('quarters', { exact: true }).fill('-2');
  await drawers.dialog.getByLabel('quarters', { exact: true }).press('Enter');
  await expect(drawers.dialog.getByRole('alert').first()).toHaveText('Quarters must be at least 0.');
  await office.screenshot(testInfo, 'backoffice-drawer-count-refused-1024');
  await drawers.dialog.getByLabel('quarters', { exact: true }).fill('');
  const counted = expected - 500;
  await drawers.countPieces(piecesOf(counted));
  await expect(drawers.dialog.getByTestId('count-total')).toHaveText(formatMoney(counted));
  await page.setViewportSize({ width: 1280, height: 800 });
  await office.screenshot(testInfo, 'backoffice-drawer-count-1280');
  await drawers.dialog.getByRole('button', { name: 'Review the close' }).click();
  await expect(drawers.dialog.getByTestId('close-summary')).toHaveText(
    `Counted ${formatMoney(counted)}, $5.00 short. Closing is final: the Z report is numbered and never changes.`,
  );
  await drawers.dialog.getByRole('button', { name: 'Close the drawer' }).click();
  await expect(drawers.dialog).toHaveCount(0);

  // Its Z report: numbered 1 on this register, counted against expected, in words.
  const report = drawers.report;
  await expect(report.getByRole('heading', { level: 3 })).toHaveText(`Z report 1 · register ${register.terminalId}`);
  await expect(page.getByRole('status')).toHaveText(
    `Register ${register.terminalId}'s drawer is closed: Z report 1, $5.00 short.`,
  );
  await expect(report.getByTestId('report-expected')).toHaveText(formatMoney(expected));
  await expect(report.getByTestId('report-counted')).toHaveText(formatMoney(counted));
  await expect(report.getByTestId('report-over-short')).toHaveText('$5.00 short');
  await expect(report.locator('tr[data-flow="changeGiven"]')).toContainText('−$20.00');
  // What the register sold: the two cash sales, by method.
  await expect(report.getByTestId('report-sales')).toHaveText('2');
  const cashLine = report.getByTestId('report-by-method').locator('tr[data-method="Cash"]');
  await expect(cashLine.locator('td').first()).toHaveText('2');
  await expect(cashLine.locator('td').nth(1)).toHaveText(formatMoney(firstSale + secondSale));
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-z-report-1280');
  await page.setViewportSize({ width: 1024, height: 768 });
  await office.screenshot(testInfo, 'backoffice-z-report-1024');

  const csv = await drawers.exportCsv();
  expect(csv.name).toBe(`z-report-${register.terminalId}-1.csv`);
  const lines = csv.text.split('\r\n');
  expect(lines[0]).toBe('Section,Item,Count,Amount,Who,When,Note');
  expect(lines).toContain(`Cash,Float counted in,,${(FLOAT / 100).toFixed(2)},,,`);
  expect(lines).toContain(`Cash,Expected in the drawer,,${(expected / 100).toFixed(2)},,,`);
  expect(lines).toContain(`Cash,Counted,,${(counted / 100).toFixed(2)},,,`);
  expect(lines).toContain('Cash,Over/short,,-5.00,,,$5.00 short');
  expect(lines).toContain('Cash,Change given,,-20.00,,,');
  expect(lines).toContain(`Sales,Cash,2,${((firstSale + secondSale) / 100).toFixed(2)},,,`);
  expect(lines).toContain('Totals,Sales,2,,,,');

  // Print: the browser's dialog, with only the report on paper.
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await report.getByRole('button', { name: 'Print' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeHidden();
  await office.screenshot(testInfo, 'backoffice-z-report-print');
  await page.emulateMedia({ media: 'screen' });

  // Among the past shifts, short; filtered by its register; its Z report opens again.
  await report.getByRole('button', { name: '← All drawers' }).click();
  await expect(drawers.openRow(register.terminalId)).toHaveCount(0);
  await page.getByLabel('Register').selectOption(register.terminalId);
  await expect(page.getByTestId('past-shifts').locator('tbody tr')).toHaveCount(1);
  const past = drawers.pastRows(register.terminalId);
  await expect(past.getByTestId('over-short')).toHaveText('$5.00 short');
  await expect(past).toContainText(opened.openedBy.name);
  await page.setViewportSize({ width: 1280, height: 800 });
  await office.screenshot(testInfo, 'backoffice-past-shifts-1280');
  await past.getByRole('button', { name: /^Z 1/ }).click();
  await expect(report.getByTestId('report-over-short')).toHaveText('$5.00 short');
});

test('drawers: a close refused by the service says why inside the count dialog', async ({
  page,
  service,
  api,
}, testInfo) => {
  const register = await signInAt(api, `e2e-${crypto.randomUUID().slice(0, 8)}`);
  await openDrawer(api, register, FLOAT);
  const office = new BackOfficePage(page);
  const drawers = new DrawersPage(page);
  await office.open(service.url);
  await office.login();
  await office.show('Drawers');
  await drawers.startClose(register.terminalId);
  await drawers.dialog.getByLabel('Counted cash').fill('150');
  await drawers.dialog.getByRole('button', { name: 'Review the close' }).click();
  await expect(drawers.dialog.getByTestId('close-summary')).toContainText('Counted $150.00, balanced.');
  // Meanwhile the cashier closes it at the register.
  await api.call(
    'POST',
    `/v2.0/dispensary/demo/drawers/${register.terminalId}/close`,
    JSON.stringify({ amount: 15_000 }),
    {
      authorization: `Bearer ${register.token}`,
      'content-type': 'application/json',
    },
  );
  await drawers.dialog.getByRole('button', { name: 'Close the drawer' }).click();
  await expect(drawers.dialog.getByRole('alert')).toContainText(register.terminalId);
  // Nothing is left to close: the dialog only leads back, and the drawer has left the open ones.
  await expect(drawers.dialog.getByRole('button', { name: 'Close the drawer' })).toHaveCount(0);
  await office.screenshot(testInfo, 'backoffice-drawer-close-refused');
  await drawers.dialog.getByRole('button', { name: 'Back to the drawers' }).click();
  await expect(drawers.openRow(register.terminalId)).toHaveCount(0);
  await expect(drawers.pastRows(register.terminalId).getByTestId('over-short')).toHaveText('balanced');
});
