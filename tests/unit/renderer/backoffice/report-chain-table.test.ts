import { describe, expect, it } from 'vitest';
import { chainTable, comparedTotal } from '../../../../renderer/backoffice/logic/report-chain-table.js';
import { reportKind } from '../../../../renderer/backoffice/logic/report-kinds.js';
import type {
  ChainInventoryValueReport,
  ChainSalesReport,
  InventoryValueFigures,
  InventoryValueReport,
} from '../../../../shared/contracts/reports.js';
import { row, salesReport } from './report-fixture.js';

// Across stores compared with the previous period, the change is of the stores that period has
// (README "Reports"): a store whose records start on the day is in the total, not in the change.
const read = {
  resultCode: 'SUCCESS' as const,
  resultReason: null,
  asOf: '2026-03-04T08:00:00.000Z',
  readFrom: 'primary' as const,
  fallback: null,
};

const stock = (retailCents: number): InventoryValueFigures => ({
  products: retailCents / 1_000,
  quantityMilli: retailCents,
  costCents: retailCents / 2,
  retailCents,
  withoutCost: 0,
  quantityWithoutCostMilli: 0,
  retailWithoutCostCents: 0,
});

function store(name: string, firstDay: string, now: number, then: number | null): InventoryValueReport {
  const previous = then === null ? null : { from: '2026-03-02', to: '2026-03-02', rows: [], total: stock(then) };
  const where = { dispensaryShortName: name.toLowerCase(), dispensaryName: name, timeZone: 'America/Denver' };
  return { ...read, ...where, firstDay, from: '2026-03-03', to: '2026-03-03', rows: [], total: stock(now), previous };
}

describe('the stock across stores compared with the day before', () => {
  // Demo's stock grew from $900 to $1,000; North Store's records start on the day, with $5,000 of stock.
  const answer: ChainInventoryValueReport = {
    ...read,
    report: 'inventory-value',
    from: '2026-03-03',
    to: '2026-03-03',
    stores: [store('Demo', '2026-01-05', 100_000, 90_000), store('North Store', '2026-03-03', 500_000, null)],
    total: stock(600_000),
    previousTotal: stock(90_000),
    comparableTotal: stock(100_000),
    leftOut: [],
    previousLeftOut: [
      {
        dispensaryShortName: 'north',
        dispensaryName: 'North Store',
        timeZone: 'America/Denver',
        firstDay: '2026-03-03',
      },
    ],
  };

  it('shows every store’s total but works out the change from the stores the day before has', () => {
    expect(comparedTotal(answer)).toEqual(stock(100_000));
    const table = chainTable(reportKind('inventory-value'), answer);
    expect(table.columns.map((column) => column.label)).toEqual([
      'Figure',
      'Demo',
      'North Store',
      'All stores',
      'All stores, previous period',
      'Change',
    ]);
    const retail = table.rows.find((each) => each.key === 'At retail')!;
    // $1,000 against $900: up 11 %, not the 567 % the $6,000 total against $900 would say.
    expect(retail.cells.map((cell) => cell.text)).toEqual([
      'At retail',
      '$1,000.00',
      '$5,000.00',
      '$6,000.00',
      '$900.00',
      '+11 %',
    ]);
    expect(retail.cells.at(-1)).toMatchObject({ tone: 'up', spoken: 'up 11 % from $900.00' });
  });

  it('without a comparison, the total is what a change would be of', () => {
    const alone = { ...answer, previousTotal: null, comparableTotal: null, previousLeftOut: [] };
    expect(comparedTotal(alone)).toEqual(stock(600_000));
    expect(chainTable(reportKind('inventory-value'), alone).columns.at(-1)!.label).toBe('All stores');
  });
});

describe('net sales across stores compared with the previous period', () => {
  it('the chain’s change is worked out from the stores compared', () => {
    const november = salesReport([row('FLOWER', 'Flower', { grossCents: 40_000 })], []);
    const answer: ChainSalesReport = {
      ...read,
      report: 'sales',
      from: '2026-11-01',
      to: '2026-11-30',
      stores: [november],
      total: november.total,
      previousTotal: { ...november.total, netCents: 20_000 },
      comparableTotal: { ...november.total, netCents: 30_000 },
    };
    const change = chainTable(reportKind('sales-category'), answer).footer.find((each) => each.key === 'change')!;
    expect(change.cells.at(-1)!.text).toBe('+50 %');
  });
});
