import { expect, type Locator, type Page } from '@playwright/test';

/** The back office's Deals: the list by status, its row actions, and the form that adds or changes one. */
export class DealsPage {
  constructor(readonly page: Page) {}

  /** Opens the Deals tab from the back office's navigation. */
  async show(): Promise<void> {
    await this.tab.click();
    await expect(this.page.getByRole('heading', { level: 2, name: 'Deals' })).toBeVisible();
  }

  get tab(): Locator {
    return this.page.getByRole('navigation', { name: 'Back office' }).getByRole('button', { name: 'Deals' });
  }

  /** Active, paused or archived deals. */
  async showOnly(which: 'Active' | 'Paused' | 'Archived'): Promise<void> {
    const group = this.page.getByRole('group', { name: 'Active, paused or archived' });
    const button = group.getByRole('button', { name: which });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }

  get rows(): Locator {
    return this.page.locator('tr[data-deal]');
  }

  /** A deal's row, by its name. */
  row(name: string): Locator {
    return this.page.locator(`tr[data-deal="${name}"]`);
  }

  /** Starts a new deal (the head's button, or the empty list's). */
  async startNew(): Promise<void> {
    await this.page.getByRole('button', { name: 'New deal' }).first().click();
    await expect(this.form).toBeVisible();
  }

  /** The add or change form. */
  get form(): Locator {
    return this.page.getByRole('form', { name: /^(New deal|Change .+)$/ });
  }

  /** Fills the form's fields by their labels. */
  async fill(fields: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(fields)) await this.form.getByLabel(label, { exact: true }).fill(value);
  }

  async kind(label: string): Promise<void> {
    await this.form.getByLabel('Kind').selectOption({ label });
  }

  /** Ticks a checkbox or chooses a radio of the form (a category, a weekday, "Promo code"). */
  async tick(label: string): Promise<void> {
    await this.form.getByLabel(label, { exact: true }).check();
  }

  /** Scrolls the form (which scrolls on its own beside the list) to its top or its foot, for a screenshot. */
  async scrollForm(to: 'top' | 'foot'): Promise<void> {
    await this.form.evaluate((form, top) => form.scrollTo(0, top ? 0 : form.scrollHeight), to === 'top');
  }

  async submit(): Promise<void> {
    await this.form.getByRole('button', { name: /^(Add deal|Save changes)$/ }).click();
  }

  /** The live line saying what the deal typed gives and when. */
  get preview(): Locator {
    return this.form.getByTestId('deal-preview');
  }

  /** The refusal shown beside a field of the form (`scope`, `code`, `name`, …). */
  fieldError(control: string): Locator {
    return this.form.locator(`[data-field-error="${control}"]`);
  }

  /** A row's action: Edit, Pause, Resume or Archive. */
  async act(name: string, action: 'Edit' | 'Pause' | 'Resume' | 'Archive'): Promise<void> {
    await this.row(name)
      .getByRole('button', { name: `${action} ${name}` })
      .click();
  }

  /** The line saying what the last save, pause or archive did. */
  get message(): Locator {
    return this.page.getByTestId('deals-message');
  }
}
