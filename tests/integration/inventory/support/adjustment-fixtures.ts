import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AdjustmentView } from '../../../../shared/contracts/inventory.js';
import type { ProductView } from '../../../../shared/contracts/products.js';
import { products, type FixtureProduct } from '../../support/catalog-fixtures.js';
import { addStore, ok, type SetupHarness } from '../../setup/support/setup-fixtures.js';

/** The demo store's packages with a state tag, counted in units, with `minimum` thousandths on hand. */
export async function taggedPackages(app: FastifyInstance, minimum = 5000) {
  const { db } = app.ctx;
  const labels = await db.all(
    db.builder.selectFrom('packages').select(['id', 'label', 'short_milli as short']).where('label', '<>', ''),
  );
  const byId = new Map(labels.map((row) => [row.id, row]));
  const found = await products(app, `p.deli = 0 AND k.on_hand_milli >= ${minimum} AND k.label <> ''`);
  return found.map((product: FixtureProduct) => ({ ...product, label: byId.get(product.packageId)!.label }));
}

/** A package's whole stock row: on hand, reserved and short, in thousandths. */
export async function packageStock(app: FastifyInstance, packageId: string) {
  const { db } = app.ctx;
  const row = await db.first(
    db.builder
      .selectFrom('packages')
      .select(['on_hand_milli as onHand', 'reserved_milli as reserved', 'short_milli as short'])
      .where('id', '=', packageId),
  );
  return { onHand: Number(row!.onHand), reserved: Number(row!.reserved), short: Number(row!.short) };
}

/** Rows of the adjustments' tables and the audit trail: a refused request adds to none of them. */
export async function written(app: FastifyInstance) {
  const { db } = app.ctx;
  const n = async (table: 'stock_adjustments' | 'state_adjustments' | 'audit_events') =>
    Number((await db.first(db.builder.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'))))!.n);
  return {
    adjustments: await n('stock_adjustments'),
    stateRecords: await n('state_adjustments'),
    audit: await n('audit_events'),
  };
}

/** The adjustment an answer carries (200 expected). */
export function adjustmentOf(response: LightMyRequestResponse): AdjustmentView {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ adjustment: AdjustmentView }>().adjustment;
}

/** A refusal: its status, reason code and words. */
export function refusedWith(response: LightMyRequestResponse, status: number, reason: string, detail: RegExp): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ resultCode: 'FAIL', resultReason: reason });
  expect(response.json<{ resultDetail: string }>().resultDetail).toMatch(detail);
}

/** A second store of the demo organization (`shortName`) with one tagged product: its package id and tag. */
export async function otherStorePackage(h: SetupHarness, shortName: string, label: string) {
  await addStore(h.app, shortName);
  ok(await h.call(h.tokens.admin, 'POST', '/tax-classes', { code: 'cannabis', name: 'Cannabis' }, shortName));
  const created = await h.call(
    h.tokens.admin,
    'POST',
    '/products',
    {
      sku: `${shortName}-1`,
      name: 'Other Kush 3.5g',
      type: 'flower',
      priceCents: 3000,
      taxClass: 'cannabis',
      packageLabel: label,
    },
    shortName,
  );
  const { product } = ok<{ product: ProductView }>(created);
  return { packageId: product.packageId, label };
}
