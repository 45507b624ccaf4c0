import { describe, expect, it } from 'vitest';
import { reportKind } from '../../../../renderer/backoffice/logic/report-kinds.js';
import { storeTable } from '../../../../renderer/backoffice/logic/report-table.js';
import { reportTable } from '../../../../shared/reports/report-table.js';
import { row, salesReport, summaryReport } from './report-fixture.js';

// A try-out's day: $10.70 off ($3.50 by a code, $5.00 by hand, $2.20 by a product's own promotion),
// $24.51 of a cash payment refunded, $0.83 paid with reward dollars.
const day = summaryReport({
  sales: 4,
  grossCents: 13650,
  discountCents: 1070,
  dealDiscounts: [{ name: 'Spring code', amountCents: 350 }],
  manualDiscountCents: 500,
  rewardCents: 83,
  tenders: [{ method: 'Cash', count: 2, amountCents: 5717, tipCents: 0, cashBackCents: 0, refundedCents: 2451 }],
});

describe('the summary ties out from what it shows', () => {
  it('on the screen: the lines under Discounts add up to it, and each method says what refunds gave back of it', () => {
    const rows = storeTable(reportKind('summary'), day).rows.map((row) => [row.cells[0]!.text, row.cells[1]!.text]);
    const from = rows.findIndex(([label]) => label === 'Discounts');
    expect(rows.slice(from, from + 4)).toEqual([
      ['Discounts', '$10.70'],
      ['Spring code', '$3.50'],
      ['Given by hand', '$5.00'],
      ['Promotions and other', '$2.20'],
    ]);
    const cash = rows.findIndex(([label]) => label === 'Paid by Cash');
    expect(rows.slice(cash, cash + 2)).toEqual([
      ['Paid by Cash', '$57.17'],
      ['Refunded from Cash', '$24.51'],
    ]);
    expect(rows).toContainEqual(['Paid with reward dollars', '$0.83']);
  });

  it('shows no promotions or refunds line where there are none', () => {
    const plain = summaryReport({
      sales: 1,
      grossCents: 1000,
      tenders: [{ ...day.total.tenders[0]!, refundedCents: 0 }],
    });
    const keys = storeTable(reportKind('summary'), plain).rows.map((row) => row.key);
    expect(keys.filter((key) => key === 'promotions' || key.startsWith('refunded-Cash'))).toEqual([]);
    expect(keys).not.toContain('reward-back');
  });

  it('says the reward dollars returns gave back, under those paid, where there are any', () => {
    // The try-out's day with $0.50 of the reward dollars given back by a return (in its returns).
    const back = summaryReport({ ...day.total, returnsCents: 2500, netCents: 10080, rewardBackCents: 50 });
    const rows = storeTable(reportKind('summary'), back).rows.map((row) => [row.cells[0]!.text, row.cells[1]!.text]);
    const paid = rows.findIndex(([label]) => label === 'Paid with reward dollars');
    expect(rows.slice(paid, paid + 2)).toEqual([
      ['Paid with reward dollars', '$0.83'],
      ['Reward dollars given back (in Returns)', '$0.50'],
    ]);
    const cli = reportTable('summary', back);
    expect(cli.rows.at(-1)![cli.columns.indexOf('reward dollars given back')]).toBe('0.50');
  });

  it('in the CLI and the CSV: reward dollars, delivery, and each method with its refunds', () => {
    const cli = reportTable('summary', day);
    const column = (name: string) => cli.rows.at(-1)![cli.columns.indexOf(name)];
    expect(['reward dollars', 'delivery', 'Cash', 'Cash refunded', 'tips refunded'].map(column)).toEqual([
      '0.83',
      '0.00',
      '57.17',
      '24.51',
      '0.00',
    ]);
  });

  it('in the CLI and the CSV, each method is named in words, as the screens name it, never by its code', () => {
    const tender = { count: 1, tipCents: 0, cashBackCents: 0, refundedCents: 0 };
    const methods = summaryReport({
      ...day.total,
      tenders: [
        { ...tender, method: 'Credit', amountCents: 1000, refundedCents: 200 },
        { ...tender, method: 'ATM', amountCents: 2000 },
        { ...tender, method: 'ACH', amountCents: 3000 },
      ],
    });
    const cli = reportTable('summary', methods);
    const from = cli.columns.indexOf('reward dollars given back') + 1;
    expect(cli.columns.slice(from, from + 6)).toEqual([
      'Credit card',
      'Credit card refunded',
      'Cashless ATM',
      'Cashless ATM refunded',
      'Bank transfer (ACH)',
      'Bank transfer (ACH) refunded',
    ]);
    expect(cli.rows.at(-1)!.slice(from, from + 2)).toEqual(['10.00', '2.00']);
  });

  it('in the CLI, a grouping is headed in words: "customer type", never the option `customer-type`', () => {
    const byType = { ...salesReport([row('medical', 'Medical patients')]), by: 'customer-type' as const };
    expect(reportTable('sales', byType).columns[0]).toBe('customer type');
    expect(reportTable('sales', { ...byType, by: 'budtender' as const }).columns[0]).toBe('budtender');
  });
});
