import type { Command } from 'commander';
import {
  STATE_KIND_WORDS,
  STATE_STATUS_WORDS,
  type StateReportingInput,
  type StateReportingView,
} from '../../../shared/contracts/state-reporting.js';
import { invalidInput } from '../../../shared/errors.js';
import { formatDecimal } from '../../../shared/money.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { action, table } from '../cli-context.js';
import type { CliIo } from '../cli-io.js';
import { readStdin } from './read-secret.js';

const FIELDS = { baseUrl: '--url', licenseNumber: '--license', vendorKey: '--keys-stdin', userKey: '--keys-stdin' };
const STORE = ['--dispensary <short>', 'the store (its short name)'] as const;

const SET_HELP = `
Nothing is sent until reporting is on (--on), with the URL, licence and both keys set. The keys are
read from standard input, the vendor key on the first line and the user key on the second, so they
stay out of the shell's history; they are never shown again but by their last 4 characters.

Examples:
  $ printf '%s\\n%s\\n' "$VENDOR_KEY" "$USER_KEY" | servicepay state-reporting set --dispensary demo \\
      --url https://api-ca.metrc.com --license C10-0000001-LIC --keys-stdin --on
  $ servicepay state-reporting set --dispensary demo --off`;

const describeSettings = (view: StateReportingView) =>
  [
    `Reporting: ${view.enabled ? 'on' : 'off'}${view.configured ? '' : ' (not fully set up)'}`,
    `State system: ${view.baseUrl ?? '(not set)'}`,
    `Licence: ${view.licenseNumber ?? '(not set)'}`,
    `Vendor key: ${view.vendorKeyLast4 ? `…${view.vendorKeyLast4}` : '(not set)'}`,
    `User key: ${view.userKeyLast4 ? `…${view.userKeyLast4}` : '(not set)'}`,
    `Records: ${view.recording ? 'written for every sale, void and refund' : 'none (no compliance profile, no state reporting)'}`,
  ].join('\n');

async function readKeys(io: CliIo): Promise<{ vendorKey: string; userKey: string }> {
  const [vendorKey, userKey] = (await readStdin(io)).split(/\r?\n/);
  if (!vendorKey || !userKey) throw invalidInput('--keys-stdin', 'needs the vendor key and the user key on two lines');
  return { vendorKey, userKey };
}

/** `servicepay state-reporting show|set|records|retry`: a store's seed-to-sale reporting. */
export function registerStateReportingCommands(program: Command): void {
  const reporting = program
    .command('state-reporting')
    .description("Seed-to-sale reporting: a store's state system (Metrc), and its records of sales, voids and refunds");
  reporting
    .command('show')
    .description("The store's state reporting (keys by their last 4 characters)")
    .requiredOption(...STORE)
    .action(
      action(async (cli, o: { dispensary: string }) => {
        const view = await cli.setup.stateReporting.view(OPERATOR, o.dispensary);
        cli.print(view, describeSettings(view));
      }),
    );
  reporting
    .command('set')
    .description("Set the store's state system and turn reporting on or off (what is left out stays)")
    .requiredOption(...STORE)
    .option('--url <url>', "the state system's API root, e.g. https://api-ca.metrc.com")
    .option('--license <number>', "the store's state licence number")
    .option('--keys-stdin', 'read the vendor key and the user key (two lines) from standard input')
    .option('--on', 'send the records')
    .option('--off', 'stop sending (records are still written, and wait)')
    .addHelpText('after', SET_HELP)
    .action(
      action(
        async (
          cli,
          o: { dispensary: string; url?: string; license?: string; keysStdin?: boolean; on?: boolean; off?: boolean },
        ) => {
          if (o.on && o.off) throw invalidInput('--on', 'and --off cannot be given together');
          const input: StateReportingInput = {
            ...(o.url === undefined ? {} : { baseUrl: o.url }),
            ...(o.license === undefined ? {} : { licenseNumber: o.license }),
            ...(o.keysStdin ? await readKeys(cli.io) : {}),
            ...(o.on ? { enabled: true } : o.off ? { enabled: false } : {}),
          };
          const view = await cli.setup.stateReporting.set(OPERATOR, o.dispensary, input);
          cli.print(view, describeSettings(view));
        },
        { ...FIELDS, enabled: '--on' },
      ),
    );
  reporting
    .command('records')
    .description("The records written on one of the store's days: waiting, sent or failed (with the reason)")
    .requiredOption(...STORE)
    .option('--day <YYYY-MM-DD>', "the store's day (default: today)")
    .option('--csv', 'print the day as CSV (one row per package line), as the back office exports it')
    .action(
      action(
        async (cli, o: { dispensary: string; day?: string; csv?: boolean }) => {
          if (o.csv) {
            cli.io.stdout.write((await cli.setup.stateReporting.csv(OPERATOR, o.dispensary, o.day)).text);
            return;
          }
          const day = await cli.setup.stateReporting.records(OPERATOR, o.dispensary, o.day);
          const rows = day.records.map((record) => ({
            id: record.id,
            record: STATE_KIND_WORDS[record.kind],
            order: record.orderNumber,
            amount: formatDecimal(record.totalCents),
            status: STATE_STATUS_WORDS[record.status],
            tries: record.attempts,
            answer: record.lastResult ?? '',
          }));
          // Package adjustments: the package in the order's place, the signed quantity in the amount's.
          const adjusted = day.adjustments.map((adjustment) => ({
            id: adjustment.id,
            record: `Adjustment: ${adjustment.reason}`,
            order: adjustment.packageLabel,
            amount: `${adjustment.quantity} ${adjustment.unitOfMeasure}`,
            status: STATE_STATUS_WORDS[adjustment.status],
            tries: adjustment.attempts,
            answer: adjustment.lastResult ?? '',
          }));
          // Deliveries and moves: what they tell, the manifest or tag in the order's place.
          const packages = day.packageRecords.map((record) => ({
            id: record.id,
            record: record.summary,
            order: record.subject,
            amount: '',
            status: STATE_STATUS_WORDS[record.status],
            tries: record.attempts,
            answer: record.lastResult ?? '',
          }));
          cli.print(day, () =>
            table(
              [...rows, ...adjusted, ...packages],
              ['id', 'record', 'order', 'amount', 'status', 'tries', 'answer'],
            ),
          );
        },
        { day: '--day' },
      ),
    );
  reporting
    .command('retry <record>')
    .description('Send a failed record again (a fresh round of tries, starting now)')
    .requiredOption(...STORE)
    .action(
      action(async (cli, id: string, o: { dispensary: string }) => {
        const record = await cli.setup.stateReporting.retryAny(OPERATOR, o.dispensary, id);
        cli.print(
          record,
          `${record.what}: record ${record.id} will be sent again within seconds by the running service.`,
        );
      }),
    );
}
