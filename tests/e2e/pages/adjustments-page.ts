import { expect, type Locator, type Page } from '@playwright/test';
import { showProductsPart } from './backoffice-page.js';

/** The back office's stock adjustments (Products tab): a product's Adjust stock dialog, and the history. */
export class AdjustmentsPage {
  constructor(readonly page: Page) {}

  /** Opens the Adjust stock dialog from a product's row, by its SKU. */
  async open(sku: string, name: string): Promise<void> {
    await this.page
      .locator(`tr[data-product="${sku}"]`)
      .getByRole('button', { name: `Adjust stock of ${name}` })
      .click();
    await expect(this.dialog).toBeVisible();
    await expect(this.dialog.getByLabel('Reason')).toBeEnabled();
    // The reasons and the package's own stock are read.
    await expect(this.dialog.getByRole('button', { name: 'Save adjustment' })).toBeEnabled();
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: /^Adjust stock of / });
  }

  /** Fills the change: removed, added or counted, how many, the reason (its words) and a note. */
  async fill(mode: 'Remove' | 'Add' | 'Counted', amount: string, reason: string, note = ''): Promise<void> {
    await this.dialog.getByRole('radio', { name: mode }).check();
    await this.dialog.getByLabel(/^(Units|Grams) (to remove|to add|counted)$/).fill(amount);
    await this.dialog.getByLabel('Reason').selectOption({ label: reason });
    await this.dialog.getByLabel('Note').fill(note);
  }

  /** The approving manager's username and PIN. */
  async approve(username: string, pin: string): Promise<void> {
    await this.dialog.getByLabel('Manager', { exact: true }).fill(username);
    await this.dialog.getByLabel('Manager’s PIN').fill(pin);
  }

  async save(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Save adjustment' }).click();
  }

  async close(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Close' }).click();
    await expect(this.dialog).toHaveCount(0);
  }

  /** The package chosen, where the product has several: its line ("1A4… · Sales floor · 38 units on hand Sells next"). */
  get chosenPackage(): Locator {
    return this.packages.filter({ has: this.page.locator('input:checked') });
  }

  /** The packages offered, a line each, where the product has several. */
  get packages(): Locator {
    return this.dialog.getByRole('radiogroup', { name: 'Package' }).locator('label');
  }

  /** Chooses the package adjusted by its words (its tag, room, stock). */
  async choosePackage(words: RegExp): Promise<void> {
    await this.dialog.getByRole('radiogroup', { name: 'Package' }).getByRole('radio', { name: words }).check();
  }

  /** What stays on hand ("On hand: 40 → 39 units"), shown before saving. */
  get preview(): Locator {
    return this.dialog.getByTestId('adjust-preview');
  }

  /** What the last save did. */
  get done(): Locator {
    return this.dialog.getByTestId('adjust-done');
  }

  /** A field's refusal beside it: 'amount', 'reason', 'note', 'username' or 'pin'. */
  fieldError(control: string): Locator {
    return this.dialog.locator(`[data-field-error="${control}"]`);
  }

  /** From the Products tab, its Adjustments. */
  async showHistory(): Promise<void> {
    await showProductsPart(this.page, 'Adjustments');
  }

  async showProducts(): Promise<void> {
    await showProductsPart(this.page, 'Products');
  }

  get rows(): Locator {
    return this.page.locator('tr[data-adjustment]');
  }
}
