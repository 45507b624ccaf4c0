import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { keepScreenshot } from '../support/screenshots.js';

/** The sections of the back office's Store setup, as its side navigation names them. */
export type SetupSection =
  | 'Store'
  | 'Taxes'
  | 'Locations'
  | 'Payments'
  | 'PIN pads'
  | 'Registers'
  | 'Staff'
  | 'API clients'
  | 'Webhooks'
  | 'Catalog';

const HEADINGS: Record<SetupSection, string> = {
  Store: 'Store',
  Taxes: 'Taxes',
  Locations: 'Locations',
  Payments: 'Payments',
  'PIN pads': 'PIN pads',
  Registers: 'Registers',
  Staff: 'Staff',
  'API clients': 'API clients',
  Webhooks: 'Webhooks',
  Catalog: 'Catalog',
};

/** The back office's Store setup (`/backoffice/?dispensary=<short>`, tab "Store setup"). */
export class SetupPage {
  constructor(readonly page: Page) {}

  /** Opens the back office of store `shortName` at 1280×800 and signs in. */
  async open(serviceUrl: string, shortName: string, username: string, password: string): Promise<void> {
    await this.page.setViewportSize({ width: 1280, height: 800 });
    await this.page.goto(`${serviceUrl}/backoffice/?dispensary=${shortName}`);
    await this.page.getByLabel('Username').fill(username);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
    await this.page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('button', { name: 'Store setup' })
      .click();
    await expect(this.page.getByRole('navigation', { name: 'Store setup' })).toBeVisible();
  }

  async show(section: SetupSection): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Store setup' }).getByRole('button', { name: section }).click();
    await expect(this.page.getByRole('heading', { level: 3, name: HEADINGS[section], exact: true })).toBeVisible();
  }

  /** The form or card headed `title` (an h4), e.g. "Add a tax class". */
  form(title: string): Locator {
    return this.page
      .locator('form, article, div.card')
      .filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  /** The card of one tax class. */
  taxClass(code: string): Locator {
    return this.page.locator(`article[data-tax-class="${code}"]`);
  }

  /** The last refusal on screen: why the input was refused, in words. */
  get refusal(): Locator {
    return this.page.getByRole('alert').last();
  }

  /** The last status line: what the last change did. */
  get done(): Locator {
    return this.page.locator('.form-status [role="status"]').last();
  }

  row(attribute: string, value: string): Locator {
    return this.page.locator(`tr[data-${attribute}="${value}"]`);
  }

  /** Confirms (or keeps, with the other button) the open confirmation dialog. */
  async answer(button: string): Promise<void> {
    await this.page.getByRole('dialog').getByRole('button', { name: button }).click();
    await expect(this.page.getByRole('dialog')).toHaveCount(0);
  }

  async screenshot(testInfo: TestInfo, name: string): Promise<void> {
    await keepScreenshot(this.page, testInfo, name);
  }
}
