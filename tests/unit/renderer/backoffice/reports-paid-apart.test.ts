import { describe, expect, it } from 'vitest';
import { emptyWords, headlineFigures, paidApartNotes } from '../../../../renderer/backoffice/logic/report-figures.js';
import { reportKind } from '../../../../renderer/backoffice/logic/report-kinds.js';
import { storeTable } from '../../../../renderer/backoffice/logic/report-table.js';
import { reportTable } from '../../../../shared/reports/report-table.js';
import { summaryReport } from './report-fixture.js';

const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };
const cash = (amountCents: number) => ({
  method: 'Cash' as const,
  count: 1,
  amountCents,
  tipCents: 0,
  cashBackCents: 0,
  refundedCents: 0,
});

// An online order of $29.58 paid $29.07 in cash at the counter, its last $0.51 not paid yet: a day of
// no completed sale whose payments are $29.07.
const deposit = summaryReport({ tenders: [cash(2907)], paidTowardOpenCents: 2907 });

describe('the summary of orders paid over several days', () => {
  it('shows what was paid toward open orders beside the tenders, and says what it is', () => {
    const table = storeTable(reportKind('summary'), deposit);
    const labels = table.rows.map((row) => [row.cells[0]!.text, row.cells[1]!.text]);
    const at = labels.findIndex(([label]) => label === 'Paid by Cash');
    expect(labels.slice(at, at + 2)).toEqual([
      ['Paid by Cash', '$29.07'],
      ['Paid toward open orders', '$29.07'],
    ]);
    expect(labels.map(([label]) => label)).not.toContain('Paid on earlier days');
    expect(paidApartNotes(reportKind('summary'), deposit.total)).toEqual([
      '$29.07 was paid toward orders not completed the day it was paid ("Paid toward open orders"): it is in ' +
        'the payments, and in the sales on the day each order is completed.',
    ]);
    // A day with nothing but a deposit is not "no sales": its payment is shown.
    expect(emptyWords(reportKind('summary'), deposit.total, NOVEMBER)).toBe('');
  });

  it('does not say "no sales" of a day whose only money is a deposit paid and handed back', () => {
    // Paid and refunded whole the same day: no sale, no return, nothing paid toward the open order.
    const handedBack = summaryReport({ tenders: [{ ...cash(2907), refundedCents: 2907 }] });
    expect(emptyWords(reportKind('summary'), handedBack.total, NOVEMBER)).toBe('');
    expect(emptyWords(reportKind('summary'), summaryReport().total, NOVEMBER)).toMatch(/^No sales/);
  });

  it('on the day the order is completed: what had been paid on earlier days', () => {
    const completed = summaryReport({
      sales: 1,
      grossCents: 2600,
      taxCents: 358,
      tenders: [cash(51)],
      paidEarlierCents: 2907,
    });
    const table = storeTable(reportKind('summary'), completed);
    const row = table.rows.find((each) => each.key === 'paid-earlier')!;
    expect(row.cells.map((cell) => cell.text)).toEqual(['Paid on earlier days', '$29.07']);
    expect(table.rows.some((each) => each.key === 'paid-open')).toBe(false);
    expect(paidApartNotes(reportKind('summary'), completed.total)).toEqual([
      '$29.07 of the sales had been paid on earlier days ("Paid on earlier days"): it is in the sales, and in ' +
        'the payments of the days it was paid.',
    ]);
  });

  it('says nothing when every payment paid a sale of its own day; the CLI table and CSV always have both columns', () => {
    const plain = summaryReport({ sales: 1, grossCents: 1000, tenders: [cash(1000)] });
    const table = storeTable(reportKind('summary'), plain);
    expect(table.rows.some((each) => each.key.startsWith('paid-'))).toBe(false);
    expect(paidApartNotes(reportKind('summary'), plain.total)).toEqual([]);
    const cli = reportTable('summary', deposit);
    const column = (name: string) => cli.rows.at(-1)![cli.columns.indexOf(name)];
    expect([column('Cash'), column('paid toward open orders'), column('paid on earlier days')]).toEqual([
      '29.07',
      '29.07',
      '0.00',
    ]);
  });

  it('says the tax the returns handed back beside the tax: a card, a line of the table, a CLI column after "tax"', () => {
    const returned = summaryReport({
      sales: 1,
      grossCents: 1800,
      returnsCents: 1800,
      taxCents: 419,
      returnsTaxCents: 419,
      tenders: [{ ...cash(2219), refundedCents: 2219 }],
    });
    const cards = headlineFigures(reportKind('summary')).map((figure) => figure.label);
    expect(cards.slice(cards.indexOf('Tax'), cards.indexOf('Tax') + 2)).toEqual(['Tax', 'Tax refunded']);
    const table = storeTable(reportKind('summary'), returned);
    const line = table.rows.find((each) => each.key === 'refunded-tax')!;
    expect(line.cells.map((cell) => cell.text)).toEqual(['Tax refunded', '$4.19']);
    const cli = reportTable('summary', returned);
    expect(cli.columns.slice(cli.columns.indexOf('tax'), cli.columns.indexOf('tax') + 2)).toEqual([
      'tax',
      'tax refunded',
    ]);
    expect(cli.rows.at(-1)![cli.columns.indexOf('tax refunded')]).toBe('4.19');
  });
});
