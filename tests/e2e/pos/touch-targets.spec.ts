import type { Locator, Page, TestInfo } from '@playwright/test';
import { aamvaPayload, samplePerson } from '../../support/aamva-samples.js';
import { wedgeBurst } from '../../support/aamva-wedge.js';
import { freePort, startService } from '../../support/service-process.js';
import { OnlineOrdersPage } from '../pages/online-orders-page.js';
import { PosPage } from '../pages/pos-page.js';
import { dataFolders, startStoreServer } from '../support/attached-store.js';
import { expect, test } from '../support/fixtures.js';
import { addCustomer, placeOnline } from '../support/online-orders-api.js';
import type { ServiceApi } from '../support/service-api.js';
import { keepScreenshot } from '../support/screenshots.js';
import { smallTargets } from '../support/touch-targets.js';

// A store of its own: its deals, its loyalty programme and its manager's-PIN policy price every sale, and its online order
// is the only one in the queue; no other file must find them.
test.use({ serviceOptions: { args: [], env: {}, own: 'touch-targets' } });

const scope = (productIds: string[]) => ({ productIds, brands: [], categories: [], tags: [] });

/** The two smallest register sizes: every screen is measured at both. */
const SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
] as const;

/**
 * Measures the whole window (or the open dialog) at the page's size: each screen's small targets
 * are listed by its name and size, and its screenshot kept as `<screen>-<width>x<height>`.
 */
async function measureScreen(page: Page, testInfo: TestInfo, screen: string, dialog?: Locator): Promise<void> {
  const { width, height } = page.viewportSize()!;
  const at = `${width}x${height}`;
  if (dialog) await expect(dialog).toBeVisible();
  await keepScreenshot(page, testInfo, `${screen}-${at}`, { fullPage: false });
  const root = dialog ? 'dialog[open]' : 'body';
  expect.soft(await smallTargets(page, root), `${screen} at ${at}`).toEqual([]);
}

/** The store's deals, PIN policy and loyalty programme, set once for the file's tests. */
async function setUpStore(api: ServiceApi): Promise<void> {
  await api.setup('POST', '/deals', {
    ...{ name: 'Spring code', kind: 'amount', amountCents: 500, trigger: 'code', code: 'SPRING5' },
    scope: scope(['FLW-001']),
  });
  await api.setup('POST', '/deals', {
    ...{ name: 'Regulars thank-you', kind: 'amount', amountCents: 100, trigger: 'cashier' },
    scope: scope(['FLW-001']),
  });
  // Every discount by hand asks for a manager's PIN: the dialog shows its approval fields too.
  await api.setup('PUT', '/store', { manualDiscountPinAbove: 0 });
  // A loyalty programme: the customer's panel shows their points and "Use points" beside their name.
  await api.setup('PUT', '/store', {
    loyalty: { enabled: true, expiryMonths: 12, tiers: [{ name: 'Bronze', minPoints: 0, bonusPercent: 0 }] },
  });
}

// Before the first test, on the file's service (a test fixture: `beforeAll` has only the worker's).
let storeReady: Promise<void> | undefined;
test.beforeEach(async ({ api }) => {
  storeReady ??= setUpStore(api);
  await storeReady;
});

/**
 * Every screen and dialog of the register a cashier's finger meets, at the two smallest register
 * sizes: each visible, enabled button, link, field, select, summary and [role=button] is a touch target
 * of at least 44×44 px (tests/e2e/support/touch-targets.ts measures it and lists its exemptions).
 */
