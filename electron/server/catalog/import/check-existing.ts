import { fromMilli } from '../../../../shared/quantity.js';
import type { Queryable } from '../../db/query.js';
import type { CatalogRepository, ExistingProduct, ProductUpsert } from '../catalog-repository.js';
import type { Dispensary } from '../../dispensaries/dispensary.js';
import type { StateProfile } from '../../../../shared/compliance/index.js';
import { missingMeasures } from './cannabis-fields.js';
import type { FieldError } from './field-error.js';
import type { RowError, ValidRow } from './import-types.js';

/**
 * The rules a row can only break against what is already stored: a productId that belongs to
 * another product, and a stock count below what open orders have reserved; the warnings that
 * depend on it: a cannabis product left without its package tag or a measure the state `profile`
 * counts it by (none when the store enforces no state's rules); and the notes of what an import
 * leaves as it is: the stock and tags of a product whose stock is in packages received from a
 * delivery (receiving, counts and adjustments move it, never a file).
 */
export async function checkAgainstDatabase(
  q: Queryable,
  catalog: CatalogRepository,
  dispensary: Dispensary,
  rows: readonly ValidRow[],
  profile: StateProfile | null,
): Promise<{ errors: RowError[]; warnings: RowError[]; notes: RowError[] }> {
  const errors: RowError[] = [];
  const warnings: RowError[] = [];
  const notes: RowError[] = [];
  const existing = await catalog.existingBySku(q, dispensary.id, dispensary.primaryLocationId);
  for (const { line, index, row, untagged } of rows) {
    const where = index === undefined ? { line } : { line, index };
    const found = existing.get(row.sku);
    if (untagged && !found?.packageLabel) warnings.push({ ...where, ...untagged });
    if (profile) for (const warning of missingMeasures(row, found, profile)) warnings.push({ ...where, ...warning });
    if (found?.received) notes.push(...receivedNotes(row, found).map((note) => ({ ...where, ...note })));
    if (found && row.productId && row.productId !== found.productId) {
      errors.push({
        ...where,
        field: 'productId',
        message: `differs from ${found.productId}, the product that has sku ${row.sku}`,
      });
    } else if (!found && row.productId) {
      const owner = await catalog.ownerOf(q, row.productId);
      if (owner) {
        const whose = owner.dispensaryId === dispensary.id ? `sku ${owner.sku ?? '(none)'}` : 'another dispensary';
        errors.push({ ...where, field: 'productId', message: `is already the id of a product of ${whose}` });
      }
    }
    if (found && !found.received && found.reservedMilli > row.onHandMilli) {
      const reserved = fromMilli(found.reservedMilli);
      errors.push({
        ...where,
        field: 'quantityOnHand',
        message: `is less than the ${reserved} reserved by open orders`,
      });
    }
  }
  return { errors, warnings, notes };
}

/** What a row of a product with received packages does not change, in words: its stock, and a tag it names. */
function receivedNotes(row: ProductUpsert, found: ExistingProduct): FieldError[] {
  const notes: FieldError[] = [
    {
      field: 'quantityOnHand',
      message: `${row.sku}: stock is kept in received packages; change it with a count or an adjustment (the file’s ${fromMilli(row.onHandMilli)} was not applied)`,
    },
  ];
  if (row.packageLabel && row.packageLabel !== found.packageLabel) {
    notes.push({
      field: 'packageLabel',
      message: `${row.sku}: its packages keep the state tags they were received with; ${row.packageLabel} was not set`,
    });
  }
  return notes;
}
