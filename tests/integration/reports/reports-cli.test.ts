import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryValueReport, SummaryReport } from '../../../shared/contracts/reports.js';
import { formatDecimal, formatMoney } from '../../../shared/money.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import { runServicepay } from '../../support/cli-in-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { paymentService } from '../payments/support/payment-fixtures.js';
import { refund, sell, type TestClock } from './support/report-sales.js';

let database: TestDatabase;
/** The $2.50 handed back of the first sale, less its share of that sale's tax: a return before tax. */
let returned: number;
const servicepay = (...args: string[]) => runServicepay([...args, ...database.args]);

beforeAll(async () => {
  database = await freshDatabase();
  const clock: TestClock = { now: new Date('2026-03-07T18:00:00.000Z') };
  const service = await paymentService({ ...database.config, now: () => clock.now });
  // Sacramento springs forward on 2026-03-08 (a 23-hour day).
  const first = await sell(service, clock, '2026-03-07T18:00:00.000Z', { quantity: 2 });
  await sell(service, clock, '2026-03-08T19:00:00.000Z', { index: 1 });
  await refund(service, clock, '2026-03-08T20:00:00.000Z', first.payment.id, 250);
  returned = 250 - Math.round((250 * first.tax) / first.total);
  expect(returned).toBeLessThan(250);
  await service.close();
}, 60_000);
afterAll(() => database.drop());

/** The summary of the demo store's days `from`..`to`, as `--json` prints it. */
async function summaryJson(from: string, to: string): Promise<SummaryReport> {
  const json = await servicepay('--json', 'reports', 'summary', '--dispensary', 'demo', '--from', from, '--to', to);
  expect(json.status, json.stderr).toBe(0);
  return JSON.parse(json.stdout) as SummaryReport;
}

