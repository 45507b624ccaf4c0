import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { keepScreenshot } from '../support/screenshots.js';
import { DrawerPage } from './drawer-page.js';
import { PaymentWidget } from './payment-widget.js';

/** Longest wait for a sale's result after the payment is started (see expectSold). */
const SALE_MS = 20_000;

/** The cashier's POS window (`/pos/`), driven the way a cashier uses it: by label, role and keys. */
export class PosPage {
  readonly widget: PaymentWidget;
  readonly drawer: DrawerPage;

  constructor(readonly page: Page) {
    this.widget = new PaymentWidget(page);
    this.drawer = new DrawerPage(page);
  }

  /** Opens the register `terminal` of store `dispensary` (the demo store unless named). */
  async open(serviceUrl: string, terminal = 'front-1', dispensary?: string): Promise<void> {
    await this.page.goto(`${serviceUrl}/pos/?terminal=${terminal}${dispensary ? `&dispensary=${dispensary}` : ''}`);
  }

  /**
   * Signs in. With the register's drawer closed the first step is to open it: `drawer: 'later'`
   * (default) chooses to sell by card for now and lands on the products; `'step'` stays on the step.
   */
  async login(
    username = 'cashier',
    password = 'cashier-demo-1',
    { drawer = 'later' }: { drawer?: 'later' | 'step' } = {},
  ): Promise<void> {
    await this.page.getByLabel('Username').fill(username);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
    await expect(this.page.getByRole('heading', { name: 'Cart' })).toBeVisible();
    if ((await this.drawer.state()) === 'closed') {
      await expect(this.drawer.openStep).toBeVisible();
      if (drawer === 'step') return;
      await this.page.getByRole('button', { name: 'Sell by card for now' }).click();
    }
    await expect(this.results.first()).toBeVisible();
  }

  /**
   * Opens the register's drawer with a float typed as one amount (for journeys that take cash but
   * are not about the drawer), then goes back to the sale. Does nothing when it is open already.
   */
  async openDrawer(float = '200.00'): Promise<void> {
    if ((await this.drawer.state()) === 'open') return;
    await this.drawer.openWithAmount(float);
  }

  get search(): Locator {
    return this.page.getByLabel('Search products or scan a barcode');
  }

  get results(): Locator {
    return this.page.getByRole('list', { name: 'Products' }).getByRole('button');
  }

  /** The cart's lines (not the deals listed under each). */
  get cartLines(): Locator {
    return this.page.getByRole('list', { name: 'Cart lines' }).locator(':scope > li');
  }

  /** The discounts under the cart line of `name` (its promotion, its deals), each "Deal name −$1.00". */
  lineDeals(name: string): Locator {
    return this.page.getByRole('list', { name: `Discounts on ${name}`, exact: true }).getByRole('listitem');
  }

  /** Types a promo code in the customer panel and adds it to the sale. */
  async addPromoCode(code: string): Promise<void> {
    await this.page.getByLabel('Promo code', { exact: true }).fill(code);
    await this.page.getByRole('button', { name: 'Add code' }).click();
  }

  /** The chip of a promo code (or a chosen deal, by its name) on the sale, with its words. */
  dealChip(codeOrName: string): Locator {
    return this.page.getByRole('list', { name: 'On this sale' }).getByRole('listitem').filter({ hasText: codeOrName });
  }

