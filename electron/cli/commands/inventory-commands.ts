import { tagWords } from '../../../shared/inventory/package-words.js';
import type { Command } from 'commander';
import type { AdjustmentListQuery, AdjustmentView } from '../../../shared/contracts/inventory.js';
import { invalidInput } from '../../../shared/errors.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { dayRange, wholeNumber } from '../arguments.js';
import { action, table } from '../cli-context.js';
import { registerCountCommands } from './inventory-count-commands.js';
import { registerStockValueCommand } from './stock-value-command.js';
import { registerRoomCommands } from './room-commands.js';
import { registerReceiveCommand } from './receive-command.js';
import { registerReceiptLabelsCommand } from './receipt-labels-command.js';
import { productWithSku } from '../../../shared/labels.js';
import { quantityText } from '../../../shared/quantity.js';

const DISPENSARY = ['--dispensary <short>', 'short name of the dispensary'] as const;
const FIELDS = { delta: '--delta', quantity: '--quantity', reason: '--reason', note: '--note', package: '<package>' };
/** `inventory adjustments`' query as the command names it, for refusals. */
const LIST_FIELDS = { from: '--from', to: '--to', limit: '--limit', cursor: '--cursor', reason: '--reason' };

/** An option's number as typed ("-2", "3.5"), refused in words naming the option. */
function quantity(text: string | undefined, option: string): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) {
    throw invalidInput(option, `must be a number such as -2 or 3.5, not "${text}"`);
  }
  return value;
}

const signed = (value: number) => (value > 0 ? `+${quantityText(value)}` : quantityText(value));

/** Who made an adjustment, by name; their username only when they have none (no user now). */
const whoBy = (entry: AdjustmentView) => entry.byName ?? entry.by;

function listed(adjustments: readonly AdjustmentView[]): string {
  const rows = adjustments.map((entry) => ({
    day: entry.storeDay,
    product: productWithSku(entry.productName, entry.sku),
    package: tagWords(entry.packageLabel),
    change: `${signed(entry.delta)} (${quantityText(entry.quantityBefore)} → ${quantityText(entry.quantityAfter)})`,
    reason: entry.reasonName,
    note: entry.note,
    // The service says whether someone else approved it, as the audit trail does (a manager's own
    // and the operator's needed no one's approval).
    by: entry.approvedByOther
      ? `${whoBy(entry)}, approved by ${entry.approvedByName ?? entry.approvedBy}`
      : whoBy(entry),
  }));
  return table(rows, ['day', 'product', 'package', 'change', 'reason', 'note', 'by']);
}

/** `servicepay inventory adjust|adjustments|reasons|count …`: a store's stock changed by hand, with the state's reasons, and counted. */
export function registerInventoryCommands(program: Command): void {
  const inventory = program
    .command('inventory')
    .description(
      'A store’s stock: adjust a package with a reason, list adjustments, the reasons, count (the set-up API’s /inventory)',
    );
  registerCountCommands(inventory);
  registerRoomCommands(inventory);
  registerReceiveCommand(inventory);
  registerReceiptLabelsCommand(inventory);

  inventory
    .command('adjust <package>')
    .description('Change a package’s stock (by its id or state tag): --delta or --quantity counted, and --reason')
    .requiredOption(...DISPENSARY)
    .option('--delta <n>', 'the change, signed: -2 takes two off, 5 adds five (grams for weighed products)')
    .option('--quantity <n>', 'what was counted: the package now holds this much')
    .requiredOption('--reason <code>', 'a reason code (servicepay inventory reasons)')
    .option('--note <words>', 'what happened, in a sentence (some reasons need one)')
    .addHelpText(
      'after',
      '\nExamples:\n  $ servicepay inventory adjust 1A4060300003D12000000001 --dispensary demo --delta -1 --reason damage --note "Jar dropped"\n' +
        '  $ servicepay inventory adjust 1A4060300003D12000000001 --dispensary demo --quantity 12 --reason count',
    )
    .action(
      action(
        async (
          cli,
          pkg: string,
          options: { dispensary: string; delta?: string; quantity?: string; reason: string; note?: string },
        ) => {
          if ((options.delta === undefined) === (options.quantity === undefined)) {
            throw invalidInput('--delta', 'or --quantity: give one, the change (such as -2) or the quantity counted');
          }
          const made = await cli.setup.inventory.adjust(OPERATOR, options.dispensary, {
            package: pkg,
            delta: quantity(options.delta, '--delta'),
            quantity: quantity(options.quantity, '--quantity'),
            reason: options.reason,
            ...(options.note !== undefined ? { note: options.note } : {}),
          });
          cli.print(
            { resultCode: 'SUCCESS', resultReason: null, adjustment: made },
            `Adjusted ${made.productName}${made.packageLabel ? ` (package ${made.packageLabel})` : ''}: ` +
              `${signed(made.delta)}, ${quantityText(made.quantityBefore)} → ${quantityText(made.quantityAfter)} on hand, ${made.reasonName}.`,
          );
        },
        FIELDS,
      ),
    );

  inventory
    .command('adjustments')
    .description('The store’s adjustments, newest first, filtered by product, package, reason and store days')
    .requiredOption(...DISPENSARY)
    .option('--product <product>', 'a product id or SKU')
    .option('--package <package>', 'a package id or state tag')
    .option('--reason <code>', 'one reason')
    .option('--from <day>', 'the first store day, YYYY-MM-DD')
    .option('--to <day>', 'the last store day, YYYY-MM-DD')
    .option('--limit <n>', 'at most this many (1-200)', wholeNumber, 50)
    .option('--cursor <cursor>', 'nextCursor of the previous page (with --json)')
    .action(
      action(async (cli, options: AdjustmentListQuery & { dispensary: string }) => {
        const { dispensary, ...query } = options;
        dayRange(query.from, query.to);
        const page = await cli.setup.inventory.list(OPERATOR, dispensary, query);
        cli.print({ resultCode: 'SUCCESS', resultReason: null, ...page }, () =>
          [listed(page.adjustments), ...(page.nextCursor ? [`(more: --cursor ${page.nextCursor})`] : [])].join('\n'),
        );
      }, LIST_FIELDS),
    );

  inventory
    .command('reasons')
    .description('The reasons the store’s stock may be adjusted for, and when a manager’s PIN is asked')
    .requiredOption(...DISPENSARY)
    .action(
      action(async (cli, options: { dispensary: string }) => {
        const answer = await cli.setup.inventory.reasons(OPERATOR, options.dispensary);
        const source = answer.profile ? `the state profile ${answer.profile}` : 'the default list (no state profile)';
        const pin =
          answer.pinAbove === null
            ? 'No adjustment needs a manager’s PIN.'
            : answer.pinAbove === 0
              ? 'Every adjustment by a cashier needs a manager’s PIN (a manager approves their own).'
              : `Adjustments of more than ${answer.pinAbove} by a cashier need a manager’s PIN (a manager approves their own).`;
        const rows = answer.reasons.map((reason) => ({
          code: reason.code,
          reason: reason.name,
          state: reason.stateReason,
          note: reason.noteRequired ? 'needed' : '',
        }));
        cli.print(
          { resultCode: 'SUCCESS', resultReason: null, ...answer },
          () => `Reasons from ${source}:\n${table(rows, ['code', 'reason', 'state', 'note'])}\n${pin}`,
        );
      }),
    );
  registerStockValueCommand(inventory);
}
