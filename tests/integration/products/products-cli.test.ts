// `servicepay products …` as an operator runs it, on the engine under test, the demo store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_TYPES } from '../../../shared/catalog/product-types.js';
import type { ProductView } from '../../../shared/contracts/products.js';
import { freshDatabase } from '../../support/test-database.js';
import { runServicepay } from '../../support/cli-in-process.js';
import { FLOWER_BREAKS } from './support/product-fixtures.js';

const database = await freshDatabase();

const servicepay = (...args: string[]) => runServicepay([...args, ...database.args]);
const json = async (...args: string[]) => {
  const result = await servicepay('--json', ...args);
  expect(result.status, result.stderr || result.stdout).toBe(0);
  return JSON.parse(result.stdout);
};
const demo = ['--dispensary', 'demo'];

beforeAll(async () => {
  expect((await servicepay('demo', 'load')).status).toBe(0);
}, 60_000);
afterAll(() => database.drop());

describe('servicepay products', { timeout: 60_000 }, () => {
  it('creates, shows, edits, archives and brings back a product, in words and as JSON', async () => {
    const created = await servicepay(
      'products',
      'create',
      ...demo,
      '--sku',
      'GV-OG-1',
      '--name',
      'OG Kush (by the gram)',
      '--type',
      'flower',
      '--strain',
      'Hybrid',
      '--unit',
      'g',
      '--deli',
      'yes',
      '--price',
      '11.00',
      '--tax-class',
      'cannabis',
      '--price-break',
      '7=65.00',
      '--price-break',
      '3.5=35.00',
      '--thc-mg',
      '230',
      '--low-stock',
      '56',
    );
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain('OG Kush (by the gram) (GV-OG-1)');
    expect(created.stdout).toContain('price breaks 3.5 g $35.00 · 7 g $65.00');
    expect(created.stdout).toContain('stock        0 g available of 0 g on the sales floor: out');
    // A measure not known is a dash alone, never "— mg".
    expect(created.stdout).toContain('cannabis     weight —, THC 230 mg, CBD —\n');
    expect(created.stdout).toContain('tax class    Cannabis goods (23.25%)\n');

    const shown: ProductView = (await json('products', 'show', 'GV-OG-1', ...demo)).product;
    expect(shown).toMatchObject({
      sku: 'GV-OG-1',
      type: 'FLOWER',
      subtype: 'Hybrid',
      deli: true,
      priceCents: 1100,
      priceBreaks: FLOWER_BREAKS.slice(1, 3),
      thcMg: 230,
      lowStockThreshold: 56,
    });

    const edited: ProductView = (
      await json('products', 'edit', shown.productId, ...demo, '--price', '12.50', '--low-stock', 'none')
    ).product;
    expect(edited).toMatchObject({ priceCents: 1250, lowStockThreshold: null, thcMg: 230 });

    expect((await servicepay('products', 'archive', 'GV-OG-1', ...demo)).stdout).toBe(
      'Archived OG Kush (by the gram) (GV-OG-1).\n',
    );
    const twice = await servicepay('products', 'archive', 'GV-OG-1', ...demo);
    expect(twice.status).toBe(1);
    expect(twice.stderr).toBe('servicepay: product OG Kush (by the gram) (GV-OG-1) is archived already\n');
    expect((await json('products', 'list', ...demo, '--search', 'GV-OG-1')).products).toEqual([]);
    expect((await json('products', 'list', ...demo, '--archived')).products.map((p: ProductView) => p.sku)).toEqual([
      'GV-OG-1',
    ]);
    expect((await servicepay('products', 'unarchive', 'GV-OG-1', ...demo)).status).toBe(0);

    const audit = await servicepay('audit', 'list', ...demo);
    expect(audit.stdout).toContain('Product changed');
    expect(audit.stdout).toContain(
      'OG Kush (by the gram) (GV-OG-1): Price $11.00 → $12.50; Low-stock threshold 56 → none',
    );
  });

  it('tags a product with --tag (repeated, or commas between), replaces its tags on edit, and clears them with none', async () => {
    const tagged = await servicepay(
      'products',
      'edit',
      'FLW-004',
      ...demo,
      '--tag',
      'staff-pick',
      '--tag',
      'Limited, new',
    );
    expect(tagged.status, tagged.stderr).toBe(0);
    expect(tagged.stdout).toContain('tags         staff-pick, Limited, new');
    const replaced: ProductView = (await json('products', 'edit', 'FLW-004', ...demo, '--tag', 'STAFF-PICK')).product;
    expect(replaced.tags).toEqual(['STAFF-PICK']);
    expect(
      (await json('products', 'list', ...demo, '--search', 'staff-pick')).products.map((p: ProductView) => p.sku),
    ).toEqual(['FLW-004']);
    const cleared: ProductView = (await json('products', 'edit', 'FLW-004', ...demo, '--tag', 'none')).product;
    expect(cleared.tags).toEqual([]);
    expect((await servicepay('products', 'show', 'FLW-004', ...demo)).stdout).toContain('tags         —');
  });

  it('names a product by its SKU in any case, and refuses that SKU in another case to another product', async () => {
    const shown = await servicepay('products', 'show', 'Flw-001', ...demo);
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('product      Blue Dream (FLW-001)');
    // Its tax class in the store's words, as the back office's form says it; --json keeps the code.
    expect(shown.stdout).toContain('tax class    Cannabis goods (23.25%)\n');
    expect(shown.stdout).not.toMatch(/^tax class +cannabis$/m);
    const adjustments = await servicepay('inventory', 'adjustments', ...demo, '--product', 'flw-001');
    expect(adjustments.status, adjustments.stderr).toBe(0);
    const taken =
      'is used by another product of Green Valley Dispensary: Blue Dream, as FLW-001 (a SKU is the same in any case)';
    const created = await servicepay(
      ...['products', 'create', ...demo, '--sku', 'flw-001', '--name', 'Blue Dream again', '--type', 'flower'],
      ...['--price', '30', '--tax-class', 'cannabis'],
    );
    expect([created.status, created.stderr]).toEqual([1, `servicepay: --sku flw-001 ${taken}\n`]);
    const edited = await servicepay('products', 'edit', 'flw-003', ...demo, '--sku', 'Flw-001');
    expect([edited.status, edited.stderr]).toEqual([1, `servicepay: --sku Flw-001 ${taken}\n`]);
    expect((await json('products', 'show', 'FLW-003', ...demo)).product.sku).toBe('FLW-003');
  });

  it('lists as a table, filtered and paged', async () => {
    const listed = await servicepay('products', 'list', ...demo, '--type', 'edible', '--limit', '2');
    expect(listed.status, listed.stderr).toBe(0);
    const lines = listed.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^sku\s+name\s+brand\s+category\s+price\s+available\s+stock$/);
    expect(lines.slice(2, 4).every((line) => line.includes('Edibles'))).toBe(true);
    expect(lines[4]).toMatch(/^\(more: --cursor \S+\)$/);
    const page = await json('products', 'list', ...demo, '--type', 'edible', '--limit', '2');
    const next = await json(
      'products',
      'list',
      ...demo,
      '--type',
      'edible',
      '--limit',
      '2',
      '--cursor',
      page.nextCursor,
    );
    expect(next.products[0].name.toLowerCase() >= page.products[1].name.toLowerCase()).toBe(true);
    for (const [args, words] of [
      [['--type', 'snacks'], `--type must be one of ${PRODUCT_TYPES.join(', ')}`],
      [['--limit', '500'], '--limit must be a whole number from 1 to 200'],
      [['--cursor', 'page-2'], '--cursor is not a nextCursor this service issued: start again from the first page'],
      // The cursor of the edibles' list pages that list only.
      [
        ['--type', 'flower', '--cursor', page.nextCursor],
        '--cursor belongs to a list with other filters: start again from the first page',
      ],
    ] as const) {
      const refused = await servicepay('products', 'list', ...demo, ...args);
      expect([refused.status, refused.stderr]).toEqual([1, `servicepay: ${words}\n`]);
    }
  });

  it('lists and shows one sold by the gram in grams, its price per gram, as the back office does', async () => {
    const listed = await servicepay('products', 'list', ...demo, '--search', 'DEL-001');
    expect(listed.status, listed.stderr).toBe(0);
    const row = listed.stdout.split('\n').find((line) => line.startsWith('DEL-001'));
    expect(row).toMatch(/ \$10\.00 \/ g +453\.6 g +in stock$/);
    const shown = await servicepay('products', 'show', 'DEL-001', ...demo);
    expect(shown.stdout).toContain('stock        453.6 g available of 453.6 g on the sales floor: in stock');
    // One sold by the unit keeps its count and its price alone.
    const units = await servicepay('products', 'list', ...demo, '--search', 'FLW-001');
    expect(units.stdout.split('\n').find((line) => line.startsWith('FLW-001'))).toMatch(/ \$35\.00 +40 +in stock$/);
  });

  it('refuses bad input naming the option, and changes nothing', async () => {
    const before = (await json('products', 'show', 'FLW-001', ...demo)).product;
    for (const [args, message] of [
      [['--price', 'abc'], 'servicepay: --price must be dollars with at most 2 decimals, like 12.50, not "abc"'],
      [['--price', '-1'], 'servicepay: --price must be at least $0.00, not "-1"'],
      [['--cost', '99999999999'], 'servicepay: --cost must be at most $1,000,000.00, not "99999999999"'],
      [['--tax-class', 'luxury'], 'servicepay: --tax-class is not a tax class of Green Valley Dispensary: "luxury"'],
      [
        ['--sku', 'FLW-003'],
        'servicepay: --sku FLW-003 is used by another product of Green Valley Dispensary: Wedding Cake',
      ],
      [['--name', ' '], 'servicepay: --name must not be empty'],
      [['--brand', 'b'.repeat(101)], 'servicepay: --brand must be at most 100 characters'],
      [['--size', 's'.repeat(51)], 'servicepay: --size must be at most 50 characters'],
      [
        ['--tag', 'sale', '--tag', 'x'.repeat(41)],
        `servicepay: --tag must be at most 40 characters: "${'x'.repeat(41)}"`,
      ],
    ] as const) {
      const refused = await servicepay('products', 'edit', 'FLW-001', ...demo, ...args);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toBe(`${message}\n`);
    }
    // A price typed with its dollar sign, as the back office's form and catalog files take it.
    const dollars = await servicepay('products', 'edit', 'FLW-002', ...demo, '--price', '$5.00', '--json');
    expect(dollars.status, dollars.stderr).toBe(0);
    expect((await json('products', 'show', 'FLW-002', ...demo)).product.priceCents).toBe(500);
    // Blue Dream's state tag, typed in lower case, on another product: refused naming Blue Dream.
    const tag = '1a4060300003d12000000001';
    const held = await servicepay('products', 'edit', 'FLW-003', ...demo, '--package-label', tag);
    expect([held.status, held.stderr]).toEqual([
      1,
      `servicepay: --package-label ${tag} is already on a package of Blue Dream (FLW-001); each package has its own state tag\n`,
    ]);
    const added = await servicepay(
      ...['products', 'create', ...demo, '--sku', 'GV-TAG-1', '--name', 'Tagged Jar', '--type', 'flower'],
      ...['--price', '30', '--tax-class', 'cannabis', '--package-label', ` ${tag.toUpperCase()} `],
    );
    expect([added.status, added.stderr]).toEqual([
      1,
      `servicepay: --package-label ${tag.toUpperCase()} is already on a package of Blue Dream (FLW-001); each package has its own state tag\n`,
    ]);
    const missing = await servicepay('products', 'create', ...demo, '--name', 'Nameless');
    expect(missing.stderr).toBe('servicepay: --sku is required to add a product\n');
    expect((await json('products', 'show', 'FLW-001', ...demo)).product).toEqual(before);
  });
});
