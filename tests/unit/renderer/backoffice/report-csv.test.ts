import { describe, expect, it } from 'vitest';
import { reportCsv, reportFileName } from '../../../../renderer/backoffice/logic/report-csv.js';
import { reportKind } from '../../../../renderer/backoffice/logic/report-kinds.js';
import { storeTable } from '../../../../renderer/backoffice/logic/report-table.js';
import { chartSummary, storeChart } from '../../../../renderer/backoffice/logic/report-chart.js';
import { chainTable } from '../../../../renderer/backoffice/logic/report-chain-table.js';
import type { ChainSalesReport, SalesRow } from '../../../../shared/contracts/reports.js';
import { hourLabel, hourSpan } from '../../../../shared/store-time.js';
import { basisWords, costWords, headlineFigures } from '../../../../renderer/backoffice/logic/report-figures.js';
import { MARGIN_WORDS } from '../../../../shared/reports/margin-words.js';
import { moodOf } from '../../../../renderer/backoffice/logic/report-cells.js';
import { row, salesReport, summaryReport, taxReport } from './report-fixture.js';

const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };
const flower = row('FLOWER', 'Flower', { sales: 12, grossCents: 48_000, discountCents: 1_500, taxCents: 7_440 });
const edibles = row('EDIBLE', 'Edibles, "gummies"', {
  sales: 5,
  grossCents: 9_000,
  returnsCents: 2_000,
  taxCents: 1_260,
});
const lines = (csv: string) => csv.trimEnd().split('\r\n');

