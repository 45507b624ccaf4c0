import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServicePayError } from '../../../shared/errors.js';
import { CatalogRepository, type ProductUpsert } from '../../../electron/server/catalog/catalog-repository.js';
import type { Dispensary } from '../../../electron/server/dispensaries/dispensary.js';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { makeStore, NOW } from '../../fixtures/catalog/test-store.js';

function product(sku: string, overrides: Partial<ProductUpsert> = {}): ProductUpsert {
  return {
    sku,
    type: 'FLOWER',
    subtype: 'Hybrid',
    brand: 'Acme',
    name: `Product ${sku}`,
    size: '3.5g',
    weight: 3.5,
    unitType: 'g',
    barcodes: '',
    deli: false,
    taxClassId: 0,
    packageLabel: '',
    priceCents: 1000,
    discountPpm: 0,
    discountDescription: '',
    onHandMilli: 5000,
    cannabisWeightMg: 3500,
    thcMg: 770,
    ...overrides,
  };
}

describe('CatalogRepository', () => {
  let db: DataLayer;
  let dispensary: Dispensary;
  let catalog: CatalogRepository;
  let cannabis: number;
  const search = (query: Parameters<CatalogRepository['search']>[3]) =>
    catalog.search(db, dispensary.id, dispensary.primaryLocationId, query);
  const upsert = (rows: ProductUpsert[], now = NOW) =>
    db.write((tx) => catalog.upsertMany(tx, dispensary.id, dispensary.primaryLocationId, rows, now));

  beforeEach(async () => {
    const store = await makeStore();
    db = store.db;
    dispensary = store.dispensary;
    cannabis = store.taxClassIds.get('cannabis')!;
    catalog = new CatalogRepository(db);
    await upsert([
      product('A1', {
        name: 'blue Dream',
        brand: 'Humboldt',
        barcodes: '0860012000012,10860012000019',
        taxClassId: cannabis,
      }),
      product('A2', {
        name: 'Blue Dream Pre-Roll',
        type: 'PREROLL',
        taxClassId: cannabis,
        packageLabel: '1A4000000000000000000042',
      }),
      product('A3', {
        name: 'Gummies 100% Fun',
        type: 'EDIBLE',
        subtype: 'Gummies',
        taxClassId: cannabis,
        onHandMilli: 0,
      }),
      product('A4', {
        name: 'Grinder',
        type: 'ACCESSORY',
        unitType: 'each',
        brand: 'Stash_Co',
        taxClassId: cannabis,
      }),
      product('A5', {
        name: 'Apple Fritter',
        brand: 'Humboldt',
        taxClassId: cannabis,
        discountPpm: 100_000,
        discountDescription: '10% off',
      }),
    ]);
  });

  afterEach(() => db.close());

  it('lists every product by name, case-insensitively, with its package, tax and stock', async () => {
    const page = await search({});
    expect(page.items.map((item) => item.sku)).toEqual(['A5', 'A1', 'A2', 'A4', 'A3']);
    expect(page.nextCursor).toBeNull();
    const fritter = page.items[0]!;
    expect(fritter).toMatchObject({
      type: 'FLOWER',
      brand: 'Humboldt',
      priceCents: 1000,
      discountPpm: 100_000,
      discountDescription: '10% off',
      taxClass: 'cannabis',
      taxRatePpm: 222_500,
      onHandMilli: 5000,
      availableMilli: 5000,
      locationId: dispensary.primaryLocationId,
      deli: false,
    });
    expect(fritter.packageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(fritter.unitId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ['a word of the name, any case', 'BLUE', ['A1', 'A2']],
    ['two words that must both match', 'blue roll', ['A2']],
    ['the brand', 'humboldt', ['A5', 'A1']],
    ['a barcode', '10860012000019', ['A1']],
    ['a package label', '000042', ['A2']],
    ['the subtype', 'gummies', ['A3']],
    ['the type', 'accessory', ['A4']],
    ['a literal %', '100%', ['A3']],
    ['a literal _', 'stash_co', ['A4']],
    ['nothing', 'zzz', []],
  ])('finds by %s', async (_case, text, skus) => {
    expect((await search({ search: text })).items.map((item) => item.sku)).toEqual(skus);
  });

  it('filters by type', async () => {
    expect((await search({ type: 'FLOWER' })).items.map((item) => item.sku)).toEqual(['A5', 'A1']);
  });

  it('pages with a cursor until the end, without repeating or skipping', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages += 1) {
      const page = await search({ limit: 2, cursor });
      seen.push(...page.items.map((item) => item.sku!));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(['A5', 'A1', 'A2', 'A4', 'A3']);
  });

  it('pages correctly through products of the same name', async () => {
    await upsert(['S1', 'S2', 'S3'].map((sku) => product(sku, { name: 'Same', taxClassId: cannabis })));
    const first = await search({ search: 'same', limit: 2 });
    const second = await search({ search: 'same', limit: 2, cursor: first.nextCursor! });
    expect([...first.items, ...second.items].map((item) => item.sku).sort()).toEqual(['S1', 'S2', 'S3']);
    expect(second.nextCursor).toBeNull();
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 201 }, 'limit'],
    [{ cursor: 'not-a-cursor' }, 'cursor'],
  ])('refuses %o naming %s', async (query, field) => {
    const error = await search(query).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServicePayError);
    expect((error as ServicePayError).field).toBe(field);
  });

  it('leaves out inactive products and products of other dispensaries', async () => {
    await db.write((tx) => tx.run(db.builder.updateTable('products').set({ active: 0 }).where('sku', '=', 'A4')));
    expect((await search({})).items.map((item) => item.sku)).not.toContain('A4');
    expect((await catalog.search(db, 'another-dispensary', dispensary.primaryLocationId, {})).items).toEqual([]);
  });

  it('gets one product, only within its dispensary', async () => {
    const [first] = (await search({ search: 'grinder' })).items;
    expect(await catalog.get(db, dispensary.id, dispensary.primaryLocationId, first!.productId)).toEqual(first);
    expect(await catalog.get(db, 'another-dispensary', dispensary.primaryLocationId, first!.productId)).toBeUndefined();
  });

  it('counts products per category, with those in stock', async () => {
    expect(await catalog.categories(db, dispensary.id, dispensary.primaryLocationId)).toEqual([
      { type: 'ACCESSORY', count: 1, inStock: 1 },
      { type: 'EDIBLE', count: 1, inStock: 0 },
      { type: 'FLOWER', count: 2, inStock: 2 },
      { type: 'PREROLL', count: 1, inStock: 1 },
    ]);
  });

  it('updates by SKU instead of duplicating, keeping the ids', async () => {
    const before = (await search({ search: 'grinder' })).items[0]!;
    const outcome = await upsert(
      [
        product('A4', {
          name: 'Grinder XL',
          type: 'ACCESSORY',
          taxClassId: cannabis,
          priceCents: 2500,
          onHandMilli: 9000,
        }),
      ],
      new Date(NOW.getTime() + 60_000),
    );
    // The stock it set, before and after, for the import's audit event; none kept (nothing was received).
    expect(outcome).toEqual({
      created: 0,
      updated: 1,
      stockSet: [{ sku: 'A4', deli: false, beforeMilli: before.onHandMilli, afterMilli: 9000 }],
      packagesSet: [
        { packageId: before.packageId, productId: before.productId, beforeMilli: before.onHandMilli, afterMilli: 9000 },
      ],
      stockKept: [],
      // Written by the demo loader's way (no file): no column was left out.
      keptColumns: [],
    });
    const after = (await search({ search: 'grinder' })).items;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      productId: before.productId,
      packageId: before.packageId,
      unitId: before.unitId,
      name: 'Grinder XL',
      priceCents: 2500,
      onHandMilli: 9000,
    });
    const counted = await db.first(db.builder.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')));
    expect(Number(counted!.n)).toBe(5);
  });

  it('writes nothing when one row of a batch fails', async () => {
    const rows = [product('B1', { taxClassId: cannabis }), product('B2', { taxClassId: 999_999 })];
    await expect(upsert(rows)).rejects.toThrow();
    expect((await search({ search: 'B1' })).items).toEqual([]);
  });
});
