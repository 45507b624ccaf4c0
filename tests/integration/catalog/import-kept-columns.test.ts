import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogRepository } from '../../../electron/server/catalog/catalog-repository.js';
import { importCatalogFile } from '../../../electron/server/catalog/import/catalog-import.js';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import type { Dispensary } from '../../../electron/server/dispensaries/dispensary.js';
import { scratchFiles } from '../../fixtures/catalog/scratch-files.js';
import { makeStore, NOW, type TestStore } from '../../fixtures/catalog/test-store.js';

// README "Catalog files": a column left out of the file keeps what each product has; only the columns
// in the file change the products (a price list erases no barcode, strain or promotion).
const file = scratchFiles('servicepay-kept-columns-');
const FULL =
  'sku,type,subtype,brand,name,size,weight,unitType,barcodes,price,taxClass,deli,quantityOnHand,packageLabel,' +
  'discountPercent,discountDescription,cannabisWeight,thc,tags';
const FULL_ROWS = [
  'FLW-001,FLOWER,Sativa,Humboldt Hills,Blue Dream,3.5g,3.5,g,0860012000012|10860012000019,35.00,cannabis,false,40,1A4FF0100000099000000001,,,3.5,735,staff-pick',
  'VAP-001,VAPE,Cartridge,Cloud Nine Labs,Pineapple Express Cartridge,1g,1,g,0860012000180,48.00,cannabis,false,25,1A4FF0100000099000000002,15,15% off: staff pick,1,850,',
  'DLI-001,FLOWER,Hybrid,House,House Flower,,1,g,,10.00,cannabis,true,453.592,1A4FF0100000099000000003,10,,,200,',
];
// The try-out's price list: no barcodes, subtype, deli, promotion, cannabis content or tags.
const PRICE_LIST = 'sku,type,name,brand,size,weight,unitType,price,taxClass,quantityOnHand,packageLabel';

