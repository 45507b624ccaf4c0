import { describe, expect, it } from 'vitest';
import { encodeDocument } from '../../../electron/server/printing/escpos.js';
import {
  asSold,
  refundLines,
  withMoneyLines,
  withReturned,
  type ReceiptRefund,
} from '../../../electron/server/printing/receipt-refunds.js';
import { saleReceipt } from '../../../shared/receipt/sale-receipt.js';
import { receiptPayment, saleInput } from '../../fixtures/receipts/sale-input.js';
import { decodeEscPos } from '../../support/escpos-decoder.js';

// A refund by items prints, under the refund and its time, the items it gave back at what they were
// worth ("Returned: 1 × Rolling papers  $3.67"), indented as a line's discounts are; whether they went
// back into stock is not the customer's business. A refund of an amount prints as before.
const ZONE = 'America/Los_Angeles';
const cash = receiptPayment({ id: 'p1', method: 'Cash', cardLast4: null, cashbackAmount: 0, chargedAmount: 2000 });
const at = '2026-11-24T21:12:00Z';
const papers = { name: 'Rolling papers', deli: false, unitType: 'each', quantityMilli: 1000, amount: 367 };
const deli = { name: 'Blue Dream', deli: true, unitType: 'g', quantityMilli: 1500, amount: 645 };
const byItems: ReceiptRefund = { paymentId: 'p1', amount: 1012, at, lines: [papers, deli] };
const across = (columns: number, label: string, amount: string) =>
  `${label}${' '.repeat(columns - label.length - amount.length)}${amount}`;

/** The receipt of a $20.00 cash sale refunded `refunds`, as printed on `paper` mm paper. */
function printed(refunds: ReceiptRefund[], paper: 80 | 58): string[] {
  const receipt = saleReceipt(saleInput({ payments: asSold([cash]) }));
  const document = withMoneyLines(receipt, refundLines([cash], refunds, ZONE));
  return decodeEscPos(encodeDocument(document, paper, { kick: false })).lines;
}

describe('the items a refund gave back, on its receipt', () => {
  it('lists them under the refund and its time, at their worth, "Returned:" on the first', () => {
    expect(refundLines([cash], [byItems], ZONE)).toEqual([
      { kind: 'row', label: 'Refund Cash', amount: '-$10.12' },
      { kind: 'detail', text: 'Nov\u00a024,\u00a02026, 1:12\u00a0PM\u00a0PST' },
      { kind: 'row', label: '  Returned: 1 × Rolling papers', amount: '$3.67' },
      { kind: 'row', label: '  1.5 g Blue Dream', amount: '$6.45' },
      { kind: 'row', label: 'Paid after refunds', amount: '$9.88', strong: true },
    ]);
  });

  it('says what was not refunded of a refund worth less than its items, so they add up to it', () => {
    const damaged = { ...byItems, amount: 900 };
    expect(refundLines([cash], [damaged], ZONE).slice(2)).toEqual([
      { kind: 'row', label: '  Returned: 1 × Rolling papers', amount: '$3.67' },
      { kind: 'row', label: '  1.5 g Blue Dream', amount: '$6.45' },
      { kind: 'row', label: '  Not refunded', amount: '-$1.12' },
      { kind: 'row', label: 'Paid after refunds', amount: '$11.00', strong: true },
    ]);
  });

  it('names the rest of a line another payment gave back, the quantity once (a return split across payments)', () => {
    const card = receiptPayment({ id: 'p2', method: 'Debit', cashbackAmount: 0, chargedAmount: 3314 });
    const first: ReceiptRefund = { paymentId: 'p2', amount: 600, at, lines: [{ ...deli, amount: 600 }] };
    const rest: ReceiptRefund = { paymentId: 'p1', amount: 45, at, lines: [{ ...deli, quantityMilli: 0, amount: 45 }] };
    const rows = refundLines([cash, card], [first, rest], ZONE).filter((line) => line.kind === 'row');
    expect(rows.map((line) => line.kind === 'row' && [line.label, line.amount])).toEqual([
      [expect.stringMatching(/^Refund Debit card/), '-$6.00'],
      ['  Returned: 1.5 g Blue Dream', '$6.00'],
      ['Refund Cash', '-$0.45'],
      ['  Returned: the rest of Blue Dream', '$0.45'],
      ['Paid after refunds', '$46.69'],
    ]);
  });

  it('prints a refund of an amount as before: no items', () => {
    const lines = refundLines([cash], [{ paymentId: 'p1', amount: 500, at, lines: [] }], ZONE);
    expect(lines.map((line) => (line.kind === 'row' ? line.label : line.kind))).toEqual([
      'Refund Cash',
      'detail',
      'Paid after refunds',
    ]);
  });

  const long = { ...deli, name: 'Granddaddy Purple Indica Deli Flower Special Reserve' };
  it.each([
    [
      80,
      48,
      [
        '  Returned: 1 × Rolling papers             $3.67',
        '  1.5 g Granddaddy Purple Indica Deli',
        '  Flower Special Reserve                   $6.45',
      ],
    ],
    [
      58,
      32,
      [
        '  Returned: 1 × Rolling',
        '  papers                   $3.67',
        '  1.5 g Granddaddy Purple',
        '  Indica Deli Flower',
        '  Special Reserve          $6.45',
      ],
    ],
  ] as const)(
    'aligns them with the receipt’s amounts, long names wrapped in from the edge (%i mm)',
    (paper, columns, items) => {
      const lines = printed([{ ...byItems, amount: 900, lines: [papers, long] }], paper);
      const from = lines.indexOf(across(columns, 'Refund Cash', '-$9.00'));
      expect(lines.slice(from, lines.indexOf('-'.repeat(columns), from))).toEqual([
        across(columns, 'Refund Cash', '-$9.00'),
        '  Nov\u00a024,\u00a02026, 1:12\u00a0PM\u00a0PST',
        ...items,
        across(columns, '  Not refunded', '-$1.12'),
        across(columns, 'Paid after refunds', '$11.00'),
      ]);
      expect(lines.join('\n')).not.toMatch(/stock/i);
    },
  );

  it('names each line as the sale does, from the refund lines read by refund (none: a refund of an amount)', () => {
    const returned = new Map([
      ['r1', [{ refundId: 'r1', itemId: 'i2', quantityMilli: 1500, amountCents: 645, taxCents: 90, restocked: true }]],
    ]);
    const items = [
      { id: 'i1', name: 'Rolling papers', deli: false, unitType: 'each' },
      { id: 'i2', name: 'Blue Dream', deli: true, unitType: 'g' },
    ];
    const refunds = [
      { id: 'r1', paymentId: 'p1', amount: 645, at },
      { id: 'r2', paymentId: 'p1', amount: 100, at },
    ];
    expect(withReturned(refunds, returned, items)).toEqual([
      { paymentId: 'p1', amount: 645, at, lines: [{ ...deli }] },
      { paymentId: 'p1', amount: 100, at, lines: [] },
    ]);
  });
});
