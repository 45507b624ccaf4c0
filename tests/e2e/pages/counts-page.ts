import { expect, type Locator, type Page } from '@playwright/test';
import { BackOfficePage, showProductsPart } from './backoffice-page.js';

/** The back office's Counts (Products tab): start a count, scan packages, read the variance, pause and apply. */
export class CountsPage {
  constructor(readonly page: Page) {}

  /** The back office at `size` (1280×800), signed in as the demo manager, on Counts: its page and this one. */
  static async opened(
    page: Page,
    url: string,
    size = { width: 1280, height: 800 },
  ): Promise<{ office: BackOfficePage; counts: CountsPage }> {
    const office = await BackOfficePage.signedIn(page, url, size);
    const counts = new CountsPage(page);
    await office.show('Products');
    await counts.show();
    return { office, counts };
  }

  /** From the Products tab, its Counts. */
  async show(): Promise<void> {
    await showProductsPart(this.page, 'Counts');
  }

  async start(name: string, categories: readonly string[]): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Start a count' });
    await form.getByLabel('Name').fill(name);
    for (const category of categories) await form.getByLabel(category, { exact: true }).check();
    await form.getByRole('button', { name: 'Start the count' }).click();
    await expect(
      this.page.getByRole('heading', { level: 2, name: new RegExp(`^Count \\d+ · ${name}$`) }),
    ).toBeVisible();
  }

  /** Starts a count of the rooms ticked (as the form names them), with no name: it is called by them. */
  async startRooms(rooms: readonly string[], called: string): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Start a count' });
    for (const room of rooms) await form.getByLabel(room, { exact: true }).check();
    await expect(form.getByLabel(/^Name/)).toHaveAttribute('placeholder', called);
    await form.getByRole('button', { name: 'Start the count' }).click();
    await expect(
      this.page.getByRole('heading', { level: 2, name: new RegExp(`^Count \\d+ · ${called}$`) }),
    ).toBeVisible();
  }

  /** Scans a tag (typed, then Enter, as a scanner does) and enters the quantity there with Enter. */
  async enter(tag: string, quantity: string): Promise<void> {
    await this.page.getByLabel('Package tag').fill(tag);
    await this.page.getByLabel('Package tag').press('Enter');
    await expect(this.page.getByLabel('Quantity there')).toBeFocused();
    await this.page.getByLabel('Quantity there').fill(quantity);
    await this.page.getByLabel('Quantity there').press('Enter');
  }

  get message(): Locator {
    return this.page.getByTestId('counts-message');
  }

  get error(): Locator {
    return this.page.getByRole('alert');
  }

  /** Why the last entry was refused, under the field it is about: the package's tag or the quantity. */
  fieldError(field: 'package' | 'quantity'): Locator {
    return this.page.getByRole('form', { name: 'Enter a package' }).locator(`[data-field-error="${field}"]`);
  }

  /** The packages without a state tag the code entered names, offered under the tag to pick the one counted. */
  get choices(): Locator {
    return this.page.getByRole('form', { name: 'Enter a package' }).getByRole('group');
  }

  /** Picks, of the packages offered, the one whose words match `words`: it is entered with the quantity typed. */
  async pick(words: RegExp): Promise<void> {
    await this.choices.getByRole('button', { name: words }).click();
  }

  get status(): Locator {
    return this.page.getByTestId('count-status');
  }

  /** A package's row of the variance report, by its tag. */
  line(tag: string): Locator {
    return this.page.locator(`tr[data-package="${tag}"]`);
  }

  get lines(): Locator {
    return this.page.locator('tr[data-package]');
  }

  async showOnly(which: 'All packages' | 'Differences' | 'Not counted'): Promise<void> {
    const button = this.page.getByRole('group', { name: 'Packages shown' }).getByRole('button', { name: which });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }

  async action(name: 'Pause' | 'Resume' | 'Apply count' | 'Cancel count'): Promise<void> {
    await this.page.getByRole('button', { name, exact: true }).click();
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }
}
