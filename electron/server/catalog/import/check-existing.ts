import { fromMilli } from '../../../../shared/quantity.js';
import type { Queryable } from '../../db/query.js';
import type { CatalogRepository } from '../catalog-repository.js';
import type { Dispensary } from '../../dispensaries/dispensary.js';
import type { StateProfile } from '../../../../shared/compliance/index.js';
import { missingMeasures } from './cannabis-fields.js';
import type { RowError, ValidRow } from './import-types.js';

/**
 * The rules a row can only break against what is already stored: a productId that belongs to
 * another product, and a stock count below what open orders have reserved; and the warnings that
 * depend on it: a cannabis product left without a measure the state `profile` counts it by (none
 * when the store enforces no state's rules).
 */
export async function checkAgainstDatabase(
  q: Queryable,
  catalog: CatalogRepository,
  dispensary: Dispensary,
  rows: readonly ValidRow[],
  profile: StateProfile | null,
): Promise<{ errors: RowError[]; warnings: RowError[] }> {
  const errors: RowError[] = [];
  const warnings: RowError[] = [];
  const existing = await catalog.existingBySku(q, dispensary.id, dispensary.primaryLocationId);
  for (const { line, index, row } of rows) {
    const where = index === undefined ? { line } : { line, index };
    const found = existing.get(row.sku);
    if (profile) for (const warning of missingMeasures(row, found, profile)) warnings.push({ ...where, ...warning });
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
    if (found && found.reservedMilli > row.onHandMilli) {
      const reserved = fromMilli(found.reservedMilli);
      errors.push({
        ...where,
        field: 'quantityOnHand',
        message: `is less than the ${reserved} reserved by open orders`,
      });
    }
  }
  return { errors, warnings };
}
