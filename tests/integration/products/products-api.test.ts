import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductView } from '../../../shared/contracts/products.js';
import { randomUUID } from 'node:crypto';
import { DispensaryRepository } from '../../../electron/server/dispensaries/dispensary-repository.js';
import { ProductsRepository } from '../../../electron/server/products/products-repository.js';
import { setStock } from '../support/catalog-fixtures.js';
import { ok, refused, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';
import { FLOWER_BREAKS, NEW_FLOWER, productColumnsOf, productRows } from './support/product-fixtures.js';

// A manager keeps the demo store's products over the set-up API: add, edit every field, find them
// by words and filters, archive and bring back; every refusal in words, nothing of it written.
let h: SetupHarness;
beforeAll(async () => {
  h = await setupHarness();
});
afterAll(() => h.close());

const asManager = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: unknown) =>
  h.call(h.tokens.manager, method, `/products${path}`, payload, 'demo');
const product = async (response: Parameters<typeof ok>[0]) => ok<{ product: ProductView }>(response).product;
const list = async (query: string) =>
  ok<{ products: ProductView[]; nextCursor: string | null }>(await asManager('GET', `?${query}`));

describe('products over the set-up API', () => {
  it('adds a weighed flower with its price breaks and low-stock threshold, out of stock until received', async () => {
    const added = await product(await asManager('POST', '', NEW_FLOWER));
    expect(added).toMatchObject({
      sku: 'GV-TEST-1',
      name: 'Test Haze (by the gram)',
      type: 'FLOWER',
      subtype: 'Sativa',
      unitType: 'g',
      deli: true,
      priceCents: 1200,
      priceBreaks: FLOWER_BREAKS,
      taxClass: 'cannabis',
      thcMg: 220,
      cbdMg: 4,
      cannabisWeightMg: null,
      limitCategory: 'FLOWER',
      barcodes: ['00012345678905'],
      lowStockThreshold: 28,
      quantityOnHand: 0,
      stock: 'out',
      archived: false,
    });
    expect(await product(await asManager('GET', `/${added.productId}`))).toEqual(added);
    // The POS catalog has it (no stock yet, so not in stock).
    const catalog = await h.request({
      method: 'GET',
      url: '/v2.0/dispensary/demo/catalog?search=test+haze',
      headers: h.headers,
    });
    expect(catalog.json().items).toEqual([
      expect.objectContaining({ productId: added.productId, price: '12.00', inStock: false }),
    ]);
  });

  it('edits every field a product has, and answers it as it now is', async () => {
    const [before] = (await list('search=FLW-001')).products;
    const edited = await product(
      await asManager('PATCH', `/${before!.productId}`, {
        name: 'Blue Dream Reserve',
        brand: 'Humboldt Hills Reserve',
        type: 'pre-rolls',
        subtype: 'Hybrid',
        size: '5 x 0.7g',
        weight: 3.5,
        unitType: 'G',
        priceCents: 4200,
        taxClass: 'cannabis',
        cannabisWeightMg: 3500,
        thcMg: 800,
        cbdMg: 20,
        barcodes: ['96385074'],
        packageLabel: '1A4060300002EE1000000999',
        lowStockThreshold: 5,
        discountPercent: 15,
        discountDescription: 'Reserve week',
        sku: 'FLW-001-R',
      }),
    );
    expect(edited).toMatchObject({
      productId: before!.productId,
      sku: 'FLW-001-R',
      name: 'Blue Dream Reserve',
      type: 'PREROLL',
      limitCategory: 'PREROLL',
      unitType: 'g',
      priceCents: 4200,
      barcodes: ['96385074'],
      packageLabel: '1A4060300002EE1000000999',
      lowStockThreshold: 5,
      discountPercent: 15,
      discountDescription: 'Reserve week',
      quantityOnHand: before!.quantityOnHand,
    });
    expect(edited.updatedAt > before!.updatedAt).toBe(true);
    // The POS catalog sells it at its new price, less the promotion.
    const catalog = await h.request({
      method: 'GET',
      url: '/v2.0/dispensary/demo/catalog?search=FLW-001-R',
      headers: h.headers,
    });
    expect(catalog.json().items).toEqual([
      expect.objectContaining({
        price: '42.00',
        priceSell: '35.70',
        discountDescription: 'Reserve week',
        type: 'PREROLL',
      }),
    ]);
  });

  it('searches by name, brand, SKU and barcode, filters by category, brand, stock and archived, and pages', async () => {
    const gelato = (await list('search=gelato')).products.find((p) => p.name === 'Gelato #33');
    expect((await list(`search=${gelato!.sku}`)).products.map((p) => p.productId)).toEqual([gelato!.productId]);
    const withBarcode = (await list('type=EDIBLE&limit=1')).products[0]!;
    expect((await list(`search=${withBarcode.barcodes[0]}`)).products.map((p) => p.productId)).toEqual([
      withBarcode.productId,
    ]);
    const canyon = (await list('brand=canyon%20craft&limit=200')).products;
    expect(canyon.length).toBeGreaterThan(1);
    expect(new Set(canyon.map((p) => p.brand))).toEqual(new Set(['Canyon Craft']));
    expect(new Set((await list('type=edibles&limit=200')).products.map((p) => p.type))).toEqual(new Set(['EDIBLE']));

    // Stock levels: 0 is out, at or under the threshold is low, above it in stock.
    await asManager('PATCH', `/${gelato!.productId}`, { lowStockThreshold: 4 });
    await setStock(h.app, gelato!.productId, 4000);
    expect((await list('stock=low&limit=200')).products.map((p) => p.productId)).toContain(gelato!.productId);
    await setStock(h.app, gelato!.productId, 0);
    const out = (await list('stock=out&limit=200')).products;
    expect(out.map((p) => p.productId)).toContain(gelato!.productId);
    expect(new Set(out.map((p) => p.stock))).toEqual(new Set(['out']));
    await setStock(h.app, gelato!.productId, 5000);
    const inStock = (await list('stock=in_stock&limit=200')).products;
    expect(inStock.map((p) => p.productId)).toContain(gelato!.productId);
    expect(new Set(inStock.map((p) => p.stock))).toEqual(new Set(['in_stock']));

    // Pages of 5, by name, each product once.
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await list(`limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.products.map((p) => p.name.toLowerCase()));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual([...seen].sort());
    expect(seen.length).toBe((await list('limit=200')).products.length);
  });

  it('archives a product: out of the POS catalog and its sales; twice is refused in words; brought back', async () => {
    const [target] = (await list('search=purple+punch')).products;
    const archived = await product(await asManager('POST', `/${target!.productId}/archive`));
    expect(archived.archived).toBe(true);
    refused(
      await asManager('POST', `/${target!.productId}/archive`),
      409,
      /Purple Punch \(FLW-002\) is archived already/,
    );
    expect((await list('search=purple+punch')).products).toEqual([]);
    expect((await list('search=purple+punch&archived=true')).products.map((p) => p.productId)).toEqual([
      target!.productId,
    ]);
    const catalog = await h.request({
      method: 'GET',
      url: '/v2.0/dispensary/demo/catalog?search=purple+punch',
      headers: h.headers,
    });
    expect(catalog.json().items).toEqual([]);
    const ticket = await h.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/ecommerce/ticket',
      headers: h.headers,
      payload: { type: 'PICKUP', items: [{ productId: target!.productId, quantity: 1 }] },
    });
    expect(ticket.json()).toMatchObject({ resultReason: 'NOTHING_AVAILABLE' });
    const [other] = (await list('search=FLW-003')).products;
    const quote = await h.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/ecommerce/ticket/quote',
      headers: h.headers,
      payload: {
        type: 'PICKUP',
        items: [
          { productId: target!.productId, quantity: 1 },
          { productId: other!.productId, quantity: 1 },
        ],
      },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().unavailableItems).toEqual([
      expect.objectContaining({ productId: target!.productId, reason: 'DISCONTINUED' }),
    ]);
    const back = await product(await asManager('POST', `/${target!.productId}/unarchive`));
    expect(back.archived).toBe(false);
    refused(await asManager('POST', `/${target!.productId}/unarchive`), 409, /is not archived/);
    expect((await list('search=purple+punch')).products.map((p) => p.productId)).toEqual([target!.productId]);
  });

  it('refuses a SKU another writer took after the check, by the store’s unique constraint', async () => {
    const { db } = h.app.ctx;
    const [taken] = (await list('search=FLW-004')).products;
    const store = (await new DispensaryRepository(db).findByShortName('demo'))!;
    const repository = new ProductsRepository(db);
    const taxClassId = (await repository.taxClassId(db, store.id, taken!.taxClass))!;
    const columns = { ...productColumnsOf(taken!, taxClassId), sku: 'FLW-004' };
    const write = db.write((tx) =>
      repository.insert(tx, {
        productId: randomUUID(),
        packageId: randomUUID(),
        unitId: randomUUID(),
        dispensaryId: store.id,
        locationId: store.primaryLocationId,
        product: columns,
        pkg: {
          price_cents: 1,
          unit_cost_cents: null,
          cost_cents: null,
          cost_milli: null,
          label: '',
          discount_ppm: 0,
          discount_description: '',
        },
        at: new Date().toISOString(),
      }),
    );
    await expect(write).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'sku FLW-004 is used by another product of the store',
    });
  });

  it('refuses bad input in words and writes nothing', async () => {
    const before = await productRows(h.app);
    const [some] = (await list('search=FLW-003')).products;
    // Without the tag the first test gave its package: each case is refused for its own reason.
    const untagged = { ...NEW_FLOWER, packageLabel: '' };
    const flower = { ...untagged, barcodes: [] };
    const cases: [unknown, number, RegExp][] = [
      [
        { ...flower, sku: 'X-1', priceCents: -1 },
        400,
        /^priceCents is in cents: a whole number of at least 0, such as 2219 for \$22\.19, not -1$/,
      ],
      [
        { ...flower, sku: 'X-2', priceCents: '12.50' },
        400,
        /^priceCents is in cents: a whole number of at least 0, .* not the text "12\.50"$/,
      ],
      [
        { ...flower, sku: 'X-3', taxClass: 'luxury' },
        400,
        /taxClass is not a tax class of Green Valley Dispensary: "luxury"/,
      ],
      [
        { ...untagged, sku: 'FLW-003', barcodes: [] },
        409,
        /sku FLW-003 is used by another product of Green Valley Dispensary: Wedding Cake/,
      ],
      [{ ...untagged, sku: 'X-4' }, 409, /barcode .* is used by another product of Green Valley Dispensary/],
      [{ ...flower, sku: 'X-5', name: '   ' }, 400, /name must not be empty/],
      [{ ...flower, sku: 'X-6', name: '' }, 400, /name must not be empty/],
      [{ ...flower, sku: 'X-7', barcodes: ['12345678'] }, 400, /barcodes\[0\] is not a GTIN/],
      [
        { ...untagged, sku: 'X-8', deli: false, unitType: 'each' },
        400,
        /priceBreaks must be empty for a product sold by the unit/,
      ],
      [{ ...flower, sku: 'X-9', type: 'snacks' }, 400, /type must be one of FLOWER/],
    ];
    for (const [body, status, detail] of cases) refused(await asManager('POST', '', body), status, detail);
    refused(
      await asManager('PATCH', `/${some!.productId}`, { priceCents: -5 }),
      400,
      /^priceCents is in cents: .* not -5$/,
    );
    refused(await asManager('PATCH', `/${some!.productId}`, {}), 400, /must have at least 1 field/);
    expect(await productRows(h.app)).toEqual(before);
  });
});
