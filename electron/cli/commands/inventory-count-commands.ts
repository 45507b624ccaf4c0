import { tagWords } from '../../../shared/inventory/package-words.js';
import type { Command } from 'commander';
import type { CountLine, CountReport, CountView } from '../../../shared/contracts/inventory-counts.js';
import { invalidInput } from '../../../shared/errors.js';
import { formatMoney } from '../../../shared/money.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { action, table, type CliContext } from '../cli-context.js';
import { productWithSku } from '../../../shared/labels.js';
import { personWords } from '../../../shared/audit-words.js';
import { shownStamp } from './shown-times.js';
import { countEntryWords, countQuantityWords } from '../../../shared/inventory/count-entry-words.js';
import { quantityText } from '../../../shared/quantity.js';

const DISPENSARY = ['--dispensary <short>', 'short name of the dispensary'] as const;
const FIELDS = {
  quantity: '--quantity',
  // The package argument, as a refusal begins: "Package 1A4… is not in count 1 …".
  package: 'Package',
  name: '--name',
  categories: '--category',
  rooms: '--room',
};
const STATUS_WORDS = { OPEN: 'open', PAUSED: 'paused', APPLIED: 'applied', CANCELLED: 'cancelled' } as const;

const collect = (value: string, previous: string[] = []) => [...previous, value];
const signed = (value: number) => (value > 0 ? `+${quantityText(value)}` : quantityText(value));
const valued = (cents: number) => (cents > 0 ? `+${formatMoney(cents)}` : formatMoney(cents));

/** The store's time zone: times are printed in it. */
async function zoneOf(cli: CliContext, shortName: string): Promise<string> {
  return (await cli.setup.access.dispensaries.findByShortName(shortName))?.timezone ?? 'UTC';
}

/** `Count 3 "Vault" (Flower), open: started by Morgan Manager on Nov 30, 2026, 9:00 AM MST.` (people by name). */
function countInWords(count: CountView, zone: string): string {
  const started = `started by ${personWords(count.startedByName, count.startedBy)} on ${shownStamp(count.startedAt, zone)}`;
  const closer = count.closedBy === null ? count.closedByName : personWords(count.closedByName, count.closedBy);
  const approver = count.approvedByName ?? count.approvedBy;
  const closed =
    count.closedAt && closer
      ? `; ${STATUS_WORDS[count.status]} by ${closer} on ${shownStamp(count.closedAt, zone)}` +
        // The service says whether someone else approved it (a manager's PIN given for a cashier's),
        // as the adjustments it made say: a manager's own and the operator's needed no one's approval.
        (count.approvedByOther && approver ? `, approved by ${approver}` : '')
      : '';
  return `Count ${count.number} "${count.name}" (${count.scope}), ${STATUS_WORDS[count.status]}: ${started}${closed}.`;
}

/** "$20.00 short in all", "$5.00 over in all", "even in all": a count's net value, never a signed amount. */
function netInWords(netCents: number): string {
  if (netCents === 0) return 'even in all';
  return `${formatMoney(Math.abs(netCents))} ${netCents < 0 ? 'short' : 'over'} in all`;
}

const quantity = (value: number | null, line: CountLine) => (value === null ? '' : countQuantityWords(value, line));

/** The variance report: each package, then the totals at retail price. */
function reportInWords(report: Omit<CountReport, 'resultCode' | 'resultReason'>, zone: string): string {
  const rows = report.lines.map((line) => ({
    product: productWithSku(line.productName, line.sku),
    package: tagWords(line.packageLabel),
    expected: quantity(line.expected, line),
    counted: line.counted === null ? 'not counted' : quantity(line.counted, line),
    difference: line.difference === null || line.difference === 0 ? '' : signed(line.difference),
    value: line.differenceCents ? valued(line.differenceCents) : '',
  }));
  const t = report.totals;
  return [
    countInWords(report.count, zone),
    table(rows, ['product', 'package', 'expected', 'counted', 'difference', 'value']),
    `${t.counted} of ${t.packages} packages counted (${t.notCounted} not counted, left as they are), ` +
      `${t.withDifference} with a difference: ${formatMoney(Math.abs(t.shortCents))} short, ${formatMoney(t.overCents)} over, ` +
      `${netInWords(t.netCents)} at retail price.`,
  ].join('\n');
}

