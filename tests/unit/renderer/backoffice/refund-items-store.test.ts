// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lineRefundPart, lineWorths } from '../../../../shared/refunds/line-refund';
import { useOrdersStore } from '../../../../renderer/backoffice/stores/orders';
import { useRefundItemsStore } from '../../../../renderer/backoffice/stores/refund-items';
import { fakeService, refused, signedIn } from './fake-service';
import { listedPayment, refundableOrder } from './refund-items-fixture';

const TICKETS = '/v2.0/dispensary/demo/ecommerce';
const REFUNDABLE = 'GET /v2.0/ticket/o-1/refundable';
const ticket = {
  orderId: 'o-1',
  orderNumber: 'AB23CD',
  status: 'PAID',
  paymentStatus: 'PAID',
  total: '84.40',
  items: [],
};

beforeEach(() => signedIn(['payment:refund']));
afterEach(() => vi.unstubAllGlobals());

async function loaded(order = refundableOrder(), preferred?: string) {
  fakeService({ [REFUNDABLE]: [{ body: order }] });
  const items = useRefundItemsStore();
  await items.load('o-1', preferred);
  return items;
}

describe('the refund by items store', () => {
  it('reads what may come back, with nothing chosen, not put back in stock, from the payment with most left', async () => {
    const items = await loaded();
    expect(items.lines.map((line) => line.name)).toEqual(['Blue Dream', 'House Shake']);
    expect(items.chosen).toEqual([0, 0]);
    expect(items.restock).toBe(false);
    expect(items.paymentId).toBe('p-card');
    expect(items.request()).toEqual({ refusal: 'Choose what comes back: at least one item.' });
  });

  it('after a refund by amount, prices a line less the share of it the service says that refund gave back', async () => {
    const order = refundableOrder();
    // $5.00 back by amount before: $1.12 of it (tax $0.14) was of the two Blue Dream left.
    order.lines[0] = { ...order.lines[0]!, byAmountCents: 112, byAmountTaxCents: 14 };
    const items = await loaded(order);
    items.choose(0, 1);
    // One of the two left: $13.80 (tax $1.80) less half that share.
    expect([items.worth, items.tax]).toEqual([1380 - 56, 180 - 7]);
    items.choose(0, 2);
    expect([items.worth, items.tax]).toEqual([2760 - 112, 360 - 14]);
  });

  it('keeps a choice within what is left of a line: whole units, grams to 0.001 g', async () => {
    const items = await loaded();
    items.choose(0, 5);
    items.choose(1, 1.2345);
    expect(items.chosen).toEqual([2000, 1235]);
    items.choose(1, -1);
    items.all(1);
    expect(items.chosen).toEqual([2000, 3500]);
  });

  it('is worth exactly what the shared refund rule says, as the service refunds it', async () => {
    const order = refundableOrder({ tierDiscountCents: -500, payByPointsCents: -123 });
    const items = await loaded(order);
    items.choose(0, 1);
    items.choose(1, 1.5);
    const worths = lineWorths(order.lines, order);
    const expected = [lineRefundPart(order.lines, worths, 0, 1000), lineRefundPart(order.lines, worths, 1, 1500)];
    expect(items.worth).toBe(expected[0]!.amountCents + expected[1]!.amountCents);
    expect(items.tax).toBe(expected[0]!.taxCents + expected[1]!.taxCents);
    expect(items.count).toBe(2);
  });

  it('gives items worth more than the payment has left back across the payments, or its rest once the manager takes it', async () => {
    const items = await loaded(refundableOrder(), 'p-cash');
    items.all(0);
    items.choose(1, 1.5);
    expect([items.worth, items.tax]).toEqual([2760 + 985, 360 + 128]);
    expect(items.over).toBe(true);
    // The cash gives all it has, the card the rest: their whole worth in one return.
    expect(items.split).toBe(true);
    expect(items.amount).toBe(3745);
    expect(items.request()).toEqual({
      refund: {
        paymentId: 'p-cash',
        amount: 2000,
        lines: [
          { itemId: 'i-1', quantity: 2 },
          { itemId: 'i-2', quantity: 1.5 },
        ],
        restock: false,
        count: 3,
        rest: [{ paymentId: 'p-card', amount: 1745 }],
      },
    });
    items.capped = true;
    expect(items.request()).toEqual({
      refund: {
        paymentId: 'p-cash',
        amount: 2000,
        lines: [
          { itemId: 'i-1', quantity: 2 },
          { itemId: 'i-2', quantity: 1.5 },
        ],
        restock: false,
        count: 3,
      },
    });
  });

  it('says where the rest is given back when a second card would give it: one return refunds one card at most', async () => {
    const order = refundableOrder({
      payments: [
        { paymentId: 'p-debit', method: 'Debit', refundableCents: 2000 },
        { paymentId: 'p-card', method: 'Credit', refundableCents: 6440 },
      ],
    });
    const items = await loaded(order, 'p-debit');
    items.all(0);
    items.choose(1, 1.5);
    expect(items.split).toBe(false);
    expect(items.request()).toEqual({
      refusal:
        'The other $17.45 is on the Credit card payment: one return refunds one card at most. Refund this ' +
        "payment's part now; a manager refunds the rest of the Credit card payment in the back office (Orders, " +
        'this order, Refund). Set the refund to $20.00, or choose another payment.',
    });
  });

  it('says the service’s words when the sale cannot be read', async () => {
    fakeService({ [REFUNDABLE]: [refused(404, 'NOT_FOUND', 'Order o-1 was not found.')] });
    const items = useRefundItemsStore();
    await items.load('o-1');
    expect(items.error).toBe('Order o-1 was not found.');
    expect(items.order).toBeNull();
  });
});

