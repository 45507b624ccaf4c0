// `servicepay catalog check` lists the state tags more than one package of the organization has,
// however each was spelled when stored: migration 55 keeps both packages of a tag stored in two
// cases, and this is where a manager finds them to give one its own tag.
import { describe, expect, it } from 'vitest';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { demoCli } from '../support/demo-cli.js';

const { servicepay, demo, database } = await demoCli();
/** The demo's Blue Dream (FLW-001) and Purple Punch (FLW-002) have these tags. */
const BLUE_DREAM_TAG = '1A4060300003D12000000001';
const PURPLE_PUNCH_TAG = '1A4060300003D12000000002';
const MIXED = '1a4060300003D12000000001';

describe('servicepay catalog check', { timeout: 60_000 }, () => {
  it('says no tag is shared, and exits 0, while none is', async () => {
    const checked = await servicepay('catalog', 'check', ...demo);
    expect(checked.status, checked.stderr).toBe(0);
    expect(checked.stdout).toBe('No two packages of the organization have the same state tag.\n');
  });

  it('lists a tag two packages have in two spellings, naming both products, and exits 1', async () => {
    // As an import before tags were compared in any case wrote it.
    const db = await openDataLayer({ ...database.config, poolSize: 1, listen: false });
    try {
      await db.write((tx) =>
        tx.run(db.builder.updateTable('packages').set({ label: MIXED }).where('label', '=', PURPLE_PUNCH_TAG)),
      );
    } finally {
      await db.close();
    }

    const checked = await servicepay('catalog', 'check', ...demo);
    expect(checked.status).toBe(1);
    expect(checked.stdout).toBe(
      'One state tag is on more than one package; give each package its own tag ' +
        '(the product form, or servicepay products edit <sku> --package-label <tag>):\n' +
        `${BLUE_DREAM_TAG}: Blue Dream (FLW-001) as ${BLUE_DREAM_TAG}; Purple Punch (FLW-002) as ${MIXED}\n`,
    );

    const json = await servicepay('--json', 'catalog', 'check', ...demo);
    expect(json.status).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      resultCode: 'FAIL',
      sharedTags: [
        {
          tag: BLUE_DREAM_TAG,
          packages: [
            { label: BLUE_DREAM_TAG, productName: 'Blue Dream', sku: 'FLW-001', store: 'Green Valley Dispensary' },
            { label: MIXED, productName: 'Purple Punch', sku: 'FLW-002', store: 'Green Valley Dispensary' },
          ],
        },
      ],
    });
  });

  it('lists the SKUs two products of the store have in different cases, kept from before, and exits 1', async () => {
    // As the product form or an import wrote them before a SKU was the same in any case.
    const db = await openDataLayer({ ...database.config, poolSize: 1, listen: false });
    try {
      await db.write((tx) =>
        tx.run(db.builder.updateTable('products').set({ sku: 'flw-001' }).where('sku', '=', 'FLW-002')),
      );
    } finally {
      await db.close();
    }
    const checked = await servicepay('catalog', 'check', ...demo);
    expect(checked.status).toBe(1);
    expect(checked.stdout.split('\n').slice(-3)).toEqual([
      'One SKU is on more than one product of Green Valley Dispensary in different cases (a SKU is the same in any case); ' +
        'give one of each another (servicepay products edit <its SKU as written> --sku <another>):',
      'FLW-001: Blue Dream as FLW-001; Purple Punch as flw-001',
      '',
    ]);
    const json = JSON.parse((await servicepay('--json', 'catalog', 'check', ...demo)).stdout) as object;
    expect(json).toMatchObject({
      resultCode: 'FAIL',
      skuTwins: [
        [
          { name: 'Blue Dream', sku: 'FLW-001', archived: false },
          { name: 'Purple Punch', sku: 'flw-001', archived: false },
        ],
      ],
    });
    // Given another SKU, the store has none twice again.
    const edited = await servicepay('products', 'edit', 'flw-001', ...demo, '--sku', 'FLW-002');
    expect(edited.status, edited.stderr).toBe(0);
    const after = await servicepay('--json', 'catalog', 'check', ...demo);
    expect(JSON.parse(after.stdout)).toMatchObject({ skuTwins: [] });
  });
});
