import type { Command } from 'commander';
import { MAX_LABEL_COPIES, type LabelKind } from '../../../shared/contracts/product-labels.js';
import { invalidInput } from '../../../shared/errors.js';
import { labelPrintWords } from '../../../shared/label-print-words.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { action } from '../cli-context.js';

const FIELDS = { kind: '--kind', copies: '--copies', printer: '--printer', package: '--package' };

const HELP = `
A shelf label: the name, brand, size, price (a weighed product's price breaks), THC and CBD.
A package label: the package's state tag as a Code 128 barcode and in words, its quantity, THC and
CBD, the store, its licence and the date, for a product with a tagged package in stock: the package
its next sale takes, or --package (a state tag or id) for any one of its packages.

Examples:
  $ servicepay products label FLW-001 --dispensary demo --kind shelf --copies 3
  $ servicepay products label FLW-001 --dispensary demo --kind package --printer front-1
  $ servicepay products label FLW-001 --dispensary demo --kind package --package 1A4FF0100000022000000201`;

/** `--copies` as typed: a whole number (the service checks 1 to 50), refused in words otherwise. */
export function copiesOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text.trim())) {
    throw invalidInput('--copies', `must be a whole number from 1 to ${MAX_LABEL_COPIES}, not "${text}"`);
  }
  return Number(text);
}

/** `servicepay products label <product> --kind shelf|package [--copies N] [--printer REGISTER]`. */
export function registerProductLabelCommand(products: Command): void {
  products
    .command('label <product>')
    .description("Print a product's shelf or package labels (by its id or SKU) on a register's receipt printer")
    .requiredOption('--dispensary <short>', 'short name of the dispensary')
    .requiredOption('--kind <kind>', 'shelf or package')
    .option('--copies <n>', `how many labels, 1 to ${MAX_LABEL_COPIES} (default 1)`)
    .option(
      '--package <tag>',
      'for a package label: which of its packages (a state tag or id; default: the one selling next)',
    )
    .option('--printer <register>', "the register whose printer prints them (default: the store's only printer)")
    .addHelpText('after', HELP)
    .action(
      action(
        async (
          cli,
          product: string,
          options: { dispensary: string; kind: string; copies?: string; printer?: string; package?: string },
        ) => {
          const request = {
            kind: options.kind as LabelKind,
            copies: copiesOf(options.copies),
            printer: options.printer,
            ...(options.package === undefined ? {} : { package: options.package }),
          };
          const result = await cli.setup.labels.print(OPERATOR, options.dispensary, product, request);
          cli.print(result, () => labelPrintWords(result));
          if (!result.printed) cli.io.fail();
        },
        FIELDS,
      ),
    );
}
