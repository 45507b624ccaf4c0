import { join } from 'node:path';
import type { ExpressionBuilder } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogRepository } from '../../../electron/server/catalog/catalog-repository.js';
import type { Dispensary } from '../../../electron/server/dispensaries/dispensary.js';
import { importCatalogFile, type ImportOutcome } from '../../../electron/server/catalog/import/catalog-import.js';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import type { Database } from '../../../electron/server/db/schema.js';
import { scratchFiles } from '../../fixtures/catalog/scratch-files.js';
import { makeStore, NOW, type TestStore } from '../../fixtures/catalog/test-store.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/catalog');
const file = scratchFiles('servicepay-import-test-');

const HEADER = 'sku,type,name,weight,unitType,price,taxClass,quantityOnHand,deli,unitId,barcodes,discountPercent';
const GOOD = 'OK-1,FLOWER,Blue Dream,3.5,g,35.00,cannabis,10,false,,0860012000012,';

describe('catalog import', () => {
  let store: TestStore;
  let db: DataLayer;
  let dispensary: Dispensary;
  const run = (path: string, extra: Partial<Parameters<typeof importCatalogFile>[1]> = {}) =>
    importCatalogFile(db, { dispensaryShortName: 'test-shop', file: path, now: NOW, ...extra });
  const products = async () =>
    Number((await db.first(db.builder.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n'))))!.n);
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

  // Each bad row is line 3 of its file, after a good row on line 2.
  it.each([
    ['a missing sku', ',FLOWER,X,1,g,1.00,cannabis,1,,,,', 'sku', 'is required'],
    ['an unknown type', 'B,PLANT,X,1,g,1.00,cannabis,1,,,,', 'type', 'must be one of'],
    ['a negative price', 'B,FLOWER,X,1,g,-1.00,cannabis,1,,,,', 'price', 'at least 0'],
    ['a price with 3 decimals', 'B,FLOWER,X,1,g,12.345,cannabis,1,,,,', 'price', 'at most 2 decimals'],
    ['a price that is not a number', 'B,FLOWER,X,1,g,twelve,cannabis,1,,,,', 'price', 'amount in dollars'],
    ['a negative quantity', 'B,FLOWER,X,1,g,1.00,cannabis,-5,,,,', 'quantityOnHand', 'at least 0'],
    [
      'a fractional quantity of a counted item',
      'B,FLOWER,X,1,g,1.00,cannabis,2.5,,,,',
      'quantityOnHand',
      'whole number',
    ],
    [
      'a deli quantity with 4 decimals',
      'B,FLOWER,X,1,g,1.00,cannabis,1.2345,true,,,',
      'quantityOnHand',
      'at most 3 decimals',
    ],
    ['an unknown tax class', 'B,FLOWER,X,1,g,1.00,luxury,1,,,,', 'taxClass', 'known: cannabis, non-cannabis'],
    ['an unknown unit type', 'B,FLOWER,X,1,lbs,1.00,cannabis,1,,,,', 'unitType', 'must be one of'],
    ['a deli item not sold by the gram', 'B,FLOWER,X,1,each,1.00,cannabis,1,true,,,', 'unitType', 'deli'],
    ['a deli flag that is not a boolean', 'B,FLOWER,X,1,g,1.00,cannabis,1,maybe,,,', 'deli', 'true or false'],
    ['a unitId that is not a UUID', 'B,FLOWER,X,1,g,1.00,cannabis,1,,12345,,', 'unitId', 'UUID'],
    ['a barcode with a space', 'B,FLOWER,X,1,g,1.00,cannabis,1,,,12 34,', 'barcodes', 'printable'],
    ['a discount over 100 %', 'B,FLOWER,X,1,g,1.00,cannabis,1,,,,150', 'discountPercent', 'at most 100'],
    ['a weight that is not a number', 'B,FLOWER,X,heavy,g,1.00,cannabis,1,,,,', 'weight', 'must be a number'],
    ['a name of 201 characters', `B,FLOWER,${'n'.repeat(201)},1,g,1.00,cannabis,1,,,,`, 'name', 'at most 200'],
    ['too few fields', 'B,FLOWER,X', 'row', 'has 3 fields; the header has 12'],
    ['the sku of line 2 again', 'OK-1,FLOWER,X,1,g,1.00,cannabis,1,,,,', 'sku', 'repeats sku OK-1 of line 2'],
  ])('reports %s with its line and field, and imports nothing', async (_case, row, field, message) => {
    const outcome = failed(await run(file(`${HEADER}\n${GOOD}\n${row}\n`)));
    expect(outcome.errors).toHaveLength(1);
    expect(outcome.errors[0]).toMatchObject({ line: 3, field });
    expect(outcome.errors[0]!.message).toContain(message);
    expect(outcome.errorCount).toBe(1);
    expect(await products()).toBe(0);
  });

  it('reports every error of every row, on the lines of the file (blank lines and quoted newlines counted)', async () => {
    const content = `${HEADER}\n\n"A\n",FLOWER,"two\nlines",1,g,1.00,cannabis,1,,,,\nB,PLANT,X,1,g,-1,nope,1,,,,\n`;
    const outcome = failed(await run(file(content)));
    // Line 2 is blank; the quoted record spans lines 3-5 and is reported where it starts.
    const problems = outcome.errors.map((error) => `${error.line}:${error.field}`);
    expect(problems).toEqual(['3:name', '6:type', '6:price', '6:taxClass']);
    expect(outcome.errors[0]!.message).toBe('must not contain control characters');
    expect(outcome.rows).toBe(2);
  });

  it('reads a byte order mark and Windows line endings', async () => {
    const content = `\ufeff${HEADER}\r\n${GOOD}\r\n\r\nB,FLOWER,X,1,g,1.001,cannabis,1,,,,\r\n`;
    const outcome = failed(await run(file(content)));
    expect(outcome.errors).toEqual([{ line: 4, field: 'price', message: 'must have at most 2 decimals' }]);
  });

  it('keeps the first 50 errors and counts them all', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => `S${i},FLOWER,X,1,g,1.001,cannabis,1,,,,`);
    const outcome = failed(await run(file(`${HEADER}\n${rows.join('\n')}\n`)));
    expect(outcome.errors).toHaveLength(50);
    expect(outcome.errorCount).toBe(60);
    expect(outcome.errors[49]!.line).toBe(51);
  });

  it('checks the header: unknown and missing required columns are line 1', async () => {
    const outcome = failed(await run(file('sku,type,name,colour\nA,FLOWER,X,red\n')));
    const problems = outcome.errors.map((error) => `${error.line}:${error.field}`);
    expect(problems).toEqual(['1:colour', '1:weight', '1:unitType', '1:price', '1:taxClass', '1:quantityOnHand']);
  });

  it('reports a broken quote and an empty file', async () => {
    const broken = failed(await run(file(`${HEADER}\n${GOOD}\n"OK-2,FLOWER,X,1,g,1.00,cannabis,1,,,,\n`)));
    expect(broken.errors[0]).toMatchObject({ field: 'file' });
    expect(broken.errors[0]!.message).toMatch(/quote/i);
    expect(failed(await run(file(''))).errors[0]).toMatchObject({ line: 1, field: 'file' });
    expect(failed(await run(file(`${HEADER}\n`))).errors[0]).toMatchObject({ line: 1, message: 'has no products' });
  });

  it('imports a CSV file, then updates the same products when it is imported again', async () => {
    const path = join(FIXTURES, 'valid-catalog.csv');
    const phases = new Set<string>();
    let lastWrite: [number, number] = [0, 0];
    const first = await run(path, {
      onProgress: (done, total, phase) => {
        phases.add(phase);
        if (phase === 'writing') lastWrite = [done, total];
      },
    });
    expect(first).toMatchObject({ ok: true, rows: 5, created: 5, updated: 0 });
    expect(phases).toEqual(new Set(['reading', 'writing']));
    expect(lastWrite).toEqual([5, 5]);
    const before = await all();
    expect(before.map((product) => product.sku)).toEqual(['IMP-001', 'IMP-003', 'IMP-002', 'IMP-005', 'IMP-004']);
    expect(before.find((product) => product.sku === 'IMP-002')).toMatchObject({
      type: 'PREROLL',
      name: 'Northern Lights Pre-Roll, 1g',
      priceCents: 1200,
      onHandMilli: 55_000,
      deli: false,
    });
    expect(before.find((product) => product.sku === 'IMP-003')).toMatchObject({
      deli: true,
      priceCents: 1050,
      onHandMilli: 453_592,
    });
    expect(before.find((product) => product.sku === 'IMP-004')).toMatchObject({
      unitId: '3f0e8a3c-8f5e-4f59-9a57-1c9e0f1e2d3a',
      discountPpm: 100_000,
      discountDescription: '10% off edibles',
    });
    expect(before.find((product) => product.sku === 'IMP-005')).toMatchObject({
      productId: '5b8e3c1a-2f4d-4e6b-8a9c-0d1e2f3a4b5c',
      taxClass: 'non-cannabis',
      unitType: 'each',
      packageLabel: '',
    });
    expect(before[0]!.barcodes).toBe('0860012000012,10860012000019');

    const second = await run(path, { now: new Date(NOW.getTime() + 1000) });
    expect(second).toMatchObject({ ok: true, created: 0, updated: 5 });
    const after = await all();
    expect(await products()).toBe(5);
    expect(after.map(({ updatedAt: _u, ...rest }) => rest)).toEqual(before.map(({ updatedAt: _u, ...rest }) => rest));

    const changed = `${HEADER}\nIMP-001,FLOWER,Blue Dream (new crop),3.5,g,32.00,cannabis,7,,,,\nNEW-1,TOPICAL,Balm,50,ml,30,cannabis,3,,,,\n`;
    expect(await run(file(changed))).toMatchObject({ ok: true, created: 1, updated: 1 });
    const blueDream = (await all()).find((product) => product.sku === 'IMP-001')!;
    expect(blueDream).toMatchObject({
      productId: before[0]!.productId,
      name: 'Blue Dream (new crop)',
      priceCents: 3200,
      onHandMilli: 7000,
    });
    expect(blueDream.barcodes).toBe('');
    expect(await products()).toBe(6);
  });

  it('imports a JSON file with numbers or strings as prices and barcodes as an array or text', async () => {
    const outcome = await run(join(FIXTURES, 'valid-catalog.json'));
    expect(outcome).toMatchObject({ ok: true, created: 3 });
    const bySku = Object.fromEntries((await all()).map((product) => [product.sku, product]));
    expect(bySku['JSN-001']).toMatchObject({ priceCents: 4000, discountPpm: 150_000, barcodes: '0860012000180' });
    expect(bySku['JSN-002']).toMatchObject({ priceCents: 4500, brand: '', subtype: '', barcodes: '0860012000364' });
    expect(bySku['JSN-003']).toMatchObject({ priceCents: 1125, deli: true, onHandMilli: 112_250 });
  });

  it('reports JSON errors with the array index and the line the object starts on', async () => {
    const json = `[\n  {"sku":"J1","type":"FLOWER","name":"X","weight":1,"unitType":"g","price":1,"taxClass":"cannabis","quantityOnHand":1},
  {
    "sku": "J2", "type": "FLOWER", "name": "Y", "weight": 1, "unitType": "g",
    "price": 12.345, "taxClass": "cannabis", "quantity": 3
  },
  42
]`;
    const outcome = failed(await run(file(json, 'json')));
    expect(outcome.errors).toEqual([
      { line: 3, index: 1, field: 'quantity', message: 'is not a catalog field' },
      { line: 3, index: 1, field: 'quantityOnHand', message: 'is required' },
      { line: 3, index: 1, field: 'price', message: expect.stringContaining('at most 2 decimals') },
      { line: 7, index: 2, field: 'row', message: 'must be an object' },
    ]);
    expect(await products()).toBe(0);
  });

  it('reports JSON that does not parse or is not an array', async () => {
    expect(failed(await run(file('[\n{"sku": "A",}\n]', 'json'))).errors[0]).toEqual({
      line: 2,
      field: 'file',
      message: 'is not valid JSON at line 2, column 13: expected double-quoted property name',
    });
    // A refusal the parser gives no position for is placed too.
    expect(failed(await run(file('[\n  {"sku": "A", "deli": tru}\n]', 'json'))).errors[0]!.message).toBe(
      "is not valid JSON at line 2, column 27: unexpected token '}'",
    );
    expect(failed(await run(file('{"sku": "A"}', 'json'))).errors[0]!.message).toContain('array');
  });

  it('refuses a quantity below what open orders have reserved, and a productId of another product', async () => {
    await run(join(FIXTURES, 'valid-catalog.csv'));
    await db.write((tx) =>
      tx.run(
        db.builder
          .updateTable('packages')
          .set({ reserved_milli: 8000 })
          .where('product_id', '=', (eb) => eb.selectFrom('products').select('id').where('sku', '=', 'IMP-001')),
      ),
    );
    const otherId = (await all()).find((product) => product.sku === 'IMP-002')!.productId;
    const content = `sku,type,name,weight,unitType,price,taxClass,quantityOnHand,productId
IMP-001,FLOWER,Blue Dream,3.5,g,35.00,cannabis,5,
NEW-9,FLOWER,New,3.5,g,35.00,cannabis,5,${otherId}
`;
    const outcome = failed(await run(file(content)));
    expect(outcome.errors).toEqual([
      { line: 2, field: 'quantityOnHand', message: 'is less than the 8 reserved by open orders' },
      { line: 3, field: 'productId', message: 'is already the id of a product of sku IMP-002' },
    ]);
    expect((await all()).find((product) => product.sku === 'IMP-001')!.onHandMilli).toBe(40_000);
  });

  it('keeps what open orders hold of a package short of them (registers sold it offline) when it is counted', async () => {
    await run(join(FIXTURES, 'valid-catalog.csv'));
    const ofImp001 = (eb: ExpressionBuilder<Database, 'packages'>) =>
      eb.selectFrom('products').select('id').where('sku', '=', 'IMP-001');
    const stock = async () => {
      const row = await db.first(
        db.builder
          .selectFrom('packages')
          .select(['on_hand_milli as onHand', 'reserved_milli as reserved', 'short_milli as short'])
          .where('product_id', '=', ofImp001),
      );
      return { onHand: Number(row!.onHand), reserved: Number(row!.reserved), short: Number(row!.short) };
    };
    // Open orders hold 45 of the 40 on hand.
    await db.write((tx) =>
      tx.run(
        db.builder
          .updateTable('packages')
          .set({ reserved_milli: 40_000, short_milli: 5_000 })
          .where('product_id', '=', ofImp001),
      ),
    );
    const counted = (units: number) =>
      run(
        file(
          `sku,type,name,weight,unitType,price,taxClass,quantityOnHand\nIMP-001,FLOWER,Blue Dream,3.5,g,35.00,cannabis,${units}\n`,
        ),
      );
    // The units found go to the open orders first; past their claims, they are available.
    expect(await counted(43)).toMatchObject({ ok: true, updated: 1 });
    expect(await stock()).toEqual({ onHand: 43_000, reserved: 43_000, short: 2_000 });
    expect(await counted(50)).toMatchObject({ ok: true, updated: 1 });
    expect(await stock()).toEqual({ onHand: 50_000, reserved: 45_000, short: 0 });
  });

  it('refuses an unknown dispensary, a missing file and an unknown format', async () => {
    await expect(run(join(FIXTURES, 'valid-catalog.csv'), { dispensaryShortName: 'nope' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(run(join(FIXTURES, 'missing.csv'))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'file',
      message: `file ${join(FIXTURES, 'missing.csv')} does not exist`,
    });
    await expect(run(FIXTURES, { format: 'csv' })).rejects.toMatchObject({
      field: 'file',
      message: `file ${FIXTURES} is a folder`,
    });
    await expect(run(file('x', 'txt'))).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'format' });
    expect(await run(file(`${HEADER}\n${GOOD}\n`, 'txt'), { format: 'csv' })).toMatchObject({ ok: true, created: 1 });
  });
});
