import { describe, expect, it } from 'vitest';
import { CatalogRepository } from '../../../electron/server/catalog/catalog-repository.js';
import { DEMO, DEMO_PRODUCTS } from '../../../electron/server/demo/demo-catalog.js';
import { seedDemoCatalog } from '../../../electron/server/demo/seed-demo-catalog.js';
import { DispensaryRepository } from '../../../electron/server/dispensaries/dispensary-repository.js';
import { TaxRepository } from '../../../electron/server/catalog/tax-repository.js';
import { openSqlite } from '../../../electron/server/db/sqlite/sqlite-data-layer.js';
import { NOW } from '../../fixtures/catalog/test-store.js';

/** GS1 check digit, written out independently of the code under test. */
function gs1CheckDigitOk(code: string): boolean {
  const digits = code.split('').map(Number);
  let sum = 0;
  for (let i = 0; i < digits.length - 1; i += 1) {
    const fromRight = digits.length - 1 - i; // 1 for the digit next to the check digit
    sum += digits[i]! * (fromRight % 2 === 1 ? 3 : 1);
  }
  return (sum + digits[digits.length - 1]!) % 10 === 0;
}

async function seeded() {
  const db = await openSqlite(':memory:');
  const { dispensary } = await db.write((tx) => seedDemoCatalog(db, tx, NOW));
  const page = await new CatalogRepository(db).search(db, dispensary.id, dispensary.primaryLocationId, { limit: 200 });
  return { db, dispensary, all: page.items };
}

describe('demo data', () => {
  it('keeps its fixed ids (docs and tests cite them)', async () => {
    expect(DEMO).toMatchObject({
      shortName: 'demo',
      organizationId: 'e55ee326-61f7-59ac-86dc-d352515eb96e',
      dispensaryId: '0cf256ba-517a-5286-92a2-ac45235805c9',
      locationId: 'c834908b-c73e-561c-be9b-82400a62e40c',
    });
    const blueDream = DEMO_PRODUCTS.find((product) => product.sku === 'FLW-001');
    expect(blueDream?.productId).toBe('7ef241e7-2aab-515f-8041-9ebcb27ba509');
  });

  it('is a store named demo in Los Angeles time with hours, address and 15 minutes of preparation', async () => {
    const { db, dispensary } = await seeded();
    expect(await new DispensaryRepository(db).findByShortName('demo')).toEqual(dispensary);
    expect(dispensary).toMatchObject({
      id: DEMO.dispensaryId,
      organizationId: DEMO.organizationId,
      primaryLocationId: DEMO.locationId,
      name: 'Green Valley Dispensary',
      timezone: 'America/Los_Angeles',
      preparationMinutes: 15,
    });
    expect(dispensary.openingHours).toHaveLength(7);
    expect(dispensary.openingHours.every((day) => day !== null)).toBe(true);
    expect(dispensary.address.latitude).toBeCloseTo(38.57, 1);
    expect(dispensary.address.longitude).toBeCloseTo(-121.47, 1);
  });

  it('has at least 40 active products across all eight categories, with unique SKUs and ids', async () => {
    const { all } = await seeded();
    expect(all.length).toBeGreaterThanOrEqual(40);
    const types = new Set(all.map((product) => product.type));
    for (const type of ['FLOWER', 'PREROLL', 'VAPE', 'EDIBLE', 'CONCENTRATE', 'TINCTURE', 'TOPICAL', 'ACCESSORY']) {
      expect(types).toContain(type);
    }
    expect(new Set(all.map((product) => product.sku)).size).toBe(all.length);
    expect(new Set(all.map((product) => product.productId)).size).toBe(all.length);
    expect(all.every((product) => product.priceCents > 0 && product.brand && product.size && product.unitType)).toBe(
      true,
    );
  });

  it('has at least two deli items sold by the gram, in stock by weight', async () => {
    const deli = (await seeded()).all.filter((product) => product.deli);
    expect(deli.length).toBeGreaterThanOrEqual(2);
    for (const item of deli) {
      expect(item.unitType).toBe('g');
      expect(item.onHandMilli).toBeGreaterThan(0);
    }
    expect(deli.some((item) => item.onHandMilli % 1000 !== 0)).toBe(true);
  });

  it('has barcodes with correct GS1 check digits, unique across products', async () => {
    const codes = (await seeded()).all.flatMap((product) => (product.barcodes ? product.barcodes.split(',') : []));
    expect(codes.length).toBeGreaterThanOrEqual(40);
    for (const code of codes) {
      expect(code).toMatch(/^(\d{12}|\d{13}|\d{14})$/);
      expect(gs1CheckDigitOk(code), code).toBe(true);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('tags cannabis packages with METRC-style labels and leaves accessories untagged', async () => {
    for (const product of (await seeded()).all) {
      if (product.type === 'ACCESSORY') expect(product.packageLabel).toBe('');
      else expect(product.packageLabel).toMatch(/^1A4[0-9A-Z]{21}$/);
    }
  });

  it('taxes cannabis at excise plus sales tax, and accessories at sales tax only', async () => {
    const { db, dispensary, all } = await seeded();
    const classes = await new TaxRepository(db).listForDispensary(db, dispensary.id);
    const byCode = Object.fromEntries(classes.map((taxClass) => [taxClass.code, taxClass]));
    expect(byCode.cannabis?.totalPpm).toBe(232_500);
    expect(byCode.cannabis?.rates.map((rate) => rate.ratePpm)).toEqual([150_000, 72_500, 10_000]);
    expect(byCode['non-cannabis']?.totalPpm).toBe(82_500);
    for (const product of all) {
      expect(product.taxClass).toBe(product.type === 'ACCESSORY' ? 'non-cannabis' : 'cannabis');
    }
  });

  it('has promotions and something out of stock', async () => {
    const { all } = await seeded();
    const promoted = all.filter((product) => product.discountPpm > 0);
    expect(promoted.length).toBeGreaterThanOrEqual(2);
    expect(promoted.every((product) => product.discountDescription.length > 0)).toBe(true);
    expect(promoted.some((product) => product.discountDescription === '10% off edibles')).toBe(true);
    expect(all.some((product) => product.onHandMilli === 0)).toBe(true);
  });
});
