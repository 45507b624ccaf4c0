import { describe, expect, it } from 'vitest';
import { printedLines } from '../../../shared/receipt/receipt-document.js';
import { saleReceipt } from '../../../shared/receipt/sale-receipt.js';
import { saleInput } from '../../fixtures/receipts/sale-input.js';

// A sale to a loyalty customer (README "Loyalty"): the receipt says what it moved and the balance.
const text = (points: Parameters<typeof saleReceipt>[0]['points'], columns = 48) =>
  printedLines(saleReceipt(saleInput({ points })), columns).map((line) => line.text.trim());

describe('the sale receipt of a loyalty customer', () => {
  it('says the points earned and spent and the balance, before the thanks', () => {
    const lines = text({ earned: 92, spent: 300, balance: 1512 });
    const at = lines.indexOf('Points: 92 earned · 300 spent · balance 1,512');
    expect(at).toBeGreaterThan(0);
    expect(lines.indexOf('Thank you!')).toBeGreaterThan(at);
    expect(text({ earned: 40, spent: 0, balance: 40 })).toContain('Points: 40 earned · balance 40');
  });

  it('says "balance now" on a reprint: later sales and refunds moved it since the sale', () => {
    const reprinted = printedLines(
      saleReceipt(saleInput({ points: { earned: 36, spent: 0, balance: 570 }, reprint: true })),
      48,
    ).map((line) => line.text.trim());
    expect(reprinted).toContain('Points: 36 earned · balance now 570');
    expect(reprinted).toContain('Reprint');
  });

  it('says what a sale refunded whole had moved, undone, and the balance now', () => {
    const points = { earned: 0, spent: 0, balance: 529, undone: { earned: 29, spent: 500 } };
    const reprinted = printedLines(saleReceipt(saleInput({ points, reprint: true })), 48).map((line) =>
      line.text.trim(),
    );
    expect(reprinted.join(' ')).toContain('Points: 29 earned taken back, 500 spent given back · balance now 529');
    const earnedOnly = { earned: 0, spent: 0, balance: 0, undone: { earned: 29, spent: 0 } };
    expect(text(earnedOnly)).toContain('Points: 29 earned taken back · balance 0');
  });

  it('says nothing of points for a sale that moved none', () => {
    expect(text(null).some((line) => line.startsWith('Points'))).toBe(false);
    expect(text(undefined).some((line) => line.startsWith('Points'))).toBe(false);
  });

  it('fits a 32-column printer', () => {
    for (const line of printedLines(
      saleReceipt(saleInput({ points: { earned: 92, spent: 300, balance: 1512 } })),
      32,
    )) {
      expect(line.text.length).toBeLessThanOrEqual(32);
    }
  });
});
