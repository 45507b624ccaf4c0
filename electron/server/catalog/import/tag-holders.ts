import { ServicePayError } from '../../../../shared/errors.js';
import { slices } from '../../db/batch-writes.js';
import type { DataLayer } from '../../db/data-layer.js';
import type { Queryable } from '../../db/query.js';
import { OrganizationRepository } from '../../dispensaries/organization-repository.js';
import { tagKey, type TagHolder } from './package-tags.js';

/** Tags a query asks for at most: far below the engines' bound on a statement's parameters (SQLite 32,766). */
const TAGS_PER_QUERY = 10_000;

/**
 * The packages of an organization that have state tags an import, the product form or a delivery
 * writes (receiving-repository.ts `tagsHeld` reads them here too): by the tag's index, a few
 * queries for a whole catalog, never one per row. One notion of "the same tag" (`tagKey`).
 */
export class TagHolders {
  private readonly organizations: OrganizationRepository;

  constructor(
    private readonly db: DataLayer,
    private readonly organizationId: string,
  ) {
    this.organizations = new OrganizationRepository(db);
  }

  /**
   * Every package of the organization whose tag is one of `labels`, however either is spelled
   * (`tagKey`): by the tag's key the database keeps (`packages.label_key`) and its index.
   */
  async of(q: Queryable, labels: Iterable<string>): Promise<TagHolder[]> {
    const wanted = new Set<string>();
    for (const label of labels) {
      const key = tagKey(label);
      if (key !== '') wanted.add(key);
    }
    const holders: TagHolder[] = [];
    for (const part of slices([...wanted], TAGS_PER_QUERY)) {
      holders.push(...(await q.all(this.holders().where('k.label_key', 'in', part))));
    }
    return holders;
  }

  /**
   * The tags two or more packages of the organization have, each as its holders (by tag, then
   * store and product): packages tagged before tags were compared in any case may share one, in
   * two spellings ("1a40…" and "1A40…"). What `servicepay catalog check` lists.
   */
  async shared(q: Queryable): Promise<TagHolder[][]> {
    const { builder } = this.db;
    const keys = builder
      .selectFrom('packages as k')
      .innerJoin('products as p', 'p.id', 'k.product_id')
      .innerJoin('dispensaries as d', 'd.id', 'p.dispensary_id')
      .select('k.label_key')
      .where('d.organization_id', '=', this.organizationId)
      .where('k.label_key', '<>', '')
      .groupBy('k.label_key')
      .having((eb) => eb.fn.countAll(), '>', 1);
    const rows = await q.all(
      this.holders()
        .select('k.label_key as key')
        .where('k.label_key', 'in', keys)
        .orderBy('k.label_key')
        .orderBy('d.name')
        .orderBy('p.name')
        .orderBy('k.id'),
    );
    const byKey = new Map<string, TagHolder[]>();
    for (const { key, ...holder } of rows) byKey.set(key, [...(byKey.get(key) ?? []), holder]);
    return [...byKey.values()];
  }

  /** The packages of the organization, as holders of their tags. */
  private holders() {
    return this.db.builder
      .selectFrom('packages as k')
      .innerJoin('products as p', 'p.id', 'k.product_id')
      .innerJoin('dispensaries as d', 'd.id', 'p.dispensary_id')
      .select([
        'k.label',
        'k.id as packageId',
        'p.id as productId',
        'p.name as productName',
        'p.sku',
        'p.dispensary_id as dispensaryId',
        'd.name as storeName',
      ])
      .where('d.organization_id', '=', this.organizationId);
  }

  /**
   * In a write giving packages state tags (the import's, the product form's): holds the
   * organization's row until `tx` ends, then reads the holders of `labels` as `of` does. Receiving
   * holds the same row, so two writers never both give a package the same tag: the later one waits,
   * then sees the earlier one's package.
   */
  async lockedOf(tx: Queryable, labels: Iterable<string>): Promise<TagHolder[]> {
    await this.organizations.lock(tx, this.organizationId);
    return this.of(tx, labels);
  }

  /**
   * In the import's write: holds the organization's row until it ends, as receiving does (two
   * writers never both give a package the same tag), then refuses the write if a package took one
   * of `labels` since the rows were checked (`checked`: the holders found then).
   */
  async stillAsChecked(tx: Queryable, labels: readonly string[], checked: readonly TagHolder[]): Promise<void> {
    if (labels.length === 0) return;
    const known = new Set(checked.map((holder) => holder.packageId));
    const taken = (await this.lockedOf(tx, labels)).find((holder) => !known.has(holder.packageId));
    if (taken) {
      throw new ServicePayError(
        'CONFLICT',
        `package tag ${taken.label} was given to a package of ${taken.productName} while importing; nothing was imported: check the file and try again`,
        { field: 'packageLabel' },
      );
    }
  }
}
