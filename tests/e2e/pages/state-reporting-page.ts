import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { keepScreenshot } from '../support/screenshots.js';
import { BackOfficePage } from './backoffice-page.js';

/** The back office's State reporting tab: the day's state records and the store's state system. */
export class StateReportingPage {
  readonly backOffice: BackOfficePage;

  constructor(readonly page: Page) {
    this.backOffice = new BackOfficePage(page);
  }

  async open(serviceUrl: string): Promise<void> {
    await this.page.setViewportSize({ width: 1366, height: 768 });
    await this.backOffice.open(serviceUrl);
    await this.backOffice.login('manager', 'manager-demo-1');
    await this.page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('button', { name: 'State reporting' })
      .click();
    await expect(this.page.getByRole('heading', { level: 2, name: 'State reporting' })).toBeVisible();
  }

  get form(): Locator {
    return this.page.getByRole('form', { name: 'State system' });
  }

  /** Fills the state system's form and saves it. */
  async setStateSystem(input: { url: string; license: string; vendorKey: string; userKey: string; on: boolean }) {
    await this.form.getByLabel('State system address').fill(input.url);
    await this.form.getByLabel('Licence number').fill(input.license);
    await this.form.getByLabel('Vendor key').fill(input.vendorKey);
    await this.form.getByLabel('User key').fill(input.userKey);
    await this.form.getByRole('checkbox', { name: /Send records to the state/ }).setChecked(input.on);
    await this.form.getByRole('button', { name: 'Save' }).click();
  }

  get records(): Locator {
    return this.page.getByTestId('state-records');
  }

  /** The rows of an order's records (sale, void, refund), oldest first. */
  recordsOf(orderNumber: string): Locator {
    return this.records.locator('tbody tr').filter({ hasText: orderNumber });
  }

  async refresh(): Promise<void> {
    await this.page.getByRole('button', { name: 'Refresh' }).click();
  }

  /** Refreshes until `check` passes (the job sends every few seconds). */
  async untilListed(check: () => Promise<void>): Promise<void> {
    await expect(async () => {
      await this.refresh();
      await check();
    }).toPass({ timeout: 20_000, intervals: [500, 1000] });
  }

  async screenshot(testInfo: TestInfo, name: string): Promise<void> {
    await keepScreenshot(this.page, testInfo, name);
  }
}