describe('servicepay reports', () => {
  it('prints the summary as a table, and the same figures as JSON', async () => {
    const table = await servicepay(
      'reports',
      'summary',
      '--store',
      'demo',
      '--from',
      '2026-03-07',
      '--to',
      '2026-03-08',
    );
    expect(table.status, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/2026-03-07 to 2026-03-08, America\/Los_Angeles/);
    expect(table.stdout).toMatch(/^Total/m);
    const report = await summaryJson('2026-03-07', '2026-03-08');
    expect(report.rows.map((row) => [row.day, row.sales, row.returnsCents])).toEqual([
      ['2026-03-07', 1, 0],
      ['2026-03-08', 1, returned],
    ]);
  });

  it('prints CSV with a header row, the total last, for each report', async () => {
    const csv = await servicepay(
      'reports',
      'sales',
      '--store',
      'demo',
      '--from',
      '2026-03-07',
      '--to',
      '2026-03-08',
      '--by',
      'category',
      '--csv',
    );
    expect(csv.status, csv.stderr).toBe(0);
    const lines = csv.stdout.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'category,quantity,sales,gross,discounts,returns,net,tax,cost,margin,net without a known cost',
    );
    expect(lines.at(-1)).toMatch(/^Total,3,2,/);
    for (const report of ['summary', 'tax', 'inventory-value']) {
      const run = await servicepay(
        'reports',
        report,
        '--store',
        'demo',
        '--from',
        '2026-03-07',
        '--to',
        '2026-03-08',
        '--csv',
      );
      expect(run.status, `${report}: ${run.stderr}`).toBe(0);
      expect(run.stdout.split('\r\n').length, report).toBeGreaterThan(2);
    }
  });

  it('reports the inventory value at the end of the day --to alone', async () => {
    const args = ['reports', 'inventory-value', '--dispensary', 'demo', '--to', '2026-03-08'];
    const json = await servicepay('--json', ...args);
    expect(json.status, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ from: '2026-03-08', to: '2026-03-08' });
    const text = await servicepay(...args);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/\(demo\), 2026-03-08, America\/Los_Angeles/);
  });

  it("refuses the stock at the end of a day not ended, or before the store's records, naming --to", async () => {
    const later = await servicepay('reports', 'inventory-value', '--dispensary', 'demo', '--to', '2099-01-01');
    expect(later.status).toBe(1);
    expect(later.stderr.trim()).toMatch(
      /^servicepay: --to must be on or before \d{4}-\d{2}-\d{2} \(today in the store’s time zone, America\/Los_Angeles\): the end of 2099-01-01 has not come yet$/,
    );
    // The demo store was set up on Mar 7 (its first sale's clock).
    const earlier = await servicepay('reports', 'inventory-value', '--dispensary', 'demo', '--to', '2026-03-06');
    expect(earlier.status).toBe(1);
    expect(earlier.stderr.trim()).toBe(
      'servicepay: --to must be on or after 2026-03-07: the store’s records start that day, and its stock before then is not known',
    );
  });

  it('--compare on the store’s first day says in a line that the day before is not compared', async () => {
    const args = ['reports', 'inventory-value', '--dispensary', 'demo', '--to', '2026-03-07', '--compare'];
    const text = await servicepay(...args);
    expect(text.status, text.stderr).toBe(0);
    const line =
      'No comparison: the store’s records start on Mar 7, 2026, so its stock at the end of Mar 6 is not known.';
    expect(text.stdout.trimEnd().split('\n').at(-1)).toBe(line);
    expect(text.stdout).not.toMatch(/Previous period/);
    const json = JSON.parse((await servicepay('--json', ...args)).stdout) as InventoryValueReport;
    expect(json).toMatchObject({ firstDay: '2026-03-07', previous: null });
    // With --csv the CSV holds this day's rows alone, and the line is said beside it.
    const csv = await servicepay(...args, '--csv');
    expect([csv.status, csv.stderr.trim()]).toEqual([0, line]);
    expect(csv.stdout).not.toMatch(/previous/);
    // The day after is compared as before.
    const next = await servicepay(
      'reports',
      'inventory-value',
      '--dispensary',
      'demo',
      '--to',
      '2026-03-08',
      '--compare',
    );
    expect(next.stdout).toMatch(/^Previous period 2026-03-07 to 2026-03-07: /m);
    expect(next.stdout).not.toMatch(/No comparison/);
  });

  it("names the hours on the store's clock, from each hour's start to the next", async () => {
    const args = ['reports', 'sales', '--dispensary', 'demo', '--from', '2026-03-07', '--to', '2026-03-07'];
    const csv = await servicepay(...args, '--by', 'hour', '--csv');
    expect(csv.status, csv.stderr).toBe(0);
    // Sold at 18:00 UTC: 10 AM in Sacramento (PST).
    expect(csv.stdout.split('\r\n')[1]?.replaceAll('\u00a0', ' ')).toMatch(/^10 AM–11 AM,/);
  });

  it("reads today in the store's time when no --to is given", async () => {
    const before = zonedDate(new Date(), 'America/Los_Angeles');
    const json = await servicepay('--json', 'reports', 'summary', '--dispensary', 'demo');
    // Read around the command: a store's midnight may fall between.
    const days = [before, zonedDate(new Date(), 'America/Los_Angeles')];
    expect(json.status, json.stderr).toBe(0);
    const { from, to } = JSON.parse(json.stdout) as SummaryReport;
    expect(days).toContain(to);
    expect(from).toBe(to);
    const unknown = await servicepay('reports', 'summary', '--dispensary', 'nowhere');
    expect(unknown.stderr.trim()).toBe('servicepay: no store is named nowhere');
  });

  it('names the flag typed and its value when a date is not real: a wrong --to is not blamed on --from', async () => {
    const alone = await servicepay('reports', 'summary', '--dispensary', 'demo', '--to', '2026-12-45');
    expect(alone.status).toBe(1);
    expect(alone.stderr.trim()).toBe('servicepay: --to must be a real date (YYYY-MM-DD), not "2026-12-45"');
    const from = await servicepay(
      'reports',
      'tax',
      '--dispensary',
      'demo',
      '--from',
      '2026-02-30',
      '--to',
      '2026-03-02',
    );
    expect(from.stderr.trim()).toBe('servicepay: --from must be a real date (YYYY-MM-DD), not "2026-02-30"');
  });

  it('--compare names the previous period’s own columns, even where its payment methods and taxes differ', async () => {
    // 2026-03-09 sold nothing; the day before sold in cash, with tax: the two periods' columns differ.
    const args = ['reports', 'summary', '--dispensary', 'demo', '--from', '2026-03-09', '--to', '2026-03-09'];
    const json = await servicepay('--json', ...args, '--compare');
    const previous = (JSON.parse(json.stdout) as SummaryReport).previous!;
    expect(previous).toMatchObject({ from: '2026-03-08', to: '2026-03-08' });
    const { amountCents: cash, refundedCents: refunded } = previous.total.tenders.find(
      (tender) => tender.method === 'Cash',
    )!;
    expect([cash, previous.total.taxCents]).not.toContain(0);
    const text = await servicepay(...args, '--compare');
    expect(text.status, text.stderr).toBe(0);
    const line = text.stdout.split('\n').find((each) => each.startsWith('Previous period 2026-03-08 to 2026-03-08: '));
    expect(line).toBeDefined();
    expect(line).toContain(
      `, tax ${formatMoney(previous.total.taxCents)}, tax refunded ${formatMoney(previous.total.returnsTaxCents)}, ` +
        `delivery $0.00, reward dollars $0.00, reward dollars given back $0.00, Cash ${formatMoney(cash)}, Cash refunded ${formatMoney(refunded)}, `,
    );
    expect(line).toContain(`average sale ${formatMoney(previous.total.averageSaleCents)}`);
    // An empty previous period prints its own (fewer) columns, none of them blank.
    const empty = await servicepay(
      'reports',
      'summary',
      '--dispensary',
      'demo',
      '--from',
      '2026-03-07',
      '--to',
      '2026-03-08',
      '--compare',
    );
    const emptyLine = empty.stdout
      .split('\n')
      .find((each) => each.startsWith('Previous period 2026-03-05 to 2026-03-06: '))!;
    expect(emptyLine).toMatch(/average sale \$0\.00$/);
    expect(emptyLine).not.toMatch(/ ,| $/);
  });

  it('--compare --csv has the previous period’s rows too, each in its own column', async () => {
    const args = ['reports', 'summary', '--dispensary', 'demo', '--from', '2026-03-09', '--to', '2026-03-09'];
    const previous = (JSON.parse((await servicepay('--json', ...args, '--compare')).stdout) as SummaryReport).previous!;
    const csv = await servicepay(...args, '--compare', '--csv');
    expect(csv.status, csv.stderr).toBe(0);
    const [header, ...lines] = csv.stdout
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(header!.slice(0, 3)).toEqual(['period', 'day', 'sales']);
    expect(lines.map((line) => line.slice(0, 2))).toEqual([
      ['current', '2026-03-09'],
      ['current', 'Total'],
      ['previous', '2026-03-08'],
      ['previous', 'Total'],
    ]);
    const at = (column: string) => header!.indexOf(column);
    const total = lines[3]!;
    expect(total[at('sales')]).toBe(String(previous.total.sales));
    expect(total[at('tax')]).toBe(formatDecimal(previous.total.taxCents));
    const { amountCents: cash, refundedCents: refunded } = previous.total.tenders.find(
      (tender) => tender.method === 'Cash',
    )!;
    expect(total[at('Cash')]).toBe(formatDecimal(cash));
    expect(total[at('Cash refunded')]).toBe(formatDecimal(refunded));
    // The current period, which took no cash, says so in the same column.
    expect(lines[1]![at('Cash')]).toBe('0.00');
    for (const line of lines) expect(line).toHaveLength(header!.length);
  });

  it('adds up the closed days, and the summary read from them is the same, the clock change included', async () => {
    const summary = async () => {
      const { asOf: _asOf, ...figures } = await summaryJson('2026-03-01', '2026-03-31');
      return figures;
    };
    const before = await summary();
    const added = await servicepay('reports', 'add-up');
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/^Added up \d+ store days\.$/m);
    expect(await summary()).toEqual(before);
    expect(before.total.sales).toBe(2);
    const again = await servicepay('--json', 'reports', 'add-up');
    expect(JSON.parse(again.stdout)).toMatchObject({ resultCode: 'SUCCESS', days: 0 });
  });

  it('refuses a bad range or grouping in words', async () => {
    const backwards = await servicepay(
      'reports',
      'summary',
      '--store',
      'demo',
      '--from',
      '2026-03-08',
      '--to',
      '2026-03-07',
    );
    expect([backwards.status, backwards.stderr]).toEqual([
      1,
      'servicepay: --to must not be before --from (2026-03-08)\n',
    ]);
    const year = await servicepay(
      'reports',
      'summary',
      '--store',
      'demo',
      '--from',
      '2025-01-01',
      '--to',
      '2026-03-07',
    );
    expect([year.status, year.stderr]).toEqual([
      1,
      'servicepay: --to must be on or before 2026-01-01: a report covers 366 days at most from 2025-01-01\n',
    ]);
    const grouping = await servicepay('reports', 'sales', '--store', 'demo', '--to', '2026-03-07', '--by', 'colour');
    expect(grouping.stderr + grouping.stdout).toMatch(/--by must be one of category/);
    const store = await servicepay('reports', 'tax', '--store', 'nowhere', '--to', '2026-03-07');
    expect(store.stderr + store.stdout).toMatch(/nowhere/);
    // The store is named as every command names it, --dispensary; --store says the same.
    const none = await servicepay('reports', 'tax', '--to', '2026-03-07');
    expect([none.status, none.stderr]).toEqual([
      1,
      'servicepay: --dispensary is required: the short name of the store, such as demo\n',
    ]);
    const two = await servicepay('reports', 'tax', '--dispensary', 'demo', '--store', 'mesa', '--to', '2026-03-07');
    expect(two.stderr).toBe('servicepay: --dispensary and --store name two stores ("demo", "mesa"): give one\n');
    const tax = async (option: string) => {
      const run = await servicepay('--json', 'reports', 'tax', option, 'demo', '--to', '2026-03-07');
      expect(run.status, run.stderr).toBe(0);
      const { asOf: _asOf, ...report } = JSON.parse(run.stdout) as { asOf: string };
      return report;
    };
    expect(await tax('--dispensary')).toEqual(await tax('--store'));
  });
});
