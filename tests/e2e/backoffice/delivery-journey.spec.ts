import { fileURLToPath } from 'node:url';
import { decodeEscPos } from '../../support/escpos-decoder.js';
import { MetrcTestServer } from '../../support/metrc-test-server.js';
import { TestPrinter } from '../../support/test-printer.js';
import { AdjustmentsPage } from '../pages/adjustments-page.js';
import { BackOfficePage } from '../pages/backoffice-page.js';
import { CountsPage } from '../pages/counts-page.js';
import { PosPage } from '../pages/pos-page.js';
import { ProductsPage } from '../pages/products-page.js';
import { ReceivingPage } from '../pages/receiving-page.js';
import { RoomsPage } from '../pages/rooms-page.js';
import { StateReportingPage } from '../pages/state-reporting-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { keepScreenshot } from '../support/screenshots.js';

const DELIVERY = fileURLToPath(new URL('../../fixtures/manifests/delivery-with-shortage.csv', import.meta.url));
const MANIFEST = '0004512873';
const BLUE = '1A4FF0100000022000000201';
const GUMMIES = '1A4FF0100000022000000202';
const BULK = '1A4FF0100000022000000203';
const KEYS = { vendorKey: 'vendor-key-e2e-4242', userKey: 'user-key-e2e-9090', licenseNumber: 'C10-0000001-LIC' };

// Issue 30's "Done when", as README "A delivery, from the truck to the state" tells it: the demo
// store's stock and its state records are this file's alone.
test.use({ serviceOptions: { args: [], env: {}, own: 'delivery-journey' } });

// The state system and the register's label printer, on 127.0.0.1.
let state: MetrcTestServer;
let stateUrl: string;
let printer: TestPrinter;
const REGISTER = 'front-1';
test.beforeAll(async () => {
  state = new MetrcTestServer(KEYS);
  stateUrl = await state.start();
  printer = await new TestPrinter().start();
});
test.afterAll(async () => {
  await state.stop();
  await printer.stop();
});

