import type { ProductAnswer } from '../../../shared/contracts/products.js';
import type { StockValue } from '../../../shared/contracts/stock-value.js';
import { formatMoney } from '../../../shared/money.js';
import { BackOfficePage } from '../pages/backoffice-page.js';
import { ProductsPage } from '../pages/products-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { costCoverageWords } from '../../../shared/inventory/cost-coverage-words.js';

test('stock value: a manager gives a product its cost in its form, and the stock value counts it by category', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const office = new BackOfficePage(page);
  const products = new ProductsPage(page);
  await office.open(service.url);
  await office.login();
  await office.show('Products');

  // The worker's other journeys may have given other flower a cost (a delivery received at its
  // wholesale price): the stock value is checked for what this cost changes, from before it.
  const flowerOf = (value: StockValue) => value.categories.find((line) => line.category === 'FLOWER')!;
  const earlier = (await api.setup<ProductAnswer>('GET', '/products/FLW-001')).product;
  const valueBefore = flowerOf(await api.setup<StockValue>('GET', '/inventory/value'));

  // The cost is typed in dollars beside the price; a word is refused in words and nothing is saved.
  await products.open('FLW-001');
  await products.fill({ Cost: 'eighteen' });
  await products.form.getByRole('button', { name: 'Save changes' }).click();
  await expect(products.fieldError('unitCostCents')).toHaveText(
    'Cost must be an amount in dollars with at most 2 decimals, such as 35 or 35.50.',
  );
  await products.fill({ Cost: '18.25' });
  await products.form.getByRole('button', { name: 'Save changes' }).click();
  await expect(products.message).toContainText('Blue Dream');
  const { product } = await api.setup<ProductAnswer>('GET', '/products/FLW-001');
  expect(product.unitCostCents).toBe(1825);

  // The stock value: by category, at cost and at price, the total; what has no cost is said.
  await page.getByText('Stock value', { exact: true }).click();
  const value = await api.setup<StockValue>('GET', '/inventory/value');
  const flower = flowerOf(value);
  const atCost = (cents: number | null) => (cents === null ? 0 : Math.round(product.quantityOnHand * cents));
  expect(flower.costCents - valueBefore.costCents).toBe(atCost(1825) - atCost(earlier.unitCostCents));
  const panel = page.locator('details.stock-value');
  const flowerRow = panel.getByRole('row', { name: /^Flower/ });
  await expect(flowerRow).toContainText(formatMoney(flower.costCents));
  await expect(flowerRow).toContainText(formatMoney(flower.retailCents));
  await expect(flowerRow).toContainText(`(${flower.withoutCost} without a cost)`);
  await expect(panel.getByRole('row', { name: /^Total/ })).toContainText(formatMoney(value.total.retailCents));
  // What the value at cost covers, and the stock and products it leaves out, in the CLI's words.
  await expect(panel).toContainText(costCoverageWords(value.total));
  await expect(panel).toContainText(
    `${value.total.withoutCost} of the ${value.total.products} products in stock have no cost`,
  );
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'stock-value-1280x800');
});
