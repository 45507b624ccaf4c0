import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { keepScreenshot } from '../support/screenshots.js';
import { PaymentWidget } from './payment-widget.js';

/** The back office (`/backoffice/`): virtual terminal, orders, today's sales and the audit trail. */
export class BackOfficePage {
  readonly widget: PaymentWidget;

  constructor(readonly page: Page) {
    this.widget = new PaymentWidget(page);
  }

  /** The back office at `size` (1280×800), the demo manager signed in. */
  static async signedIn(page: Page, serviceUrl: string, size = { width: 1280, height: 800 }): Promise<BackOfficePage> {
    await page.setViewportSize(size);
    const office = new BackOfficePage(page);
    await office.open(serviceUrl);
    await office.login();
    return office;
  }

  /** The back office at 1280×800, the manager signed in, on the Orders screen with `orderNumber` open. */
  static async openOrder(page: Page, serviceUrl: string, orderNumber: string): Promise<BackOfficePage> {
    const office = await BackOfficePage.signedIn(page, serviceUrl);
    await office.show('Orders');
    await office.lookUp(orderNumber);
    return office;
  }

  async open(serviceUrl: string): Promise<void> {
    await this.page.goto(`${serviceUrl}/backoffice/`);
  }

  async login(username = 'manager', password = 'manager-demo-1'): Promise<void> {
    await this.page.getByLabel('Username').fill(username);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
    await expect(this.page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
  }

  /** The demo logins the login screen offers (a demo service only). */
  get demoLogins(): Locator {
    return this.page.getByRole('region', { name: 'Demo logins' }).getByRole('button');
  }

  async signOut(): Promise<void> {
    await this.page.getByRole('button', { name: 'Sign out' }).click();
    await expect(this.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  }

  async show(
    screen: 'Virtual terminal' | 'Orders' | 'Customers' | 'Products' | "Today's sales" | 'Drawers' | 'Audit trail',
  ): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Back office' }).getByRole('button', { name: screen }).click();
    await expect(this.page.getByRole('heading', { level: 2, name: screen })).toBeVisible();
  }

  /** Every screen's tab on one row, the whole row in view, and Sign out beside it in view. */
  async expectTabsOnOneRow(): Promise<void> {
    const tabs = this.page.getByRole('navigation', { name: 'Back office' }).getByRole('button');
    const tops = new Set<number>();
    for (const tab of await tabs.all()) {
      await expect(tab).toBeInViewport({ ratio: 1 });
      tops.add(Math.round((await tab.boundingBox())!.y));
    }
    expect(tops.size).toBe(1);
    await expect(this.page.getByRole('button', { name: 'Sign out' })).toBeInViewport({ ratio: 1 });
  }

  /** Virtual terminal: finds the order and starts its payment. */
  async chargeOrder(orderNumber: string): Promise<void> {
    await this.page.getByLabel('Order number').fill(orderNumber);
    await this.page.getByRole('button', { name: 'Find order' }).click();
    await expect(this.page.getByTestId('vt-order-number')).toHaveText(orderNumber);
    await this.page.getByRole('button', { name: /^Take payment of/ }).click();
  }

  /** The virtual terminal's calm sentence about the payment's end (in its status region). */
  get outcome(): Locator {
    return this.page.getByTestId('vt-outcome');
  }

  /** The virtual terminal's one result panel (its tone is a class: good, bad, plain). */
  get result(): Locator {
    return this.page.getByTestId('vt-result');
  }

  async lookUp(orderNumber: string): Promise<void> {
    await this.page.getByLabel('Order number').fill(orderNumber);
    await this.page.getByRole('button', { name: 'Look up' }).click();
    await expect(this.page.getByTestId('detail-number')).toHaveText(orderNumber.toUpperCase());
  }

  /** The service's reason for refusing a cancel or a void of the open order. */
  get refusal(): Locator {
    return this.page.getByTestId('detail-refusal');
  }

  /** Orders: the online orders not yet picked up, those packed and ready for over a day, or every order of the filters again. */
  async showOrders(which: 'Ready over a day' | 'All orders' | 'Online orders'): Promise<void> {
    const button = this.page.getByRole('button', { name: which });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }

  async filterStatus(status: string): Promise<void> {
    await this.page.getByLabel('Status').selectOption(status);
  }

  /** Orders of one day (`YYYY-MM-DD`, the store's local day). */
  async filterDay(day: string): Promise<void> {
    await this.page.getByLabel('Day').fill(day);
  }

  get detailStatus(): Locator {
    return this.page.getByTestId('detail-status');
  }

  /** The open order's history, oldest first: each step's time, words and who. */
  get historyLines(): Locator {
    return this.page.getByTestId('order-history').locator('li');
  }

  /** The open order's customer, by name, beside when it was created. */
  get detailCustomer(): Locator {
    return this.page.getByTestId('detail-customer');
  }

  row(orderNumber: string): Locator {
    return this.page.locator(`tr[data-order="${orderNumber}"]`);
  }

  get rows(): Locator {
    return this.page.locator('tr[data-order]');
  }

  /** A full-page screenshot of the screen shown now, kept in the test's output folder and attached to its report. */
  async screenshot(testInfo: TestInfo, name: string): Promise<void> {
    await keepScreenshot(this.page, testInfo, name);
  }

  /** Confirms the open confirmation dialog with its button `name`, saying why when it asks. */
  async confirm(name: string, reason?: string): Promise<void> {
    const dialog = this.page.getByRole('dialog');
    if (reason !== undefined) await dialog.getByRole('textbox').fill(reason);
    await dialog.getByRole('button', { name }).click();
  }

  /** The audit trail's rows of the day shown. */
  get auditRows(): Locator {
    return this.page.getByTestId('audit-table').locator('tbody tr');
  }

  /** The line about the register's last backup, under every screen. */
  get backupLine(): Locator {
    return this.page.getByTestId('backup-line');
  }
}

/** A part of the Products tab, shown by its button (pressed once shown). */
export async function showProductsPart(
  page: Page,
  part: 'Products' | 'Rooms' | 'Counts' | 'Receiving' | 'Adjustments',
): Promise<void> {
  const button = page.getByRole('group', { name: 'Products and inventory' }).getByRole('button', { name: part });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}
