import { ServicePayError } from '../../../shared/errors.js';
import { holderWords, tagKey, type TagHolder } from '../catalog/import/package-tags.js';
import { TagHolders } from '../catalog/import/tag-holders.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';

/**
 * Why a product of `store` may not give its package `label` (as a refusal's rule, after the field):
 * a package other than `own` among `holders` has it, by the import's notion of the same tag
 * (`tagKey`: trimmed, any case). The product is named, and its store when it is another of the
 * organization; one of this store is named first. Undefined when no other package has it.
 */
export function heldTagRule(
  label: string,
  holders: readonly TagHolder[],
  own: string | null,
  store: Pick<Dispensary, 'id'>,
): string | undefined {
  const key = tagKey(label);
  const others = holders.filter((holder) => holder.packageId !== own && tagKey(holder.label) === key);
  const other = others.find((holder) => holder.dispensaryId === store.id) ?? others[0];
  if (!other) return undefined;
  return `${label} is already on a package of ${holderWords(other, store)}; each package has its own state tag`;
}

/**
 * The product form's rule of state tags (README "Products"): a tag is one package's in the whole
 * organization, as the catalog import and receiving hold it. Checked in the product's write with
 * the organization's row held (`TagHolders.lockedOf`, as the import's re-check and receiving hold
 * it), so of two writes giving the same tag at once, the later one waits and is refused.
 */
export class PackageTagRule {
  constructor(private readonly db: DataLayer) {}

  /**
   * Refuses (CONFLICT, at `packageLabel`) giving the package `own` (null: a new product's) of
   * `store` the tag `label`, when another package of the organization has it. An empty tag is none.
   */
  async check(tx: Queryable, store: Dispensary, label: string, own: string | null): Promise<void> {
    if (label === '') return;
    const holders = await new TagHolders(this.db, store.organizationId).lockedOf(tx, [label]);
    const rule = heldTagRule(label, holders, own, store);
    if (rule) throw new ServicePayError('CONFLICT', `packageLabel ${rule}`, { field: 'packageLabel' });
  }
}