/** `servicepay inventory count start|list|show|enter|pause|resume|cancel|apply`: the set-up API's /inventory/counts. */
export function registerCountCommands(inventory: Command): void {
  const count = inventory
    .command('count')
    .description('Count the store’s stock: start a count, enter what is there, see the variance, apply it');

  count
    .command('start')
    .description(
      'Start a count of the whole store, or of some categories (--category) or rooms (--room), each repeatable',
    )
    .requiredOption(...DISPENSARY)
    .option('--name <words>', 'what is counted, e.g. "Vault, Monday"; none: "Count of the Vault" and the like')
    .option('--category <type>', 'a category it covers (FLOWER, EDIBLE…); repeat it; none: every package', collect)
    .option(
      '--room <room>',
      'a room it covers, by name or id ("Sales floor" too); repeat it; none: every room',
      collect,
    )
    .option('--note <words>', 'anything the counters should know')
    .addHelpText('after', '\nExample:\n  $ servicepay inventory count start --dispensary demo --room Vault')
    .action(
      action(
        async (
          cli,
          options: { dispensary: string; name?: string; category?: string[]; room?: string[]; note?: string },
        ) => {
          const started = await cli.setup.counts.start(OPERATOR, options.dispensary, {
            ...(options.name !== undefined ? { name: options.name } : {}),
            ...(options.category ? { categories: options.category } : {}),
            ...(options.room ? { rooms: options.room } : {}),
            ...(options.note !== undefined ? { note: options.note } : {}),
          });
          const zone = await zoneOf(cli, options.dispensary);
          cli.print({ resultCode: 'SUCCESS', resultReason: null, count: started }, countInWords(started, zone));
        },
        FIELDS,
      ),
    );

  count
    .command('list')
    .description('The store’s counts, newest first')
    .requiredOption(...DISPENSARY)
    .action(
      action(async (cli, options: { dispensary: string }) => {
        const counts = await cli.setup.counts.list(OPERATOR, options.dispensary);
        const zone = await zoneOf(cli, options.dispensary);
        const rows = counts.map((entry) => ({
          count: String(entry.number),
          name: entry.name,
          scope: entry.scope,
          status: STATUS_WORDS[entry.status],
          started: `${shownStamp(entry.startedAt, zone)}, ${personWords(entry.startedByName, entry.startedBy)}`,
        }));
        cli.print({ resultCode: 'SUCCESS', resultReason: null, counts }, () =>
          table(rows, ['count', 'name', 'scope', 'status', 'started']),
        );
      }),
    );

  count
    .command('show <count>')
    .description('A count’s variance report: each package expected, counted, the difference and its value')
    .requiredOption(...DISPENSARY)
    .action(
      action(async (cli, ref: string, options: { dispensary: string }) => {
        const report = await cli.setup.counts.report(OPERATOR, options.dispensary, ref);
        const zone = await zoneOf(cli, options.dispensary);
        cli.print({ resultCode: 'SUCCESS', resultReason: null, ...report }, () => reportInWords(report, zone));
      }),
    );

  count
    .command('enter <count> <package>')
    .description(
      'Enter what is there of a package (its state tag or id; without a tag, its product’s SKU or barcode); entered again, it is replaced',
    )
    .requiredOption(...DISPENSARY)
    .requiredOption('--quantity <n>', 'what is there: whole units, or grams to three decimals when weighed')
    .addHelpText(
      'after',
      '\nExamples:\n  $ servicepay inventory count enter 1 1A4060300003D12000000001 --dispensary demo --quantity 38' +
        '\n  $ servicepay inventory count enter 1 ACC-004 --dispensary demo --quantity 39',
    )
    .action(
      action(async (cli, ref: string, pkg: string, options: { dispensary: string; quantity: string }) => {
        const value = Number(options.quantity);
        if (options.quantity.trim() === '' || !Number.isFinite(value)) {
          throw invalidInput('quantity', `must be a number such as 12 or 3.5, not "${options.quantity}"`);
        }
        const line = await cli.setup.counts.enter(OPERATOR, options.dispensary, ref, { package: pkg, quantity: value });
        cli.print({ resultCode: 'SUCCESS', resultReason: null, line }, countEntryWords(line, line.packageLabel));
      }, FIELDS),
    );

  for (const [name, words] of [
    ['pause', 'Pause a count: entries are refused until it is resumed'],
    ['resume', 'Resume a paused count'],
    ['cancel', 'Cancel a count: nothing of it changes stock'],
  ] as const) {
    count
      .command(`${name} <count>`)
      .description(words)
      .requiredOption(...DISPENSARY)
      .action(
        action(async (cli, ref: string, options: { dispensary: string }) => {
          const moved = await cli.setup.counts[name](OPERATOR, options.dispensary, ref);
          const zone = await zoneOf(cli, options.dispensary);
          cli.print({ resultCode: 'SUCCESS', resultReason: null, count: moved }, countInWords(moved, zone));
        }),
      );
  }

  count
    .command('apply <count>')
    .description('Apply a count: each difference becomes an adjustment with the count’s reason (the operator approves)')
    .requiredOption(...DISPENSARY)
    .action(
      action(async (cli, ref: string, options: { dispensary: string }) => {
        const report = await cli.setup.counts.apply(OPERATOR, options.dispensary, ref);
        const zone = await zoneOf(cli, options.dispensary);
        const adjusted = report.lines.filter((line) => line.adjustmentId !== null).length;
        cli.print(
          { resultCode: 'SUCCESS', resultReason: null, ...report },
          () => `${reportInWords(report, zone)}\nApplied: ${adjusted} adjustment${adjusted === 1 ? '' : 's'} made.`,
        );
      }),
    );
}
