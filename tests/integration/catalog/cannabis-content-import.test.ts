import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogRepository } from '../../../electron/server/catalog/catalog-repository.js';
import type { Dispensary } from '../../../electron/server/dispensaries/dispensary.js';
import { importCatalogFile, type ImportOutcome } from '../../../electron/server/catalog/import/catalog-import.js';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { scratchFiles } from '../../fixtures/catalog/scratch-files.js';
import { makeStore, NOW, type TestStore } from '../../fixtures/catalog/test-store.js';

// The cannabis content columns of the catalog import: cannabisWeight (grams) and thc (milligrams).
const file = scratchFiles('servicepay-cannabis-import-');

const HEADER = 'sku,type,name,weight,unitType,price,taxClass,quantityOnHand,deli,packageLabel,cannabisWeight,thc';
const TAG = '1A4060300003D12000000001';
const GOOD = `OK-1,FLOWER,Blue Dream,3.5,g,35.00,cannabis,10,,${TAG},3.5,735`;

describe('catalog import: cannabis weight, THC and package tags', () => {
  let store: TestStore;
  let db: DataLayer;
  let dispensary: Dispensary;
  const run = (path: string) => importCatalogFile(db, { dispensaryShortName: 'test-shop', file: path, now: NOW });
  const csv = (...rows: string[]) => run(file(`${HEADER}\n${rows.join('\n')}\n`));
  const bySku = async () => {
    const page = await new CatalogRepository(db).search(db, dispensary.id, dispensary.primaryLocationId, {
      limit: 200,
    });
    return Object.fromEntries(page.items.map((product) => [product.sku, product]));
  };
  /** The store enforces a state's rules (Store setup → State rules): what its sales refuse, the import warns of. */
  const enforce = (profile: string | null) =>
    db.write((tx) =>
      tx.run(
        db.builder.updateTable('dispensaries').set({ compliance_profile: profile }).where('id', '=', dispensary.id),
      ),
    );
  const failed = (outcome: ImportOutcome) => {
    if (outcome.ok) throw new Error('expected the import to fail');
    return outcome;
  };

  beforeEach(async () => {
    store = await makeStore();
    ({ db, dispensary } = store);
  });
  afterEach(() => store.close());

  it('stores the cannabis weight in milligrams and THC per unit, nothing for accessories', async () => {
    const outcome = await csv(
      GOOD,
      `PR-1,pre-rolls,Dogwalkers 5-Pack,1.75,g,25.00,cannabis,5,,${TAG}2,1.750,385`,
      `ED-1,EDIBLE,Gummies 10 x 10mg,100,mg,20.00,cannabis,5,,${TAG}3,0.112,100`,
      `DL-1,FLOWER,Zkittlez (by the gram),1,g,11.00,cannabis,112.25,true,${TAG}4,,230`,
      `CL-1,Clones,Blue Dream clone,1,each,15.00,cannabis,12,,${TAG}5,,`,
      'AC-1,ACCESSORY,Lighter,1,each,2.50,non-cannabis,100,,,0,',
    );
    expect(outcome).toMatchObject({ ok: true, created: 6, warningCount: 0, warnings: [] });
    const products = await bySku();
    const measures = (sku: string) => {
      const { type, cannabisWeightMg, thcMg } = products[sku]!;
      return { type, cannabisWeightMg, thcMg };
    };
    expect(measures('OK-1')).toEqual({ type: 'FLOWER', cannabisWeightMg: 3_500, thcMg: 735 });
    expect(measures('PR-1')).toEqual({ type: 'PREROLL', cannabisWeightMg: 1_750, thcMg: 385 });
    expect(measures('ED-1')).toEqual({ type: 'EDIBLE', cannabisWeightMg: 112, thcMg: 100 });
    expect(measures('DL-1')).toEqual({ type: 'FLOWER', cannabisWeightMg: null, thcMg: 230 });
    expect(measures('CL-1')).toEqual({ type: 'IMMATURE_PLANT', cannabisWeightMg: null, thcMg: null });
    expect(measures('AC-1')).toEqual({ type: 'ACCESSORY', cannabisWeightMg: null, thcMg: null });
  });

  it('reads JSON numbers and text alike', async () => {
    const product = { type: 'VAPE', weight: 1, unitType: 'g', price: 40, taxClass: 'cannabis', quantityOnHand: 3 };
    const json = JSON.stringify([
      { ...product, sku: 'V-1', name: 'Cart', packageLabel: TAG, cannabisWeight: 0.5, thc: 425 },
      { ...product, sku: 'V-2', name: 'Pod', packageLabel: `${TAG}2`, cannabisWeight: '1.000', thc: '850' },
    ]);
    expect(await run(file(json, 'json'))).toMatchObject({ ok: true, created: 2, warningCount: 0 });
    const products = await bySku();
    expect(products['V-1']).toMatchObject({ cannabisWeightMg: 500, thcMg: 425 });
    expect(products['V-2']).toMatchObject({ cannabisWeightMg: 1_000, thcMg: 850 });
  });

  // Each bad row is line 3 of its file, after a good row on line 2.
  it.each([
    [
      'a weight with 4 decimals',
      'B,FLOWER,X,1,g,1.00,cannabis,1,,T,3.5001,',
      'cannabisWeight',
      'must have at most 3 decimals (grams, such as 3.5)',
    ],
    [
      'a negative weight',
      'B,FLOWER,X,1,g,1.00,cannabis,1,,T,-1,',
      'cannabisWeight',
      'must be at least 0 (grams, such as 3.5)',
    ],
    [
      'a weight in words',
      'B,FLOWER,X,1,g,1.00,cannabis,1,,T,3.5g,',
      'cannabisWeight',
      'must be a number such as 12 or 3.5 (grams, such as 3.5)',
    ],
    [
      'a weight over a kilogram',
      'B,FLOWER,X,1,g,1.00,cannabis,1,,T,1000.001,',
      'cannabisWeight',
      'must be at most 1000 (grams, such as 3.5)',
    ],
    [
      'a weight of 0 for a cannabis product',
      'B,FLOWER,X,1,g,1.00,cannabis,1,,T,0,',
      'cannabisWeight',
      'must be more than 0 for a cannabis product (leave it empty if not known yet)',
    ],
    [
      'a weight for a deli item',
      'B,FLOWER,X,1,g,1.00,cannabis,1,true,T,1,',
      'cannabisWeight',
      'must be empty for a deli item: the weight sold is its cannabis weight',
    ],
    [
      'a weight for an accessory',
      'B,ACCESSORY,X,1,each,1.00,non-cannabis,1,,,0.5,',
      'cannabisWeight',
      'must be empty for an accessory: accessories hold no cannabis',
    ],
    [
      'THC for an accessory',
      'B,ACCESSORY,X,1,each,1.00,non-cannabis,1,,,,10',
      'thc',
      'must be empty for an accessory: accessories hold no cannabis',
    ],
    [
      'THC with decimals',
      'B,EDIBLE,X,1,g,1.00,cannabis,1,,T,0.112,2.5',
      'thc',
      'must be a whole number (milligrams of THC, such as 100)',
    ],
    [
      'THC over the cannabis weight (grams for milligrams)',
      'B,CONCENTRATE,X,1,g,1.00,cannabis,1,,T,1,1200',
      'thc',
      'is more than the cannabis weight (1000 mg); THC is in milligrams, the cannabis weight in grams',
    ],
    [
      'THC over a gram for a deli item',
      'B,FLOWER,X,1,g,1.00,cannabis,1,true,T,,1001',
      'thc',
      'is more than one gram (1000 mg): a deli item\u2019s THC is per gram; THC is in milligrams, the cannabis weight in grams',
    ],
  ])('refuses %s with its line and the rule, and imports nothing', async (_case, row, field, message) => {
    const outcome = failed(await csv(GOOD, row));
    expect(outcome.errors).toEqual([{ line: 3, field, message }]);
    expect(await bySku()).toEqual({});
  });

  // A store enforcing no state's rules sells these (ticket-compliance.ts), so the import warns of
  // nothing; one enforcing California's is told what its sales will refuse, by California's measures.
  const MISSING = [
    'NT-1,FLOWER,No tag,3.5,g,30.00,cannabis,5,,,3.5,700',
    `NW-1,EDIBLE,No weight,100,mg,20.00,cannabis,5,,${TAG}3,,100`,
    'NB-1,VAPE,Neither,1,g,40.00,cannabis,5,,,,',
  ];

  it('imports a cannabis product without its tag or measures, and warns of nothing where no state rules are enforced', async () => {
    expect(await csv(GOOD, ...MISSING)).toMatchObject({ ok: true, created: 4, warningCount: 0, warnings: [] });
  });

  it('warns by the measures of the state the store enforces: Colorado counts edibles by THC', async () => {
    await enforce('us-co');
    const outcome = await csv(
      GOOD,
      `NH-1,EDIBLE,No THC,100,mg,20.00,cannabis,5,,${TAG}3,10,`,
      `NW-1,EDIBLE,No weight,100,mg,20.00,cannabis,5,,${TAG}4,,100`,
      `NV-1,VAPE,No weight,1,g,40.00,cannabis,5,,${TAG}5,,800`,
    );
    expect(outcome).toMatchObject({ ok: true, created: 4, warningCount: 2 });
    const counts = (kind: string, measure: string) =>
      `is empty: Colorado counts ${kind} toward the purchase limits by ${measure}, so a sale needs it`;
    expect(outcome.warnings).toEqual([
      { line: 3, field: 'thc', message: counts('edibles', 'THC') },
      { line: 5, field: 'cannabisWeight', message: counts('vapes', 'cannabis weight') },
    ]);
  });

  it('imports a cannabis product without its tag or weight, and warns on its line about each', async () => {
    await enforce('us-ca');
    const outcome = await csv(
      GOOD,
      'NT-1,FLOWER,No tag,3.5,g,30.00,cannabis,5,,,3.5,700',
      `NW-1,EDIBLE,No weight,100,mg,20.00,cannabis,5,,${TAG}3,,100`,
      'NB-1,VAPE,Neither,1,g,40.00,cannabis,5,,,,',
      `DL-1,FLOWER,Deli,1,g,10.00,cannabis,50,true,${TAG}4,,`,
      `CL-1,IMMATURE_PLANT,Clone,1,each,15.00,cannabis,12,,${TAG}5,,`,
      'AC-1,ACCESSORY,Papers,1,each,3.00,non-cannabis,100,,,,',
    );
    expect(outcome).toMatchObject({ ok: true, created: 7, warningCount: 4 });
    const tag = 'is empty: a cannabis product is sold only with its package tag (the state\u2019s seed-to-sale label)';
    const weight = (kind: string) =>
      `is empty: California counts ${kind} toward the purchase limits by cannabis weight, so a sale needs it`;
    expect(outcome.warnings).toEqual([
      { line: 3, field: 'packageLabel', message: tag },
      { line: 4, field: 'cannabisWeight', message: weight('edibles') },
      { line: 5, field: 'packageLabel', message: tag },
      { line: 5, field: 'cannabisWeight', message: weight('vapes') },
    ]);
  });

  it('keeps the stored weight and THC when a later file leaves them out, and warns only when none is stored', async () => {
    await enforce('us-ca');
    await csv(GOOD);
    const prices = `sku,type,name,weight,unitType,price,taxClass,quantityOnHand,packageLabel\n`;
    const again = await run(file(`${prices}OK-1,FLOWER,Blue Dream,3.5,g,32.00,cannabis,10,${TAG}\n`));
    expect(again).toMatchObject({ ok: true, updated: 1, warningCount: 0 });
    expect((await bySku())['OK-1']).toMatchObject({ priceCents: 3200, cannabisWeightMg: 3_500, thcMg: 735 });
    const changed = await csv(`OK-1,FLOWER,Blue Dream,7,g,60.00,cannabis,10,,${TAG},7,1470`);
    expect(changed).toMatchObject({ ok: true, updated: 1 });
    expect((await bySku())['OK-1']).toMatchObject({ cannabisWeightMg: 7_000, thcMg: 1_470 });
    // Sold by the gram from now on: the per-unit weight no longer applies.
    await csv(`OK-1,FLOWER,Blue Dream,1,g,10.00,cannabis,100,true,${TAG},,210`);
    expect((await bySku())['OK-1']).toMatchObject({ deli: true, cannabisWeightMg: null, thcMg: 210 });
    const fresh = await run(file(`${prices}NEW-1,FLOWER,New,3.5,g,32.00,cannabis,10,${TAG}2\n`));
    expect(fresh).toMatchObject({ ok: true, warningCount: 1, warnings: [{ line: 2, field: 'cannabisWeight' }] });
  });
});
