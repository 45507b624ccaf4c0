import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { keepScreenshot } from '../support/screenshots.js';
import { PaymentWidget } from './payment-widget.js';

/** The customer's pole display (`/display/`), as the customer sees it. */
export class PoleDisplayPage {
  readonly widget: PaymentWidget;

  constructor(readonly page: Page) {
    this.widget = new PaymentWidget(page);
  }

  async open(serviceUrl: string, terminal = 'front-1'): Promise<void> {
    await this.page.goto(`${serviceUrl}/display/?terminal=${terminal}`);
  }

  async login(username = 'display', password = 'display-demo-1'): Promise<void> {
    await this.page.getByLabel('Username').fill(username);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Start the display' }).click();
    await expect(this.page.locator('.display')).toBeVisible();
  }

  get phase(): Promise<string | null> {
    return this.page.locator('.display').getAttribute('data-phase');
  }

  async expectIdle(storeName: string): Promise<void> {
    await expect(this.page.locator('.display')).toHaveAttribute('data-phase', 'idle');
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(storeName);
  }

  /** The cart's lines (not the deals listed under each). */
  get lines(): Locator {
    return this.page.getByRole('list', { name: 'Items' }).locator(':scope > li');
  }

  /** What each discount (promotion, deal, manual) saved under the line of `name`: "3 pre-rolls for $20 −$6.66". */
  savings(name: string): Locator {
    return this.page.getByRole('list', { name: `Discounts on ${name}`, exact: true }).getByRole('listitem');
  }

  /** "You save" in the totals: what the deals took off in all. */
  get saved(): Locator {
    return this.page.getByTestId('totals-discount');
  }

  /** The customer's points beside "Hi Maria, your order": "500 points". */
  get points(): Locator {
    return this.page.getByTestId('display-points');
  }

  /** What the sale earned, on the thank-you: "You earned 42 points". */
  get thanksPoints(): Locator {
    return this.page.getByTestId('thanks-points');
  }

  /** On how many lines of text the `index`th line's product name is written. */
  nameLines(index: number): Promise<number> {
    return this.lines
      .nth(index)
      .locator('.name')
      .evaluate((name) =>
        Math.round(name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight)),
      );
  }

  /**
   * Waits until the display has fitted its lines to its size: the lines shown and the earlier ones
   * counted add up to `count`, and nothing overflows. Read in one go, so that a resize's refit (which
   * lays every line out again before it leaves the earliest out) is never caught half done.
   */
  async fitted(count: number): Promise<void> {
    const state = () =>
      this.page.evaluate(() => {
        const area = document.querySelector<HTMLElement>('[aria-label="Your items"]')!;
        const note = area.querySelector('[data-testid="display-earlier"]')?.textContent ?? '';
        const earlier = Number(note.match(/\d+/)?.[0] ?? 0);
        const lines = area.querySelectorAll('ul.lines > li').length;
        return { lines: earlier + lines, overflows: area.scrollHeight > area.clientHeight };
      });
    await expect.poll(state).toEqual({ lines: count, overflows: false });
  }

  get total(): Locator {
    return this.page.getByTestId('display-total');
  }

  async expectThanks(orderNumber: string, change?: string): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await expect(this.page.getByTestId('thanks-order')).toHaveText(orderNumber);
    if (change) await expect(this.page.getByTestId('thanks-change')).toHaveText(change);
  }

  async screenshot(testInfo: TestInfo, name: string): Promise<void> {
    await keepScreenshot(this.page, testInfo, name);
  }
}
