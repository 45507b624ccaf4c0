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
    originalPrice: 24,
    discountDescription: '',
    discounts: [],
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
        originalPrice: 34,
      }),
    ]);
    expect(lines.map(({ item: _, ...line }) => ({ ...line, amount: plain(line.amount) }))).toEqual([
      { key: '1', amount: '2 ×', name: 'Blue Dream Pre-Roll', detail: 'Humboldt Hills · 1g', asked: null, deals: [] },
      {
        key: '2',
        amount: '3.4 g',
        name: 'Granddaddy Purple (by the gram)',
        detail: 'Green Valley Deli',
        asked: null,
        deals: [],
      },
    ]);
    expect(lines.map((line) => line.item.priceSell)).toEqual(['24.00', '34.00']);
  });

  it('says beside a line holding less than the customer ordered what they ordered, as the pick list does', () => {
    const lines = handOverLines([
      item({ quantity: 1, originalQuantity: 2 }),
      item({ lineIndex: 2, quantity: 3, originalQuantity: 3 }),
      item({ lineIndex: 3, unitType: 'g', deli: true, quantity: 3.4, originalQuantity: 3.5 }),
    ]);
    expect(lines.map((line) => line.asked && plain(line.asked))).toEqual(['of 2 ordered', null, 'of 3.5 g ordered']);
  });

  it('keeps two lines of one product apart', () => {
    const keys = handOverLines([item({}), item({ lineIndex: 2 })]).map((line) => line.key);
    expect(new Set(keys).size).toBe(2);
  });

  it("lists each line's discounts as the cart does: its promotion, its deals by name, then the manual ones", () => {
    const lines = handOverLines(
      [
        // 10% off edibles ($2.20), Wednesday edibles ($3.96) and the Spring code's deal ($1.58): $22.00 → $14.26.
        item({
          productId: 'p-edible',
          name: 'Dark Chocolate Sea Salt Bar',
          originalPrice: 22,
          priceSell: '14.26',
          discountDescription: '10% off edibles; Wednesday edibles; Spring code',
          discounts: [
            { dealId: 'd-wed', name: 'Wednesday edibles', amount: '3.96' },
            { dealId: 'd-spring', name: 'Spring code', amount: '1.58' },
          ],
        }),
        // A register's sale taken again: $2.00 off by hand for a damaged box, and $1.00 of one off the whole sale.
        item({
          lineIndex: 2,
          productId: 'p-jar',
          name: 'Glass jar',
          originalPrice: 10,
          priceSell: '7.00',
          discountDescription: 'Manual discount',
          discounts: [{ dealId: 'manual', name: 'Manual discount', amount: '3.00' }],
        }),
      ],
      [
        {
          productId: 'p-jar',
          percent: null,
          amount: '2.00',
          reason: 'Damaged box',
          discount: '2.00',
          approvedBy: null,
        },
        { productId: null, percent: 10, amount: null, reason: 'Regular', discount: '1.00', approvedBy: null },
      ],
    );
    expect(lines.map((line) => line.deals)).toEqual([
      ['10% off edibles −$2.20', 'Wednesday edibles −$3.96', 'Spring code −$1.58'],
      ['Manual discount −$2.00 · damaged box', 'Manual discount −$1.00 · whole sale'],
    ]);
  });
});