describe('the orders store refunds by items', () => {
  it('sends the lines, the stock choice and the Idempotency-Key, reads the order again and says what came back', async () => {
    const calls = fakeService({
      [`GET ${TICKETS}/ticket/o-1`]: [{ body: ticket }, { body: ticket }],
      'GET /v2.0/payments': [
        { body: { payments: [listedPayment('p-card', 'Credit', 6440)], nextCursor: null } },
        { body: { payments: [listedPayment('p-card', 'Credit', 6440)], nextCursor: null } },
      ],
      'POST /v2.0/payments/p-card/refund': [{ body: { resultCode: 'SUCCESS', resultReason: null } }],
    });
    const orders = useOrdersStore();
    await orders.open({ orderId: 'o-1' });
    const lines = [{ itemId: 'i-1', quantity: 2 }];
    const outcome = await orders.refund('p-card', 2760, 'Customer returned them', 'key-1', {
      lines,
      restock: true,
      count: 2,
    });
    expect(outcome).toEqual({ ok: true });
    const sent = calls.find((call) => call.method === 'POST')!;
    expect(sent.body).toEqual({ amount: 2760, reason: 'Customer returned them', lines, restock: true });
    expect(sent.headers['idempotency-key']).toBe('key-1');
    // The sale keeps its status: the words say what went back, not that it is still sold.
    expect(orders.message).toBe(
      '2 items came back: $27.60 of the Credit card payment is refunded. They are back in stock.',
    );
  });

  it('passes on the service’s words when it refuses', async () => {
    fakeService({
      [`GET ${TICKETS}/ticket/o-1`]: [{ body: ticket }],
      'GET /v2.0/payments': [{ body: { payments: [listedPayment('p-card', 'Credit', 6440)], nextCursor: null } }],
      'POST /v2.0/payments/p-card/refund': [refused(409, 'CONFLICT', 'Only 1 of Blue Dream is left to refund')],
    });
    const orders = useOrdersStore();
    await orders.open({ orderId: 'o-1' });
    const outcome = await orders.refund('p-card', 2760, 'Returned', 'key-2', {
      lines: [{ itemId: 'i-1', quantity: 2 }],
      restock: false,
      count: 2,
    });
    expect(outcome).toEqual({ ok: false, sentence: 'Only 1 of Blue Dream is left to refund.', answered: true });
  });
});
