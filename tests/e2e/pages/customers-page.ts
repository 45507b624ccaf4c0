import { expect, type Locator, type Page } from '@playwright/test';

/** The back office's Customers: the search and list, one customer opened, and the form that adds or changes one. */
export class CustomersPage {
  constructor(readonly page: Page) {}

  async find(text: string): Promise<void> {
    await this.page.getByLabel('Find a customer').fill(text);
    await this.page.getByRole('search').getByRole('button', { name: 'Find' }).click();
  }

  /** The list's rows. */
  get rows(): Locator {
    return this.page.locator('tr[data-customer]');
  }

  /** A customer's row, by their full name. */
  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('button', { name, exact: true }) });
  }

  async open(name: string): Promise<void> {
    await this.row(name).getByRole('button', { name, exact: true }).click();
    await expect(this.detail.getByTestId('customer-name')).toHaveText(name);
  }

  get detail(): Locator {
    return this.page.getByRole('article', { name: /./ });
  }

  /** The add or change form. */
  get form(): Locator {
    return this.page.getByRole('form', { name: /^(Add a customer|Change .+)$/ });
  }

  /** Fills the form's fields by their labels. */
  async fill(fields: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(fields)) await this.form.getByLabel(label, { exact: true }).fill(value);
  }
}
