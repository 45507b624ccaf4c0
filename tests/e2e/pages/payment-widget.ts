import type { FrameLocator, Locator, Page } from '@playwright/test';

/** The functions each page was given to report headings by (a page takes a name once). */
const exposed = new WeakMap<Page, Set<string>>();

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

  /** The headings noted since `noteHeadings` (kept here: the widget's frame may be gone by then). */
  private noted: string[] = [];

  /**
   * Starts noting every heading the widget shows, however briefly: a MutationObserver in its frame
   * reports each to the test, so a screen that lasts less than an assertion's polling interval is
   * still seen, and what was seen outlives the frame (the pole display removes the widget once paid).
   */
  async noteHeadings(): Promise<void> {
    const seen: string[] = [];
    this.noted = seen;
    const binding = `noteHeading${this.instance}`;
    const names = exposed.get(this.page) ?? new Set<string>();
    if (!names.has(binding)) {
      names.add(binding);
      exposed.set(this.page, names);
      await this.page.exposeFunction(binding, (text: string) => {
        if (this.noted.at(-1) !== text) this.noted.push(text);
      });
    }
    await this.frame.locator('body').evaluate((body, name) => {
      const report = (window as unknown as Record<string, (text: string) => Promise<void>>)[name]!;
      const note = (): void => {
        const text = body.querySelector('h2')?.textContent?.trim();
        if (text) void report(text);
      };
      new MutationObserver(note).observe(body, { subtree: true, childList: true, characterData: true });
      note();
    }, binding);
  }

  /** The headings shown since `noteHeadings`, in order, each once per showing. */
  headingsSeen(): string[] {
    return [...this.noted];
  }

  async fillCard(card: { number: string; expiry: string; cvc: string; postalCode: string }): Promise<void> {
    await this.frame.getByLabel('Card number').fill(card.number);
    await this.frame.getByLabel('Expiry (MM/YY)').fill(card.expiry);
    await this.frame.getByLabel('Security code').fill(card.cvc);
    await this.frame.getByLabel('Billing postal code').fill(card.postalCode);
  }

  /**
   * What of the screen sticks out of the widget's frame on the right (its fields, buttons, texts):
   * nothing, where the frame is as narrow as a phone's page.
   */
  cutOff(): Promise<string[]> {
    return this.frame.locator('body').evaluate((body) => {
      const width = body.ownerDocument.documentElement.clientWidth;
      return [...body.querySelectorAll('label, input, button, p, h2')]
        .filter((element) => element.getBoundingClientRect().right > width + 0.5)
        .map((element) => `${element.tagName.toLowerCase()} "${element.textContent?.trim() || element.id}"`);
    });
  }

  /** A Visa test number that passes Luhn, and an expiry in the future. */
  static readonly CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', postalCode: '95814' };
}
