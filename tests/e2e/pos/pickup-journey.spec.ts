import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { aamvaPayload, samplePerson } from '../../support/aamva-samples.js';
import { wedgeBurst } from '../../support/aamva-wedge.js';
import { TestPrinter } from '../../support/test-printer.js';
import { ExampleShopPage, type Shopper } from '../pages/example-shop-page.js';
import { OnlineOrdersPage } from '../pages/online-orders-page.js';
import { PosPage } from '../pages/pos-page.js';
import { signInAt } from '../backoffice/drawers-for-test.js';
import { startShopWithWebhooks } from '../support/example-shop.js';
import { expect, test as base } from '../support/fixtures.js';
import { ENGINES } from '../support/postgres-service.js';
import type { ServiceApi, TicketLine } from '../support/service-api.js';

/**
 * Issue 29 end to end, on each engine the service runs on: an order placed on the example shop by
 * its customer reaches the register's pickup queue, is picked by scanning its packages and packed
 * (its bag labels printed on the register's printer), the shop is told it is ready by webhook; at
 * the counter the bag's barcode is scanned, the customer's licence scanned and checked against the
 * order, cash taken with the drawer, and the order is COMPLETED. The shop, the Z report and the
 * stock then say so to the unit and the cent.
 */

const REGISTER = 'pickup-1';
/** The drawer's float, in cents. */
const FLOAT = 20_000;

/** Maria's licence, as the counter's 2-D scanner reads it. */
const LICENCE = samplePerson({ idNumber: 'D2900029' });
/** The same licence as Maria types it into the shop's checkout. */
const MARIA: Shopper = {
  firstName: 'Maria',
  lastName: 'Garcia',
  dateOfBirth: LICENCE.dateOfBirth,
  idNumber: LICENCE.idNumber,
  idJurisdiction: LICENCE.jurisdiction,
  idExpiry: LICENCE.expiry,
};

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

const test = base.extend<{ printer: TestPrinter; customer: ExampleShopPage }>({
  // The register's receipt printer: a raw TCP printer on 127.0.0.1 that keeps every job.
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures name their dependencies by destructuring.
  printer: async ({}, use) => {
    const printer = await new TestPrinter().start();
    await use(printer);
    await printer.stop();
  },
  // The customer at home, in a browser of their own, on the example shop the store tells of its orders.
  customer: async ({ browser, api, service }, use) => {
    const shop = await startShopWithWebhooks(api, service);
    const context = await browser.newContext();
    await use(new ExampleShopPage(await context.newPage(), shop.url));
    await context.close();
    shop.stop();
  },
});

/** The demo store enforces California's rules, and the register's printer opens its drawer on cash. */
async function setUpStore(api: ServiceApi, printer: TestPrinter): Promise<void> {
  const headers = { authorization: `Bearer ${await api.token('manager')}`, 'content-type': 'application/json' };
  await api.call('PUT', '/v2.0/dispensary/demo/setup/store', JSON.stringify({ complianceProfile: 'us-ca' }), headers);
  const body = JSON.stringify({ address: printer.address, openDrawerOnCash: true });
  await signInAt(api, REGISTER); // a register is one of the store's once someone has signed in at it
  await api.call('PUT', `/v2.0/dispensary/demo/setup/printers/${REGISTER}`, body, headers);
}

/** Each edible package's stock (the shop sells edibles): on the shelf, and free to order. */
type Stock = Record<string, { onHand: number; available: number }>;

async function edibleStock(api: ServiceApi): Promise<Stock> {
  const items = await api.catalog('EDIBLE', 100);
  return Object.fromEntries(
    items.map((item) => [item.packageLabel, { onHand: item.quantityOnHand, available: item.quantityAvailable }]),
  );
}

/** `before` with the order's lines taken: reserved by the order (`available`), or gone from the shelf too. */
function stockLess(before: Stock, lines: readonly TicketLine[], from: 'available' | 'shelf'): Stock {
  const after = structuredClone(before);
  for (const line of lines) {
    const stock = after[line.packageLabel]!;
    stock.available -= line.quantity;
    if (from === 'shelf') stock.onHand -= line.quantity;
  }
  return after;
}

// A service of this file's own on each engine: the store's rules and printer set here stay here.
test.use({ serviceOptions: { args: [], env: { SERVICEPAY_E2E_FILE: 'pickup-journey' } } });

