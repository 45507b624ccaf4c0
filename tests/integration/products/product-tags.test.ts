import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductView } from '../../../shared/contracts/products.js';
import { ok, refused, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';
import { NEW_FLOWER, productRows } from './support/product-fixtures.js';

// A product's tags over the set-up API (README "Products"): kept trimmed and once each in any case,
// refused in words naming the tag with nothing written, in the audit trail and the POS catalog, and
// listed for the store's forms (archived products' too).
let h: SetupHarness;
beforeAll(async () => {
  h = await setupHarness();
});
afterAll(() => h.close());

const asManager = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: unknown) =>
  h.call(h.tokens.manager, method, path, payload, 'demo');
const product = async (response: Parameters<typeof ok>[0]) => ok<{ product: ProductView }>(response).product;

describe('a product’s tags', () => {
  it('are kept trimmed, each once in any case, and answered as kept', async () => {
    const added = await product(
      await asManager('POST', '/products', { ...NEW_FLOWER, tags: [' Staff-Pick ', 'new   in', 'STAFF-PICK', ''] }),
    );
    expect(added.tags).toEqual(['Staff-Pick', 'new in']);
    expect((await product(await asManager('GET', `/products/${added.productId}`))).tags).toEqual([
      'Staff-Pick',
      'new in',
    ]);
    // A product added without them has none.
    const plain = await product(await asManager('GET', '/products/FLW-003'));
    expect(plain.tags).toEqual([]);
  });

  it('are changed alone, said in the audit trail, and found by the search', async () => {
    const changed = await product(await asManager('PATCH', '/products/FLW-001', { tags: ['clearance', 'staff-pick'] }));
    expect(changed).toMatchObject({ sku: 'FLW-001', priceCents: 3500, tags: ['clearance', 'staff-pick'] });
    // The POS catalog answers them too.
    const catalog = await h.request({
      method: 'GET',
      url: '/v2.0/dispensary/demo/catalog?search=FLW-001',
      headers: h.headers,
    });
    expect(catalog.json().items).toEqual([
      expect.objectContaining({ sku: 'FLW-001', tags: ['clearance', 'staff-pick'] }),
    ]);
    const found = ok<{ products: ProductView[] }>(await asManager('GET', '/products?search=clearance'));
    expect(found.products.map((row) => row.sku)).toEqual(['FLW-001']);
    const audit = await h.request({
      method: 'GET',
      url: '/v2.0/audit?dispensaryShortName=demo',
      headers: { authorization: `Bearer ${h.tokens.manager}` },
    });
    expect(audit.body).toContain('Blue Dream (FLW-001): Tags none → clearance, staff-pick');
  });

  it('refuses a tag too long or too many tags, naming the tag, and writes nothing', async () => {
    const before = await productRows(h.app);
    refused(
      await asManager('PATCH', '/products/FLW-002', { tags: ['sale', 'x'.repeat(41)] }),
      400,
      /^tags\[1\] must be at most 40 characters: "x{41}"$/,
    );
    const many = Array.from({ length: 21 }, (_, index) => `tag ${index}`);
    refused(
      await asManager('PATCH', '/products/FLW-002', { tags: many }),
      400,
      /^tags must be at most 20 tags, not 21$/,
    );
    refused(
      await asManager('PATCH', '/products/FLW-002', { tags: ['staff, pick'] }),
      400,
      /^tags\[0\] must not hold a comma \(commas part tags\): "staff, pick"$/,
    );
    expect(await productRows(h.app)).toEqual(before);
  });

  it('are listed for the store once each in any case, by name, an archived product’s too', async () => {
    await product(await asManager('PATCH', '/products/FLW-002', { tags: ['CLEARANCE', 'limited'] }));
    await product(await asManager('POST', '/products/FLW-002/archive'));
    const listed = ok<{ tags: string[] }>(await asManager('GET', '/product-tags'));
    // Spelled as the first product by name has them: Blue Dream's "clearance" and "staff-pick".
    expect(listed.tags).toEqual(['clearance', 'limited', 'new in', 'staff-pick']);
    // The store's managers only.
    const cashier = await h.call(h.tokens.cashier, 'GET', '/product-tags', undefined, 'demo');
    expect(cashier.statusCode).toBe(403);
  });
});
