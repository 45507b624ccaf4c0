import { describe, expect, it } from 'vitest';
import type { TicketItem } from '../../../../shared/contracts/ticket.js';
import { handOverLines } from '../../../../renderer/pos/logic/hand-over-lines.js';

const item = (fields: Partial<TicketItem>) =>
  ({
    productId: 'p1',
    lineIndex: 1,
    name: 'Blue Dream Pre-Roll',
    brand: 'Humboldt Hills',
    size: '1g',
    unitType: 'each',
    deli: false,
    quantity: 2,
    priceSell: '24.00',
    ...fields,
  }) as TicketItem;

/** The no-break spaces that keep "3.4 g" on one line, compared as plain spaces. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('an online order at the counter, line by line', () => {
  it('reads a counted line by its count and a weighed line by its weight, never "1 ×"', () => {
    const lines = handOverLines([
      item({}),
      item({
        lineIndex: 2,
        productId: 'p2',
        name: 'Granddaddy Purple (by the gram)',
        brand: 'Green Valley Deli',
        size: 'per gram',
        unitType: 'g',
        deli: true,
        quantity: 3.4,
        priceSell: '34.00',
      }),
    ]);
    expect(lines.map(({ item: _, ...line }) => ({ ...line, amount: plain(line.amount) }))).toEqual([
      { key: '1', amount: '2 ×', name: 'Blue Dream Pre-Roll', detail: 'Humboldt Hills · 1g' },
      { key: '2', amount: '3.4 g', name: 'Granddaddy Purple (by the gram)', detail: 'Green Valley Deli' },
    ]);
    expect(lines.map((line) => line.item.priceSell)).toEqual(['24.00', '34.00']);
  });

  it('keeps two lines of one product apart', () => {
    const keys = handOverLines([item({}), item({ lineIndex: 2 })]).map((line) => line.key);
    expect(new Set(keys).size).toBe(2);
  });
});
