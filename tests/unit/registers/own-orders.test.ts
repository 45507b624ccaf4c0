import { describe, expect, it } from 'vitest';
import { orderVersion } from '../../../electron/server/registers/own-orders.js';

const order = { updatedAt: '2026-11-27T18:00:00.000Z', orderNumber: 'K7Q2ZP' };
const cash = { id: 'p-1', updatedAt: '2026-11-27T18:00:01.000Z' };
const card = { id: 'p-2', updatedAt: '2026-11-27T18:00:02.000Z' };

describe('orderVersion: what a register and its server compare of an order', () => {
  it('is the same for the same order and payments, whatever their order', () => {
    expect(orderVersion(order, [cash, card])).toBe(orderVersion({ ...order }, [card, cash]));
    expect(orderVersion(order, [])).toMatch(/^[0-9a-f]{32}$/);
  });

  it('changes with the order, any of its payments (a refund changes the payment alone), and its number', () => {
    const base = orderVersion(order, [cash, card]);
    expect(orderVersion({ ...order, updatedAt: '2026-11-27T18:05:00.000Z' }, [cash, card])).not.toBe(base);
    expect(orderVersion(order, [cash, { ...card, updatedAt: '2026-11-27T19:00:00.000Z' }])).not.toBe(base);
    expect(orderVersion(order, [cash])).not.toBe(base);
    // The server renumbered the order (its number was taken there): the register learns the new one.
    expect(orderVersion({ ...order, orderNumber: 'M3X9TA' }, [cash, card])).not.toBe(base);
  });
});
