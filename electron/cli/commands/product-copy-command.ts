import type { Command } from 'commander';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { action } from '../cli-context.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

const HELP = `
Every field of the product and its price go to each store, its tax class by code; no stock, tag,
cost or promotion (stock is received per store). All the stores or none: a store that has the SKU
or a barcode already, or no tax class of that code, is named and nothing is copied.

Example:
  $ servicepay products copy FLW-001 --dispensary demo --to demo-2 --to demo-3`;

/** `servicepay products copy <product> --dispensary <short> --to <short> [--to …]`. */
export function registerProductCopyCommand(products: Command): void {
  products
    .command('copy <product>')
    .description('Copy a product (by its id or SKU) to other stores of the organization, all or none')
    .requiredOption('--dispensary <short>', 'short name of the store it is copied from')
    .requiredOption('--to <short>', 'short name of a store it is copied to; repeat it', collect)
    .addHelpText('after', HELP)
    .action(
      action(
        async (cli, product: string, options: { dispensary: string; to: string[] }) => {
          const copied = await cli.setup.copies.copy(OPERATOR, options.dispensary, product, options.to);
          const named = `${copied.product.name} (${copied.product.sku})`;
          const stores = copied.copies.map((copy) => copy.dispensaryShortName).join(', ');
          cli.print(
            { resultCode: 'SUCCESS', resultReason: null, ...copied },
            `Copied ${named} to ${stores}, with no stock there yet.`,
          );
        },
        { to: '--to' },
      ),
    );
}
