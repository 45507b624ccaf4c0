import type { FrameLocator, Locator, Page } from '@playwright/test';

interface NotedWindow {
  headingsSeen?: string[];
}

/**
 * The payment widget as a customer meets it: the iframe the loader renders into
 * `#widget-<instance>`, found by role and label like a screen reader would.
 */
export class PaymentWidget {
  readonly frame: FrameLocator;

  constructor(
    readonly page: Page,
    readonly instance = '_servicepay',
  ) {
    this.frame = page.frameLocator(`#widget-${instance} iframe`);
  }

  get container(): Locator {
    return this.page.locator(`#widget-${this.instance}`);
  }

  /** The heading of the screen shown now. */
  get heading(): Locator {
    return this.frame.getByRole('heading', { level: 2 });
  }

  /** The visible screen (without the status region, which repeats its key sentence for screen readers). */
  get main(): Locator {
    return this.frame.getByRole('main');
  }

  /** The aria-live status region. */
  get status(): Locator {
    return this.frame.getByRole('status');
  }

  /** A payment method's button by its label ("Cash" is not "Cashless ATM"). */
  method(name: string | RegExp): Locator {
    return this.frame.getByRole('button', { name, exact: typeof name === 'string' });
  }

  button(name: string | RegExp): Locator {
    return this.frame.getByRole('button', { name });
  }

  /**
   * Starts noting every heading the widget shows, however briefly: a MutationObserver in its frame,
   * so a screen that lasts less than an assertion's polling interval is still seen.
   */
  async noteHeadings(): Promise<void> {
    await this.frame.locator('body').evaluate((body) => {
      const seen: string[] = [];
      (window as unknown as NotedWindow).headingsSeen = seen;
      const note = (): void => {
        const text = body.querySelector('h2')?.textContent?.trim();
        if (text && seen.at(-1) !== text) seen.push(text);
      };
      new MutationObserver(note).observe(body, { subtree: true, childList: true, characterData: true });
      note();
    });
  }

  /** The headings shown since `noteHeadings`, in order, each once per showing. */
  async headingsSeen(): Promise<string[]> {
    return this.frame.locator('body').evaluate(() => (window as unknown as NotedWindow).headingsSeen ?? []);
  }

  async fillCard(card: { number: string; expiry: string; cvc: string; postalCode: string }): Promise<void> {
    await this.frame.getByLabel('Card number').fill(card.number);
    await this.frame.getByLabel('Expiry (MM/YY)').fill(card.expiry);
    await this.frame.getByLabel('Security code').fill(card.cvc);
    await this.frame.getByLabel('Billing postal code').fill(card.postalCode);
  }

  /** A Visa test number that passes Luhn, and an expiry in the future. */
  static readonly CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', postalCode: '95814' };
}
