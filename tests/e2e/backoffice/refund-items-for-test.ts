import { expect, type Locator, type Page } from '@playwright/test';
import type { RefundableOrder } from '../../../shared/contracts/payment-reports.js';
import { lineRefundPart, lineWorths } from '../../../shared/refunds/line-refund.js';
import { DEMO, type ServiceApi } from '../support/service-api.js';
import type { TestOrder } from './orders-for-test.js';

/** `$12.34` of cents. */
export const money = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

/**
 * A sale of two items as the POS makes it: 2 of an edible and 3.5 g of a flower sold by the gram.
 * Answers the order and the two products' names (the edible's first).
 */
export async function saleOfTwo(api: ServiceApi): Promise<{ sale: TestOrder; edible: string; deli: string }> {
  const edible = (await api.products('EDIBLE', 40)).find((product) => !product.deli && product.quantityAvailable >= 2)!;
  const deli = (await api.products('FLOWER', 40)).find((product) => product.deli && product.quantityAvailable >= 3.5)!;
  const sale = await api.createTicket([
    { productId: edible.productId, quantity: 2 },
    { productId: deli.productId, quantity: 3.5 },
  ]);
  return { sale, edible: edible.name, deli: deli.name };
}

/** Hands a paid order over, as the pickup counter does: only what a customer took can come back by items. */
export async function handOver(api: ServiceApi, orderId: string): Promise<void> {
  const headers = {
    ...DEMO.client,
    authorization: `Bearer ${await api.token('manager')}`,
    'content-type': 'application/json',
  };
  for (const status of ['IN_PROCESS', 'PACKED_READY', 'COMPLETED']) {
    const path = `/v2.0/dispensary/demo/ecommerce/ticket/${orderId}/status`;
    await api.call('POST', path, JSON.stringify({ status }), headers);
  }
}

/** What the shelf holds of a product now (units, or grams of one sold by the gram). */
export async function onHand(api: ServiceApi, type: string, name: string): Promise<number> {
  return (await api.catalog(type, 40)).find((product) => product.name === name)!.quantityOnHand;
}

/** What of the sale may come back, as the back office reads it (`GET /v2.0/ticket/<id>/refundable`). */
export async function refundableOf(api: ServiceApi, orderId: string): Promise<RefundableOrder> {
  return api.call<RefundableOrder>('GET', `/v2.0/ticket/${orderId}/refundable`, undefined, {
    authorization: `Bearer ${await api.token('manager')}`,
  });
}

/** What giving back `milli` of each line (by index) is worth, and its tax, by the shared rule. */
export function worthOf(order: RefundableOrder, milli: readonly number[]): { amount: number; tax: number } {
  const worths = lineWorths(order.lines, order);
  const parts = milli.map((each, index) => lineRefundPart(order.lines, worths, index, each));
  return {
    amount: parts.reduce((sum, part) => sum + part.amountCents, 0),
    tax: parts.reduce((sum, part) => sum + part.taxCents, 0),
  };
}

/** The refund dialog by items of the open order. */
export class RefundItemsDialog {
  readonly dialog: Locator;

  constructor(
    readonly page: Page,
    orderNumber: string,
  ) {
    this.dialog = page.getByRole('dialog', { name: `Refund items of order ${orderNumber}?` });
  }

  /** Opens it from the order's items ("Refund items"), its lines read. */
  async open(): Promise<void> {
    await this.page.getByRole('button', { name: 'Refund items' }).click();
    await expect(this.dialog.locator('tr[data-refund-line]').first()).toBeVisible();
  }

  get summary(): Locator {
    return this.dialog.getByTestId('refund-items-summary');
  }

  /** A line's row, by its product's name. */
  line(name: string): Locator {
    return this.dialog.locator(`tr[data-refund-line="${name}"]`);
  }

  async refund(reason: string): Promise<void> {
    await this.dialog.getByLabel('Why is it refunded?').fill(reason);
    await this.dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  }
}
