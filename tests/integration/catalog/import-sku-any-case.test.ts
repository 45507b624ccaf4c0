import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogRepository } from '../../../electron/server/catalog/catalog-repository.js';
import { importCatalogFile, type ImportOutcome } from '../../../electron/server/catalog/import/catalog-import.js';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import type { Dispensary } from '../../../electron/server/dispensaries/dispensary.js';
import { scratchFiles } from '../../fixtures/catalog/scratch-files.js';
import { makeStore, NOW, type TestStore } from '../../fixtures/catalog/test-store.js';
import { TEST_ENGINE } from '../../support/test-database.js';

// A store's SKU is one code whatever its case (README "Catalog files"): a row names an existing
// product in any case and updates it, keeping the SKU as the store wrote it; a file that gives one
// SKU twice in two cases is refused at the second, as the same SKU twice is.
const file = scratchFiles('servicepay-import-sku-case-');
const HEADER = 'sku,type,name,weight,unitType,price,taxClass,quantityOnHand';

describe(`a catalog import matches SKUs in any case, on ${TEST_ENGINE}`, () => {
  let store: TestStore;
  let db: DataLayer;
  let dispensary: Dispensary;
  const run = (content: string, seconds = 0) =>
    importCatalogFile(db, {
      dispensaryShortName: 'test-shop',
      file: file(content),
      now: new Date(NOW.getTime() + seconds * 1000),
    });
  const failed = (outcome: ImportOutcome) => {
    if (outcome.ok) throw new Error('expected the import to fail');
    return outcome;
  };
  const all = async () =>
    (await new CatalogRepository(db).search(db, dispensary.id, dispensary.primaryLocationId, { limit: 200 })).items;

  beforeEach(async () => {
    store = await makeStore();
    ({ db, dispensary } = store);
  });
  afterEach(() => store.close());

  it('updates the product a row names in another case, keeping its SKU as written', async () => {
    expect(await run(`${HEADER}\nFLW-001,FLOWER,Blue Dream 3.5g,3.5,g,35.00,cannabis,10\n`)).toMatchObject({
      ok: true,
      created: 1,
    });
    const [before] = await all();

    const again = await run(`${HEADER}\nflw-001,FLOWER,Blue Dream 3.5g (new crop),3.5,g,32.00,cannabis,7\n`, 1);
    expect(again).toMatchObject({ ok: true, created: 0, updated: 1 });
    const after = await all();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      productId: before!.productId,
      sku: 'FLW-001',
      name: 'Blue Dream 3.5g (new crop)',
      priceCents: 3200,
      onHandMilli: 7000,
    });
  });

  it('refuses, at its line, a second row whose SKU differs from an earlier one only in case', async () => {
    const rows = [
      'FLW-001,FLOWER,Blue Dream 3.5g,3.5,g,35.00,cannabis,10',
      'PRE-001,PREROLL,Gelato Pre-Roll,1,g,12.00,cannabis,5',
      'flw-001,FLOWER,Blue Dream again,3.5,g,30.00,cannabis,2',
    ];
    const outcome = failed(await run(`${HEADER}\n${rows.join('\n')}\n`));
    expect(outcome.errors).toEqual([
      {
        line: 4,
        field: 'sku',
        message: 'repeats sku flw-001 of line 2 (as FLW-001: a SKU is the same in any case)',
      },
    ]);
    expect(await all()).toEqual([]);
  });

  it('with two SKUs stored in two cases before: each as written updates its own, a third spelling is refused', async () => {
    const two = [
      'FLW-001,FLOWER,Blue Dream 3.5g,3.5,g,35.00,cannabis,10',
      'WED-001,FLOWER,Wedding Cake 3.5g,3.5,g,40.00,cannabis,4',
    ];
    await run(`${HEADER}\n${two.join('\n')}\n`);
    // As a store could write them before SKUs were compared in any case (migration 59).
    await db.write((tx) =>
      tx.run(db.builder.updateTable('products').set({ sku: 'flw-001' }).where('sku', '=', 'WED-001')),
    );
    const twins = await all();
    expect(twins.map((product) => [product.sku, product.name])).toEqual([
      ['FLW-001', 'Blue Dream 3.5g'],
      ['flw-001', 'Wedding Cake 3.5g'],
    ]);

    const third = failed(await run(`${HEADER}\nFlw-001,FLOWER,Which one,3.5,g,1.00,cannabis,1\n`, 2));
    expect(third.errors).toEqual([
      {
        line: 2,
        field: 'sku',
        message:
          'is the SKU of 2 products in other cases: Blue Dream 3.5g (FLW-001), Wedding Cake 3.5g (flw-001); ' +
          'give it as one of them writes it',
      },
    ]);

    expect(await run(`${HEADER}\nflw-001,FLOWER,Wedding Cake 3.5g,3.5,g,33.00,cannabis,9\n`, 3)).toMatchObject({
      ok: true,
      updated: 1,
    });
    const after = await all();
    expect(after.map((product) => [product.sku, product.priceCents])).toEqual([
      ['FLW-001', 3500],
      ['flw-001', 3300],
    ]);
  });
});
