import type { FrameLocator, Locator, Page } from '@playwright/test';

/** The hosted ACH checkout (/sdk/paylink/#<token>), in its own tab or inside the loader's overlay. */
export class PaylinkPage {
  constructor(readonly root: Page | FrameLocator) {}

  /** The overlay of the `iframe` delivery, inside the host page. */
  static inOverlay(page: Page, instance = '_servicepay'): PaylinkPage {
    return new PaylinkPage(page.frameLocator(`#paylink-${instance} iframe`));
  }

  get heading(): Locator {
    return this.root.getByRole('heading', { level: 1 });
  }

  /** Demo bank details: a routing number with a valid ABA checksum. */
  static readonly ACCOUNT = { holder: 'Ana Diaz', routing: '011000015', account: '000123456789' };

  async fill(account = PaylinkPage.ACCOUNT): Promise<void> {
    await this.root.getByLabel('Name on the account').fill(account.holder);
    await this.root.getByLabel('Routing number (9 digits)').fill(account.routing);
    await this.root.getByLabel('Account number').fill(account.account);
  }

  async authorize(): Promise<void> {
    await this.root.getByRole('button', { name: /^Authorize/ }).click();
  }

  async cancel(): Promise<void> {
    await this.root.getByRole('button', { name: 'Cancel' }).click();
  }
}
