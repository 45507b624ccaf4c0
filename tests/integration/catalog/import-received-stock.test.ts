import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDay } from '../../../shared/contracts/audit.js';
import type { AdjustmentPage } from '../../../shared/contracts/inventory.js';
import type { ProductView } from '../../../shared/contracts/products.js';
import type { ProductPackages } from '../../../shared/contracts/rooms.js';
import type { ImportReport } from '../../../shared/contracts/setup-people.js';
import { ok, refused, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';

// A catalog import and stock kept in packages received from a delivery (README "Catalog files"):
// the import writes such a product's price and fields, never its stock or its packages' state tags,
// and says so on the row; the audit trail has one event of the import, naming what it did to stock.
let h: SetupHarness;
const TAG = '1A4FF0100000099000000001';
const HEADER = 'sku,type,name,weight,unitType,price,taxClass,quantityOnHand,packageLabel';
const manifest = (number: string) => ({
  manifestNumber: number,
  shipperLicense: 'C11-0000123-LIC',
  packages: [{ label: TAG, itemName: 'Trail Blazer Flower 3.5g', quantity: 20, unit: 'Each', wholesalePrice: 200 }],
});

beforeAll(async () => {
  h = await setupHarness();
});
afterAll(() => h.close());

const manager = (method: 'GET' | 'POST', path: string, payload?: unknown) =>
  h.call(h.tokens.manager, method, path, payload, 'demo');
const importCsv = async (fileName: string, rows: string) =>
  ok<ImportReport>(await manager('POST', '/catalog/import', { fileName, text: `${HEADER}\n${rows}\n` }));
const product = async (sku: string) => ok<{ product: ProductView }>(await manager('GET', `/products/${sku}`)).product;
const packages = async (sku: string) => ok<ProductPackages>(await manager('GET', `/products/${sku}/packages`)).packages;
const importEvents = async () => {
  const day = await h.request({
    method: 'GET',
    url: '/v2.0/audit?dispensaryShortName=demo',
    headers: { authorization: `Bearer ${h.tokens.manager}` },
  });
  return day.json<AuditDay>().events.filter((event) => event.action === 'catalog_imported');
};

describe('a catalog import of a product whose stock is in received packages', () => {
  it('keeps its stock and tag, writes its price, says so on the row and in the audit trail', async () => {
    ok(
      await manager('POST', '/inventory/receipts', {
        manifest: manifest('0009990001'),
        room: 'Vault',
        packages: [{ label: TAG, create: { sku: 'TRL-001', priceCents: 3000, taxClass: 'cannabis' } }],
      }),
    );
    ok(await manager('POST', '/inventory/moves', { package: TAG, room: 'Sales floor' }));
    // 15 gone (taken off here by an adjustment), and an online order holding 5: 5 on hand, all held.
    ok(await manager('POST', '/inventory/adjustments', { package: TAG, delta: -15, reason: 'damage' }));
    const { productId } = await product('TRL-001');
    const order = await h.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/ecommerce/ticket',
      headers: h.headers,
      payload: { type: 'PICKUP', items: [{ productId, quantity: 5 }] },
    });
    expect(order.statusCode, order.body).toBe(201);
    const adjustmentIds = async () =>
      ok<AdjustmentPage>(await manager('GET', '/inventory/adjustments?product=TRL-001')).adjustments.map(
        (adjustment) => adjustment.adjustmentId,
      );
    const adjustmentsBefore = await adjustmentIds();
    const eventsBefore = (await importEvents()).length;

    const report = await importCsv('prices.csv', 'TRL-001,FLOWER,Trail Blazer,3.5,g,42.00,cannabis,100,');
    expect(report).toMatchObject({ imported: true, created: 0, updated: 1, errorCount: 0, noteCount: 1 });
    expect(report.notes).toEqual([
      {
        line: 2,
        field: 'quantityOnHand',
        message:
          'TRL-001: stock is kept in received packages; change it with a count or an adjustment (the file’s 100 was not applied)',
      },
    ]);
    const after = await product('TRL-001');
    expect(after).toMatchObject({ priceCents: 4200, name: 'Trail Blazer', quantityOnHand: 5, packageLabel: TAG });
    expect((await packages('TRL-001')).map((pkg) => [pkg.label, pkg.onHand, pkg.held])).toContainEqual([TAG, 5, 5]);
    // Nothing moved the stock, so no adjustment; the import itself is in the audit trail.
    expect(await adjustmentIds()).toEqual(adjustmentsBefore);
    const events = await importEvents();
    expect(events).toHaveLength(eventsBefore + 1);
    expect(events.at(-1)!.reason).toBe(
      'Catalog import of prices.csv: 0 products added, 1 changed; stock kept in received packages for 1 (TRL-001)',
    );
    expect(events.at(-1)!.actor.name).toBe('manager');

    // The tag is still the package's: a second manifest with it is refused.
    refused(
      await manager('POST', '/inventory/receipts', {
        manifest: manifest('0009990002'),
        room: 'Vault',
        packages: [{ label: TAG, productId: 'TRL-001' }],
      }),
      409,
      new RegExp(TAG),
    );
  });

  it('names a tag the file gives a received product, and keeps the received one', async () => {
    const other = '1A4FF0100000099000000999';
    const report = await importCsv('tags.csv', `TRL-001,FLOWER,Trail Blazer,3.5,g,42.00,cannabis,5,${other}`);
    expect(report.notes.map((note) => [note.line, note.field])).toEqual([
      [2, 'quantityOnHand'],
      [2, 'packageLabel'],
    ]);
    expect(report.notes[1]!.message).toBe(
      `TRL-001: its packages keep the state tags they were received with; ${other} was not set`,
    );
    expect(await product('TRL-001')).toMatchObject({ packageLabel: TAG, quantityOnHand: 5 });
  });
});

