import type { Command } from 'commander';
import type { DrawerReport, ShiftView } from '../../../shared/contracts/cash.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { reportCsv } from '../../../shared/receipt/drawer-report-csv.js';
import { storeStamp } from '../../../shared/store-time.js';
import { isBackOfficeTerminal, isTerminalId } from '../../../shared/terminal-id.js';
import { ShiftLister } from '../../server/cash/shift-list.js';
import { ShiftReports } from '../../server/cash/shift-reports.js';
import type { Dispensary } from '../../server/dispensaries/dispensary.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { action, plainSpaces, type CliContext } from '../cli-context.js';
import { reportText, shiftsText } from './drawer-text.js';

const STORE = ['--dispensary <short>', 'the store (its short name)'] as const;
const CSV = ['--csv', 'print CSV with a header row, as the back office exports it (money as 12.50)'] as const;
/** The operator reads a report as a manager does: the expected cash of a blind shift too. */
const MANAGER = { manager: true };

const HELP = `
Times are the store's. --json prints the report as the API answers it; --csv as the back office's Export CSV.

Examples:
  $ servicepay drawers list --dispensary demo
  $ servicepay drawers x-report --dispensary demo --terminal front-1
  $ servicepay drawers z-report --dispensary demo --terminal front-1 --last
  $ servicepay drawers z-report --dispensary demo --terminal front-1 --z 3 --csv > z-report-front-1-3.csv`;

interface ZOptions {
  dispensary: string;
  shift?: string;
  terminal?: string;
  z?: string;
  last?: boolean;
  csv?: boolean;
}

/** The store, its reports and the clock: what every `drawers` command starts from. */
async function opened(cli: CliContext, shortName: string) {
  const dispensary = await cli.setup.access.store(OPERATOR, shortName);
  const ctx = { db: cli.db, now: () => new Date() };
  return { dispensary, ctx, reports: new ShiftReports(ctx) };
}

/** `terminal` when it is a register of the store that has opened a drawer; refused in words otherwise. */
async function register(reports: ShiftReports, dispensary: Dispensary, terminal: string): Promise<string> {
  if (!isTerminalId(terminal)) {
    throw invalidInput('--terminal', 'must be a register’s terminal id: letters, digits, - and _, such as front-1');
  }
  if (isBackOfficeTerminal(terminal)) {
    throw invalidInput('--terminal', `names ${terminal}, a back-office machine: it has no cash drawer`);
  }
  const known = await reports.terminals(dispensary);
  if (known.includes(terminal)) return terminal;
  const others =
    known.length === 0 ? 'none of its registers has yet' : `its registers with drawers: ${known.join(', ')}`;
  throw new ServicePayError(
    'NOT_FOUND',
    `register ${terminal} has never opened a drawer at ${dispensary.name}; ${others}`,
  );
}

/** The report as the options ask: CSV, JSON, or laid out as printed at `now`. */
function printed(cli: CliContext, report: DrawerReport, dispensary: Dispensary, csv: boolean | undefined, now: Date) {
  if (csv) cli.io.stdout.write(reportCsv(report, dispensary.timezone));
  else cli.print(report, () => reportText(report, dispensary.name, dispensary.timezone, now));
}

/** The Z report the options name: `--shift`, or `--terminal` with `--z` or `--last`. */
async function zReportOf(reports: ShiftReports, dispensary: Dispensary, o: ZOptions): Promise<DrawerReport> {
  if (o.z !== undefined && o.last) throw invalidInput('--z', 'and --last name two reports: give one');
  const z = o.z === undefined ? null : Number(o.z);
  if (z !== null && (!Number.isInteger(z) || z < 1)) throw invalidInput('--z', 'must be a Z number: 1, 2, 3…');
  if (o.shift !== undefined) {
    if (z !== null || o.last) throw invalidInput('--shift', 'names one shift: give it without --z or --last');
    const report = await reports.zReport(dispensary, o.shift);
    if (o.terminal === undefined || report.shift.terminalId === o.terminal) return report;
    throw invalidInput('--shift', `is a shift of register ${report.shift.terminalId}, not of ${o.terminal}`);
  }
  if (o.terminal === undefined) {
    throw invalidInput('--terminal', 'or --shift is required: --terminal <register> with --last or --z <number>');
  }
  if (z === null && !o.last) {
    throw invalidInput('--terminal', 'needs --last (its newest Z report) or --z <number> (servicepay drawers list)');
  }
  return reports.numbered(dispensary, await register(reports, dispensary, o.terminal), z);
}

