import { sql } from 'kysely';
import type { Dialect } from '../db/dialects/dialect.js';
import type { Builder } from '../db/query.js';
import { PRODUCT_LINE_COLUMNS, taxRatePpmOf } from './catalog-query.js';

/**
 * Products joined to their packages (`p`, `k`), with everything a ticket line snapshots and prices
 * itself by, and what is available to sell: on hand minus reserved on the sales floor, nothing in
 * another room (docs/packages.md).
 */
const selectPackages = (k: Builder) =>
  k
    .selectFrom('products as p')
    .innerJoin('packages as k', 'k.product_id', 'p.id')
    .select((eb) => [
      'p.id as productId',
      'k.id as packageId',
      'k.location_id as locationId',
      'k.unit_id as unitId',
      'k.label as packageLabel',
      ...PRODUCT_LINE_COLUMNS,
      'p.active',
      'p.tax_class_id as taxClassId',
      'k.price_cents as priceCents',
      'p.price_breaks as priceBreaks',
      'p.tags',
      'k.discount_ppm as discountPpm',
      'k.discount_description as discountDescription',
      taxRatePpmOf(eb).as('taxRatePpm'),
      sql<number>`CASE WHEN k.room_id IS NULL THEN k.on_hand_milli - k.reserved_milli ELSE 0 END`.as('availableMilli'),
      sql<number>`CASE WHEN k.room_id IS NULL THEN 1 ELSE 0 END`.as('onFloor'),
      'k.expires_on as expiresOn',
    ]);

/** One package as `selectPackages` reads it. */
export type PackageRow = Awaited<ReturnType<ReturnType<typeof selectPackages>['executeTakeFirstOrThrow']>>;

/**
 * The packages of a dispensary's `productIds` at one location (all of each product's, in every
 * room: the caller picks the one a line takes, selling-package.ts), in the order of their ids: one
 * order of locking for every writer, so two never wait on each other in a circle. Found by the
 * keys: the dispensary only guards (`Dialect.unindexed`).
 */
export const packagesOfProducts = (
  k: Builder,
  dialect: Dialect,
  dispensaryId: string,
  locationId: string,
  productIds: readonly string[],
) =>
  selectPackages(k)
    .where('k.location_id', '=', locationId)
    .where('p.id', 'in', productIds)
    .where(dialect.unindexed('p.dispensary_id'), '=', dispensaryId)
    .orderBy('k.id');

/** The packages `packageIds` of a dispensary's products (at any of its locations), in the order of their ids. */
export const packagesWithIds = (k: Builder, dialect: Dialect, dispensaryId: string, packageIds: readonly string[]) =>
  selectPackages(k)
    .where('k.id', 'in', packageIds)
    .where(dialect.unindexed('p.dispensary_id'), '=', dispensaryId)
    .orderBy('k.id');
