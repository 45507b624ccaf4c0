import type { Command } from 'commander';
import {
  REPORT_NAMES,
  SALES_GROUPINGS,
  SALES_SORTS,
  type ReportName,
  type ReportQuery,
  type InventoryValueReport,
  type SummaryReport,
} from '../../../shared/contracts/reports.js';
import { textField, toCsv } from '../../../shared/csv.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { formatDecimal, formatMoney } from '../../../shared/money.js';
import { costCoverageWords } from '../../../shared/inventory/cost-coverage-words.js';
import { noComparisonWords } from '../../../shared/reports/left-out-words.js';
import { MARGIN_WORDS } from '../../../shared/reports/margin-words.js';
import { paidApartWords } from '../../../shared/reports/paid-apart-words.js';
import { reportTable } from '../../../shared/reports/report-table.js';
import { NodeRole } from '../../server/core/node-role.js';
import { DayTotalsWriter } from '../../server/reports/day-totals-writer.js';
import { primaryReportSource } from '../../server/reports/report-source.js';
import { Reports } from '../../server/reports/reports.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { dayRange } from '../arguments.js';
import { action, table, type CliContext } from '../cli-context.js';
import { DispensaryRepository } from '../../server/dispensaries/dispensary-repository.js';
import { shiftDay, zonedDate } from '../../../shared/zoned-day.js';
import { bothColumns, previousTable, rowsUnder } from './report-compare.js';
import { shownStamp } from './shown-times.js';

/** The range's fields as the commands name them: "--to must be on or before 2026-12-31: a report covers …". */
const RANGE_FIELDS = { from: '--from', to: '--to' };

interface ReportOptions {
  dispensary?: string;
  store?: string;
  from?: string;
  to?: string;
  by?: string;
  compare?: boolean;
  sort?: string;
  limit?: string;
  returns?: string;
  csv?: boolean;
}

/** The store's short name: `--dispensary` as every command takes it, or `--store` (the same). */
function storeOf({ dispensary, store }: ReportOptions): string {
  if (dispensary !== undefined && store !== undefined && dispensary !== store) {
    throw invalidInput('--dispensary', `and --store name two stores ("${dispensary}", "${store}"): give one`);
  }
  const short = dispensary ?? store;
  if (short === undefined) throw invalidInput('--dispensary', 'is required: the short name of the store, such as demo');
  return short;
}

/** One of `choices`, or refused naming the option and what it takes. */
function oneOf<T extends string>(option: string, value: string | undefined, choices: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(choices as readonly string[]).includes(value))
    throw invalidInput(option, `must be one of ${choices.join(', ')}`);
  return value as T;
}

/** `options` with `--to` given: as typed, or today in the store's time (its time zone, `store`). */
async function withTo(cli: CliContext, short: string, options: ReportOptions): Promise<ReportOptions & { to: string }> {
  if (options.to !== undefined) return { ...options, to: options.to };
  const store = await new DispensaryRepository(cli.db).findByShortName(short);
  if (!store) throw new ServicePayError('NOT_FOUND', `no store is named ${short}`);
  return { ...options, to: zonedDate(new Date(), store.timezone) };
}

function queryOf(options: ReportOptions & { to: string }): ReportQuery {
  const limit = options.limit === undefined ? undefined : Number(options.limit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 1000)) {
    throw invalidInput('--limit', 'must be a whole number from 1 to 1000');
  }
  dayRange(options.from, options.to);
  return {
    from: options.from ?? options.to,
    to: options.to,
    by: oneOf('--by', options.by, SALES_GROUPINGS),
    sort: oneOf('--sort', options.sort, SALES_SORTS),
    returns: oneOf('--returns', options.returns, ['by-refund-day', 'by-sale-day'] as const),
    ...(options.compare ? { compare: 'previous' as const } : {}),
    ...(limit === undefined ? {} : { limit }),
  };
}

/**
 * `servicepay reports <summary|sales|tax|inventory-value> --dispensary SHORT --from --to [--by] [--compare]
 * [--csv]`: a store's report (README "Reports") as a table for people, CSV with a header row (with
 * `--compare`, the previous period's rows after the current's), or JSON.
 */
