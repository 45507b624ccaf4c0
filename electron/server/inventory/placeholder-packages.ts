import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** Package `k` (a table alias) holds nothing: nothing on hand, reserved or short. */
const holdsNothing = (k: string) =>
  sql`${sql.ref(`${k}.on_hand_milli`)} = 0 AND ${sql.ref(`${k}.reserved_milli`)} = 0 AND ${sql.ref(`${k}.short_milli`)} = 0`;

/**
 * Whether package `k` (a table alias) is an empty placeholder: the untagged package a product added
 * by hand (or copied to another store) is made with, holding nothing, once the product has another
 * package with a tag or with stock (a delivery received). It is kept — a product's price is each of
 * its packages', the product list reads it through the package it sells from next, and its history
 * stays — but it means nothing to a person picking a package, so a product's Packages and a count's
 * lines leave it out until a sale, an adjustment or a count gives it stock again.
 */
export const emptyPlaceholder = (k: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`(${sql.ref(`${k}.label`)} = '' AND ${holdsNothing(k)} AND EXISTS (
    SELECT 1 FROM packages other WHERE other.product_id = ${sql.ref(`${k}.product_id`)}
      AND other.id <> ${sql.ref(`${k}.id`)} AND NOT (other.label = '' AND ${holdsNothing('other')})))`;
