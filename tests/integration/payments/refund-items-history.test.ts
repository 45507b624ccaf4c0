import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditWhy } from '../../../shared/audit-words.js';
import type { AuditDay } from '../../../shared/contracts/audit.js';
import type { AdjustmentPage } from '../../../shared/contracts/inventory.js';
import type { OrderHistory } from '../../../shared/contracts/order-history.js';
import { paymentService, type PaymentHarness } from './support/payment-fixtures.js';
import { lineSale, refunded } from './support/line-sale.js';

// A refund by items, as the back office reads it back: the order history and the audit trail keep
// the manager's words apart from the lines the service noted, and the stock it put back is found
// under the adjustments' reason "Returned by customer".
let service: PaymentHarness;
beforeAll(async () => {
  service = await paymentService();
});
afterAll(() => service.close());

const read = async <T>(url: string): Promise<T> => {
  const response = await service.request({
    method: 'GET',
    url,
    headers: { ...service.headers, authorization: `Bearer ${service.tokens.manager}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

const ITEMS = /^Items back: 1 × Blue Dream \(\$\d+\.\d\d\); put back in stock$/;

describe('a refund by items restocked, read back', () => {
  let sale: Awaited<ReturnType<typeof lineSale>>;
  beforeAll(async () => {
    sale = await lineSale(service);
    await refunded(service, sale.paymentId, {
      lines: [{ itemId: sale.flower.itemId, quantity: 1 }],
      restock: true,
      reason: 'Customer returned one.',
    });
  });

  it("the order history's refund step has the manager's words as the reason, the lines apart", async () => {
    const history = await read<OrderHistory>(`/v2.0/dispensary/demo/ecommerce/ticket/${sale.orderId}/history`);
    const refund = history.steps.find((step) => step.kind === 'refund');
    expect(refund?.reason).toBe('Customer returned one.');
    expect(refund?.details).toMatch(ITEMS);
    // Every other step notes nothing of its own.
    expect(history.steps.filter((step) => step.kind !== 'refund').map((step) => step.details)).toEqual(
      history.steps.filter((step) => step.kind !== 'refund').map(() => ''),
    );
  });

  it('the audit trail keeps both, and still says why with the lines after the words', async () => {
    const day = await read<AuditDay>('/v2.0/audit?dispensaryShortName=demo');
    const event = day.events.find((each) => each.action === 'payment_refunded' && each.paymentId === sale.paymentId);
    expect(event).toMatchObject({ reason: 'Customer returned one.' });
    expect(event!.details).toMatch(ITEMS);
    expect(auditWhy(event!)).toMatch(/^Customer returned one\. Items back: 1 × Blue Dream \(/);
  });

  it('the stock put back is listed under "Returned by customer", found by its code as people write it', async () => {
    for (const reason of ['customer_return', 'Customer-Return', 'customer return']) {
      const page = await read<AdjustmentPage>(
        `/v2.0/dispensary/demo/setup/inventory/adjustments?reason=${encodeURIComponent(reason)}`,
      );
      const returned = page.adjustments.find((row) => row.productId === sale.flower.productId);
      expect(returned, reason).toMatchObject({
        reason: 'customer_return',
        reasonName: 'Returned by customer',
        delta: 1,
      });
      expect(returned!.note).toBe(`Order ${sale.orderNumber}`);
    }
  });
});
