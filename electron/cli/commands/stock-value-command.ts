import type { Command } from 'commander';
import type { StockValue } from '../../../shared/contracts/stock-value.js';
import { costCoverageWords } from '../../../shared/inventory/cost-coverage-words.js';
import { formatMoney } from '../../../shared/money.js';
import { fromMilli, quantityText } from '../../../shared/quantity.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { action, table } from '../cli-context.js';

/** Thousandths as a quantity, as the sentence under the table says it: 2297650 → "2,297.65". */
const quantity = (milli: number) => quantityText(fromMilli(milli));

/**
 * The value table for people, with the total as its last row and what the value at cost leaves out
 * said under it: a product counts once, with a cost (on some of its stock) or without.
 */
function described(value: Omit<StockValue, 'resultCode' | 'resultReason'>): string {
  const row = (category: string, line: StockValue['total']) => ({
    category,
    products: String(line.products),
    'without a cost': line.withoutCost === 0 ? '' : String(line.withoutCost),
    'on hand': quantity(line.quantityMilli),
    'cost not known': line.quantityWithoutCostMilli === 0 ? '' : quantity(line.quantityWithoutCostMilli),
    'at cost': formatMoney(line.costCents),
    'at price': formatMoney(line.retailCents),
  });
  const rows = [...value.categories.map((line) => row(line.categoryName, line)), row('Total', value.total)];
  const words = costCoverageWords(value.total);
  const note =
    words === '' ? '' : `\n${words} Give a product its cost: servicepay products edit <sku> --cost <dollars>.`;
  const columns = [
    'category',
    'products',
    'without a cost',
    'on hand',
    'cost not known',
    'at cost',
    'at price',
  ] as const;
  return table(rows, columns) + note;
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
