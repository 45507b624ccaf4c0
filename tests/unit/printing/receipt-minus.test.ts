import { describe, expect, it } from 'vitest';
import { encodeDocument } from '../../../electron/server/printing/escpos.js';
import { saleReceipt } from '../../../shared/receipt/sale-receipt.js';
import { receiptItem, saleInput } from '../../fixtures/receipts/sale-input.js';
import { decodeEscPos } from '../../support/escpos-decoder.js';

// The screens write an amount off with the minus sign ("−$1.00"); no code page of an ESC/POS printer
// holds it, so the printed receipt writes every amount off with the ASCII hyphen, and a minus or a
// Unicode hyphen typed in a deal's name prints as one too, never as "?".
const input = saleInput({
  items: [
    receiptItem({
      name: 'Blue Dream 3.5g',
      quantityMilli: 1000,
      amount: 2800,
      discounts: [
        { name: 'Spring code', amountCents: 500 },
        { name: 'Buy 2 − get 1‐off', amountCents: 300 },
      ],
    }),
  ],
  totals: { subTotal: 3600, discount: -800, tax: 0, payByPoints: -125, total: 2675 },
  payments: [],
});
const across = (columns: number, label: string, amount: string) =>
  `${label}${' '.repeat(columns - label.length - amount.length)}${amount}`;

describe('the printed receipt’s amounts off', () => {
  it.each([
    [80, 48],
    [58, 32],
  ] as const)('prints each with the ASCII hyphen, right under its line (%i mm paper)', (paper, columns) => {
    const { lines } = decodeEscPos(encodeDocument(saleReceipt(input), paper, { kick: false }));
    const at = lines.indexOf(across(columns, '1 × Blue Dream 3.5g', '$36.00'));
    expect(lines.slice(at, at + 3)).toEqual([
      across(columns, '1 × Blue Dream 3.5g', '$36.00'),
      across(columns, '  Spring code', '-$5.00'),
      across(columns, '  Buy 2 - get 1-off', '-$3.00'),
    ]);
    expect(lines).toContain(across(columns, 'Discounts', '-$8.00'));
    expect(lines).toContain(across(columns, 'Reward dollars', '-$1.25'));
    expect(lines.join('\n')).not.toMatch(/[?−]/);
  });
});
