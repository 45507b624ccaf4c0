import { describe, expect, it } from 'vitest';
import type { DrawerReport } from '../../../shared/contracts/cash.js';
import { drawerReport } from '../../../shared/receipt/drawer-report.js';
import { printedLines, wrapText, type ReceiptDocument } from '../../../shared/receipt/receipt-document.js';
import { saleReceipt } from '../../../shared/receipt/sale-receipt.js';
import { saleInput } from '../../fixtures/receipts/sale-input.js';

// A store with no state rules: today's receipt, with each line's package tag.
const receipt = saleReceipt(saleInput());

const text = (document: ReceiptDocument, columns: number) => printedLines(document, columns).map((line) => line.text);
/** A label and an amount across `columns`, the amount flush right. */
const across = (columns: number, label: string, amount: string) =>
  `${label}${' '.repeat(columns - label.length - amount.length)}${amount}`;

describe('the sale receipt as printed', () => {
  it.each([48, 32])('fits %i columns, amounts flush right', (columns) => {
    const lines = text(receipt, columns);
    expect(lines.every((line) => line.length <= columns)).toBe(true);
    expect(lines).toContain(across(columns, '2 × Blue Dream', '$63.00'));
    expect(lines).toContain('-'.repeat(columns));
    expect(lines.filter((line) => line.startsWith('Total'))).toEqual([across(columns, 'Total', '$119.55')]);
    expect(lines).toContain(across(columns, 'Discounts', '-$7.00'));
    expect(lines).toContain(across(columns, 'Reward dollars', '-$1.25'));
    expect(lines).toContain(across(columns, 'Cash back', '$4.45'));
    expect(lines.filter((line) => line.startsWith('Cashless ATM'))).toHaveLength(1);
  });

  it('wraps a long item name, keeps its amount on its last line, and its tag under it (58 mm)', () => {
    const lines = text(receipt, 32);
    const at = lines.indexOf('3.5 g Granddaddy Purple');
    expect(lines.slice(at, at + 4)).toEqual([
      '3.5 g Granddaddy Purple',
      'Indica Deli Flower',
      across(32, 'Special', '$35.00'),
      '  Tag 1A4060300002EE1000067890',
    ]);
  });

  it('prints no state’s words with no state rules: one tax, no weights, no warning, no customer', () => {
    const lines = text(receipt, 48);
    expect(lines.filter((line) => line.startsWith('Tax'))).toEqual([across(48, 'Tax', '$22.80')]);
    expect(lines.join('\n')).not.toMatch(/excise|cannabis|WARNING|Customer:|licence/i);
    expect(lines).toContain('  Tag 1A4060300002EE1000012345');
  });

  it('prints the title large (half the columns) and the time of the sale in the store’s zone', () => {
    const printed = printedLines(receipt, 32);
    expect(printed.filter((line) => line.large).map((line) => line.text)).toEqual(['Green Valley', 'Dispensary']);
    expect(printed.map((line) => line.text.trim())).toContain('Nov\u00a023,\u00a02026, 10:00\u00a0AM\u00a0PST');
    expect(printed.map((line) => line.text.trim())).toContain('Cashier: Casey Cashier');
  });

  it('marks a reprint with when it printed, under the order and above the time of sale', () => {
    const lines = text(saleReceipt(saleInput({ reprint: true })), 48).map((line) => line.trim());
    const order = lines.indexOf('Order AB12CD');
    expect(lines.slice(order, order + 4)).toEqual([
      'Order AB12CD',
      'Reprint',
      'Printed Nov\u00a023,\u00a02026, 10:05\u00a0AM\u00a0PST',
      'Sold Nov\u00a023,\u00a02026, 10:00\u00a0AM\u00a0PST',
    ]);
  });

  it('says when an order placed before it was sold was ordered: the time that day, the day too another day', () => {
    const header = (orderedAt: string) => {
      const lines = text(saleReceipt(saleInput({ orderedAt })), 48).map((line) => line.trim());
      return lines.slice(lines.indexOf('Order AB12CD') + 1, lines.indexOf('Order AB12CD') + 3);
    };
    expect(header('2026-11-23T17:52:00Z')).toEqual([
      'Sold Nov\u00a023,\u00a02026, 10:00\u00a0AM\u00a0PST',
      'Ordered 9:52\u00a0AM',
    ]);
    expect(header('2026-11-23T07:30:00Z')[1]).toBe('Ordered Nov\u00a022,\u00a02026, 11:30\u00a0PM\u00a0PST');
    // Ordered as it was sold (a sale at the register): the time of sale alone.
    expect(header('2026-11-23T18:00:20Z')[0]).toBe('Nov\u00a023,\u00a02026, 10:00\u00a0AM\u00a0PST');
  });

  it('wraps words, splitting only a word longer than the line', () => {
    expect(wrapText('a bb ccc', 4)).toEqual(['a bb', 'ccc']);
    expect(wrapText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapText('', 4)).toEqual(['']);
  });
});

