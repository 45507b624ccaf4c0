import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductView } from '../../../shared/contracts/products.js';
import type { ReceiptPreview, ReceiptView } from '../../../shared/contracts/receiving.js';
import { ok, refused, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';

// Receiving compares a delivery's tags with the organization's packages as the catalog import and
// the product form do (trimmed, any case): a tag a manager typed in lower case, or with spaces
// around, on a product's package is the manifest's upper-case tag, so the delivery is refused
// naming that product and its store, and its preview says where the tag is; nothing is received.
let h: SetupHarness;
beforeAll(async () => {
  h = await setupHarness();
});
afterAll(() => h.close());

const asManager = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: unknown) =>
  h.call(h.tokens.manager, method, path, payload, 'demo');
const delivery = (number: string, label: string) => ({
  manifest: {
    manifestNumber: number,
    shipperLicense: 'C11-0000123-LIC',
    packages: [{ label, itemName: 'Wedding Cake 3.5g', quantity: 10, unit: 'Each', wholesalePrice: 100 }],
  },
  room: 'Vault',
  packages: [{ label, productId: 'FLW-003' }],
});
const receipts = async () => {
  const { db } = h.app.ctx;
  return Number((await db.first(db.builder.selectFrom('receipts').select((eb) => eb.fn.countAll().as('n'))))!.n);
};

describe('receiving a tag the organization has in another spelling', () => {
  it.each([
    ['in lower case', '1A4FF0100000099000000001', (tag: string) => tag.toLowerCase()],
    ['with spaces around', '1A4FF0100000099000000002', (tag: string) => `  ${tag.toLowerCase()} `],
  ])('refuses a delivery of a tag a product’s package has %s, naming it', async (_, tag, typed) => {
    const kush = ok<{ product: ProductView }>(await asManager('GET', '/products/FLW-004')).product;
    const tagged = ok<{ product: ProductView }>(
      await asManager('PATCH', `/products/${kush.productId}`, { packageLabel: typed(tag) }),
    ).product;
    expect(tagged.packageLabel).toBe(tag.toLowerCase());
    const before = await receipts();

    const preview = ok<ReceiptPreview>(
      await asManager('POST', '/inventory/receipts/preview', { manifest: delivery('0009990001', tag).manifest }),
    );
    expect(preview.manifest!.packages[0]!.tagInStockAt).toBe('Green Valley Dispensary');
    refused(
      await asManager('POST', '/inventory/receipts', delivery('0009990001', tag)),
      409,
      new RegExp(
        `^package ${tag} is already a package of OG Kush \\(FLW-004\\) at Green Valley Dispensary: a state tag is received once$`,
      ),
    );
    expect(await receipts()).toBe(before);
  });

  it('still receives a tag no package has', async () => {
    const tag = '1A4FF0100000099000000003';
    const receipt = ok<{ receipt: ReceiptView }>(
      await asManager('POST', '/inventory/receipts', delivery('0009990003', tag)),
    ).receipt;
    expect(receipt.lines).toEqual([expect.objectContaining({ label: tag, productName: 'Wedding Cake' })]);
  });
});
