import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TagHolders } from '../../../electron/server/catalog/import/tag-holders.js';
import type { ImportReport } from '../../../shared/contracts/setup-people.js';
import type { ProductView } from '../../../shared/contracts/products.js';
import { addStore, DEMO, ok, refused, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';
import { adjustmentOf } from '../inventory/support/adjustment-fixtures.js';

// A tag stored in mixed case (imported before tags were compared in any case, or synced so from a
// state system) is found in any spelling (migration 55, `packages.label_key`): the product form and
// the import refuse it to another package, and a package is named by it in any case.
let h: SetupHarness;
/** The demo's Blue Dream (FLW-001) has this tag; the tests store it as `MIXED`. */
const BLUE_DREAM_TAG = '1A4060300003D12000000001';
const MIXED = '1a4060300003D12000000001';
const SPELLINGS = [BLUE_DREAM_TAG, '1A4060300003d12000000001', ` ${BLUE_DREAM_TAG.toLowerCase()} `];

beforeAll(async () => {
  h = await setupHarness();
  await addStore(h.app, 'mesa');
  ok(await h.call(h.tokens.manager, 'POST', '/tax-classes', { code: 'cannabis', name: 'Cannabis', rates: [] }));
  // As an import before the rule wrote it: the package's own row, its label in mixed case.
  const { db } = h.app.ctx;
  await db.write((tx) =>
    tx.run(db.builder.updateTable('packages').set({ label: MIXED }).where('label', '=', BLUE_DREAM_TAG)),
  );
});
afterAll(() => h.close());

const asManager = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: unknown, store = 'demo') =>
  h.call(h.tokens.manager, method, path, payload, store);
const jar = (sku: string, packageLabel: string) => ({
  sku,
  name: `Jar ${sku}`,
  type: 'flower',
  priceCents: 3000,
  taxClass: 'cannabis',
  packageLabel,
});

describe('a state tag stored in mixed case', () => {
  it('is found by its holders in any spelling', async () => {
    const { db } = h.app.ctx;
    for (const spelling of SPELLINGS) {
      const holders = await new TagHolders(db, DEMO.organizationId).of(db, [spelling]);
      expect(holders).toEqual([expect.objectContaining({ label: MIXED, productName: 'Blue Dream', sku: 'FLW-001' })]);
    }
  });

  it('is refused to a new product of the product form, in any spelling, naming the product that has it', async () => {
    for (const spelling of SPELLINGS) {
      refused(
        await asManager('POST', '/products', jar('MIXED-1', spelling)),
        409,
        new RegExp(
          `^packageLabel ${spelling.trim()} is already on a package of Blue Dream \\(FLW-001\\); each package has its own state tag$`,
        ),
      );
    }
    expect((await asManager('GET', '/products/MIXED-1')).statusCode).toBe(404);
  });

  it('is refused on its line by an import of another store, naming the product and its store', async () => {
    const header = 'sku,type,name,weight,unitType,price,taxClass,quantityOnHand,packageLabel';
    const report = ok<ImportReport>(
      await asManager(
        'POST',
        '/catalog/import',
        { fileName: 'tags.csv', text: `${header}\nMESA-9,FLOWER,Mesa Jar,3.5,g,30.00,cannabis,5,${BLUE_DREAM_TAG}\n` },
        'mesa',
      ),
    );
    expect(report).toMatchObject({ imported: false, created: 0, errorCount: 1 });
    expect(report.errors).toEqual([
      {
        line: 2,
        field: 'packageLabel',
        message: `${BLUE_DREAM_TAG} is already the tag of a package of Blue Dream (FLW-001) at Green Valley Dispensary; a state tag belongs to one package only`,
      },
    ]);
  });

  it('names its package, in any spelling, to an adjustment', async () => {
    const made = adjustmentOf(
      await asManager('POST', '/inventory/adjustments', { package: BLUE_DREAM_TAG, delta: -1, reason: 'damage' }),
    );
    expect(made).toMatchObject({ packageLabel: MIXED, productName: 'Blue Dream' });
  });

  it('is kept by its own product, whose other fields stay editable', async () => {
    const blue = ok<{ product: ProductView }>(await asManager('GET', '/products/FLW-001')).product;
    const edited = ok<{ product: ProductView }>(
      await asManager('PATCH', `/products/${blue.productId}`, { packageLabel: BLUE_DREAM_TAG, priceCents: 4100 }),
    ).product;
    expect(edited).toMatchObject({ packageLabel: BLUE_DREAM_TAG, priceCents: 4100 });
  });
});