export function registerReportCommands(program: Command): void {
  const reports = program
    .command('reports')
    .description('A store’s reports over a range of its days: summary, sales, tax, inventory-value');
  for (const name of REPORT_NAMES) {
    reports
      .command(name)
      .description(`The ${name} report (README "Reports")`)
      .option('--dispensary <short>', 'short name of the dispensary (the store)')
      .option('--store <short>', 'the same as --dispensary')
      .option('--from <YYYY-MM-DD>', 'the first store day (default: --to)')
      .option('--to <YYYY-MM-DD>', "the last store day, included (default: today, in the store's time)")
      .option('--by <grouping>', `sales: ${SALES_GROUPINGS.join(', ')} (default category)`)
      .option('--sort <order>', `sales: ${SALES_SORTS.join(', ')}`)
      .option('--limit <n>', 'sales: at most this many rows')
      .option('--returns <where>', 'summary: by-refund-day (default) or by-sale-day')
      .option('--compare', 'also the previous period of equal length')
      .option('--csv', 'print CSV with a header row (money as 12.50)')
      .action(
        action(async (cli, options: ReportOptions) => {
          const source = primaryReportSource(cli.db, () => new Date());
          const service = new Reports(cli.db.builder, source, cli.setup.access, () => new Date());
          const short = storeOf(options);
          const query = queryOf(await withTo(cli, short, options));
          const report = await service.store(OPERATOR, short, name as ReportName, query);
          const notCompared = query.compare === 'previous' ? noComparison(name, report) : '';
          if (options.csv) {
            cli.io.stdout.write(csvOf(name, report));
            // The CSV holds no previous rows then: why is said beside it, not in it.
            if (notCompared !== '') cli.io.stderr.write(`${notCompared}\n`);
            return;
          }
          cli.print(report, () => [described(name, report), ...(notCompared ? [notCompared] : [])].join('\n'));
        }, RANGE_FIELDS),
      );
  }
  reports
    .command('add-up')
    .description('Add up every store’s closed days the summary reads (the service does it every night and hour)')
    .addHelpText('after', '\nExample:\n  $ servicepay reports add-up')
    .action(
      action(async (cli) => {
        if (await new NodeRole(cli.db).isRegister()) {
          throw new ServicePayError(
            'CONFLICT',
            'this register is attached to a store server: its server adds up the store’s days for reports',
          );
        }
        const days = await new DayTotalsWriter(cli.db, () => new Date()).run();
        const words =
          days === 0
            ? 'Every closed store day was added up already.'
            : `Added up ${days} store day${days === 1 ? '' : 's'}.`;
        cli.print({ resultCode: 'SUCCESS', resultReason: null, days }, words);
      }),
    );
}

/**
 * The report as CSV, a header row first; with `--compare` a first column, `period`, says whose each row
 * is (`current`, then `previous`), under both periods' columns (a layer or method one lacks is 0.00).
 */
function csvOf(name: ReportName, report: Parameters<typeof reportTable>[1]): string {
  const current = reportTable(name, report);
  const previous = previousTable(name, report, formatDecimal);
  const safe = (row: string[]) => [textField(row[0]!), ...row.slice(1)];
  if (!previous) return toCsv([current.columns, ...current.rows.map(safe)]);
  const columns = bothColumns(current.columns, previous.columns);
  const zero = formatDecimal(0);
  return toCsv([
    ['period', ...columns],
    ...rowsUnder(current, columns, zero).map((row) => ['current', ...safe(row)]),
    ...rowsUnder(previous, columns, zero).map((row) => ['previous', ...safe(row)]),
  ]);
}

/**
 * Why an inventory value asked to compare has no previous day, in words: that day is before the store's
 * records start (README "Reports"); '' when it has one, or for any other report.
 */
function noComparison(name: ReportName, report: Parameters<typeof reportTable>[1]): string {
  if (name !== 'inventory-value' || report.previous) return '';
  const { firstDay, from } = report as InventoryValueReport;
  return noComparisonWords(firstDay, shiftDay(from, -1));
}

/** The report for people: what it covers, its table, and the previous period's total when asked. */
function described(name: ReportName, report: Parameters<typeof reportTable>[1]): string {
  const { columns, rows } = reportTable(name, report, formatMoney);
  const records = rows.map((row) => Object.fromEntries(columns.map((column, at) => [column, row[at] ?? ''])));
  const range = report.from === report.to ? report.from : `${report.from} to ${report.to}`;
  const asOf = shownStamp(report.asOf, report.timeZone);
  const heading = `${report.dispensaryName} (${report.dispensaryShortName}), ${range}, ${report.timeZone}; as of ${asOf}`;
  const lines = [heading, table(records, columns)];
  if (name === 'summary') lines.push(...paidApartWords((report as SummaryReport).total));
  if (name === 'sales') lines.push(MARGIN_WORDS);
  if (name === 'inventory-value') {
    const words = costCoverageWords((report as InventoryValueReport).total);
    if (words !== '') lines.push(words);
  }
  const previous = previousTable(name, report, formatMoney);
  if (report.previous && previous) {
    // Its own columns: its tax layers and payment methods may not be the current period's.
    const last = previous.rows.at(-1) ?? [];
    const figures = previous.columns.slice(1).map((column, at) => `${column} ${last[at + 1] ?? ''}`);
    lines.push(`Previous period ${report.previous.from} to ${report.previous.to}: ${figures.join(', ')}`);
  }
  return lines.join('\n');
}
