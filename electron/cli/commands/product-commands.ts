import type { Command } from 'commander';
import { priceBreaksInWords } from '../../../shared/catalog/price-breaks.js';
import {
  STOCK_LEVELS,
  type ProductCreate,
  type ProductListQuery,
  type ProductView,
} from '../../../shared/contracts/products.js';
import type { TaxClassView } from '../../../shared/contracts/setup.js';
import { invalidInput } from '../../../shared/errors.js';
import { categoryLabel } from '../../../shared/labels.js';
import { formatMoney } from '../../../shared/money.js';
import { quantityText } from '../../../shared/quantity.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { wholeNumber } from '../arguments.js';
import { action, table } from '../cli-context.js';
import { registerProductCopyCommand } from './product-copy-command.js';
import { registerProductLabelCommand } from './product-label-command.js';
import { PRODUCT_FIELDS, productFieldOptions, productFields, type ProductOptions } from './product-options.js';

const DISPENSARY = ['--dispensary <short>', 'short name of the dispensary'] as const;
/** The list's query as `products list` names it, for refusals. */
const LIST_FIELDS = { type: '--type', limit: '--limit', cursor: '--cursor' };
const STOCK_WORDS = { in_stock: 'in stock', low: 'low', out: 'out' } as const;
const REQUIRED = [
  ['sku', '--sku'],
  ['name', '--name'],
  ['type', '--type'],
  ['priceCents', '--price'],
  ['taxClass', '--tax-class'],
] as const;

const none = (value: string | number | null) => (value === null || value === '' ? '—' : String(value));
/** "120 mg", or "—" alone when not known (never "— mg"). */
const mg = (value: number | null) => (value === null ? '—' : `${value} mg`);
/** A quantity of the product: grams for one sold by the gram ("453.6 g"), else a count ("1,200"). */
const quantity = (product: ProductView, value: number) =>
  product.deli ? `${quantityText(value)} g` : quantityText(value);

/**
 * A product's tax class in words, as the back office's form offers it: "Cannabis goods (23.25%)";
 * its code only when the store has no class of that code (`--json` keeps the code).
 */
function taxClassWords(code: string, classes: readonly TaxClassView[]): string {
  const taxClass = classes.find((c) => c.code === code);
  return taxClass ? `${taxClass.name} (${taxClass.percent}%)` : code;
}

/** One product for people: a line per field; its tax class by the store's name for it. */
function described(product: ProductView, classes: readonly TaxClassView[]): string {
  const lines: [string, string][] = [
    ['product', `${product.name} (${product.sku ?? 'no SKU'})${product.archived ? ', archived' : ''}`],
    ['id', product.productId],
    ['brand', none(product.brand)],
    [
      'category',
      `${categoryLabel(product.type)}${product.subtype ? `, ${product.subtype}` : ''} ` +
        `(limits: ${product.limitCategory === null ? '—' : categoryLabel(product.limitCategory)})`,
    ],
    ['size', `${none(product.size)}, ${product.weight} ${product.unitType}${product.deli ? ', weighed (deli)' : ''}`],
    ['price', `${formatMoney(product.priceCents)}${product.deli ? ' a gram' : ''}`],
    [
      'cost',
      product.unitCostCents === null ? '—' : `${formatMoney(product.unitCostCents)}${product.deli ? ' a gram' : ''}`,
    ],
    ['price breaks', priceBreaksInWords(product.priceBreaks, formatMoney)],
    ['promotion', product.discountPercent > 0 ? `${product.discountDescription} (${product.discountPercent} %)` : '—'],
    ['tax class', taxClassWords(product.taxClass, classes)],
    ['cannabis', `weight ${mg(product.cannabisWeightMg)}, THC ${mg(product.thcMg)}, CBD ${mg(product.cbdMg)}`],
    ['barcodes', product.barcodes.join(', ') || '—'],
    ['package tag', none(product.packageLabel)],
    [
      'stock',
      // The sales floor's (where stock sells): a vault's or quarantine's packages are `inventory packages`.
      `${quantity(product, product.quantityAvailable)} available of ${quantity(product, product.quantityOnHand)} ` +
        `on the sales floor: ${STOCK_WORDS[product.stock]}`,
    ],
    ['low at', none(product.lowStockThreshold)],
    ['tags', product.tags.join(', ') || '—'],
  ];
  return lines.map(([label, value]) => `${label.padEnd(13)}${value}`).join('\n');
}

function listed(products: readonly ProductView[]): string {
  const rows = products.map((product) => ({
    sku: product.sku ?? '',
    name: product.name,
    brand: product.brand,
    category: categoryLabel(product.type),
    // Per gram for one sold by the gram, as the back office's list says it ("$10.00 / g", "453.6 g").
    price: `${formatMoney(product.priceCents)}${product.deli ? ' / g' : ''}`,
    available: quantity(product, product.quantityAvailable),
    stock: STOCK_WORDS[product.stock] + (product.archived ? ', archived' : ''),
  }));
  return table(rows, ['sku', 'name', 'brand', 'category', 'price', 'available', 'stock']);
}

