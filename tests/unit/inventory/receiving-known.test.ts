import { describe, expect, it } from 'vitest';
import { refuseKnown } from '../../../electron/server/inventory/receiving-decisions.js';
import type { ManifestDraft } from '../../../shared/inventory/manifest.js';

// A delivery already known to the organization is refused in words: its manifest, received at a
// store named by its name, or a tag a package has (by the tag's key: trimmed, upper case), naming
// that package's product and store.
const TAG = '1A4FF0100000022000000201';
const manifest: ManifestDraft = {
  manifestNumber: '0004512873',
  shipperLicense: 'C11-0000123-LIC',
  packages: [
    { label: '1A4FF0100000022000000200', itemName: 'Gummies', quantityMilli: 10_000, unit: 'each' },
    { label: TAG, itemName: 'Blue Dream 3.5g', quantityMilli: 40_000, unit: 'each' },
  ],
};
const blue = { productName: 'Blue Dream', sku: 'FLW-001', storeName: 'Green Valley Dispensary' };

describe('refuseKnown', () => {
  it('names the store a manifest was received at by its name, and when in that store’s time', () => {
    const at = '2026-12-01T03:15:00.000Z';
    expect(() =>
      refuseKnown(manifest, { storeName: 'Green Valley Dispensary', at, timeZone: 'America/Los_Angeles' }, new Map()),
    ).toThrow(
      /^manifest 0004512873 was already received at Green Valley Dispensary on Nov\s30,\s2026,\s7:15\sPM\sPST$/,
    );
  });

  it('refuses a tag held, naming the product and the store, at the package’s field', () => {
    let refusal: unknown;
    try {
      refuseKnown(manifest, undefined, new Map([[TAG, blue]]));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({
      code: 'CONFLICT',
      field: 'manifest.packages[1].label',
      message: `package ${TAG} is already a package of Blue Dream (FLW-001) at Green Valley Dispensary: a state tag is received once`,
    });
  });

  it('lets a delivery of tags no package has through', () => {
    expect(() => refuseKnown(manifest, undefined, new Map([['1A4FF0100000022000000999', blue]]))).not.toThrow();
  });
});
