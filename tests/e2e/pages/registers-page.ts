import type { Locator, Page, TestInfo } from '@playwright/test';
import { SetupPage } from './setup-page.js';

/** The back office's Registers screen (Store setup → Registers): the registers attached to this server. */
export class RegistersPage {
  readonly setup: SetupPage;

  constructor(readonly page: Page) {
    this.setup = new SetupPage(page);
  }

  /** Signs in to store `shortName`'s back office and opens Registers. */
  async open(serviceUrl: string, shortName: string, username: string, password: string): Promise<void> {
    await this.setup.open(serviceUrl, shortName, username, password);
    await this.setup.show('Registers');
  }

  /** The row of register `name`. */
  register(name: string): Locator {
    return this.setup.row('register', name);
  }

  /** The report of the sales registers forwarded that were not applied exactly as made. */
  get exceptions(): Locator {
    return this.page.getByRole('region', { name: 'Sales forwarded with exceptions' });
  }

  /** The report's rows, newest first. */
  get exceptionRows(): Locator {
    return this.exceptions.locator('tbody tr');
  }

  /** The card saying how to attach a register. */
  get attachHelp(): Locator {
    return this.setup.form('Attach a register');
  }

  /** Screenshots at a laptop's and a tablet's screen: `<name>-1366x768` and `<name>-1024x768` (then back to 1366×768). */
  async screenshots(testInfo: TestInfo, name: string): Promise<void> {
    for (const size of [
      { width: 1366, height: 768 },
      { width: 1024, height: 768 },
    ]) {
      await this.page.setViewportSize(size);
      await this.setup.screenshot(testInfo, `${name}-${size.width}x${size.height}`);
    }
    await this.page.setViewportSize({ width: 1366, height: 768 });
  }
}
