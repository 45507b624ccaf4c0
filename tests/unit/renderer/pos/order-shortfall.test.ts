import { describe, expect, it } from 'vitest';
import { askedWords, orderedWords, orderShortWords } from '../../../../renderer/pos/logic/order-shortfall.js';
import { line, queued } from './queue-fixtures.js';

const diamonds = line({ name: 'THCa Diamonds', quantity: 7, originalQuantity: 9 });
const short = queued({
  orderNumber: 'SHORT1',
  lines: [diamonds],
  unavailableItems: [
    {
      productId: diamonds.productId,
      name: 'THCa Diamonds',
      unitType: 'each',
      deli: false,
      requestedQuantity: 9,
      availableQuantity: 7,
      reason: 'INSUFFICIENT_STOCK',
    },
    {
      productId: '0190a4c2-0000-7000-8000-000000000077',
      name: 'Cold Cure Rosin',
      unitType: 'each',
      deli: false,
      requestedQuantity: 1,
      availableQuantity: 0,
      reason: 'OUT_OF_STOCK',
    },
    {
      productId: '0190a4c2-0000-7000-8000-000000000078',
      name: 'Jar Flower',
      unitType: 'g',
      deli: true,
      requestedQuantity: 7,
      availableQuantity: 3.5,
      reason: 'INSUFFICIENT_STOCK',
    },
  ],
});

describe('what an online order is short of, in words', () => {
  it('says each item the shelf could not fill, by name, as the checkout says it', () => {
    expect(orderShortWords(short)).toEqual([
      'THCa Diamonds: 7 of 9 — only 7 were in stock',
      'Cold Cure Rosin: 0 of 1 — none were in stock',
      'Jar Flower: 3.5 g of 7 g — only 3.5 g were in stock',
    ]);
  });

  it('says nothing of an order filled in full, or read from an older store server', () => {
    expect(orderShortWords(queued({ orderNumber: 'FULL11', unavailableItems: [] }))).toEqual([]);
    expect(orderShortWords(queued({ orderNumber: 'OLD111' }))).toEqual([]);
  });

  it('says what the customer ordered beside what the order holds', () => {
    expect(orderedWords(diamonds)).toBe('Ordered: 9\u00a0×; the order holds 7\u00a0×');
    expect(askedWords(diamonds)).toBe('of 9 ordered');
    const weighed = line({ quantity: 3.5, originalQuantity: 7, deli: true, unitType: 'g' });
    expect(orderedWords(weighed)).toBe('Ordered: 7\u00a0g; the order holds 3.5\u00a0g');
    expect(askedWords(weighed)).toBe('of 7\u00a0g ordered');
    const full = line({ quantity: 2, originalQuantity: 2 });
    expect(orderedWords(full)).toBe('Ordered: 2\u00a0×');
    expect(askedWords(full)).toBeNull();
    expect(orderedWords(line({ quantity: 2 }))).toBe('Ordered: 2\u00a0×');
  });
});
