import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TagHolders } from '../../../electron/server/catalog/import/tag-holders.js';
import { DEMO } from '../../../electron/server/demo/load-demo.js';
import type { ProductView } from '../../../shared/contracts/products.js';
import type { ImportReport } from '../../../shared/contracts/setup-people.js';
import { addStore, ok, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';

// A state tag is one package's in the whole organization (README "Catalog files"): the import
// refuses a tag another package has, as receiving does, and a tag given twice in one file, each on
// its line in words naming the other product; nothing is imported. Re-importing a product with the
// tag its own package has is no duplicate.
let h: SetupHarness;
const HEADER = 'sku,type,name,weight,unitType,price,taxClass,quantityOnHand,packageLabel';
/** The demo's Blue Dream (FLW-001) has this tag. */
const BLUE_DREAM_TAG = '1A4060300003D12000000001';
const PURPLE_PUNCH_TAG = '1A4060300003D12000000002';
const ONE = 'a state tag belongs to one package only';

beforeAll(async () => {
  h = await setupHarness();
  await addStore(h.app, 'mesa');
  ok(await h.call(h.tokens.manager, 'POST', '/tax-classes', { code: 'cannabis', name: 'Cannabis', rates: [] }));
});
afterAll(() => h.close());

const importCsv = async (rows: string[], store = 'demo') =>
  ok<ImportReport>(
    await h.call(
      h.tokens.manager,
      'POST',
      '/catalog/import',
      { fileName: 'tags.csv', text: `${HEADER}\n${rows.join('\n')}\n` },
      store,
    ),
  );
const product = async (sku: string) => {
  const answer = await h.call(h.tokens.manager, 'GET', `/products/${sku}`, undefined, 'demo');
  return answer.statusCode === 404 ? undefined : ok<{ product: ProductView }>(answer).product;
};

describe('a catalog import of a state tag another package has', () => {
  it('refuses it on its line, naming the product whose package it is, in any case, and imports nothing', async () => {
    const report = await importCsv([
      'TAG-NEW-1,FLOWER,New Jar,3.5,g,30.00,cannabis,5,1A4060300003E00000000001',
      `TAG-NEW-2,FLOWER,Copied Jar,3.5,g,30.00,cannabis,5,${BLUE_DREAM_TAG}`,
      `TAG-NEW-3,FLOWER,Lower Jar,3.5,g,30.00,cannabis,5,${PURPLE_PUNCH_TAG.toLowerCase()}`,
    ]);
    expect(report).toMatchObject({ imported: false, created: 0, errorCount: 2 });
    expect(report.errors).toEqual([
      {
        line: 3,
        field: 'packageLabel',
        message: `${BLUE_DREAM_TAG} is already the tag of a package of Blue Dream (FLW-001); ${ONE}`,
      },
      {
        line: 4,
        field: 'packageLabel',
        message: `${PURPLE_PUNCH_TAG.toLowerCase()} is already the tag of a package of Purple Punch (FLW-002); ${ONE}`,
      },
    ]);
    expect(await product('TAG-NEW-1')).toBeUndefined();
  });

  it('names the other store of the organization whose package has it', async () => {
    const report = await importCsv([`MESA-1,FLOWER,Mesa Jar,3.5,g,30.00,cannabis,5,${BLUE_DREAM_TAG}`], 'mesa');
    expect(report.errors).toEqual([
      {
        line: 2,
        field: 'packageLabel',
        message: `${BLUE_DREAM_TAG} is already the tag of a package of Blue Dream (FLW-001) at Green Valley Dispensary; ${ONE}`,
      },
    ]);
  });

  it('refuses a tag received from a delivery, given to another product', async () => {
    const tag = '1A4FF0100000088000000001';
    ok(
      await h.call(
        h.tokens.manager,
        'POST',
        '/inventory/receipts',
        {
          manifest: {
            manifestNumber: '0008880001',
            shipperLicense: 'C11-0000123-LIC',
            packages: [
              { label: tag, itemName: 'Received Flower 3.5g', quantity: 10, unit: 'Each', wholesalePrice: 100 },
            ],
          },
          room: 'Vault',
          packages: [{ label: tag, create: { sku: 'TAG-RCV', priceCents: 3000, taxClass: 'cannabis' } }],
        },
        'demo',
      ),
    );
    const report = await importCsv([`TAG-NEW-4,FLOWER,Other Jar,3.5,g,30.00,cannabis,5,${tag}`]);
    expect(report.errors.map((error) => error.message)).toEqual([
      `${tag} is already the tag of a package of Received Flower 3.5g (TAG-RCV); ${ONE}`,
    ]);
    // The received product itself, with its own tag: imported, its tag and stock kept (a note says so).
    const again = await importCsv([`TAG-RCV,FLOWER,Received Flower 3.5g,3.5,g,31.00,cannabis,5,${tag}`]);
    expect(again).toMatchObject({ imported: true, updated: 1, errorCount: 0, noteCount: 1 });
  });
});

describe('a catalog import of the same state tag twice', () => {
  it('refuses the later line, naming the first and its product, and imports nothing', async () => {
    const tag = '1A4060300003E00000000010';
    const report = await importCsv([
      `TAG-TWICE-1,FLOWER,First Jar,3.5,g,30.00,cannabis,5,${tag}`,
      'TAG-TWICE-2,FLOWER,Second Jar,3.5,g,30.00,cannabis,5,1A4060300003E00000000011',
      `TAG-TWICE-3,FLOWER,Third Jar,3.5,g,30.00,cannabis,5,${tag.toLowerCase()}`,
    ]);
    expect(report).toMatchObject({ imported: false, errorCount: 1 });
    expect(report.errors).toEqual([
      {
        line: 4,
        field: 'packageLabel',
        message: `${tag.toLowerCase()} is also the tag of line 2 (First Jar (TAG-TWICE-1)); ${ONE}`,
      },
    ]);
    expect(await product('TAG-TWICE-1')).toBeUndefined();
  });
});

describe('a catalog import again', () => {
  it('takes a product with the tag its own package has, and tags that the file moves between its products', async () => {
    const first = '1A4060300003E00000000021';
    const second = '1A4060300003E00000000022';
    expect(
      await importCsv([
        `TAG-SWAP-1,FLOWER,Swap One,3.5,g,30.00,cannabis,5,${first}`,
        `TAG-SWAP-2,FLOWER,Swap Two,3.5,g,30.00,cannabis,5,${second}`,
      ]),
    ).toMatchObject({ imported: true, created: 2 });
    const again = await importCsv([
      `FLW-001,FLOWER,Blue Dream,3.5,g,35.00,cannabis,40,${BLUE_DREAM_TAG}`,
      `TAG-SWAP-1,FLOWER,Swap One,3.5,g,30.00,cannabis,5,${second}`,
      `TAG-SWAP-2,FLOWER,Swap Two,3.5,g,30.00,cannabis,5,${first}`,
    ]);
    expect(again).toMatchObject({ imported: true, updated: 3, errorCount: 0, errors: [] });
    expect((await product('TAG-SWAP-1'))!.packageLabel).toBe(second);
    expect((await product('TAG-SWAP-2'))!.packageLabel).toBe(first);
    expect((await product('FLW-001'))!.packageLabel).toBe(BLUE_DREAM_TAG);
  });

  it('refuses the write when a package took a tag of the file after the rows were checked', async () => {
    const { db } = h.app.ctx;
    const tag = '1A4060300003E00000000031';
    const tags = new TagHolders(db, DEMO.organizationId);
    const checked = await tags.of(db, [tag]);
    expect(checked).toEqual([]);
    // Another writer gives Blue Dream's package the tag between the check and the import's write.
    await db.write((tx) =>
      tx.run(db.builder.updateTable('packages').set({ label: tag }).where('label', '=', BLUE_DREAM_TAG)),
    );
    try {
      await expect(db.write((tx) => tags.stillAsChecked(tx, [tag], checked))).rejects.toMatchObject({
        code: 'CONFLICT',
        message: `package tag ${tag} was given to a package of Blue Dream while importing; nothing was imported: check the file and try again`,
      });
    } finally {
      await db.write((tx) =>
        tx.run(db.builder.updateTable('packages').set({ label: BLUE_DREAM_TAG }).where('label', '=', tag)),
      );
    }
  });
});