describe('sales by category as a table and its CSV', () => {
  it('has a header row, a row per category and the total; money as dollars with two decimals', () => {
    const table = storeTable(reportKind('sales-category'), salesReport([flower, edibles]));
    expect(lines(reportCsv(table))).toEqual([
      'Category,Sales,Gross,Discounts,Returns,Net,Tax',
      'Flower,12,480.00,15.00,0.00,465.00,74.40',
      '"Edibles, ""gummies""",5,90.00,0.00,20.00,70.00,12.60',
      'Total,17,570.00,15.00,20.00,535.00,87.00',
    ]);
    expect(table.rows[0]!.cells.map((cell) => cell.text)).toEqual([
      'Flower',
      '12',
      '$480.00',
      '$15.00',
      '$0.00',
      '$465.00',
      '$74.40',
    ]);
  });

  it('compared: the previous net of the same category and the change, "New" for a category without', () => {
    const october = [row('FLOWER', 'Flower', { sales: 10, grossCents: 40_000 })];
    const table = storeTable(reportKind('sales-category'), salesReport([flower, edibles], october));
    const csv = lines(reportCsv(table));
    expect(csv[0]).toBe('Category,Sales,Gross,Discounts,Returns,Net,Tax,"Net, previous period",Change');
    expect(csv[1]).toBe('Flower,12,480.00,15.00,0.00,465.00,74.40,400.00,+16 %');
    expect(csv[2]).toMatch(/,0\.00,New$/);
    expect(csv[3]).toBe('Total,17,570.00,15.00,20.00,535.00,87.00,400.00,+34 %');
    expect(table.rows[0]!.cells.at(-1)).toMatchObject({ tone: 'up', spoken: 'up 16 % from $400.00' });
  });

  it('a product report shows quantities in the product unit; text people typed never starts a formula', () => {
    const gram = row('p1', 'Blue Dream (deli)', {
      sales: 3,
      quantityMilli: 7_000,
      weighedMilli: 7_000,
      grossCents: 15_000,
    });
    const jar = row('p2', '=Pre-roll', { sales: 2, quantityMilli: 3_000, grossCents: 3_000 });
    const table = storeTable(reportKind('top-products'), salesReport([gram, jar]));
    expect(table.columns.map((column) => column.label)).toContain('Quantity');
    // 7 g sold by weight is grams, though it is a whole number; the total never adds grams to units.
    expect(table.rows.map((r) => r.cells[2]!.text)).toEqual(['7 g', '3']);
    const csv = lines(reportCsv(table));
    expect(csv[2]).toMatch(/^'=Pre-roll,2,3,/);
    expect(csv.at(-1)).toMatch(/^Total,5,"3 units, 7 g",/);
  });
});

describe('the margin and tax tables', () => {
  it('margin: a percentage of what was sold at a known cost, "—" where no cost is known', () => {
    const known = row('p1', 'Blue Dream', { sales: 2, grossCents: 10_000, costCents: 6_000, marginCents: 4_000 });
    const unknown = row('p2', 'Gift card', { sales: 1, grossCents: 2_000, netWithoutCostCents: 2_000 });
    const table = storeTable(reportKind('margin'), salesReport([known, unknown]));
    expect(table.rows.map((r) => r.cells.slice(3).map((cell) => cell.text))).toEqual([
      ['$100.00', '$60.00', '$40.00', '40 %'],
      ['$20.00', '—', '—', '—'],
    ]);
  });

  it("margin: after returns, as the net sales beside it, and the headline says so in the CLI's words", () => {
    // $100.00 sold, $20.00 given back (one of two put back in stock: its $30.00 cost backed out).
    const returned = row('p1', 'Blue Dream', {
      sales: 2,
      grossCents: 10_000,
      returnsCents: 2_000,
      costCents: 3_000,
      marginCents: 5_000,
    });
    const noLine = row('', 'Refunds of no sale line', { returnsCents: 500, marginCents: -500 });
    const table = storeTable(reportKind('margin'), salesReport([returned, noLine]));
    expect(table.rows.map((r) => r.cells.slice(3).map((cell) => cell.text))).toEqual([
      ['$80.00', '$30.00', '$50.00', '62.5 %'],
      ['-$5.00', '$0.00', '-$5.00', '—'],
    ]);
    expect(headlineFigures(reportKind('margin')).map((figure) => figure.label)).toEqual([
      'Margin',
      'Cost',
      'Net sales',
      'Net sales without a known cost',
    ]);
    expect(basisWords(reportKind('margin'))).toBe(MARGIN_WORDS);
    expect(MARGIN_WORDS).toMatch(/^Margin is net sales \(after returns\) less cost\./);
    expect(basisWords(reportKind('sales-category'))).toBe('');
  });

  it('tax: a row per month, a column per layer owed, then collected, refunded and owed', () => {
    const table = storeTable(reportKind('tax'), taxReport());
    expect(lines(reportCsv(table))).toEqual([
      'Month,State excise,City sales,Collected,Refunded,Owed',
      'October 2026,15.00,3.00,18.00,0.00,18.00',
      'November 2026,40.50,8.10,54.00,5.40,48.60',
      'Total,55.50,11.10,72.00,5.40,66.60',
    ]);
    expect(storeChart(reportKind('tax'), taxReport())?.bars.map((bar) => [bar.label, bar.cents])).toEqual([
      ['Oct 2026', 1800],
      ['Nov 2026', 4860],
    ]);
  });
});

describe('the charts', () => {
  it('by hour: every hour of the day, the empty ones at zero, with the previous period when compared', () => {
    const nine = row('9', '9 AM', { sales: 2, grossCents: 4_000 });
    const chart = storeChart(reportKind('sales-hour'), salesReport([nine], [row('9', '9 AM', { grossCents: 1_000 })]));
    expect(chart?.shape).toBe('columns');
    expect(chart?.bars).toHaveLength(24);
    expect(chart?.bars[9]).toMatchObject({ cents: 4_000, previousCents: 1_000 });
    expect(chart?.bars[10]).toMatchObject({ cents: 0, previousCents: 0 });
  });

  it("by hour: each column says the table's words for its hour, its axis the hour's start", () => {
    const label = hourSpan(15);
    const chart = storeChart(reportKind('sales-hour'), salesReport([row('15', label, { sales: 1, grossCents: 900 })]));
    expect(chart?.bars[15]).toMatchObject({ label, axis: hourLabel(15), cents: 900 });
    expect(label).toBe('3\u00a0PM–4\u00a0PM');
    expect(chartSummary(chart!)).toBe(`Net sales by hour: the biggest is ${label} with $9.00.`);
    expect(
      lines(reportCsv(storeTable(reportKind('sales-hour'), salesReport([row('15', label, { sales: 1 })]))))[1],
    ).toMatch(/^3\u00a0PM–4\u00a0PM,/);
  });

  it('by hour across stores: the hours in their order (each store its own clock), not by net sales', () => {
    const store = (name: string, rows: SalesRow[]) => ({ ...salesReport(rows), dispensaryShortName: name });
    const demo = store('demo', [
      row('9', hourSpan(9), { grossCents: 100 }),
      row('15', hourSpan(15), { grossCents: 900 }),
    ]);
    const mesa = store('mesa', [row('12', hourSpan(12), { grossCents: 500 })]);
    const { resultCode, resultReason, from, to, asOf, readFrom, fallback } = demo;
    const answer: ChainSalesReport = {
      ...{ resultCode, resultReason, from, to, asOf, readFrom, fallback },
      report: 'sales',
      stores: [demo, mesa],
      total: salesReport([]).total,
      previousTotal: null,
      comparableTotal: null,
    };
    expect(chainTable(reportKind('sales-hour'), answer).rows.map((each) => each.key)).toEqual(['9', '12', '15']);
    expect(chainTable(reportKind('sales-category'), answer).rows.map((each) => each.key)).toEqual(['15', '12', '9']);
  });
});

describe('the file name', () => {
  it('names the store, the report and the days', () => {
    expect(reportFileName('demo', reportKind('sales-category'), NOVEMBER)).toBe(
      'demo-sales-by-category-2026-11-01-to-2026-11-30.csv',
    );
    expect(reportFileName('demo', reportKind('tax'), { from: '2026-11-30', to: '2026-11-30' })).toBe(
      'demo-tax-2026-11-30.csv',
    );
    expect(reportFileName('all-stores', reportKind('inventory-value'), NOVEMBER)).toBe(
      'all-stores-inventory-value-2026-11-30.csv',
    );
  });
});

describe('the colour of a change', () => {
  it('is green for good news, red for bad, plain for neither; the words say the direction either way', () => {
    expect(moodOf('up', 'higher-is-better')).toBe('good');
    expect(moodOf('down', 'higher-is-better')).toBe('bad');
    expect(moodOf('up', 'lower-is-better')).toBe('bad');
    expect(moodOf('down', 'lower-is-better')).toBe('good');
    expect(moodOf('up', 'neutral')).toBe('plain');
    expect(moodOf('new', 'higher-is-better')).toBe('plain');
  });

  it('more returns is bad news in the summary, more tax is neither', () => {
    const previous = summaryReport({ returnsCents: 1000, taxCents: 1000 });
    const table = storeTable(reportKind('summary'), {
      ...previous,
      previous: { from: '', to: '', rows: [], total: { ...previous.total, returnsCents: 500, taxCents: 500 } },
    });
    const changeOfRow = (key: string) => table.rows.find((r) => r.key === key)!.cells.at(-1)!;
    expect(changeOfRow('returns')).toMatchObject({ text: '+100 %', mood: 'bad' });
    expect(changeOfRow('tax')).toMatchObject({ text: '+100 %', mood: 'plain' });
  });
});

describe('what unknown costs leave out', () => {
  it('a margin without any known cost says so; with every cost known it says nothing', () => {
    const unknown = row('p2', 'Gift card', { sales: 1, grossCents: 2_000, netWithoutCostCents: 2_000 });
    expect(costWords(reportKind('margin'), salesReport([unknown]).total)).toMatch(
      /^No product sold in this range has a known cost/,
    );
    const known = row('p1', 'Blue Dream', { sales: 1, grossCents: 1_000, costCents: 600, marginCents: 400 });
    expect(costWords(reportKind('margin'), salesReport([known]).total)).toBe('');
  });
});
