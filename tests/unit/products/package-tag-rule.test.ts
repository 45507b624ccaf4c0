import { describe, expect, it } from 'vitest';
import type { TagHolder } from '../../../electron/server/catalog/import/package-tags.js';
import { heldTagRule } from '../../../electron/server/products/package-tag-rule.js';

// The product form's rule of state tags, by the import's notion of the same tag (trimmed, any
// case): another package's tag is refused naming its product (and its store when another), the
// package's own tag is not.
const TAG = '1A4060300002C35000012345';
const here = { id: 'store-here' };
const holder = (over: Partial<TagHolder> = {}): TagHolder => ({
  label: TAG,
  packageId: 'pkg-blue',
  productId: 'prod-blue',
  productName: 'Blue Dream 3.5g',
  sku: 'FLW-001',
  dispensaryId: here.id,
  storeName: 'Green Valley Dispensary',
  ...over,
});
const ONE = 'each package has its own state tag';

describe('heldTagRule', () => {
  it('refuses a tag another package of the store has, naming its product', () => {
    expect(heldTagRule(TAG, [holder()], null, here)).toBe(
      `${TAG} is already on a package of Blue Dream 3.5g (FLW-001); ${ONE}`,
    );
  });

  it('takes the tag as the same in another case or with spaces around it', () => {
    expect(heldTagRule(TAG.toLowerCase(), [holder()], 'pkg-other', here)).toBe(
      `${TAG.toLowerCase()} is already on a package of Blue Dream 3.5g (FLW-001); ${ONE}`,
    );
    expect(heldTagRule(TAG, [holder({ label: ` ${TAG.toLowerCase()} ` })], null, here)).toMatch(/Blue Dream/);
  });

  it('names the store by its name when the package is another store’s, and one of this store first', () => {
    const there = holder({ dispensaryId: 'store-there', storeName: 'Mesa Market', packageId: 'pkg-there' });
    expect(heldTagRule(TAG, [there], null, here)).toBe(
      `${TAG} is already on a package of Blue Dream 3.5g (FLW-001) at Mesa Market; ${ONE}`,
    );
    const mine = holder({ packageId: 'pkg-gelato', productName: 'Gelato', sku: null });
    expect(heldTagRule(TAG, [there, mine], null, here)).toBe(`${TAG} is already on a package of Gelato; ${ONE}`);
  });

  it('takes the package’s own tag, and a tag no package has', () => {
    expect(heldTagRule(TAG.toLowerCase(), [holder()], 'pkg-blue', here)).toBeUndefined();
    expect(heldTagRule(TAG, [holder({ label: '1A4060300002C35000099999' })], null, here)).toBeUndefined();
    expect(heldTagRule(TAG, [], null, here)).toBeUndefined();
  });
});