for (const engine of ENGINES) {
  // A test type of its own whose service runs on that engine.
  const onEngine = test.extend({ engine });

  onEngine(
    `on ${engine}: an order from the example shop is picked by scan, packed with its bag labels, told to the shop, checked against the licence and paid in cash at the counter`,
    async ({ page, service, api, printer, customer }) => {
      // The service is on the engine named: on PostgreSQL its data folder holds no SQLite database.
      expect(existsSync(join(service.dataDir, 'servicepay.db'))).toBe(engine === 'sqlite');
      await setUpStore(api, printer);
      const before = await edibleStock(api);

      // The register: signed in, its drawer opened with a float, following the live channel.
      await page.setViewportSize({ width: 1366, height: 768 });
      const pos = new PosPage(page);
      await pos.open(service.url, REGISTER);
      await pos.login();
      await pos.openDrawer((FLOAT / 100).toFixed(2));
      await expect(page.getByTestId('live-state')).toHaveText('Live');
      const queue = new OnlineOrdersPage(page);
      await queue.open();

      // Maria orders on the shop, to pay at pickup, saying who picks it up (California wants her ID).
      const orderNumber = await customer.orderToPayAtPickup(MARIA);
      const order = await api.ticketByNumber(orderNumber);
      const total = cents(order.total);
      await expect(customer.paid).toHaveText(`Pay ${money(total)} at pickup (bring your ID).`);
      expect(order).toMatchObject({ status: 'AWAITING_PROCESSING', paymentStatus: 'UNPAID' });
      expect(order.items.length).toBeGreaterThan(0);
      // Reserved for her: no longer free to order, still on the shelf.
      expect(await edibleStock(api)).toEqual(stockLess(before, order.items, 'available'));

      // In the queue as it is placed; picked by scanning each package, packed into two bags.
      await expect(queue.cardIn('New', orderNumber)).toContainText('Maria G.');
      await queue.button(orderNumber, 'Start picking').click();
      await expect(queue.pickList(orderNumber)).toBeVisible();
      const printedBefore = printer.jobs.length;
      await queue.pickAndPack(order, 2);
      await expect(page.getByTestId('queue-done')).toHaveText(
        `Order ${orderNumber} packed; its 2 bag labels printed, one for each bag.`,
      );
      await expect(queue.cardIn('Ready for pickup', orderNumber)).toBeVisible();
      const labels = printer.decoded.slice(printedBefore);
      expect(labels.flatMap((label) => label.barcodes)).toEqual([orderNumber, orderNumber]);
      const labelText = labels.flatMap((label) => label.lines).join('\n');
      expect(labelText).toContain('Maria G.');
      expect(labelText).toContain('bag 1 of 2');
      expect(labelText).toContain('bag 2 of 2');
      expect(labels.flatMap((label) => label.kicks)).toEqual([]);

      // The shop's webhook endpoint was told: Maria reads that it is ready.
      await customer.expectTold('order.ready', 'Packed and ready for pickup');
      await expect(customer.stage).toHaveText('Your order is ready for pickup');

      // At the counter: the bag's barcode scanned opens the hand-over, which wants Maria's ID.
      await pos.scan(labels[0]!.barcodes[0]!);
      const checkout = page.locator('section.checkout');
      await expect(checkout.getByRole('heading', { name: `Online order ${orderNumber}` })).toBeVisible();
      await expect(checkout.getByTestId('hand-over-total')).toHaveText(money(total));
      await expect(checkout.getByTestId('hand-over-id')).toHaveText('ID check needed: the order is for Maria G.');
      await pos.scanId(wedgeBurst(aamvaPayload(LICENCE), 'enter-keys'));
      const idCheck = page.getByRole('dialog', { name: 'ID check' });
      await expect(idCheck.getByTestId('id-verdict')).toHaveText(/ID checked: \d+ years old, may buy today\./);
      await idCheck.getByRole('button', { name: 'Hand over to Maria' }).click();
      await expect(checkout.getByTestId('hand-over-id')).toHaveText('ID checked: the customer on the order.');

      // Cash: the receipt prints with the drawer kick first, and the order is handed over.
      const printedAtCounter = printer.jobs.length;
      await checkout.getByRole('button', { name: 'Take payment here' }).click();
      const change = await pos.payCashInWidget(money(total));
      await expect(checkout.getByRole('heading', { name: `Handed over: online order ${orderNumber}` })).toBeVisible();
      await expect(page.getByTestId('result-status')).toHaveText('Picked up');
      await expect(page.getByTestId('change-due')).toHaveText(change);
      await expect(page.getByTestId('print-outcome')).toHaveText('Receipt printed.');
      const [receipt, ...more] = printer.decoded.slice(printedAtCounter);
      expect(more).toEqual([]);
      expect(receipt!.kicks).toHaveLength(1);
      expect(receipt!.events[0]!.kind).toBe('kick');
      expect(receipt!.lines.map((line) => line.trim())).toContain(`Order ${orderNumber}`);
      expect(await api.ticketByNumber(orderNumber)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });

      // The shop heard every stage, in order.
      await customer.expectTold('order.completed', 'Picked up');
      await expect(customer.stage).toHaveText('Picked up. Thank you!');
      await expect(customer.news).toHaveText([
        'Order received',
        'The store started picking it',
        'Packed and ready for pickup',
        'Payment received',
        'Picked up',
      ]);

      // The stock: what she bought left the shelf, to the unit; nothing else moved.
      expect(await edibleStock(api)).toEqual(stockLess(before, order.items, 'shelf'));

      // The drawer: the float and her cash, to the cent; the close balances and the Z report says so.
      const tendered = total + cents(change);
      const expected = FLOAT + total;
      await pos.newSale();
      await pos.drawer.show();
      await expect(page.getByTestId('drawer-expected')).toHaveText(money(expected));
      await pos.drawer.closeWithAmount((expected / 100).toFixed(2));
      await expect(page.getByTestId('report-title')).toHaveText(`Z report 1 · Register ${REGISTER}`);
      await expect(page.getByTestId('report-expected')).toHaveText(money(expected));
      await expect(page.getByTestId('report-counted')).toHaveText(money(expected));
      await expect(page.getByTestId('report-over-short')).toHaveText('balanced');
      await expect(pos.drawer.flow('float')).toHaveText(money(FLOAT));
      await expect(pos.drawer.flow('cashTendered')).toHaveText(money(tendered));
      await expect(pos.drawer.flow('changeGiven')).toHaveText(`−${money(tendered - total)}`);
      await expect(pos.drawer.sales('Cash').nth(0)).toHaveText('1');
      await expect(pos.drawer.sales('Cash').nth(1)).toHaveText(money(total));
      const shifts = await api.call<{
        shifts: { zNumber: number; expected: number; counted: number; overShort: number }[];
      }>('GET', `/v2.0/dispensary/demo/drawers/shifts?terminal=${REGISTER}`, undefined, {
        authorization: `Bearer ${await api.token('manager')}`,
      });
      expect(shifts.shifts).toMatchObject([{ zNumber: 1, expected, counted: expected, overShort: 0 }]);
    },
  );
}
