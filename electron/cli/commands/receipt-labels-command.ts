import type { Command } from 'commander';
import { MAX_LABEL_COPIES } from '../../../shared/contracts/product-labels.js';
import type { ReceiptLabelResult } from '../../../shared/contracts/receipt-labels.js';
import { receiptLabelWords } from '../../../shared/receipt-label-words.js';
import { ServicePayError } from '../../../shared/errors.js';
import { checkedCopies } from '../../server/products/product-labels.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { action, renamed, table, type CliContext } from '../cli-context.js';
import { copiesOf } from './product-label-command.js';
import { quantityText } from '../../../shared/quantity.js';

const FIELDS = { copies: '--copies', printer: '--printer' };

const RESULT_WORDS: Record<ReceiptLabelResult['packages'][number]['result'], string> = {
  printed: 'printed',
  not_printed: 'not printed',
  skipped: 'skipped',
};

/** The sentence, then each package received and what became of its label. */
export function receiptLabelsText(result: ReceiptLabelResult): string {
  const rows = result.packages.map((pkg) => ({
    package: pkg.label,
    product: pkg.productName,
    'on hand': quantityText(pkg.quantity),
    label: pkg.skipped ? `skipped: ${pkg.skipped}` : RESULT_WORDS[pkg.result],
  }));
  return `${receiptLabelWords(result)}\n${table(rows, ['package', 'product', 'on hand', 'label'])}`;
}

/** The labels of a delivery just received (`receive … --labels`): how the print went, or why it was refused. */
export interface LabelsAfterReceiving {
  labels: ReceiptLabelResult | null;
  /** Why no label was printed, in words (no printer, several and none named…); absent when they were tried. */
  labelsRefused?: string;
}

/** `--copies` of `receive … --labels`, checked before the delivery is received. */
export function labelCopies(text: string | undefined): number {
  try {
    return checkedCopies(copiesOf(text));
  } catch (error) {
    throw renamed(error, FIELDS);
  }
}

/** Prints a delivery's labels once it is received; a refusal is said, not thrown: the delivery stays received. */
export async function labelsAfterReceiving(
  cli: CliContext,
  dispensary: string,
  receiptId: string,
  options: { copies: number; printer?: string },
): Promise<LabelsAfterReceiving> {
  try {
    return { labels: await cli.setup.receiptLabels.print(OPERATOR, dispensary, receiptId, options) };
  } catch (error) {
    const refusal = renamed(error, FIELDS);
    if (!(refusal instanceof ServicePayError)) throw refusal;
    return { labels: null, labelsRefused: refusal.message };
  }
}

/** What `receive … --labels` says of the labels after the receipt. */
export function labelsAfterText(after: LabelsAfterReceiving): string {
  return after.labels ? receiptLabelsText(after.labels) : `Its labels did not print: ${after.labelsRefused ?? ''}.`;
}

/** `servicepay inventory labels <receipt> [--copies N] [--printer REGISTER]`: a delivery's package labels. */
export function registerReceiptLabelsCommand(inventory: Command): void {
  inventory
    .command('labels <receipt>')
    .description(
      "Print the package labels of a delivery received (by its manifest number or receipt id) on a register's receipt printer",
    )
    .requiredOption('--dispensary <short>', 'short name of the dispensary')
    .option('--copies <n>', `labels of each package, 1 to ${MAX_LABEL_COPIES} (default 1)`)
    .option('--printer <register>', "the register whose printer prints them (default: the store's only printer)")
    .addHelpText(
      'after',
      '\nOne package label of each package the delivery received (its state tag as a barcode, what is on hand,\n' +
        'THC and CBD, the store, its licence and the date); a package with no stock left is skipped.\n\n' +
        'Examples:\n  $ servicepay inventory labels 0004512873 --dispensary demo\n' +
        '  $ servicepay inventory labels 0004512873 --dispensary demo --copies 2 --printer front-1 --json',
    )
    .action(
      action(async (cli, receipt: string, options: { dispensary: string; copies?: string; printer?: string }) => {
        const request = { copies: copiesOf(options.copies), printer: options.printer };
        const result = await cli.setup.receiptLabels.print(OPERATOR, options.dispensary, receipt, request);
        cli.print(result, () => receiptLabelsText(result));
        if (!result.printed) cli.io.fail();
      }, FIELDS),
    );
}