/** `servicepay drawers list|x-report|z-report`: a store's cash drawers and their shifts' reports. */
export function registerDrawerCommands(program: Command): void {
  const drawers = program
    .command('drawers')
    .description('A store’s cash drawers: open drawers and closed shifts, the X report of an open one, Z reports')
    .addHelpText('after', HELP);
  drawers
    .command('list')
    .description('The store’s open drawers with the cash each should hold, and its closed shifts, newest first')
    .requiredOption(...STORE)
    .option('--terminal <register>', 'only this register’s')
    .option('--day <YYYY-MM-DD>', 'only the shifts opened on this store day')
    .option('--status <status>', 'open or closed (default: both)')
    .option('--limit <n>', 'at most this many closed shifts, 1 to 200 (default 10)')
    .action(
      action(
        async (cli, o: { dispensary: string; terminal?: string; day?: string; status?: string; limit?: string }) => {
          const { dispensary, ctx, reports } = await opened(cli, o.dispensary);
          if (o.status !== undefined && o.status !== 'open' && o.status !== 'closed') {
            throw invalidInput('--status', 'must be open or closed');
          }
          const limit = o.limit === undefined ? 10 : Number(o.limit);
          if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
            throw invalidInput('--limit', 'must be a whole number from 1 to 200');
          }
          const terminal = o.terminal === undefined ? undefined : await register(reports, dispensary, o.terminal);
          const lister = new ShiftLister(ctx);
          const query = { terminal, day: o.day };
          const list = (status: 'open' | 'closed', count: number) =>
            lister.list(dispensary, { ...query, status, limit: count });
          // Every open drawer, however long ago it was opened (one per register); the newest closed shifts.
          const open = o.status === 'closed' ? null : await list('open', 200);
          const closed = o.status === 'open' ? null : await list('closed', limit);
          const shifts: ShiftView[] = [...(open?.shifts ?? []), ...(closed?.shifts ?? [])];
          const store = { name: dispensary.name, shortName: dispensary.shortName, timeZone: dispensary.timezone };
          const more = closed !== null && closed.nextCursor !== null;
          cli.print(shifts, () => shiftsText(store, open?.shifts ?? null, closed?.shifts ?? null, more, ctx.now()));
        },
        { day: '--day' },
      ),
    );
  drawers
    .command('x-report')
    .description('The X report of a register’s open drawer: its cash, sales and movements so far')
    .requiredOption(...STORE)
    .requiredOption('--terminal <register>', 'the register (its terminal id, such as front-1)')
    .option(...CSV)
    .action(
      action(async (cli, o: { dispensary: string; terminal: string; csv?: boolean }) => {
        const { dispensary, ctx, reports } = await opened(cli, o.dispensary);
        const terminal = await register(reports, dispensary, o.terminal);
        const report = await reports.xReport(dispensary, terminal, MANAGER).catch(async (error: unknown) => {
          if (!(error instanceof ServicePayError) || error.code !== 'DRAWER_CLOSED') throw error;
          const last = (await reports.numbered(dispensary, terminal, null)).shift;
          const closedAt = plainSpaces(storeStamp(last.closedAt!, dispensary.timezone));
          throw new ServicePayError(
            'DRAWER_CLOSED',
            `register ${terminal} has no open drawer: its last shift closed ${closedAt} (Z report ${last.zNumber}: ` +
              `servicepay drawers z-report --dispensary ${dispensary.shortName} --terminal ${terminal} --last)`,
          );
        });
        printed(cli, report, dispensary, o.csv, ctx.now());
      }),
    );
  drawers
    .command('z-report')
    .description('The Z report of a closed shift, as its close made it: by --shift, or --terminal with --last or --z')
    .requiredOption(...STORE)
    .option('--shift <id>', 'the shift (its id, as `drawers list --json` gives it)')
    .option('--terminal <register>', 'the register (its terminal id, such as front-1)')
    .option('--last', 'the register’s newest Z report')
    .option('--z <number>', 'the register’s Z report of that number')
    .option(...CSV)
    .action(
      action(async (cli, o: ZOptions) => {
        const { dispensary, ctx, reports } = await opened(cli, o.dispensary);
        printed(cli, await zReportOf(reports, dispensary, o), dispensary, o.csv, ctx.now());
      }),
    );
}
