import { describe, expect, it } from 'vitest';
import { printedLines } from '../../../shared/receipt/receipt-document.js';
import { saleReceipt } from '../../../shared/receipt/sale-receipt.js';
import { lineDiscounts } from '../../../shared/deals/line-discounts.js';
import { receiptItem, saleInput } from '../../fixtures/receipts/sale-input.js';

// A sale with deals: 3 pre-rolls for $20 across two lines, and a $5 promo code on a flower.
const input = saleInput({
  items: [
    receiptItem({
      name: 'Pre-roll Blue Dream',
      type: 'PREROLL',
      quantityMilli: 2000,
      amount: 1334,
      discounts: [{ name: '3 pre-rolls for $20', amountCents: 666 }],
    }),
    receiptItem({
      name: 'Pre-roll OG Kush',
      type: 'PREROLL',
      quantityMilli: 1000,
      amount: 666,
      discounts: [{ name: '3 pre-rolls for $20', amountCents: 334 }],
    }),
    receiptItem({
      name: 'Blue Dream 3.5g',
      quantityMilli: 1000,
      amount: 2800,
      discounts: [
        { name: 'Spring code', amountCents: 500 },
        { name: 'Wednesday flower', amountCents: 300 },
      ],
    }),
  ],
  totals: { subTotal: 6400, discount: -2100, tax: 860, payByPoints: 0, total: 5160 },
  payments: [],
});

const text = (columns: number) => printedLines(saleReceipt(input), columns).map((line) => line.text);
const across = (columns: number, label: string, amount: string) =>
  `${label}${' '.repeat(columns - label.length - amount.length)}${amount}`;

describe('the sale receipt with deals', () => {
  it.each([48, 32])('prints each line before its deals and each deal indented under it (%i columns)', (columns) => {
    const lines = text(columns);
    const at = lines.indexOf(across(columns, '2 × Pre-roll Blue Dream', '$20.00'));
    expect(lines.slice(at, at + 2)).toEqual([
      across(columns, '2 × Pre-roll Blue Dream', '$20.00'),
      across(columns, '  3 pre-rolls for $20', '-$6.66'),
    ]);
    const flower = lines.indexOf(across(columns, '1 × Blue Dream 3.5g', '$36.00'));
    expect(lines.slice(flower, flower + 3)).toEqual([
      across(columns, '1 × Blue Dream 3.5g', '$36.00'),
      across(columns, '  Spring code', '-$5.00'),
      across(columns, '  Wednesday flower', '-$3.00'),
    ]);
    expect(lines.every((line) => line.length <= columns)).toBe(true);
  });

  it('says what the customer saved in all, after the payments', () => {
    const lines = text(48).map((line) => line.trim());
    expect(lines).toContain(across(48, 'Discounts', '-$21.00'));
    expect(lines).toContain('You saved $21.00');
    expect(lines.indexOf('You saved $21.00')).toBeGreaterThan(lines.findIndex((line) => line.startsWith('Total')));
  });

  it('prints a line without deals at its amount, and no saving on a sale without discounts', () => {
    const plain = saleReceipt(
      saleInput({ totals: { subTotal: 9800, discount: 0, tax: 0, payByPoints: 0, total: 9800 } }),
    );
    const lines = printedLines(plain, 48).map((line) => line.text);
    expect(lines).toContain(across(48, '2 × Blue Dream', '$63.00'));
    expect(lines.join('\n')).not.toMatch(/You saved/);
  });

  it('shows the deals in the print dialog’s copy too, indented', () => {
    const rows = saleReceipt(input).lines.filter((line) => line.kind === 'row' && line.label.startsWith('  '));
    expect(rows.map((line) => (line.kind === 'row' ? [line.label, line.amount] : []))).toEqual([
      ['  3 pre-rolls for $20', '-$6.66'],
      ['  3 pre-rolls for $20', '-$3.34'],
      ['  Spring code', '-$5.00'],
      ['  Wednesday flower', '-$3.00'],
    ]);
  });
});

describe("the sale receipt with a product's own promotion", () => {
  // Watermelon Gummies at $20.00 with its own "10% off edibles", then "Wednesday edibles" (20 %) on
  // what is left, as the service lists them; and a flower at its price.
  const gummies = lineDiscounts({
    beforeCents: 2000,
    afterCents: 1440,
    description: '10% off edibles; Wednesday edibles',
    discounts: [{ dealId: 'd1', name: 'Wednesday edibles', amountCents: 360 }],
  });
  const sale = saleInput({
    items: [
      receiptItem({
        name: 'Watermelon Gummies',
        type: 'EDIBLE',
        quantityMilli: 1000,
        amount: 1440,
        discounts: gummies,
      }),
      receiptItem({ name: 'Wedding Cake', quantityMilli: 1000, amount: 4400 }),
    ],
    totals: { subTotal: 6400, discount: -560, tax: 0, payByPoints: 0, total: 5840 },
    payments: [],
  });
  const rows = saleReceipt(sale).lines.flatMap((line) => (line.kind === 'row' ? [[line.label, line.amount]] : []));
  const cents = (amount: string) => Math.round(Number(amount.replace('$', '')) * 100);

  it('prints the line at its price before any discount, the promotion first and then the deal', () => {
    expect(rows.slice(0, 4)).toEqual([
      ['1 × Watermelon Gummies', '$20.00'],
      ['  10% off edibles', '-$2.00'],
      ['  Wednesday edibles', '-$3.60'],
      ['1 × Wedding Cake', '$44.00'],
    ]);
    const lines = printedLines(saleReceipt(sale), 32).map((line) => line.text);
    expect(lines).toContain(across(32, '  10% off edibles', '-$2.00'));
  });

  it('adds up: the lines to the subtotal, what is under them to the discounts', () => {
    const items = rows.slice(0, 4);
    const lines = items.filter(([label]) => !label!.startsWith('  ')).map(([, amount]) => cents(amount!));
    const under = items.filter(([label]) => label!.startsWith('  ')).map(([, amount]) => cents(amount!));
    const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);
    expect(sum(lines)).toBe(6400);
    expect(sum(under)).toBe(-560);
    expect(rows).toContainEqual(['Subtotal', '$64.00']);
    expect(rows).toContainEqual(['Discounts', '-$5.60']);
  });
});
