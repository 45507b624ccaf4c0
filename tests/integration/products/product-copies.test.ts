import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDay } from '../../../shared/contracts/audit.js';
import type { CopyTargets, ProductCopyAnswer } from '../../../shared/contracts/product-copies.js';
import type { ProductView } from '../../../shared/contracts/products.js';
import { hashPasswordSync } from '../../../electron/server/auth/passwords.js';
import { UsersRepository } from '../../../electron/server/auth/users-repository.js';
import { OrganizationRepository } from '../../../electron/server/dispensaries/organization-repository.js';
import { readReplicaVersion } from '../../../electron/server/db/replica-version.js';
import { login } from '../support/demo-service.js';
import { openStream } from '../support/live-stream.js';
import { addStore, ok, refused, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';
import { NEW_FLOWER, productRows } from './support/product-fixtures.js';

// A product of demo copied to other stores of the demo organization (north, south: new stores with
// a "cannabis" tax class of their own; bare: none), and refused to another organization's (rival).
let h: SetupHarness;
let source: ProductView;
let baseUrl: string;
const stores: Record<string, string> = {};
beforeAll(async () => {
  h = await setupHarness();
  baseUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
  for (const shortName of ['north', 'south', 'bare']) stores[shortName] = (await addStore(h.app, shortName)).id;
  for (const shortName of ['north', 'south']) {
    const taxClass = { code: 'cannabis', name: `Cannabis at ${shortName}`, rates: [{ name: 'Excise', percent: '15' }] };
    ok(await h.call(h.tokens.admin, 'POST', '/tax-classes', taxClass, shortName));
  }
  const { db } = h.app.ctx;
  const now = new Date();
  const rival = await db.write(async (tx) => {
    const organization = await new OrganizationRepository(db).create(tx, 'Rival Holdings', now);
    const user = { organizationId: organization.id, username: 'rival-admin', role: 'admin' as const };
    await new UsersRepository(db).create(tx, { ...user, passwordHash: hashPasswordSync('rival-pw-1') }, now);
    return organization;
  });
  await addStore(h.app, 'rival', rival.id);
  const added = await h.call(h.tokens.manager, 'POST', '/products', { ...NEW_FLOWER, discountPercent: 10 }, 'demo');
  source = ok<{ product: ProductView }>(added).product;
});
afterAll(() => h.close());

const copy = (to: string[], token = h.tokens.manager, from = 'demo', product = NEW_FLOWER.sku) =>
  h.call(token, 'POST', `/products/${product}/copy`, { to }, from);

/** What is the copy's own (its ids and times) or the source store's alone (its package's tag, its promotion). */
const OWN = [
  'productId',
  'packageId',
  'createdAt',
  'updatedAt',
  'packageLabel',
  'discountPercent',
  'discountDescription',
];

/** The fields a copy has as its source has them. */
const copiedFields = (view: ProductView) =>
  Object.fromEntries(Object.entries(view).filter(([field]) => !OWN.includes(field)));

/** The id of the tax class a product row points at. */
async function taxClassIdOf(productId: string) {
  const { db } = h.app.ctx;
  const row = await db.first(db.builder.selectFrom('products').select('tax_class_id').where('id', '=', productId));
  return row!.tax_class_id;
}

describe('a product copied to other stores of the organization', () => {
  it('lists the other stores, each with why it cannot take it now', async () => {
    const answer = ok<CopyTargets>(
      await h.call(h.tokens.manager, 'GET', `/products/${NEW_FLOWER.sku}/copy`, undefined, 'demo'),
    );
    expect(answer.stores).toEqual([
      { dispensaryShortName: 'bare', dispensaryName: 'Store bare', problem: 'Store bare has no tax class "cannabis"' },
      { dispensaryShortName: 'north', dispensaryName: 'Store north', problem: null },
      { dispensaryShortName: 'south', dispensaryName: 'Store south', problem: null },
    ]);
  });

  it('refuses a store without the tax class, a store of another organization and the store itself: nothing written', async () => {
    const before = await productRows(h.app);
    refused(
      await copy(['north', 'bare']),
      409,
      /^Test Haze \(by the gram\) \(GV-TEST-1\) was copied to no store: Store bare has no tax class "cannabis"$/,
    );
    refused(
      await copy(['north', 'rival']),
      403,
      /^rival is a store of another organization: a product is copied only to the stores of Green Valley Dispensary's organization$/,
    );
    refused(
      await copy(['demo']),
      400,
      /^to names demo: Green Valley Dispensary, the store the product is copied from$/,
    );
    refused(await copy(['nowhere']), 404, /no dispensary has the short name nowhere/);
    expect(await productRows(h.app)).toEqual(before);
  });

  it('refuses a store manager and another organization’s admin', async () => {
    const staff = { username: 'north-manager', role: 'manager', password: 'north-pw-12' };
    ok(await h.call(h.tokens.admin, 'POST', '/staff', staff, 'north'));
    const northManager = await login(h.app, 'north-manager', 'north-pw-12');
    const before = await productRows(h.app);
    refused(await copy(['south'], northManager, 'north'), 403, /only an organization-wide login may do it/);
    refused(await copy(['north'], northManager), 403, /not permitted to act for dispensary "demo"/);
    refused(await copy(['north'], await login(h.app, 'rival-admin', 'rival-pw-1')), 403, /not permitted/);
    refused(await copy(['north'], h.tokens.cashier), 403, /does not have the store:manage permission/);
    expect(await productRows(h.app)).toEqual(before);
  });

  it('copies every field to two stores at once, the tax class by code, with no stock, recorded and told in each', async () => {
    const { db } = h.app.ctx;
    const versions = async () => Promise.all(['north', 'south'].map((name) => readReplicaVersion(db, stores[name]!)));
    const versionsBefore = await versions();
    const stream = await openStream(baseUrl, '/v2.0/dispensary/south/live?topics=catalog', h.token);
    const answer = ok<ProductCopyAnswer>(await copy(['north', 'south', 'north']));
    const frame = await stream.waitForEvent('catalog.changed');
    await stream.close();
    const southCopy = answer.copies[1]!.product.productId;
    expect(frame).toEqual({ event: 'catalog.changed', data: JSON.stringify({ productIds: [southCopy] }) });
    expect(answer.product.productId).toBe(source.productId);
    expect(answer.copies.map((one) => one.dispensaryShortName)).toEqual(['north', 'south']);
    for (const { dispensaryShortName, product } of answer.copies) {
      expect(copiedFields(product)).toEqual(copiedFields(source));
      expect(product).toMatchObject({ taxClass: 'cannabis', quantityOnHand: 0, packageLabel: '', discountPercent: 0 });
      const own = await db.first(
        db.builder
          .selectFrom('tax_classes')
          .select('id')
          .where('dispensary_id', '=', stores[dispensaryShortName]!)
          .where('code', '=', 'cannabis'),
      );
      expect(await taxClassIdOf(product.productId)).toBe(own!.id);
      expect(own!.id).not.toBe(await taxClassIdOf(source.productId));
      const read = ok<{ product: ProductView }>(
        await h.call(h.tokens.manager, 'GET', `/products/${NEW_FLOWER.sku}`, undefined, dispensaryShortName),
      );
      expect(read.product).toEqual(product);
      const packages = await db.all(
        db.builder.selectFrom('packages').selectAll().where('product_id', '=', product.productId),
      );
      expect(packages).toHaveLength(1);
      expect(packages[0]).toMatchObject({ on_hand_milli: 0, unit_cost_cents: null, price_cents: source.priceCents });
      const day = await h.request({
        method: 'GET',
        url: `/v2.0/audit?dispensaryShortName=${dispensaryShortName}`,
        headers: { authorization: `Bearer ${h.tokens.manager}` },
      });
      const events = day.json<AuditDay>().events.filter((event) => event.action === 'product_copied');
      expect(events.map(({ actor, reason }) => [actor.name, reason])).toEqual([
        ['manager', 'Test Haze (by the gram) (GV-TEST-1) from Green Valley Dispensary'],
      ]);
    }
    const [north, south] = await versions();
    expect(north).toBeGreaterThan(versionsBefore[0]!);
    expect(south).toBeGreaterThan(versionsBefore[1]!);
  });

  it('refuses a store that has the SKU or a barcode already, naming it, and writes nothing to the others', async () => {
    await addStore(h.app, 'west');
    ok(await h.call(h.tokens.admin, 'POST', '/tax-classes', { code: 'cannabis', name: 'Cannabis' }, 'west'));
    const before = await productRows(h.app);
    refused(
      await copy(['west', 'south']),
      409,
      /was copied to no store: Store south has a product with the SKU GV-TEST-1 already \(Test Haze \(by the gram\)\)$/,
    );
    expect(await productRows(h.app)).toEqual(before);
    const targets = ok<CopyTargets>(
      await h.call(h.tokens.manager, 'GET', `/products/${NEW_FLOWER.sku}/copy`, undefined, 'demo'),
    );
    expect(targets.stores.find((store) => store.dispensaryShortName === 'west')?.problem).toBeNull();
    expect(targets.stores.find((store) => store.dispensaryShortName === 'north')?.problem).toMatch(
      /SKU GV-TEST-1 already/,
    );
    // A product of west with another SKU carries its barcode: refused too, saying which.
    const other = { sku: 'W-1', name: 'West Haze', type: 'flower', priceCents: 100, taxClass: 'cannabis' };
    ok(await h.call(h.tokens.manager, 'POST', '/products', { ...other, barcodes: ['00012345678905'] }, 'west'));
    const beforeBarcode = await productRows(h.app);
    refused(
      await copy(['west']),
      409,
      /copied to no store: Store west has a product with the barcode 00012345678905 already \(West Haze\)$/,
    );
    expect(await productRows(h.app)).toEqual(beforeBarcode);
  });
});
