import { expect, type Locator, type Page } from '@playwright/test';
import { BackOfficePage, showProductsPart } from './backoffice-page.js';

/** The back office's Receiving (Products tab): a manifest file chosen, its packages decided, the receipt. */
export class ReceivingPage {
  constructor(readonly page: Page) {}

  /** The back office at 1280×800, the manager signed in, on Products → Receiving. */
  static async open(page: Page, serviceUrl: string): Promise<{ office: BackOfficePage; receiving: ReceivingPage }> {
    const office = await BackOfficePage.signedIn(page, serviceUrl);
    const receiving = new ReceivingPage(page);
    await office.show('Products');
    await receiving.show();
    return { office, receiving };
  }

  /** From the Products tab, its Receiving. */
  async show(): Promise<void> {
    await showProductsPart(this.page, 'Receiving');
    await expect(this.page.getByRole('heading', { level: 2, name: 'Receiving' })).toBeVisible();
  }

  /** Chooses the manifest file (a path) for the service to read. */
  async choose(path: string): Promise<void> {
    await this.page.getByLabel('Manifest file (.csv or .json)').setInputFiles(path);
  }

  /** One package's row, by its state tag. */
  row(tag: string): Locator {
    return this.page.locator(`tr[data-package="${tag}"]`);
  }

  /** The product a package's row has chosen (the chooser's option text: "Blue Dream (FLW-001): likely"). */
  chosen(tag: string): Locator {
    return this.row(tag).locator('select[data-control="product"] option:checked');
  }

  /** Searches the store's products by name or SKU from a package's row. */
  async search(tag: string, words: string): Promise<void> {
    const row = this.row(tag);
    const field = row.getByRole('searchbox');
    if (!(await field.isVisible())) await row.getByRole('button', { name: 'Find another' }).click();
    await field.fill(words);
    await row.getByRole('button', { name: 'Find', exact: true }).click();
  }

  /** Chooses a product the search found, by its name and SKU as listed. */
  async pick(tag: string, choice: string): Promise<void> {
    await this.row(tag).getByRole('button', { name: choice }).click();
  }

  async received(tag: string, quantity: string): Promise<void> {
    await this.row(tag)
      .getByLabel(/^Received of /)
      .fill(quantity);
  }

  async refuse(tag: string, reason: string): Promise<void> {
    await this.row(tag)
      .getByRole('checkbox', { name: /^Refuse / })
      .check();
    await this.row(tag).getByLabel('Why refused').fill(reason);
  }

  async room(name: string): Promise<void> {
    await this.page.getByLabel('Into room').selectOption({ label: name });
  }

  async receive(): Promise<void> {
    await this.page.getByRole('button', { name: 'Receive delivery' }).click();
  }

  /** A package's field refusal beside it: 'product', 'received' or 'reason'. */
  fieldError(tag: string, control: string): Locator {
    return this.row(tag).locator(`[data-field-error="${control}"]`);
  }

  /** What Receive will do ("2 packages into Quarantine (1 short), 1 refused"). */
  get plan(): Locator {
    return this.page.getByTestId('receive-plan');
  }

  get summary(): Locator {
    return this.page.getByTestId('receipt-summary');
  }

  get where(): Locator {
    return this.page.getByTestId('receipt-where');
  }

  /** Why this delivery cannot be received (received already, or a tag held). */
  get cannotReceive(): Locator {
    return this.page.getByTestId('cannot-receive');
  }

  get problems(): Locator {
    return this.page.getByTestId('manifest-problems');
  }

  /** Types the manifest in instead of choosing a file. */
  async typeIn(): Promise<void> {
    await this.page.getByRole('button', { name: 'Type in a manifest' }).click();
    await expect(this.page.getByRole('heading', { name: 'Type in a manifest' })).toBeVisible();
  }

  /** Fills row `row` (from 0) of the typed manifest; the unit by its state name ("Each", "Grams"). */
  async typePackage(
    row: number,
    fields: { tag: string; item: string; quantity: string; unit?: string; price?: string; expires?: string },
  ): Promise<void> {
    const n = row + 1;
    await this.page.getByLabel(`State tag of package ${n}`).fill(fields.tag);
    await this.page.getByLabel(`Item name of package ${n}`).fill(fields.item);
    await this.page.getByLabel(`Quantity of package ${n}`).fill(fields.quantity);
    if (fields.unit) await this.page.getByLabel(`Unit of package ${n}`).selectOption(fields.unit);
    if (fields.price) await this.page.getByLabel(`Wholesale price of package ${n}`).fill(fields.price);
    if (fields.expires) await this.page.getByLabel(`Expiry date of package ${n}`).fill(fields.expires);
  }

  /** The new product form of a package's row (New product…). */
  newProduct(tag: string): Locator {
    return this.row(tag).getByRole('group', { name: /^New product for / });
  }
}