/** `servicepay products list|show|create|edit|archive|unarchive|label|copy`: a store's products, as its managers keep them. */
export function registerProductCommands(program: Command): void {
  const products = program
    .command('products')
    .description('A store’s products: list, search, add, edit, archive (the set-up API’s /products, the same rules)');

  products
    .command('list')
    .description('List products by name: words found in the name, brand, SKU or barcodes, and filters')
    .requiredOption(...DISPENSARY)
    .option('--search <words>', 'words to find')
    .option('--type <category>', 'one category, e.g. FLOWER')
    .option('--brand <brand>', 'one brand')
    .option('--stock <level>', `${STOCK_LEVELS.join(', ')}`)
    .option('--archived', 'archived products only')
    .option('--limit <n>', 'at most this many (1-200)', wholeNumber, 50)
    .option('--cursor <cursor>', 'nextCursor of the previous page (with --json)')
    .action(
      action(async (cli, options: ProductListQuery & { dispensary: string }) => {
        const { dispensary, ...query } = options;
        if (query.stock !== undefined && !(STOCK_LEVELS as readonly string[]).includes(query.stock)) {
          throw invalidInput('--stock', `must be one of ${STOCK_LEVELS.join(', ')}`);
        }
        const page = await cli.setup.products.list(OPERATOR, dispensary, query);
        cli.print({ resultCode: 'SUCCESS', resultReason: null, ...page }, () =>
          [listed(page.products), ...(page.nextCursor ? ['(more: --cursor ' + page.nextCursor + ')'] : [])].join('\n'),
        );
      }, LIST_FIELDS),
    );

  products
    .command('show <product>')
    .description('One product, by its id or SKU')
    .requiredOption(...DISPENSARY)
    .action(
      action(async (cli, product: string, options: { dispensary: string }) => {
        const view = await cli.setup.products.get(OPERATOR, options.dispensary, product);
        const classes = await cli.setup.taxes.list(OPERATOR, options.dispensary);
        cli.print({ resultCode: 'SUCCESS', resultReason: null, product: view }, () => described(view, classes));
      }),
    );

  productFieldOptions(
    products
      .command('create')
      .description('Add a product (no stock yet). Needs --sku, --name, --type, --price and --tax-class')
      .requiredOption(...DISPENSARY)
      .addHelpText(
        'after',
        '\nExample:\n  $ servicepay products create --dispensary demo --sku GV-OG-1 --name "OG Kush (by the gram)" \\\n' +
          '      --type FLOWER --strain Hybrid --unit g --deli yes --price 11.00 --tax-class cannabis \\\n' +
          '      --price-break 3.5=35.00 --price-break 7=65.00 --thc-mg 230 --low-stock 56',
      ),
  ).action(
    action(async (cli, options: ProductOptions) => {
      const fields = productFields(options);
      for (const [field, option] of REQUIRED) {
        if (fields[field] === undefined) throw invalidInput(option, 'is required to add a product');
      }
      const view = await cli.setup.products.create(OPERATOR, options.dispensary, fields as ProductCreate);
      const classes = await cli.setup.taxes.list(OPERATOR, options.dispensary);
      cli.print(
        { resultCode: 'SUCCESS', resultReason: null, product: view },
        () => `Added:\n${described(view, classes)}`,
      );
    }, PRODUCT_FIELDS),
  );

  productFieldOptions(
    products
      .command('edit <product>')
      .description('Change fields of a product (by its id or SKU); orders already created keep their prices')
      .requiredOption(...DISPENSARY)
      .addHelpText(
        'after',
        '\nExample:\n  $ servicepay products edit FLW-001 --dispensary demo --price 36.00 --low-stock 5',
      ),
  ).action(
    action(async (cli, product: string, options: ProductOptions) => {
      const fields = productFields(options);
      if (Object.keys(fields).length === 0)
        throw invalidInput('options', 'name no change: give at least one field to change');
      const view = await cli.setup.products.edit(OPERATOR, options.dispensary, product, fields);
      const classes = await cli.setup.taxes.list(OPERATOR, options.dispensary);
      cli.print(
        { resultCode: 'SUCCESS', resultReason: null, product: view },
        () => `Changed:\n${described(view, classes)}`,
      );
    }, PRODUCT_FIELDS),
  );

  for (const [verb, words, done] of [
    ['archive', 'Archive a product: out of the POS catalog and its sales; its orders keep it', 'Archived'],
    ['unarchive', 'Bring an archived product back to the catalog', 'Brought back'],
  ] as const) {
    products
      .command(`${verb} <product>`)
      .description(`${words} (by its id or SKU)`)
      .requiredOption(...DISPENSARY)
      .action(
        action(async (cli, product: string, options: { dispensary: string }) => {
          const view = await cli.setup.products[verb](OPERATOR, options.dispensary, product);
          cli.print(
            { resultCode: 'SUCCESS', resultReason: null, product: view },
            `${done} ${view.name} (${view.sku}).`,
          );
        }),
      );
  }
  registerProductLabelCommand(products);
  registerProductCopyCommand(products);
}
