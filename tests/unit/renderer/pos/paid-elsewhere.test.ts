import { describe, expect, it } from 'vitest';
import type { OrderUpdatePayment } from '../../../../shared/contracts/live.js';
import { paidBy, paidElsewhereWords } from '../../../../renderer/pos/logic/paid-elsewhere.js';

const payment = (fields: Partial<OrderUpdatePayment>): OrderUpdatePayment => ({
  paymentId: 'p1',
  terminalId: null,
  channel: 'pos',
  ...fields,
});

describe('who paid an order this register was taking payment for', () => {
  it.each([
    [payment({ terminalId: 'front-7', channel: 'pos' }), 'here'],
    [payment({ terminalId: 'front-7', channel: 'ffd' }), 'here'],
    [payment({ terminalId: 'front-2', channel: 'ffd' }), 'register'],
    [payment({ terminalId: null, channel: 'pos' }), 'register'],
    [payment({ channel: 'ecommerce' }), 'elsewhere'],
    [payment({ channel: 'virtual_terminal' }), 'elsewhere'],
  ] as const)('%o at front-7 is %s', (paid, by) => {
    expect(paidBy(paid, 'front-7')).toBe(by);
  });

  it.each([
    [
      payment({ terminalId: 'front-2', channel: 'pos' }),
      'Order 7KQ2MZ was paid at register front-2 meanwhile: nothing more is taken here, and register front-2 hands it over.',
    ],
    [payment({ channel: 'pos' }), 'Order 7KQ2MZ was paid at another register meanwhile: nothing more is taken here.'],
    [
      payment({ channel: 'ecommerce' }),
      'Order 7KQ2MZ was paid online meanwhile: nothing more is taken here. Hand it over when the customer is ready.',
    ],
    [
      payment({ channel: 'virtual_terminal' }),
      'Order 7KQ2MZ was paid on the back office’s virtual terminal meanwhile: nothing more is taken here. Hand it over when the customer is ready.',
    ],
  ])('says %o in words', (paid, words) => {
    expect(paidElsewhereWords('7KQ2MZ', paid)).toBe(words);
  });
});
