import { readFileSync } from 'node:fs';
import { StateReportingPage } from '../pages/state-reporting-page.js';
import { MetrcTestServer } from '../../support/metrc-test-server.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { oneOf, storeDay, storeDaysSince } from '../support/store-days.js';
import { orderEndingIn, payInCash } from './orders-for-test.js';

// A store of its own: it starts with no state system and leaves one on whose server the test stops,
// which every later sale of a shared store would be sent to.
test.use({ serviceOptions: { args: [], env: {}, own: 'state-reporting' } });

const KEYS = { vendorKey: 'vendor-key-e2e-4242', userKey: 'user-key-e2e-9090', licenseNumber: 'C10-0000001-LIC' };
let state: MetrcTestServer;
let stateUrl: string;
test.beforeEach(async () => {
  state = new MetrcTestServer(KEYS);
  stateUrl = await state.start();
});
test.afterEach(() => state.stop());

test('a manager sets up the state system, sees the day’s records sent and failed, retries one and exports the day', async ({
  page,
  service,
  api,
}, testInfo) => {
  const began = storeDay();
  const reporting = new StateReportingPage(page);
  await reporting.open(service.url);
  await expect(page.getByText('This store keeps no state records')).toBeVisible();
  await expect(page.getByText('No sales, voids or refunds were recorded for the state on this day.')).toBeVisible();

  // A plain http:// address elsewhere is refused, saying why; this computer's test server is accepted.
  await reporting.setStateSystem({ url: 'http://metrc.example.com', license: KEYS.licenseNumber, ...KEYS, on: true });
  await expect(reporting.form.getByRole('alert')).toContainText('must start with https://');
  await reporting.setStateSystem({ url: stateUrl, license: KEYS.licenseNumber, ...KEYS, on: true });
  await expect(reporting.form.getByRole('status')).toHaveText(
    'Saved. Records are sent to the state as they are written.',
  );
  await expect(reporting.form.getByLabel('Vendor key')).toHaveAttribute('placeholder', '…4242 (kept when left empty)');
  await expect(
    page.getByText(
      `Every sale, void and refund, stock adjustment, delivery and move is sent to the state system at ${stateUrl}`,
    ),
  ).toBeVisible();

  // Three cash sales: the state refuses the first (400), takes the second, and stalls on the third.
  state.answers = [400];
  const refused = await orderEndingIn(api, 10, 0);
  await payInCash(api, refused);
  await expect.poll(() => state.calls.length, { timeout: 15_000 }).toBe(1);
  const accepted = await orderEndingIn(api, 20, 1);
  await payInCash(api, accepted);
  await expect.poll(() => state.calls.length, { timeout: 15_000 }).toBe(2);
  state.answers = ['stall'];
  const stalled = await orderEndingIn(api, 30, 2);
  await payInCash(api, stalled);
  await expect.poll(() => state.calls.length, { timeout: 15_000 }).toBe(3);

  await reporting.untilListed(async () => {
    await expect(reporting.recordsOf(refused.orderNumber)).toContainText('Failed', { timeout: 500 });
    await expect(reporting.recordsOf(accepted.orderNumber)).toContainText('Sent', { timeout: 500 });
  });
  await expect(reporting.recordsOf(refused.orderNumber)).toContainText(
    'Not accepted. The state refused the record: The receipt was refused',
  );
  await expect(reporting.recordsOf(accepted.orderNumber)).toContainText('The state accepted it');
  await expect(reporting.recordsOf(stalled.orderNumber)).toContainText('Being sent');
  await expect(reporting.recordsOf(accepted.orderNumber)).toContainText('Adult use');
  await expect(reporting.recordsOf(accepted.orderNumber)).toContainText(/1 × …D12000\d{6}/);
  await expect(page.getByTestId('state-counts')).toHaveText('1 waiting · 1 sent · 1 failed');
  expect(await axeViolations(page)).toEqual([]);
  await reporting.screenshot(testInfo, 'state-reporting-day');

  // The state is fixed: Retry sends the refused sale again, and the list says it was accepted.
  await reporting
    .recordsOf(refused.orderNumber)
    .getByRole('button', { name: `Send the sale of order ${refused.orderNumber} again` })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'will be sent again within seconds' })).toBeVisible();
  await reporting.untilListed(async () => {
    await expect(reporting.recordsOf(refused.orderNumber)).toContainText('Sent', { timeout: 500 });
  });

  // Export the day as CSV: one row per package line, what the list shows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export the day as CSV' }).click(),
  ]);
  // The day shown, the store's (the next, to a run that crossed its midnight since the page opened).
  expect(download.suggestedFilename()).toMatch(
    oneOf(storeDaysSince(began).map((day) => `state-records-demo-${day}.csv`)),
  );
  const csv = readFileSync((await download.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(csv[0]).toMatch(/^Recorded \(P[SD]T\),Record,Order,Sale date and time \(P[SD]T\),Customer type,/);
  expect(csv).toHaveLength(4);
  expect(csv.find((row) => row.includes(accepted.orderNumber))).toMatch(
    /,Sale,.*,Adult use,,1A4060300003D12000\d{6},1,Each,/,
  );
  await reporting.screenshot(testInfo, 'state-reporting-retried');

  // A package written off: its adjustment is listed under the day's stock records, and sent.
  const [tagged] = (await api.setup<{ packages: { label: string }[] }>('GET', '/products/FLW-001/packages')).packages;
  await api.setup('POST', '/inventory/adjustments', {
    package: tagged!.label,
    delta: -1,
    reason: 'waste',
    note: 'Torn bag',
  });
  const stock = page.getByTestId('state-stock-records').locator('tbody tr').filter({ hasText: tagged!.label });
  await reporting.untilListed(async () => {
    await expect(stock).toContainText('Sent', { timeout: 500 });
  });
  await expect(stock).toContainText('Adjustment: Waste (Torn bag)');
  await expect(stock).toContainText('−1');
  await expect(stock).toContainText('The state accepted it');
  expect(state.adjustments).toEqual([expect.objectContaining({ Label: tagged!.label, Quantity: -1 })]);
  expect(await axeViolations(page)).toEqual([]);
  await reporting.screenshot(testInfo, 'state-reporting-stock-records');
});
