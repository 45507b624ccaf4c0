// `servicepay products edit --cost` and `servicepay inventory value` as an operator runs them, on the
// engine under test, the demo store.
import { describe, expect, it } from 'vitest';
import type { ProductView } from '../../../shared/contracts/products.js';
import type { StockValue } from '../../../shared/contracts/stock-value.js';
import { costCoverageWords } from '../../../shared/inventory/cost-coverage-words.js';
import { demoCli } from '../support/demo-cli.js';

const { servicepay, json, demo } = await demoCli();

describe('servicepay inventory value', { timeout: 60_000 }, () => {
  it('sets a cost in dollars, shows it, and clears it with none', async () => {
    const edited = await json<{ product: ProductView }>('products', 'edit', 'FLW-001', ...demo, '--cost', '18.25');
    expect(edited.product.unitCostCents).toBe(1825);
    const shown = await servicepay('products', 'show', 'FLW-001', ...demo);
    expect(shown.stdout).toMatch(/^cost\s+\$18\.25$/m);
    const cleared = await json<{ product: ProductView }>('products', 'edit', 'FLW-001', ...demo, '--cost', 'none');
    expect(cleared.product.unitCostCents).toBeNull();
  });

  it('refuses a cost that is not dollars, naming --cost, and keeps the one on file', async () => {
    await json('products', 'edit', 'FLW-002', ...demo, '--cost', '10');
    const refused = await servicepay('products', 'edit', 'FLW-002', ...demo, '--cost', 'ten');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('--cost must be dollars with at most 2 decimals, like 12.50, not "ten"');
    const kept = await json<{ product: ProductView }>('products', 'show', 'FLW-002', ...demo);
    expect(kept.product.unitCostCents).toBe(1000);
  });

  it('prints the value by category with its total, and the same figures as JSON', async () => {
    const value = await json<StockValue>('inventory', 'value', ...demo);
    expect(value.total.costCents).toBeGreaterThan(0);
    const words = await servicepay('inventory', 'value', ...demo);
    expect(words.status, words.stderr).toBe(0);
    const lines = words.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^category\s+products\s+without a cost\s+on hand\s+cost not known\s+at cost\s+at price$/);
    const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    const total = lines.find((line) => line.startsWith('Total'))!;
    expect(total).toContain(dollars(value.total.costCents));
    expect(total).toContain(dollars(value.total.retailCents));
    // The quantity on hand as the sentence under the table says it, thousands grouped ("2,137.65").
    const onHand = (value.total.quantityMilli / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 });
    expect(onHand).toContain(',');
    expect(total.split(/\s{2,}/)).toContain(onHand);
    expect(words.stdout).toContain(`of the ${onHand} on hand`);
    expect(words.stdout).toContain(
      `${costCoverageWords(value.total)} Give a product its cost: servicepay products edit <sku> --cost <dollars>.`,
    );
    expect(words.stdout).toContain(
      `${value.total.withoutCost} of the ${value.total.products} products in stock have no cost`,
    );
    const unknown = await servicepay('inventory', 'value', '--dispensary', 'nowhere');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('no dispensary has the short name nowhere');
  });
});
