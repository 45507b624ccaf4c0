import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesReport, SummaryReport } from '../../../shared/contracts/reports.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { runServicepay } from '../../support/cli-in-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';

let database: TestDatabase;
const servicepay = (...args: string[]) => runServicepay([...args, ...database.args]);
const json = async <T>(...args: string[]) => {
  const run = await servicepay('--json', ...args);
  expect(run.status, run.stderr || run.stdout).toBe(0);
  return JSON.parse(run.stdout) as T;
};

beforeAll(async () => {
  database = await freshDatabase();
  expect((await servicepay('demo', 'load')).status).toBe(0);
}, 60_000);
afterAll(() => database.drop());

describe('servicepay demo sales', () => {
  it(
    'makes days of sales ending yesterday that the reports show by day and budtender',
    { timeout: 60_000 },
    async () => {
      const made = await json<{ from: string; to: string; sales: number; skipped: number }>(
        'demo',
        'sales',
        '--days',
        '3',
        '--per-day',
        '4',
      );
      expect(made.sales + made.skipped).toBe(12);
      expect(made.sales).toBeGreaterThan(8);
      const summary = await json<SummaryReport>(
        'reports',
        'summary',
        '--store',
        'demo',
        '--from',
        made.from,
        '--to',
        made.to,
      );
      expect(summary.rows).toHaveLength(3);
      expect(summary.total.sales).toBe(made.sales);
      expect(summary.total.tenders.map((tender) => tender.method)).toEqual(['Cash']);
      const people = await json<SalesReport>(
        'reports',
        'sales',
        '--store',
        'demo',
        '--from',
        made.from,
        '--to',
        made.to,
        '--by',
        'budtender',
      );
      expect(people.rows.map((row) => row.label).sort()).toEqual(['Casey Cashier', 'Morgan Manager']);
      expect(people.total.grossCents).toBe(summary.total.grossCents);
      // Each handed over as it was paid: none left waiting in the registers' Online orders.
      const db = await openDataLayer(database.config);
      try {
        const statuses = await db.all(
          db.builder
            .selectFrom('orders')
            .select(['status', 'payment_status as paid'])
            .groupBy(['status', 'payment_status']),
        );
        expect(statuses).toEqual([{ status: 'COMPLETED', paid: 'PAID' }]);
      } finally {
        await db.close();
      }
    },
  );

  it('refuses a number of days out of range, in words', async () => {
    const run = await servicepay('demo', 'sales', '--days', '0');
    expect(run.status).not.toBe(0);
    expect(run.stderr + run.stdout).toMatch(/--days must be a whole number from 1 to 92/);
  });
});
