import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { SetupPage } from './setup-page.js';

/** The back office's Webhooks screen (Store setup → Webhooks): endpoints, their secret, the delivery log. */
export class WebhooksPage {
  readonly setup: SetupPage;

  constructor(readonly page: Page) {
    this.setup = new SetupPage(page);
  }

  /** Signs in to store `shortName`'s back office and opens Webhooks. */
  async open(serviceUrl: string, shortName: string, username: string, password: string): Promise<void> {
    await this.setup.open(serviceUrl, shortName, username, password);
    await this.setup.show('Webhooks');
  }

  get addForm(): Locator {
    return this.setup.form('Add an endpoint');
  }

  /** Fills the add form (every event stays chosen unless `events` names some) and submits it. */
  async add(url: string, options: { local?: boolean; description?: string; events?: string[] } = {}): Promise<void> {
    const form = this.addForm;
    await form.getByLabel('Address (URL)').fill(url);
    if (options.description) await form.getByLabel('Description').fill(options.description);
    if (options.events) {
      await form.getByLabel('All events').uncheck();
      for (const event of options.events) await form.getByLabel(event, { exact: true }).check();
    }
    await form.getByLabel('Allow this computer and private network addresses').setChecked(options.local ?? false);
    await form.getByRole('button', { name: 'Add endpoint' }).click();
  }

  /** The panel showing a signing secret this once. */
  get secretPanel(): Locator {
    return this.page.locator('.secret-panel');
  }

  async secret(): Promise<string> {
    return this.page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  }

  endpoint(url: string): Locator {
    return this.page.locator(`tr[data-endpoint="${url}"]`);
  }

  /** The warning that an endpoint was turned off because its deliveries kept failing. */
  get failingAlert(): Locator {
    return this.page.getByTestId('failing-webhooks');
  }

  get log(): Locator {
    return this.page.getByRole('region', { name: 'Delivery log' });
  }

  /** The log's row of one event (`order.paid`) of one order. */
  delivery(type: string, orderNumber: string): Locator {
    return this.log.locator(`tbody tr[data-event="${type}"][data-order="${orderNumber}"]`);
  }

  /** Refreshes the log until `check` passes (the service sends in the background). */
  async untilLog(check: () => Promise<void>, timeout = 15_000): Promise<void> {
    await expect(async () => {
      await this.log.getByRole('button', { name: 'Refresh' }).click();
      await check();
    }).toPass({ timeout, intervals: [300, 500, 1000] });
  }

  /** What the last Redeliver's attempt did. */
  get redeliveryOutcome(): Locator {
    return this.page.getByTestId('redelivery-outcome');
  }

  /** Screenshots at a manager's two screen sizes: `<name>-1280x800` and `<name>-1920x1080`. */
  async screenshots(testInfo: TestInfo, name: string): Promise<void> {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1920, height: 1080 },
    ]) {
      await this.page.setViewportSize(size);
      await this.setup.screenshot(testInfo, `${name}-${size.width}x${size.height}`);
    }
    await this.page.setViewportSize({ width: 1280, height: 800 });
  }
}
