import { describe, expect, it } from 'vitest';
import { asSold, refundLines, withMoneyLines } from '../../../electron/server/printing/receipt-refunds.js';
import { printedLines } from '../../../shared/receipt/receipt-document.js';
import { saleReceipt } from '../../../shared/receipt/sale-receipt.js';
import { receiptPayment, saleInput } from '../../fixtures/receipts/sale-input.js';

// A receipt printed after refunds: each refund (its payment's method and card, amount, the store's
// time) and what the customer paid in the end, where the receipt's money ends.
const ZONE = 'America/Los_Angeles';
const atm = receiptPayment({ id: 'p1' } as never);

describe('refund lines of a receipt', () => {
  it('names each refund by its payment and time, then what was paid in the end (cash back aside)', () => {
    const lines = refundLines([atm], [{ paymentId: 'p1', amount: 2219, at: '2026-11-24T21:12:00Z' }], ZONE);
    expect(lines).toEqual([
      { kind: 'row', label: 'Refund Cashless ATM Visa ••4242', amount: '-$22.19' },
      { kind: 'detail', text: 'Nov\u00a024,\u00a02026, 1:12\u00a0PM\u00a0PST' },
      // $120.00 charged, $4.45 of it handed back as cash back, $22.19 refunded.
      { kind: 'row', label: 'Paid after refunds', amount: '$93.36', strong: true },
    ]);
    expect(refundLines([atm], [], ZONE)).toEqual([]);
  });

  it('go after the payments and the change, before the rule that closes the money', () => {
    const receipt = saleReceipt(saleInput({ payments: asSold([{ ...atm, status: 'refunded' }]) }));
    const added = withMoneyLines(
      receipt,
      refundLines([atm], [{ paymentId: 'p1', amount: 100, at: '2026-11-24T21:12:00Z' }], ZONE),
    );
    const text = printedLines(added, 48).map((line) => line.text);
    const from = text.findIndex((line) => line.startsWith('Total'));
    expect(
      text
        .slice(from, text.indexOf('-'.repeat(48), from))
        .map((line) => line.replace(/\u00a0/g, ' ').replace(/ {2,}/g, ' | ')),
    ).toEqual([
      'Total | $119.55',
      'Cashless ATM Visa ••4242 | $120.00',
      'Cash back | $4.45',
      'Refund Cashless ATM Visa ••4242 | -$1.00',
      ' | Nov 24, 2026, 1:12 PM PST',
      'Paid after refunds | $114.55',
    ]);
    expect(withMoneyLines(receipt, [])).toBe(receipt);
  });
});
