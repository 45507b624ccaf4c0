import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogRepository } from '../../../electron/server/catalog/catalog-repository.js';
import { importCatalogFile, type ImportOutcome } from '../../../electron/server/catalog/import/catalog-import.js';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import type { Dispensary } from '../../../electron/server/dispensaries/dispensary.js';
import { scratchFiles } from '../../fixtures/catalog/scratch-files.js';
import { makeStore, NOW, type TestStore } from '../../fixtures/catalog/test-store.js';

// A catalog file's `tags` (README "Catalog files"): separated by | or commas (a JSON array too), by
// the products' rules; a file without them keeps each product's tags.
const file = scratchFiles('servicepay-tags-import-');
const HEADER = 'sku,type,name,weight,unitType,price,taxClass,quantityOnHand,packageLabel,tags';

describe('tags in a catalog file', () => {
  let store: TestStore;
  let db: DataLayer;
  let dispensary: Dispensary;
  const run = (path: string, at = NOW) =>
    importCatalogFile(db, { dispensaryShortName: 'test-shop', file: path, now: at });
  const tagsOf = async () =>
    Object.fromEntries(
      (
        await new CatalogRepository(db).search(db, dispensary.id, dispensary.primaryLocationId, { limit: 50 })
      ).items.map((item) => [item.sku, item.tags]),
    );

  beforeEach(async () => {
    store = await makeStore();
    ({ db, dispensary } = store);
  });
  afterEach(() => store.close());

  it('takes them separated by | or commas, trimmed and each once; a later file without them keeps them', async () => {
    const csv = `${HEADER}\nT-1,FLOWER,Blue Dream,3.5,g,35.00,cannabis,10,TAG-1,"staff-pick| Clearance ,STAFF-PICK"\nT-2,FLOWER,OG Kush,3.5,g,30.00,cannabis,5,TAG-2,\n`;
    expect(await run(file(csv))).toMatchObject({ ok: true, created: 2 });
    expect(await tagsOf()).toEqual({ 'T-1': ['staff-pick', 'Clearance'], 'T-2': [] });
    const json = JSON.stringify([
      {
        sku: 'T-2',
        type: 'FLOWER',
        name: 'OG Kush',
        weight: 3.5,
        unitType: 'g',
        price: 30,
        taxClass: 'cannabis',
        quantityOnHand: 5,
        tags: ['new in'],
      },
    ]);
    expect(await run(file(json, 'json'), new Date(NOW.getTime() + 1000))).toMatchObject({ ok: true, updated: 1 });
    const priceList =
      'sku,type,name,weight,unitType,price,taxClass,quantityOnHand\nT-1,FLOWER,Blue Dream,3.5,g,36.00,cannabis,10\n';
    expect(await run(file(priceList), new Date(NOW.getTime() + 2000))).toMatchObject({ ok: true, updated: 1 });
    expect(await tagsOf()).toEqual({ 'T-1': ['staff-pick', 'Clearance'], 'T-2': ['new in'] });
  });

  it('refuses a tag too long on its line, and imports nothing', async () => {
    const csv = `${HEADER}\nT-1,FLOWER,Blue Dream,3.5,g,35.00,cannabis,10,TAG-1,sale|${'x'.repeat(41)}\n`;
    const outcome = (await run(file(csv))) as Extract<ImportOutcome, { ok: false }>;
    expect(outcome.ok).toBe(false);
    expect(outcome.errors).toEqual([
      expect.objectContaining({
        line: 2,
        field: 'tags',
        message: `must be at most 40 characters: "${'x'.repeat(41)}"`,
      }),
    ]);
    expect(await tagsOf()).toEqual({});
  });
});
