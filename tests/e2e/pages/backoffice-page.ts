import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { keepScreenshot } from '../support/screenshots.js';
import { PaymentWidget } from './payment-widget.js';

/** The back office (`/backoffice/`): virtual terminal, orders and today's sales. */
export class BackOfficePage {
  readonly widget: PaymentWidget;

  constructor(readonly page: Page) {
    this.widget = new PaymentWidget(page);
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

  async show(screen: 'Virtual terminal' | 'Orders' | "Today's sales"): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Back office' }).getByRole('button', { name: screen }).click();
    await expect(this.page.getByRole('heading', { level: 2, name: screen })).toBeVisible();
  }

  /** Virtual terminal: finds the order and starts its payment. */
  async chargeOrder(orderNumber: string): Promise<void> {
    await this.page.getByLabel('Order number').fill(orderNumber);
    await this.page.getByRole('button', { name: 'Find order' }).click();
    await expect(this.page.getByTestId('vt-order-number')).toHaveText(orderNumber);
    await this.page.getByRole('button', { name: /^Take payment of/ }).click();
  }

  get events(): Locator {
    return this.page.getByRole('list', { name: 'Payment events' }).getByRole('listitem');
  }

  async lookUp(orderNumber: string): Promise<void> {
    await this.page.getByLabel('Order number').fill(orderNumber);
    await this.page.getByRole('button', { name: 'Look up' }).click();
    await expect(this.page.getByTestId('detail-number')).toHaveText(orderNumber.toUpperCase());
  }

  get detailStatus(): Locator {
    return this.page.getByTestId('detail-status');
  }

  row(orderNumber: string): Locator {
    return this.page.locator(`tr[data-order="${orderNumber}"]`);
  }

  get rows(): Locator {
    return this.page.locator('tr[data-order]');
  }

  async screenshot(testInfo: TestInfo, name: string): Promise<void> {
    await keepScreenshot(this.page, testInfo, name);
  }
}
