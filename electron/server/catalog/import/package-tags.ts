import { productWithSku } from '../../../../shared/labels.js';
import type { Dispensary } from '../../dispensaries/dispensary.js';
import type { ExistingProduct } from '../product-upsert.js';
import type { BySku } from '../sku-key.js';
import type { FieldError } from './field-error.js';
import type { RowError, ValidRow } from './import-types.js';
import { tagKey } from '../tag-key.js';

/** A state tag as tags are compared (../tag-key.ts). */
export { tagKey };

/**
 * A state tag (the package label of the state's seed-to-sale system) is one package's, in the
 * whole organization: receiving refuses a tag already held (receiving-decisions.ts `refuseKnown`),
 * and an import refuses the same, and a tag given twice in one file.
 */
const ONE_PACKAGE = 'a state tag belongs to one package only';

/** A package of the organization that has a state tag an import file names, and whose it is. */
export interface TagHolder {
  label: string;
  packageId: string;
  productId: string;
  productName: string;
  sku: string | null;
  dispensaryId: string;
  /** The store's name, said when it is another store of the organization. */
  storeName: string;
}

/**
 * The package holding a tag, as refusals name it: its product (with its SKU), and its store by name
 * when it is another store of the organization than `store` ("Blue Dream (FLW-001) at Green Valley Midtown").
 */
export function holderWords(holder: TagHolder, store: { id: string }): string {
  const product = productWithSku(holder.productName, holder.sku);
  return holder.dispensaryId === store.id ? product : `${product} at ${holder.storeName}`;
}

/** The text of a raw field, trimmed, or '' (invalid rows are compared too, as SKUs are). */
const textOf = (raw: unknown) => (typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '');

/** The tags of one file as it is read: the first line that gives each, and its product in words. */
export class TagsInFile {
  private readonly first = new Map<string, string>();

  /** The refusal of the tag `fields` give on `line` when an earlier line gave it; else remembers it. */
  repeated(fields: Record<string, unknown>, line: number): FieldError | undefined {
    const label = textOf(fields.packageLabel);
    if (label === '') return undefined;
    const key = tagKey(label);
    const earlier = this.first.get(key);
    if (earlier !== undefined) {
      return { field: 'packageLabel', message: `${label} is also the tag of line ${earlier}; ${ONE_PACKAGE}` };
    }
    const sku = textOf(fields.sku);
    const name = textOf(fields.name);
    this.first.set(key, name ? `${line} (${productWithSku(name, sku || null)})` : `${line}`);
    return undefined;
  }
}

/** Which products have which tags among `holders` (`has`: in any case). */
export function productTags(holders: readonly TagHolder[]) {
  const keys = new Set(holders.map((holder) => `${holder.productId} ${tagKey(holder.label)}`));
  return { has: (productId: string, label: string) => keys.has(`${productId} ${tagKey(label)}`) };
}

/** The rows whose tag the import writes: a tag given, on a product whose tags are not its received packages'. */
export function rowsWritingTags(rows: readonly ValidRow[], existing: BySku<ExistingProduct>) {
  return rows.filter(({ row }) => row.packageLabel !== '' && !existing.get(row.sku)?.received);
}

/**
 * The rows `writing` a tag another package of the organization has (`holders`), each refused in
 * words naming that package's product (and its store, when another). Not refused: the tag of the
 * package the row writes (a re-import), nor one held by a package this file gives another tag (the
 * file moves it).
 */
export function heldTagRefusals(
  writing: readonly ValidRow[],
  existing: BySku<ExistingProduct>,
  holders: readonly TagHolder[],
  dispensary: Dispensary,
): RowError[] {
  const byTag = new Map<string, TagHolder[]>();
  for (const holder of holders) {
    const key = tagKey(holder.label);
    byTag.set(key, [...(byTag.get(key) ?? []), holder]);
  }
  const moved = new Set<string>();
  for (const { row } of writing) {
    const found = existing.get(row.sku);
    if (found?.packageId && tagKey(found.packageLabel) !== tagKey(row.packageLabel)) moved.add(found.packageId);
  }
  const refusals: RowError[] = [];
  for (const { line, index, row } of writing) {
    const own = existing.get(row.sku)?.packageId ?? null;
    const held = byTag.get(tagKey(row.packageLabel)) ?? [];
    if (held.some((holder) => holder.packageId === own)) continue;
    const other = held.find((holder) => !moved.has(holder.packageId));
    if (!other) continue;
    refusals.push({
      ...(index === undefined ? { line } : { line, index }),
      field: 'packageLabel',
      message: `${row.packageLabel} is already the tag of a package of ${holderWords(other, dispensary)}; ${ONE_PACKAGE}`,
    });
  }
  return refusals;
}
