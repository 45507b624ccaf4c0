import type { Command } from 'commander';
import type { StockValue } from '../../../shared/contracts/stock-value.js';
import { formatMoney } from '../../../shared/money.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { action, table } from '../cli-context.js';

/** The value table for people, with the total as its last row and what it leaves out said under it. */
function described(value: Omit<StockValue, 'resultCode' | 'resultReason'>): string {
  const row = (category: string, line: StockValue['total']) => ({
    category,
    products: String(line.products),
    'at cost': formatMoney(line.costCents),
    'at price': formatMoney(line.retailCents),
    'cost not known': line.withoutCost === 0 ? '' : String(line.withoutCost),
  });
  const rows = [...value.categories.map((line) => row(line.categoryName, line)), row('Total', value.total)];
  const unknown = value.total.withoutCost;
  const note =
    unknown === 0
      ? ''
      : `\n${unknown} product${unknown === 1 ? '' : 's'} in stock ${unknown === 1 ? 'has' : 'have'} no cost: ` +
        'not counted at cost (servicepay products edit <sku> --cost <dollars>).';
  return table(rows, ['category', 'products', 'at cost', 'at price', 'cost not known']) + note;
}

/** `servicepay inventory value`: what a store's stock on hand is worth, by category. */
export function registerStockValueCommand(inventory: Command): void {
  inventory
    .command('value')
    .description('What the store’s stock on hand is worth, at cost and at its prices, by category')
    .requiredOption('--dispensary <short>', 'short name of the dispensary')
    .action(
      action(async (cli, options: { dispensary: string }) => {
        const value = await cli.setup.stockValues.of(OPERATOR, options.dispensary);
        cli.print({ resultCode: 'SUCCESS', resultReason: null, ...value }, described(value));
      }),
    );
}