  /** Opens the list of the store's deals for the cashier to give; answers the dialog. */
  async openDeals(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Deals', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Deals' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** Chooses one of the store's deals for the cashier in the "Deals" list. */
  async chooseDeal(name: string): Promise<void> {
    const dialog = await this.openDeals();
    await dialog.getByRole('button', { name }).click();
    await expect(dialog).toHaveCount(0);
  }

  /**
   * Opens the discount dialog of the cart line of `name` (or of the whole sale when none is named);
   * answers the dialog.
   */
  async openDiscount(name?: string): Promise<Locator> {
    const title = name ? `Discount on ${name}` : 'Discount on the whole sale';
    await this.page.getByRole('button', { name: name ? title : 'Discount', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** Keys a number on the open discount dialog's keypad, as a finger does. */
  async keyDiscount(dialog: Locator, digits: string): Promise<void> {
    const keypad = dialog.getByRole('group', { name: /^Keypad for the / });
    for (const digit of digits)
      await keypad.getByRole('button', { name: digit === '.' ? 'Decimal point' : digit, exact: true }).click();
  }

  get total(): Locator {
    return this.page.getByTestId('cart-total');
  }

  /** Types into the search box and adds the product whose name is `name`. */
  async addBySearch(query: string, name: string): Promise<void> {
    await this.search.fill(query);
    await this.results.filter({ hasText: name }).first().click();
    await expect(this.cartLines.filter({ hasText: name })).toBeVisible();
  }

  /**
   * A keyboard-wedge scanner with focus outside text fields: the code's keys in one burst, then
   * Enter. The keys are dispatched in the page so they arrive as fast as a scanner sends them,
   * whatever the load on the test machine (Playwright's own typing is slower than a scanner);
   * `gapMs` spaces them like a slow scanner. Each key is stamped with the time the scanner sent it
   * (`gapMs` after the one before), as the hardware's pace is: a loaded machine's late timer moves
   * when the key is handled, never the gap the register measures.
   */
  async scan(code: string, gapMs = 0): Promise<void> {
    await this.burst([...code, 'Enter'], gapMs);
  }

  /**
   * A 2-D scanner reading an ID: the burst `wedgeBurst` made (line breaks typed as Enter), with no
   * Enter after it — the pause ends an ID's burst.
   */
  async scanId(burst: string): Promise<void> {
    await this.burst([...burst].map((char) => (char === '\n' ? 'Enter' : char)));
  }

  private async burst(keys: string[], gapMs = 0): Promise<void> {
    await this.page.getByRole('heading', { name: 'Cart' }).click();
    await this.page.evaluate(
      async ({ keys, gap }) => {
        const start = performance.now();
        for (const [index, key] of keys.entries()) {
          if (gap) await new Promise((resolve) => setTimeout(resolve, gap));
          const event = new KeyboardEvent('keydown', { key, bubbles: true });
          Object.defineProperty(event, 'timeStamp', { value: start + (index + 1) * gap });
          document.body.dispatchEvent(event);
        }
      },
      { keys, gap: gapMs },
    );
  }

  /**
   * A keyboard-wedge scanner typing into the field that has focus (a cart line's quantity, Promo
   * code): its keys in one burst, then Enter, stamped 2 ms apart as `burst` does. Each key no
   * listener took is typed into the field, as the browser would, and an Enter none took submits the
   * field's form (a dispatched key does neither by itself).
   */
  async scanIntoFocused(code: string): Promise<void> {
    await this.page.evaluate(
      (keys) => {
        const field = document.activeElement as HTMLInputElement;
        const start = performance.now();
        for (const [index, key] of keys.entries()) {
          const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
          Object.defineProperty(event, 'timeStamp', { value: start + index * 2 });
          if (!field.dispatchEvent(event)) continue;
          if (key === 'Enter') field.form?.requestSubmit();
          else document.execCommand('insertText', false, key);
        }
      },
      [...code, 'Enter'],
    );
  }

  /** A scanner typing into the focused search box: the field's Enter looks the code up. */
  async scanIntoSearch(code: string): Promise<void> {
    await this.search.fill(code);
    await this.search.press('Enter');
  }

  async weigh(grams: string): Promise<void> {
    await this.page.getByLabel(/^Weight \(/).fill(grams);
    await this.page.getByRole('button', { name: 'Add to cart' }).click();
  }

  async quantity(name: string, value: number): Promise<void> {
    const input = this.page.getByLabel(`Quantity of ${name}`);
    await input.fill(String(value));
    await input.press('Tab');
  }

  /** Waits until the totals reflect the latest cart (no quote in flight). */
  async settled(): Promise<string> {
    await expect(this.page.locator('.totals-box[aria-busy="false"]')).toBeVisible();
    return (await this.total.textContent()) ?? '';
  }

  /**
   * Spends reward dollars so the total ends in `cents` (the sandbox decides a card's outcome by the
   * amount's cents: .51 declines, most others approve). Answers the new total. Where the store runs no
   * loyalty programme a manager approves them at pay time (`approveAsManager`).
   */
  async totalEndingIn(cents: number): Promise<string> {
    const total = Math.round(Number((await this.settled()).replace(/[$,]/g, '')) * 100);
    const reward = (((total - cents) % 100) + 100) % 100;
    if (reward === 0) return this.settled();
    await this.page.getByText('Customer and reward dollars').click();
    const field = this.page.getByLabel('Reward dollars');
    await field.fill((reward / 100).toFixed(2));
    await field.press('Tab');
    const expected = `$${((total - reward) / 100).toFixed(2)}`;
    await expect(this.total).toHaveText(expected);
    return this.settled();
  }

  /** The customer's points beside their name: "500 points ($5.00)". */
  get pointsBalance(): Locator {
    return this.page.getByTestId('points-balance');
  }

  /**
   * The parts of the customer's points row as laid out, in order: each one's words, whether it is in
   * the row's one line, whole (never cut short with …), or under the row (out of sight).
   */
  async pointsRowParts(): Promise<{ words: string; inRow: boolean; whole: boolean; underRow: boolean }[]> {
    return this.page.getByTestId('customer-points').evaluate((shown) => {
      const frame = shown.getBoundingClientRect();
      // A part's box that lays out none of its own (the tier's) stands for its children: they are the parts.
      const parts = (element: Element): Element[] =>
        [...element.children].flatMap((part) => (getComputedStyle(part).display === 'contents' ? parts(part) : [part]));
      return parts(shown)
        .filter((part) => !part.classList.contains('visually-hidden'))
        .map((part) => {
          const box = part.getBoundingClientRect();
          const inRow =
            box.top >= frame.top - 0.5 && box.bottom <= frame.bottom + 0.5 && box.right <= frame.right + 0.5;
          const underRow = box.top >= frame.bottom - 0.5;
          return { words: part.textContent!.trim(), inRow, whole: part.scrollWidth <= part.clientWidth, underRow };
        });
    });
  }

  /** Puts what the customer's points cover in Reward dollars, and waits for the totals. */
  async usePoints(): Promise<string> {
    await this.page.getByRole('button', { name: 'Use points' }).click();
    await expect(this.page.getByLabel('Reward dollars')).not.toHaveValue('');
    return this.settled();
  }

  /**
   * Types reward dollars as a cashier does, then leaves the field: beside the customer's balance, or in
   * the customer panel (opening it) when no points are shown. Wait for the customer's points first.
   */
  async typeRewardDollars(amount: string): Promise<void> {
    const field = this.page.getByLabel('Reward dollars');
    if (!(await field.isVisible())) await this.page.getByText('Customer and reward dollars').click();
    await field.fill(amount);
    await field.press('Tab');
  }

  /** The service's refusal of the reward dollars, beside their field. */
  get rewardRefusal(): Locator {
    return this.page.getByTestId('reward-refused');
  }

  /** What the paid sale earned and the new balance, in the sale's result. */
  get pointsEarned(): Locator {
    return this.page.getByTestId('points-earned');
  }

  async payOnDisplay(): Promise<string> {
    await this.page.getByRole('button', { name: 'Customer pays on display' }).click();
    return this.orderNumber();
  }

  async payHere(): Promise<string> {
    await this.page.getByRole('button', { name: 'Take payment here' }).click();
    return this.orderNumber();
  }

  /**
   * The payment waits for a manager's PIN (the store's policy for manual discounts, which counts reward
   * dollars typed where it runs no loyalty programme): Morgan Manager approves what the dialog lists
   * (`listed`), and the payment goes on. Answers the order's number.
   */
  async approveAsManager(listed: (string | RegExp)[]): Promise<string> {
    const dialog = this.page.getByRole('dialog', { name: 'Discounts to approve' });
    await expect(dialog.getByRole('listitem')).toHaveText(listed);
    await dialog.getByRole('button', { name: 'Morgan Manager' }).click();
    await dialog.getByLabel("Manager's PIN").fill('2580');
    await dialog.getByRole('button', { name: 'Approve and pay' }).click();
    return this.orderNumber();
  }

  /**
   * In the open payment widget: pays `total` ("$30.81") in cash with the next $10 above it
   * tendered, and answers the change due ("$9.19").
   */
  async payCashInWidget(total: string): Promise<string> {
    await this.widget.method('Cash').click();
    const cents = Math.round(Number(total.replace(/[$,]/g, '')) * 100);
    const tendered = Math.ceil((cents + 1) / 1000) * 10;
    await this.widget.frame.getByLabel('Cash received ($)').fill(tendered.toFixed(2));
    await this.widget.button('Take cash').click();
    return `$${((tendered * 100 - cents) / 100).toFixed(2)}`;
  }

  async orderNumber(): Promise<string> {
    const number = this.page.getByTestId('order-number');
    await expect(number).toHaveText(/^[A-Z0-9]{6}$/);
    return (await number.textContent())!;
  }

  get notice(): Locator {
    return this.page.getByTestId('checkout-notice');
  }

  /** The sale's result: paid, and so handed over across the counter ("Sold"). */
  async expectSold(orderNumber: string, change?: string): Promise<void> {
    // The result follows the payment's whole round trip (the PIN pad, the processor or its being out
    // of reach, the order read back): seconds on a loaded machine, more than expect's default 5 s.
    await expect(this.page.getByTestId('result-order-number')).toHaveText(orderNumber, { timeout: SALE_MS });
    await expect(this.page.getByTestId('result-status')).toHaveText('Sold');
    if (change !== undefined) await expect(this.page.getByTestId('change-due')).toHaveText(change);
  }

  async newSale(): Promise<void> {
    await this.page.getByRole('button', { name: 'New sale' }).click();
    await expect(this.cartLines).toHaveCount(0);
  }

  /** The confirm that "Clear sale" asks on a cart with lines. */
  get clearSaleDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Clear this sale?' });
  }

  /** Clears the cart with its lines: "Clear sale", then confirmed in the dialog it asks. */
  async clearSale(): Promise<void> {
    await this.page.getByRole('region', { name: 'Cart' }).getByRole('button', { name: 'Clear sale' }).first().click();
    await this.clearSaleDialog.getByRole('button', { name: 'Clear sale' }).click();
    await expect(this.clearSaleDialog).toHaveCount(0);
    await expect(this.cartLines).toHaveCount(0);
  }

  /** The question Sign out asks about a sale in the cart. */
  get signOutDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Sign out and clear this sale?' });
  }

  /** Signs out; `withSale`: the sale in the cart is cleared with it, confirmed in the question Sign out asks. */
  async signOut(withSale = false): Promise<void> {
    await this.page.getByRole('button', { name: 'Sign out' }).click();
    if (withSale) await this.signOutDialog.getByRole('button', { name: 'Clear and sign out' }).click();
    await expect(this.page.getByLabel('Username')).toBeVisible();
  }

  recentOrder(orderNumber: string): Locator {
    return this.page.locator(`tr[data-order="${orderNumber}"]`);
  }

  /** The register's views: the sale first, then Today's orders and the others. */
  get views(): Locator {
    return this.page.getByRole('navigation', { name: 'Register views' });
  }

  /** Opens today's orders, checks an order's status (in words), and goes back to the sale. */
  async expectRecentOrder(orderNumber: string, status: string): Promise<void> {
    await this.views.getByRole('button', { name: /^Today's orders/ }).click();
    await expect(this.recentOrder(orderNumber)).toContainText(status);
    await this.views.getByRole('button').first().click();
  }

  /** Opens today's orders and an order's "Return items": its return dialog, open. */
  async openReturn(orderNumber: string): Promise<Locator> {
    await this.views.getByRole('button', { name: /^Today's orders/ }).click();
    await this.recentOrder(orderNumber).getByRole('button', { name: 'Return items' }).click();
    const dialog = this.page.getByRole('dialog', { name: `Return items of order ${orderNumber}` });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** The total and the two pay buttons: what must stay on screen at every register size. */
  get payButtons(): Locator[] {
    return [
      this.page.getByRole('button', { name: 'Customer pays on display' }),
      this.page.getByRole('button', { name: 'Take payment here' }),
    ];
  }

  /**
   * Adds the first `count` in-stock counted products by tapping their tiles; `onScreen` also checks
   * each tile is on screen before the tap (no scrolling needed).
   */
  async tapProducts(count: number, onScreen = false): Promise<void> {
    const tiles = this.page.locator('ul[aria-label="Products"] button.tile:not([disabled]):not([data-type="FLOWER"])');
    for (let index = 0; index < count; index += 1) {
      if (onScreen) await expect(tiles.nth(index)).toBeInViewport();
      await tiles.nth(index).click();
      await expect(this.cartLines).toHaveCount(index + 1);
    }
  }

  /** Keeps a screenshot of the screen as a test artifact (test-results/e2e/<test>/<name>.png). */
  async screenshot(testInfo: TestInfo, name: string): Promise<void> {
    await keepScreenshot(this.page, testInfo, name);
  }
}