for (const size of SIZES) {
  test(`at ${size.width}×${size.height} every touch target of the register is at least 44 px`, async ({
    page,
    service,
    api,
  }, testInfo) => {
    const at = `${size.width}x${size.height}`;
    const measure = (screen: string, dialog?: Locator) => measureScreen(page, testInfo, screen, dialog);
    await page.setViewportSize(size);
    const pos = new PosPage(page);
    await pos.open(service.url, `touch-${size.width}`);
    // The cashier's sign-in: username, password, and the demo logins a demo store offers.
    await expect(page.getByRole('button', { name: /^cashier \/ / })).toBeVisible();
    await measure('sign-in');
    await pos.login('cashier', 'cashier-demo-1', { drawer: 'step' });
    await measure('drawer-open-step');
    await pos.drawer.openWithAmount('200.00');

    // A scan the register does not know: its notice, with a way to dismiss it.
    await pos.scan('NOSUCHCODE42');
    const notice = page.getByRole('alert').filter({ hasText: 'No product has the barcode' });
    await expect(notice).toBeVisible();
    await measure('scan-notice');
    await notice.getByRole('button', { name: 'Dismiss the message' }).click();

    // A weighed product asks for its weight on the keypad.
    await pos.results.filter({ hasText: 'by weight' }).first().click();
    const weigh = page.getByRole('dialog', { name: /^Weigh / });
    await expect(weigh).toBeVisible();
    await measure('weight', weigh);
    await weigh.getByRole('button', { name: 'Cancel' }).click();

    // A sale: three lines, a promo code that applies and one that does not, a cashier's deal, a
    // discount by hand on a line and one on the whole sale.
    await pos.addBySearch('FLW-001', 'Blue Dream');
    await pos.addBySearch('PRE-001', 'Blue Dream Pre-Roll');
    await pos.addBySearch('PRE-002', 'Northern Lights Pre-Roll');
    await pos.addPromoCode('SPRING5');
    await pos.addPromoCode('NOSUCH1');
    await expect(pos.dealChip('SPRING5')).toContainText('Spring code: $5.00 off');
    const picker = await pos.openDeals();
    await measure('deal-picker', picker);
    await picker.getByRole('button', { name: /^Regulars thank-you/ }).click();
    await expect(pos.dealChip('Regulars thank-you')).toBeVisible();

    // The keypad of a line.
    await pos.cartLines
      .first()
      .getByRole('button', { name: /^Change .* on the keypad$/ })
      .click();
    const keypad = page.getByRole('dialog');
    await expect(keypad.getByRole('group', { name: 'Keypad for the quantity' })).toBeVisible();
    await measure('keypad', keypad);
    await keypad.getByRole('button', { name: 'Cancel' }).click();

    // The manual discount dialog, with the manager's approval it asks for.
    const discount = await pos.openDiscount('Northern Lights Pre-Roll');
    await pos.keyDiscount(discount, '10');
    await discount.getByRole('button', { name: 'Damaged package' }).click();
    await discount.getByRole('button', { name: 'Give discount' }).click();
    await expect(discount.getByLabel("Manager's PIN")).toBeVisible();
    await measure('manual-discount', discount);
    await discount.getByRole('button', { name: 'Morgan Manager' }).click();
    await discount.getByLabel("Manager's PIN").fill('2580');
    await discount.getByRole('button', { name: 'Approve and give' }).click();
    await expect(discount).toHaveCount(0);
    const whole = await pos.openDiscount();
    await pos.keyDiscount(whole, '1');
    await whole.getByRole('button', { name: 'Damaged package' }).click();
    // The register knows the store's policy now: the dialog asks for the PIN from the start.
    await whole.getByRole('button', { name: 'Morgan Manager' }).click();
    await whole.getByLabel("Manager's PIN").fill('2580');
    await whole.getByRole('button', { name: 'Approve and give' }).click();
    await expect(whole).toHaveCount(0);
    await expect(pos.lineDeals('Northern Lights Pre-Roll')).toContainText([/Manual discount/, /whole sale/]);

    // A licence scanned at the register, of someone the store does not know yet: the ID check's
    // verdict and its "add" form, then with the medical patient's fields it opens.
    const licence = samplePerson({ firstName: 'TAPPER', lastName: 'SCANNED', idNumber: `D44${size.width}` });
    await pos.scanId(wedgeBurst(aamvaPayload(licence), 'enter-keys'));
    const scanned = page.getByRole('dialog', { name: 'ID check' });
    await expect(scanned.getByTestId('id-verdict')).toContainText('ID checked');
    await expect(scanned.getByRole('button', { name: 'Add as a customer and check' })).toBeVisible();
    await measure('id-scanned', scanned);
    await scanned.getByRole('checkbox', { name: /^Medical patient/ }).check();
    await expect(scanned.getByLabel('Recommendation expires')).toBeVisible();
    await measure('id-scanned-medical', scanned);
    await scanned.getByRole('button', { name: 'Close' }).click();
    await expect(scanned).toHaveCount(0);

    // The customer: found by name in the ID check's search, checked and put on the sale.
    // A last name of this test's own (a search reads digits as a phone or ID number, so no size in it).
    const lastName = size.width === 1024 ? 'Tapsmall' : 'Tapwide';
    await addCustomer(api, 'Ada', lastName);
    await page.getByRole('button', { name: 'Find customer or check ID' }).click();
    const idCheck = page.getByRole('dialog', { name: 'ID check' });
    await idCheck.getByLabel('Name, phone or ID number').fill(lastName);
    const found = idCheck.getByRole('list', { name: 'Customers found' }).getByRole('button');
    await expect(found).toHaveCount(1);
    await measure('customer-search', idCheck);
    await idCheck.getByRole('button', { name: 'Type an ID' }).click();
    await measure('id-typed', idCheck);
    await idCheck.getByRole('button', { name: 'Find a customer' }).click();
    await idCheck.getByLabel('Name, phone or ID number').fill(lastName);
    await found.click();
    await expect(idCheck.getByTestId('id-verdict')).toContainText('ID checked');
    await measure('id-checked', idCheck);
    await idCheck.getByRole('button', { name: 'Medical patient?', exact: true }).click();
    await expect(idCheck.getByRole('button', { name: 'Save as a medical patient' })).toBeVisible();
    await measure('id-checked-medical', idCheck);
    await idCheck.getByRole('button', { name: 'Medical patient?', exact: true }).click();
    await idCheck.getByRole('button', { name: 'Sell to Ada' }).click();
    await expect(idCheck).toHaveCount(0);
    await pos.settled();
    await measure('sale');
    // The codes and deals on the sale, scrolled into the cart's view.
    await page.getByRole('list', { name: 'On this sale' }).evaluate((chips) => chips.scrollIntoView({ block: 'end' }));
    await measure('sale-chips');
    // The contact details: "Details" in the customer's panel with their points, else the row that opens them.
    const contact = page
      .getByRole('button', { name: 'Contact details' })
      .or(page.locator('summary', { hasText: 'Customer and reward dollars' }));
    await contact.click();
    await expect(page.getByLabel('Email')).toBeVisible();
    await measure('sale-customer-details');
    await contact.click();

    // The scanner's settings.
    await page.getByRole('button', { name: 'Scanner' }).click();
    await measure('scanner-settings', page.getByRole('dialog'));
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // The checkout (the payment widget's own frame is measured apart), then its result.
    const total = await pos.settled();
    await pos.payHere();
    await expect(pos.widget.method('Cash')).toBeVisible();
    await measure('checkout');
    const widget = await (await pos.widget.container.locator('iframe').elementHandle())?.contentFrame();
    expect(widget).toBeTruthy();
    expect.soft(await smallTargets(widget!), `payment widget at ${at}`).toEqual([]);
    await pos.payCashInWidget(total);
    await expect(page.getByRole('button', { name: 'New sale' })).toBeVisible({ timeout: 20_000 });
    await measure('sale-result');
    await pos.newSale();

    // Today's orders.
    const views = page.getByRole('navigation', { name: 'Register views' });
    await views.getByRole('button', { name: /^Today's orders/ }).click();
    await expect(page.locator('tr[data-order]').first()).toBeVisible();
    await measure('todays-orders');
    // A return at the counter: the sale's lines, the restock box, the payment, why and the manager's PIN.
    await page.locator('tr[data-order]').first().getByRole('button', { name: 'Return items' }).click();
    const returns = page.getByRole('dialog', { name: /^Return items of order / });
    await expect(returns.locator('tr[data-refund-line]').first()).toBeVisible();
    await returns.locator('tr[data-refund-line]').first().getByRole('button', { name: /^All / }).click();
    await expect(returns.getByLabel("Manager's PIN")).toBeVisible();
    await measure('return-items', returns);
    await returns.getByRole('button', { name: 'Cancel' }).click();
    await expect(returns).toHaveCount(0);

    // Online orders: the queue, an order's pick list, the hand-over finder and review.
    const products = (await api.products('PREROLL', 50)).filter((product) => !product.deli);
    const grace = await addCustomer(api, 'Grace', size.width === 1024 ? 'Pickupsmall' : 'Pickupwide');
    const order = await placeOnline(api, [{ productId: products[0]!.productId, quantity: 1 }], grace);
    const queue = new OnlineOrdersPage(page);
    await queue.open();
    await expect(queue.card(order.orderNumber)).toBeVisible();
    await measure('online-orders');
    await queue.button(order.orderNumber, 'Cancel order').click();
    const cancel = page.getByRole('dialog', { name: `Cancel order ${order.orderNumber}?` });
    await measure('cancel-order', cancel);
    await cancel.getByRole('button', { name: 'Keep the order' }).click();
    await queue.button(order.orderNumber, 'Start picking').click();
    await expect(queue.pickList(order.orderNumber)).toBeVisible();
    await measure('pick-list', queue.pickList(order.orderNumber));
    await queue.pickAndPack(order);
    await measure('online-orders-packed');
    await queue.find(order.orderNumber);
    await expect(page.getByRole('heading', { name: `Online order ${order.orderNumber}` })).toBeVisible();
    await measure('hand-over');
    await page.getByRole('button', { name: 'Back to online orders' }).click();
    // Back on the queue before the drawer is opened: a late return to it would cover the drawer's panel.
    await expect(page.getByRole('heading', { name: 'Online orders', exact: true })).toBeVisible();

    // The drawer: cash in and out, the X report, the close.
    await pos.drawer.show();
    await expect(pos.drawer.panel).toBeVisible();
    await measure('drawer');
    await page.getByRole('button', { name: 'X report' }).click();
    await measure('drawer-x-report');
    await page.getByRole('button', { name: 'Close the drawer…' }).click();
    await measure('drawer-close');

    // The lock screen, and the manager's way to unlock it.
    await page.getByRole('button', { name: 'Lock' }).click();
    await expect(page.getByLabel('Your password')).toBeVisible();
    await measure('lock');
    await page.getByRole('button', { name: 'A manager unlocks' }).click();
    await measure('lock-manager');
  });
}

/**
 * A register of its own, attached to a store server of its own (so the test can pull its plug), at
 * both sizes: its attach screen while new, its sign-in once attached, and its offline banner when the
 * server stops answering. One server and one register serve both sizes.
 */
test('at both sizes the attach screen, the attached sign-in and the offline register have 44 px targets', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const folders = dataFolders();
  const server = await startStoreServer(folders.make('touch-server'), await freePort());
  const register = await startService(['--data', folders.make('touch-register'), '--log-level', 'warn']);
  try {
    /** Measures the screen at each size; `inWindow`: a target that must show whole without scrolling. */
    const sizes = async (screen: string, inWindow?: Locator) => {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await measureScreen(page, testInfo, screen);
        if (inWindow)
          await expect.soft(inWindow, `${screen} at ${size.width}×${size.height}`).toBeInViewport({ ratio: 1 });
      }
    };
    await page.goto(`${register.url}/pos/?terminal=front-1&server=${encodeURIComponent(server.url)}`);
    await expect(page.getByRole('heading', { name: 'Attach register front-1' })).toBeVisible();
    await page.getByLabel('Store (its short name on the server)').fill('demo');
    await page.getByLabel("Manager's username").fill('manager');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Attach this register' }).click();
    // Refused: the screen as the manager sees it with its refusal, its button still in the window.
    await expect(page.getByRole('alert')).toBeVisible();
    await sizes('attach', page.getByRole('button', { name: 'Attach this register' }));

    await page.getByLabel('Password').fill('manager-demo-1');
    await page.getByRole('button', { name: 'Attach this register' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await sizes('attached-sign-in');

    const pos = new PosPage(page);
    await pos.login();
    await server.stop();
    await expect(page.getByTestId('offline-banner')).toBeVisible({ timeout: 5_000 });
    await sizes('offline');
  } finally {
    await register.stop();
    await server.stop();
    folders.removeAll();
  }
});