const shift = {
  id: 'sh_1',
  terminalId: 'front-1',
  status: 'closed',
  blind: false,
  openedBy: { id: 'u1', name: 'Casey Cashier' },
  openedAt: '2026-11-23T16:00:00Z',
  float: 20000,
  floatCount: null,
  closedBy: { id: 'u2', name: 'Morgan Manager' },
  closedAt: '2026-11-24T01:30:00Z',
  counted: 31500,
  countedCount: null,
  expected: 32000,
  overShort: -500,
  zNumber: 12,
} as DrawerReport['shift'];

const zReport = drawerReport(
  {
    kind: 'Z',
    shift,
    flows: {
      float: 20000,
      cashTendered: 15000,
      changeGiven: 1000,
      cashBack: 2000,
      cashRefunds: 0,
      paidIn: 500,
      paidOut: 500,
      safeDrops: 0,
    },
    sales: {
      byMethod: [
        {
          method: 'Cash',
          count: 3,
          amount: 14000,
          tip: 0,
          cashback: 0,
          refundCount: 1,
          refunded: 1200,
          voidCount: 0,
          voided: 0,
        },
        {
          method: 'ATM',
          count: 1,
          amount: 2500,
          tip: 0,
          cashback: 2000,
          refundCount: 0,
          refunded: 0,
          voidCount: 0,
          voided: 0,
        },
      ],
      sales: 4,
      customers: 3,
      taxes: [{ name: 'Cannabis excise', amount: 2100 }],
      discounts: 300,
      rewardDollars: 125,
      tips: 0,
    },
    movements: [
      {
        id: 'm1',
        kind: 'paid_out',
        amount: 500,
        reason: 'Window cleaner',
        by: { id: 'u1', name: 'Casey Cashier' },
        approvedBy: { id: 'u2', name: 'Morgan Manager' },
        at: '2026-11-23T20:00:00Z',
      },
    ],
    generatedAt: '2026-11-24T01:30:00Z',
  },
  'Green Valley',
  'America/Los_Angeles',
);

describe('the Z report as printed', () => {
  it.each([48, 32])('fits %i columns with sales by method, cash, count and movements', (columns) => {
    const lines = text(zReport, columns);
    expect(lines.every((line) => line.length <= columns)).toBe(true);
    const row = (label: string, amount: string) => across(columns, label, amount);
    expect(lines).toContain('Z report 12');
    expect(lines).toContain(row('Cash (3)', '$140.00'));
    expect(lines).toContain(row('  Refunds (1)', '-$12.00'));
    expect(lines).toContain(row('  Cash back', '$20.00'));
    expect(lines).toContain(row('Cannabis excise', '$21.00'));
    expect(lines).toContain(row('Expected in drawer', '$320.00'));
    expect(lines).toContain(row('Counted', '$315.00'));
    expect(lines).toContain(row('Over/short', '$5.00 short'));
    expect(lines).toContain(row('Paid out', '$5.00'));
    expect(lines.join(' ')).toContain('Window cleaner');
    expect(lines.join(' ')).toContain('Casey Cashier, approved by Morgan Manager: Window cleaner');
  });

  it('says the close is blind when the cashier may not see the expected cash', () => {
    const blind = drawerReport(
      {
        kind: 'X',
        shift: { ...shift, status: 'open', expected: null },
        flows: null,
        sales: null,
        movements: [],
        generatedAt: shift.openedAt,
      },
      'Green Valley',
      'America/Los_Angeles',
    );
    expect(text(blind, 48)).toContain('X report');
    expect(text(blind, 48).join(' ')).toContain('Blind close');
  });
});
