import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineDiscounts, promotionWords, type DiscountedLine } from '../../../shared/deals/line-discounts.js';

const wednesday = { dealId: 'd1', name: 'Wednesday edibles', amountCents: 360 };
const manual = { dealId: 'manual', name: 'Manual discount', amountCents: 144 };

// Watermelon Gummies at $20.00: its own "10% off edibles" ($2.00), then 20 % off what is left.
const gummies: DiscountedLine = {
  beforeCents: 2000,
  afterCents: 1440,
  description: '10% off edibles; Wednesday edibles',
  discounts: [wednesday],
};

describe("a line's discounts, each named", () => {
  it("names the product's own promotion first, with what it took, then the deals", () => {
    expect(lineDiscounts(gummies)).toEqual([
      { kind: 'promotion', name: '10% off edibles', amountCents: 200 },
      { kind: 'deal', name: 'Wednesday edibles', amountCents: 360 },
    ]);
  });

  it('lists the manual discounts last, whatever order the service gave them in', () => {
    const line = {
      ...gummies,
      afterCents: 1296,
      description: '10% off edibles; Manual discount; Wednesday edibles',
      discounts: [manual, wednesday],
    };
    expect(lineDiscounts(line).map(({ kind, name, amountCents }) => [kind, name, amountCents])).toEqual([
      ['promotion', '10% off edibles', 200],
      ['deal', 'Wednesday edibles', 360],
      ['manual', 'Manual discount', 144],
    ]);
  });

  it('lists a promotion alone, deals alone, and nothing for a line at its price', () => {
    expect(
      lineDiscounts({ beforeCents: 2000, afterCents: 1800, description: '10% off edibles', discounts: [] }),
    ).toEqual([{ kind: 'promotion', name: '10% off edibles', amountCents: 200 }]);
    expect(
      lineDiscounts({ beforeCents: 2000, afterCents: 1640, description: 'Wednesday edibles', discounts: [wednesday] }),
    ).toEqual([{ kind: 'deal', name: 'Wednesday edibles', amountCents: 360 }]);
    expect(lineDiscounts({ beforeCents: 2000, afterCents: 2000, description: '', discounts: [] })).toEqual([]);
  });

  it('words a promotion its product gave no words for', () => {
    expect(lineDiscounts({ ...gummies, description: 'Wednesday edibles' })[0]).toEqual({
      kind: 'promotion',
      name: 'Promotion',
      amountCents: 200,
    });
  });

  it("keeps a promotion's words that hold the separator, or a deal's name", () => {
    expect(promotionWords('Staff pick; 15% off; Wednesday edibles', ['Wednesday edibles'])).toBe('Staff pick; 15% off');
    expect(promotionWords('Wednesday edibles; Wednesday edibles', ['Wednesday edibles'])).toBe('Wednesday edibles');
    // Words not in the service's order: the deals' names are taken out wherever they are.
    expect(promotionWords('Spring code; 10% off edibles', ['Spring code'])).toBe('10% off edibles');
  });

  it('adds up to what the line came to, for any promotion and deals', () => {
    const named = fc.array(
      fc.record({ name: fc.constantFrom('Spring code', 'Wednesday edibles', 'Manual discount'), cents: fc.nat(5000) }),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(5000), named, (before, promotion, taken) => {
        const discounts = taken.map(({ name, cents }, index) => ({
          dealId: name === 'Manual discount' ? 'manual' : `d${index}`,
          name,
          amountCents: cents,
        }));
        const after = before - promotion - discounts.reduce((sum, entry) => sum + entry.amountCents, 0);
        const description = ['10% off edibles', ...discounts.map((entry) => entry.name)].join('; ');
        const listed = lineDiscounts({ beforeCents: before, afterCents: after, description, discounts });
        expect(listed.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(before - after);
        expect(listed.filter((entry) => entry.kind === 'promotion').map((entry) => entry.name)).toEqual(
          promotion > 0 ? ['10% off edibles'] : [],
        );
        const kinds = listed.map((entry) => entry.kind);
        expect(kinds).toEqual([...kinds].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)));
      }),
    );
  });
});

const ORDER = ['promotion', 'deal', 'manual'];
