import { expect, type Locator, type Page } from '@playwright/test';

/** Who picks an order up, as a shopper types it into the example shop's checkout. */
export interface Shopper {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  idNumber: string;
  idJurisdiction: string;
  /** YYYY-MM-DD. */
  idExpiry: string;
}

/** The example shop (examples/) as its customer uses it: the checkout, then the order's own page. */
export class ExampleShopPage {
  constructor(
    readonly page: Page,
    readonly url: string,
  ) {}

  /** Opens the checkout, fills "Who picks it up" when a shopper is given, and places the order to pay at pickup. */
  async orderToPayAtPickup(shopper?: Shopper): Promise<string> {
    await this.page.goto(`${this.url}/checkout`);
    if (shopper) {
      const form = this.page.getByRole('group', { name: 'Who picks it up' });
      await form.getByLabel('First name').fill(shopper.firstName);
      await form.getByLabel('Last name').fill(shopper.lastName);
      await form.getByLabel('Date of birth').fill(shopper.dateOfBirth);
      await form.getByLabel("Driver's licence number").fill(shopper.idNumber);
      await form.getByLabel('Issued by (state)').fill(shopper.idJurisdiction);
      await form.getByLabel('Licence expires').fill(shopper.idExpiry);
    }
    await this.page.getByRole('button', { name: 'Place order, pay at pickup' }).click();
    // The order's page loaded whole (its `load` fired), so a journey that counts reloads after it counts none of its own.
    await this.page.waitForURL(/\/orders\//, { waitUntil: 'load' });
    await expect(this.stage).toHaveText('We have your order');
    return (await this.page.locator('h1').textContent())!.replace('Order ', '');
  }

  /** The checkout's "Place order and pay", which waits for the SDK's onReady. */
  get placeOrder(): Locator {
    return this.page.getByRole('button', { name: 'Place order and pay' });
  }

  /** "Place order, pay at pickup"; "Pay at pickup instead" once "Place order and pay" placed the order. */
  get payAtPickup(): Locator {
    return this.page.getByRole('button', { name: /^(Place order, pay at pickup|Pay at pickup instead)$/ });
  }

  /** Why the checkout cannot take payment, under its buttons (the SDK could not start). */
  get cannotPay(): Locator {
    return this.page.locator('#payment-problem');
  }

  /** The cart's lines, or why it could not be loaded. */
  get cart(): Locator {
    return this.page.locator('#cart-items li');
  }

  /** How many of the product `name` the cart holds: its number field, labelled with the product's name. */
  quantity(name: string): Locator {
    return this.page.getByRole('spinbutton', { name, exact: true });
  }

  /** Sets every product's quantity: `chosen` by name, 0 for the others. */
  async chooseCart(chosen: readonly { name: string; quantity: number }[]): Promise<void> {
    await expect(this.quantity(chosen[0]!.name)).toBeVisible();
    for (const field of await this.page.locator('#cart-items input').all()) {
      const name = await this.page.locator(`label[for="${await field.getAttribute('id')}"]`).textContent();
      await field.fill(String(chosen.find((line) => line.name === name)?.quantity ?? 0));
    }
  }

  /** The order's total as the service quotes it, before it is placed (or why there is none). */
  get total(): Locator {
    return this.page.locator('#cart-total');
  }

  /** Why the cart's quantities cannot be ordered as they are. */
  get cartProblem(): Locator {
    return this.page.locator('#cart-problem');
  }

  /** The checkout's sentence of the order once a payment answered ("Order X5YA2D is paid."). */
  get orderStatus(): Locator {
    return this.page.getByRole('status');
  }

  /** Where the order is, as the shop tells its customer. */
  get stage(): Locator {
    return this.page.locator('#stage');
  }

  get paid(): Locator {
    return this.page.locator('#paid');
  }

  /** What the shop's webhook endpoint was told of the order, in the customer's words. */
  get news(): Locator {
    return this.page.locator('#news li');
  }

  /**
   * Waits until the shop was told `event` (`order.ready`) by webhook and the open page says it in
   * `words`, never reloaded: webhooks arrive on their own time, and the page follows its order.
   */
  async expectTold(event: string, words: string): Promise<void> {
    await expect(this.page.locator(`#news [data-event="${event}"]`)).toHaveText(words, { timeout: 20_000 });
  }
}
