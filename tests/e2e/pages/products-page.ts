import { expect, type Locator, type Page } from '@playwright/test';

/** The back office's Products: the search and filters, the list, and the form that adds or changes one. */
export class ProductsPage {
  constructor(readonly page: Page) {}

  get search(): Locator {
    return this.page.getByLabel('Find a product');
  }

  /** Searches for `text` (Enter, as a manager at a keyboard would). */
  async find(text: string): Promise<void> {
    await this.search.fill(text);
    await this.search.press('Enter');
  }

  async filter(label: 'Category' | 'Stock', option: string): Promise<void> {
    await this.page.getByRole('search', { name: 'Products' }).getByLabel(label).selectOption({ label: option });
  }

  /** On sale, or the archived. */
  async showOnly(which: 'On sale' | 'Archived'): Promise<void> {
    const button = this.page.getByRole('group', { name: 'On sale or archived' }).getByRole('button', { name: which });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }

  async clearFilters(): Promise<void> {
    await this.page.getByRole('search', { name: 'Products' }).getByRole('button', { name: 'Clear' }).click();
  }

  get rows(): Locator {
    return this.page.locator('tr[data-product]');
  }

  /** A product's row, by its SKU. */
  row(sku: string): Locator {
    return this.page.locator(`tr[data-product="${sku}"]`);
  }

  async open(sku: string): Promise<void> {
    await this.row(sku).getByRole('button').first().click();
    // This product's form: one open before (another product's) is visible at once, and stays until this one shows.
    await expect(this.form.getByLabel('SKU', { exact: true })).toHaveValue(sku);
  }

  /** The add or change form. */
  get form(): Locator {
    return this.page.getByRole('form', { name: /^(Add a product|Change .+)$/ });
  }

  /** Fills the form's fields by their labels. */
  async fill(fields: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(fields)) await this.form.getByLabel(label, { exact: true }).fill(value);
  }

  /** Price break `index` (from 0): its weight in grams and its price in dollars. */
  async priceBreak(index: number, grams: string, dollars: string): Promise<void> {
    await this.form.getByLabel(`Weight ${index + 1} (g)`).fill(grams);
    await this.form.getByLabel(`Price ${index + 1} ($)`).fill(dollars);
  }

  /** The refusal shown beside a field of the form (`priceBreaks[2]`, `sku`, …). */
  fieldError(control: string): Locator {
    return this.form.locator(`[data-field-error="${control}"]`);
  }

  /** The line saying what the last save or archive did. */
  get message(): Locator {
    return this.page.getByTestId('products-message');
  }
}