test('a manager receives a delivery, prints its labels, sells from it at the POS, writes off a damaged jar and counts Quarantine; the state is told of each', async ({
  page,
  service,
  api,
}, testInfo) => {
  const shot = (name: string) => keepScreenshot(page, testInfo, `${name}-1280x800`, { fullPage: false });
  const office = new BackOfficePage(page);
  const reporting = new StateReportingPage(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await office.open(service.url);
  await office.login();

  // a. Back office → State reporting: the store's state system, on.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('button', { name: 'State reporting' }).click();
  await reporting.setStateSystem({ url: stateUrl, license: KEYS.licenseNumber, ...KEYS, on: true });
  await expect(reporting.form.getByRole('status')).toHaveText(
    'Saved. Records are sent to the state as they are written.',
  );

  // b. Products → Receiving: the manifest file, Blue Dream as suggested, the gummies found (8 of 10
  // arrived), the bulk flower refused, into Quarantine.
  const receiving = new ReceivingPage(page);
  await office.show('Products');
  await receiving.show();
  await receiving.choose(DELIVERY);
  await expect(page.getByRole('heading', { name: `Manifest ${MANIFEST}` })).toBeVisible();
  await expect(receiving.chosen(BLUE)).toHaveText('Blue Dream (FLW-001): likely');
  await receiving.search(GUMMIES, 'EDI-001');
  await receiving.pick(GUMMIES, 'Watermelon Gummies 10 x 10mg (EDI-001)');
  await receiving.received(GUMMIES, '8');
  await receiving.refuse(BULK, 'Seal broken on arrival');
  await receiving.room('Quarantine');
  await expect(receiving.plan).toHaveText('2 packages into Quarantine (1 short), 1 refused');
  await shot('journey-receive');
  await receiving.receive();
  await expect(receiving.summary).toHaveText(
    `Received manifest ${MANIFEST} into Quarantine: 2 accepted, 1 refused, 1 short.`,
  );
  // Who received it, by the name people know them by (never the username).
  await expect(page.getByText('From Emerald Valley Distribution, LLC, by Morgan Manager.')).toBeVisible();

  // Its labels, on the register's printer (its address set where the printer is installed).
  await api.setup('PUT', `/printers/${REGISTER}`, { address: printer.address });
  await page.getByRole('button', { name: 'Print labels' }).click();
  const labels = page.getByRole('dialog', { name: `Print labels of manifest ${MANIFEST}` });
  await labels.getByLabel('Printer').selectOption(REGISTER);
  await labels.getByRole('button', { name: 'Print labels' }).click();
  await expect(labels.getByRole('status')).toHaveText(
    `Printed 2 package labels of manifest ${MANIFEST} on ${REGISTER}'s printer.`,
  );
  expect(decodeEscPos(printer.jobs.at(-1)!).barcodes).toEqual([BLUE, GUMMIES]);
  await shot('journey-labels');
  await labels.getByRole('button', { name: 'Close' }).click();

  // Blue Dream's new package, checked, to the sales floor from its Packages: it sells next (it
  // expires first; the demo's own jar has no expiry date).
  const rooms = new RoomsPage(page);
  const products = new ProductsPage(page);
  await rooms.showProducts();
  await products.find('FLW-001');
  await rooms.openPackages('FLW-001', 'Blue Dream');
  const move = await rooms.startMove(BLUE);
  await rooms.fillMove(move, 'Sales floor', 'Lab results checked');
  await move.getByRole('button', { name: 'Move package' }).click();
  await expect(rooms.moved).toHaveText(`Moved Blue Dream (${BLUE}): Quarantine → Sales floor.`);
  await expect(rooms.package(BLUE)).toContainText('Sells next');
  await shot('journey-moved');
  await rooms.close();

  // c. At the POS, a cashier with the drawer open sells 2 jars of Blue Dream for cash.
  const pos = new PosPage(await page.context().newPage());
  await pos.page.setViewportSize({ width: 1280, height: 800 });
  await pos.open(service.url, REGISTER);
  await pos.login();
  await pos.openDrawer();
  await pos.addBySearch('Blue Dream', 'Blue Dream');
  await pos.quantity('Blue Dream', 2);
  const total = await pos.settled();
  const orderNumber = await pos.payHere();
  const change = await pos.payCashInWidget(total);
  await pos.expectSold(orderNumber, change);
  await keepScreenshot(pos.page, testInfo, 'journey-sold-1280x800', { fullPage: false });
  await pos.page.close();

  // d. The manager writes off a damaged jar of that package (Adjust stock chooses the one that sells
  // next of Blue Dream's two packages to begin with).
  const adjustments = new AdjustmentsPage(page);
  await products.find('FLW-001');
  await adjustments.open('FLW-001', 'Blue Dream');
  await expect(adjustments.chosenPackage).toHaveText(`${BLUE} · Sales floor · 38 units on hand Sells next`);
  await expect(adjustments.packages).toHaveCount(2);
  // Its own stock, not the floor's: the 2 jars sold left the shelf with the sale (a sale at the
  // counter is handed over as it is paid).
  await expect(adjustments.dialog.getByTestId('adjust-on-hand')).toHaveText('38 units');
  await adjustments.fill('Remove', '1', 'Damaged', 'Jar cracked');
  await expect(adjustments.preview).toHaveText('On hand: 38 → 37 units');
  await adjustments.save();
  await expect(adjustments.done).toContainText('Removed 1 unit of Blue Dream for Damaged');
  await shot('journey-written-off');
  await adjustments.close();

  // e. Counts: a count of Quarantine, where only the gummies are now; 7 there, one missing; applied.
  const counts = new CountsPage(page);
  await counts.show();
  await counts.startRooms(['Quarantine'], 'Count of the Quarantine');
  await expect(counts.lines).toHaveCount(1);
  await counts.enter(GUMMIES, '7');
  await expect(counts.message).toHaveText('Counted 7 of Watermelon Gummies 10 x 10mg: 8 expected, 1 short.');
  await counts.action('Apply count');
  await expect(counts.dialog).toContainText('1 difference becomes an adjustment');
  await shot('journey-count-apply');
  await counts.dialog.getByRole('button', { name: 'Apply count' }).click();
  await expect(counts.status).toHaveText('Applied');

  // f. State reporting, today: the sale sent, and the delivery, the move, the write-off and the
  // count's adjustment among the stock records, all sent.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('button', { name: 'State reporting' }).click();
  const stock = page.getByTestId('state-stock-records').locator('tbody tr');
  const record = (text: string | RegExp) => stock.filter({ hasText: text });
  await reporting.untilListed(async () => {
    await expect(reporting.recordsOf(orderNumber)).toContainText('Sent', { timeout: 500 });
    await expect(stock).toHaveCount(4, { timeout: 500 });
    for (const row of await stock.all()) await expect(row).toContainText('Sent', { timeout: 500 });
  });
  await expect(reporting.recordsOf(orderNumber)).toContainText(`2 × …${BLUE.slice(-12)}`);
  await expect(record(`Delivery ${MANIFEST} received`)).toContainText('2 packages accepted, 1 refused');
  await expect(record(`Package ${BLUE} moved to Sales floor`)).toHaveCount(1);
  await expect(record('Adjustment: Damage (Jar cracked)')).toContainText(BLUE);
  await expect(record('Adjustment: Damage (Jar cracked)')).toContainText('−1');
  await expect(record(GUMMIES)).toContainText('Adjustment: Inventory Audit (Count 1');
  await expect(record(GUMMIES)).toContainText('counted 7, expected 8');
  await expect(record(GUMMIES)).toContainText('−1');
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, testInfo, 'journey-state-1280x800');

  // The state holds each record, with its tags and quantities.
  expect(state.transfers).toEqual([
    expect.objectContaining({
      ManifestNumber: MANIFEST,
      Packages: [
        expect.objectContaining({ PackageLabel: BLUE, Accepted: true, ReceivedQuantity: 40 }),
        expect.objectContaining({ PackageLabel: GUMMIES, Accepted: true, ReceivedQuantity: 8 }),
        expect.objectContaining({ PackageLabel: BULK, Accepted: false, ReceivedQuantity: 0 }),
      ],
    }),
  ]);
  expect(state.locations).toEqual([expect.objectContaining({ Label: BLUE, Location: 'Sales floor' })]);
  expect([...state.receipts.values()]).toEqual([
    [
      expect.objectContaining({
        ExternalReceiptNumber: orderNumber,
        Transactions: [expect.objectContaining({ PackageLabel: BLUE, Quantity: 2, UnitOfMeasure: 'Each' })],
      }),
    ],
  ]);
  expect(state.adjustments).toEqual([
    expect.objectContaining({ Label: BLUE, Quantity: -1 }),
    expect.objectContaining({ Label: GUMMIES, Quantity: -1 }),
  ]);
});