describe('a catalog file that leaves columns out', () => {
  let store: TestStore;
  let db: DataLayer;
  let dispensary: Dispensary;
  let at = NOW.getTime();
  const run = (path: string) =>
    importCatalogFile(db, { dispensaryShortName: 'test-shop', file: path, now: new Date((at += 1000)) });
  const bySku = async () =>
    Object.fromEntries(
      (
        await new CatalogRepository(db).search(db, dispensary.id, dispensary.primaryLocationId, { limit: 50 })
      ).items.map((item) => [item.sku, item]),
    );
  /** What a price list must never erase. */
  const kept = (product: Awaited<ReturnType<typeof bySku>>[string] | undefined) => {
    const { subtype, brand, size, barcodes, deli, packageLabel, discountPpm, discountDescription } = product!;
    const { cannabisWeightMg, thcMg, tags } = product!;
    return {
      subtype,
      brand,
      size,
      barcodes,
      deli,
      packageLabel,
      discountPpm,
      discountDescription,
      cannabisWeightMg,
      thcMg,
      tags,
    };
  };

  beforeEach(async () => {
    store = await makeStore();
    ({ db, dispensary } = store);
    expect(await run(file(`${FULL}\n${FULL_ROWS.join('\n')}\n`))).toMatchObject({ ok: true, created: 3 });
  });
  afterEach(() => store.close());

  it('keeps barcodes, subtype, deli, promotion, cannabis content and tags a CSV price list has no column for', async () => {
    const before = await bySku();
    const csv =
      `${PRICE_LIST}\n` +
      'FLW-001,FLOWER,Blue Dream,Humboldt Hills,3.5g,3.5,g,36.00,cannabis,100,\n' +
      'VAP-001,VAPE,Pineapple Express Cartridge,Cloud Nine Labs,1g,1,g,41.00,cannabis,26,\n' +
      // A deli item's weighed stock, its file saying nothing of deli: still weighed, by the gram.
      'DLI-001,FLOWER,House Flower,House,,1,g,9.50,cannabis,400.25,\n';
    const outcome = await run(file(csv));
    expect(outcome).toMatchObject({ ok: true, created: 0, updated: 3 });
    expect(outcome.ok && outcome.kept).toEqual([
      'subtype',
      'barcodes',
      'deli',
      'discountPercent',
      'discountDescription',
      'cannabisWeight',
      'thc',
      'tags',
    ]);
    const after = await bySku();
    for (const sku of ['FLW-001', 'VAP-001', 'DLI-001']) expect(kept(after[sku]), sku).toEqual(kept(before[sku]));
    expect(after['FLW-001']).toMatchObject({
      barcodes: '0860012000012,10860012000019',
      subtype: 'Sativa',
      priceCents: 3600,
      onHandMilli: 100_000,
    });
    expect(after['VAP-001']).toMatchObject({
      barcodes: '0860012000180',
      discountPpm: 150_000,
      discountDescription: '15% off: staff pick',
      priceCents: 4100,
    });
    expect(after['DLI-001']).toMatchObject({ deli: true, onHandMilli: 400_250, priceCents: 950 });
    // A barcode scan still finds Blue Dream.
    const scanned = await new CatalogRepository(db).search(db, dispensary.id, dispensary.primaryLocationId, {
      search: '10860012000019',
      limit: 5,
    });
    expect(scanned.items.map((item) => item.sku)).toEqual(['FLW-001']);
  });

  it('keeps the fields a JSON product leaves out, and changes those it gives (empty or null ones too)', async () => {
    const json = JSON.stringify([
      {
        sku: 'FLW-001',
        type: 'FLOWER',
        name: 'Blue Dream',
        weight: 3.5,
        unitType: 'g',
        price: 36,
        taxClass: 'cannabis',
        quantityOnHand: 40,
        barcodes: '',
        subtype: null,
      },
      {
        sku: 'VAP-001',
        type: 'VAPE',
        name: 'Pineapple Express Cartridge',
        weight: 1,
        unitType: 'g',
        price: 41,
        taxClass: 'cannabis',
        quantityOnHand: 25,
      },
    ]);
    const before = await bySku();
    const outcome = await run(file(json, 'json'));
    expect(outcome).toMatchObject({ ok: true, created: 0, updated: 2 });
    // Fields some product left out: VAP-001 left out barcodes and subtype, FLW-001 gave them.
    expect(outcome.ok && outcome.kept).toEqual([
      'subtype',
      'brand',
      'size',
      'barcodes',
      'deli',
      'packageLabel',
      'discountPercent',
      'discountDescription',
      'cannabisWeight',
      'thc',
      'tags',
    ]);
    const after = await bySku();
    expect(kept(after['VAP-001'])).toEqual(kept(before['VAP-001']));
    expect(after['FLW-001']).toMatchObject({
      barcodes: '',
      subtype: '',
      brand: 'Humboldt Hills',
      size: '3.5g',
      tags: ['staff-pick'],
      packageLabel: '1A4FF0100000099000000001',
      cannabisWeightMg: 3500,
      thcMg: 735,
      priceCents: 3600,
    });
  });

  it('empties a column given with empty cells, as its rule says, and keeps the others', async () => {
    const csv =
      'sku,type,name,weight,unitType,price,taxClass,quantityOnHand,subtype,barcodes,discountPercent\n' +
      'FLW-001,FLOWER,Blue Dream,3.5,g,35.00,cannabis,40,,,\n' +
      'VAP-001,VAPE,Pineapple Express Cartridge,1,g,48.00,cannabis,25,Disposable,,\n';
    const outcome = await run(file(csv));
    expect(outcome).toMatchObject({ ok: true, updated: 2 });
    expect(outcome.ok && outcome.kept).not.toContain('barcodes');
    const after = await bySku();
    expect(after['FLW-001']).toMatchObject({ subtype: '', barcodes: '', brand: 'Humboldt Hills', size: '3.5g' });
    // The promotion's percent is emptied; its words, a column left out, stay.
    expect(after['VAP-001']).toMatchObject({
      subtype: 'Disposable',
      barcodes: '',
      discountPpm: 0,
      discountDescription: '15% off: staff pick',
      brand: 'Cloud Nine Labs',
    });
  });

  it('gives a new percent its own words when the words were the import’s ("10% off"), not a person’s', async () => {
    const csv =
      'sku,type,name,weight,unitType,price,taxClass,quantityOnHand,discountPercent\n' +
      'DLI-001,FLOWER,House Flower,1,g,10.00,cannabis,453.592,20\n' +
      'VAP-001,VAPE,Pineapple Express Cartridge,1,g,48.00,cannabis,25,20\n';
    expect(await run(file(csv))).toMatchObject({ ok: true, updated: 2 });
    const after = await bySku();
    expect(after['DLI-001']).toMatchObject({ discountPpm: 200_000, discountDescription: '20% off', deli: true });
    expect(after['VAP-001']).toMatchObject({ discountPpm: 200_000, discountDescription: '15% off: staff pick' });
  });

  it('gives a new product the defaults of what the file leaves out, and says nothing was kept', async () => {
    const csv = `${PRICE_LIST}\nNEW-1,TOPICAL,Balm,House,50 ml,50,ml,30.00,cannabis,3,\n`;
    const outcome = await run(file(csv));
    expect(outcome).toMatchObject({ ok: true, created: 1, updated: 0, kept: [] });
    expect((await bySku())['NEW-1']).toMatchObject({
      subtype: '',
      barcodes: '',
      deli: false,
      discountPpm: 0,
      discountDescription: '',
      tags: [],
    });
  });
});