describe('a catalog import of stock it keeps itself', () => {
  it('sets the stock, keeps a tag the file leaves empty, and names the change in the audit trail', async () => {
    const tag = '1A4FF0100000099000000101';
    await importCsv('first.csv', `IMP-TRAIL,FLOWER,Imported Jar,3.5,g,30.00,cannabis,10,${tag}`);
    const report = await importCsv('second.csv', 'IMP-TRAIL,FLOWER,Imported Jar,3.5,g,31.00,cannabis,12,');
    expect(report).toMatchObject({ imported: true, updated: 1, noteCount: 0, notes: [] });
    expect(await product('IMP-TRAIL')).toMatchObject({ priceCents: 3100, quantityOnHand: 12, packageLabel: tag });
    expect((await importEvents()).at(-1)!.reason).toBe(
      'Catalog import of second.csv: 0 products added, 1 changed; stock set by the file for 1 (IMP-TRAIL 10 → 12)',
    );
  });
});

describe('a catalog import’s barcodes', () => {
  it('refuses a barcode with a wrong check digit in words, as POST /products does, and imports nothing', async () => {
    const header = 'sku,type,name,weight,unitType,price,taxClass,quantityOnHand,barcodes';
    const report = ok<ImportReport>(
      await manager('POST', '/catalog/import', {
        fileName: 'codes.csv',
        text: `${header}\nBAD-CODE,ACCESSORY,Lighter,1,each,2.00,non-cannabis,4,0860012000012|1234567890123\n`,
      }),
    );
    expect(report).toMatchObject({ imported: false, created: 0, errorCount: 1 });
    expect(report.errors).toEqual([
      {
        line: 2,
        field: 'barcodes',
        message: 'has "1234567890123", not a GTIN-8, UPC-A, EAN-13 or GTIN-14 with a valid check digit',
      },
    ]);
    expect((await manager('GET', '/products/BAD-CODE')).statusCode).toBe(404);
    refused(
      await manager('POST', '/products', {
        sku: 'BAD-CODE',
        name: 'Lighter',
        type: 'ACCESSORY',
        priceCents: 200,
        taxClass: 'non-cannabis',
        barcodes: ['1234567890123'],
      }),
      400,
      /barcodes\[0\] is not a GTIN-8, UPC-A, EAN-13 or GTIN-14 with a valid check digit: "1234567890123"/,
    );
  });
});
