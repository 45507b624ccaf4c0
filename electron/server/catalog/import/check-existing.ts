import { fromMilli } from '../../../../shared/quantity.js';
import type { Queryable } from '../../db/query.js';
import type { CatalogRepository, ExistingProduct, ProductUpsert } from '../catalog-repository.js';
import type { Dispensary } from '../../dispensaries/dispensary.js';
import type { StateProfile } from '../../../../shared/compliance/index.js';
import { twinsInWords } from '../sku-key.js';
import { missingMeasures } from './cannabis-fields.js';
import type { FieldError } from './field-error.js';
import type { RowError, ValidRow } from './import-types.js';
import { heldTagRefusals, productTags, rowsWritingTags, type TagHolder } from './package-tags.js';
import type { TagHolders } from './tag-holders.js';

/** The state tags the import writes and the packages of the organization that had them when checked. */
export interface TagsChecked {
  labels: string[];
  holders: TagHolder[];
}

/**
 * The rules a row can only break against what is already stored: a SKU that is several products'
 * in other cases only (none written so: stored before SKUs were compared in any case, migration 59),
 * a productId that belongs to another product, a state tag another package of the organization
 * has (`tags` reads them), and a stock count below what open orders have reserved; the warnings that
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
  tags: TagHolders,
): Promise<{ errors: RowError[]; warnings: RowError[]; notes: RowError[]; tags: TagsChecked }> {
  const warnings: RowError[] = [];
  const notes: RowError[] = [];
  const existing = await catalog.existingBySku(q, dispensary.id, dispensary.primaryLocationId);
  // The tags of every row, the received products' too: a note does not say one of its own was not set.
  const holders = await tags.of(
    q,
    rows.map(({ row }) => row.packageLabel).filter((label) => label !== ''),
  );
  const writing = rowsWritingTags(rows, existing);
  const errors = heldTagRefusals(writing, existing, holders, dispensary);
  const tagged = productTags(holders);
  for (const { line, index, row, untagged } of rows) {
    const where = index === undefined ? { line } : { line, index };
    const { found, twins } = existing.match(row.sku);
    if (twins.length > 0) errors.push({ ...where, field: 'sku', message: twinsInWords(twins) });
    if (untagged && !found?.packageLabel) warnings.push({ ...where, ...untagged });
    if (profile) for (const warning of missingMeasures(row, found, profile)) warnings.push({ ...where, ...warning });
    if (found?.received) {
      const own = tagged.has(found.productId, row.packageLabel);
      notes.push(...receivedNotes(row, found, own).map((note) => ({ ...where, ...note })));
    }
    if (found && row.productId && row.productId !== found.productId) {
      errors.push({
        ...where,
        field: 'productId',
        message: `differs from ${found.productId}, the product that has sku ${found.sku ?? row.sku}`,
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
  const labels = writing.map(({ row }) => row.packageLabel);
  return { errors, warnings, notes, tags: { labels, holders } };
}

/**
 * What a row of a product with received packages does not change, in words: its stock, and a tag it
 * names that none of its packages has (`ownTag`: one has it).
 */
function receivedNotes(row: ProductUpsert, found: ExistingProduct, ownTag: boolean): FieldError[] {
  const notes: FieldError[] = [
    {
      field: 'quantityOnHand',
      message: `${row.sku}: stock is kept in received packages; change it with a count or an adjustment (the file’s ${fromMilli(row.onHandMilli)} was not applied)`,
    },
  ];
  if (row.packageLabel && !ownTag) {
    notes.push({
      field: 'packageLabel',
      message: `${row.sku}: its packages keep the state tags they were received with; ${row.packageLabel} was not set`,
    });
  }
  return notes;
}
