import { expect, type Locator, type Page } from '@playwright/test';
import { showProductsPart } from './backoffice-page.js';

/** The back office's rooms and packages (Products tab): a product's Packages dialog, and the Rooms sub-view. */
export class RoomsPage {
  constructor(readonly page: Page) {}

  /** From the Products tab, its Rooms. */
  async show(): Promise<void> {
    await showProductsPart(this.page, 'Rooms');
    await expect(this.room('Sales floor')).toBeVisible();
  }

  /** Back to the Products tab's products. */
  async showProducts(): Promise<void> {
    await showProductsPart(this.page, 'Products');
  }

  /** A room's row, by its name. */
  room(name: string): Locator {
    return this.page.locator(`tr[data-room="${name}"]`);
  }

  get addForm(): Locator {
    return this.page.getByRole('form', { name: 'Add a room' });
  }

  /** Adds a room: its name, and its kind as the form offers it ("Storage: a vault, a back room"). */
  async add(name: string, kind = 'Storage: a vault, a back room'): Promise<void> {
    await this.addForm.getByLabel('Name').fill(name);
    await this.addForm.getByLabel('Kind').selectOption({ label: kind });
    await this.addForm.getByRole('button', { name: 'Add room' }).click();
  }

  /** What the last change of a room did. */
  get done(): Locator {
    return this.page.getByTestId('rooms-done');
  }

  /** Opens a product's Packages dialog from its row, by its SKU. */
  async openPackages(sku: string, name: string): Promise<void> {
    await this.page
      .locator(`tr[data-product="${sku}"]`)
      .getByRole('button', { name: `Packages of ${name}` })
      .click();
    await expect(this.dialog).toBeVisible();
    await expect(this.packages.first()).toBeVisible();
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: /^Packages of / });
  }

  get packages(): Locator {
    return this.dialog.locator('tr[data-package]');
  }

  /** A package's row in the dialog, by its state tag. */
  package(tag: string): Locator {
    return this.dialog.locator(`tr[data-package="${tag}"]`);
  }

  /** Opens a package's move form. */
  async startMove(tag: string): Promise<Locator> {
    await this.package(tag)
      .getByRole('button', { name: `Move package ${tag}` })
      .click();
    const form = this.dialog.getByRole('form', { name: `Move package ${tag}` });
    await expect(form.getByLabel('Move to')).toBeFocused();
    return form;
  }

  /** Chooses the room (as offered: "Vault (Storage)", "Sales floor") and a note in an open move form. */
  async fillMove(form: Locator, room: string, note = ''): Promise<void> {
    await form.getByLabel('Move to').selectOption({ label: room });
    await form.getByLabel(/^Note/).fill(note);
  }

  /** Opens a package's dates and lab results form. */
  async startDetails(tag: string): Promise<Locator> {
    await this.package(tag)
      .getByRole('button', { name: `Dates & lab of package ${tag}` })
      .click();
    const form = this.dialog.getByRole('form', { name: `Dates and lab results of package ${tag}` });
    await expect(form.getByLabel('Packaged')).toBeFocused();
    return form;
  }

  /** What the last move (or change of a package's details) did. */
  get moved(): Locator {
    return this.dialog.getByTestId('packages-done');
  }

  async close(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Close' }).click();
    await expect(this.dialog).toHaveCount(0);
  }
}
