import type { Insertable } from 'kysely';
import { tagKey, type TagHolder } from '../catalog/import/package-tags.js';
import { TagHolders } from '../catalog/import/tag-holders.js';
import { sellingPackageId } from '../catalog/selling-package.js';
import { insertRows } from '../db/batch-writes.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { PackagesTable } from '../db/schema/catalog.js';
import type { ReceiptLinesTable, ReceiptsTable } from '../db/schema/inventory.js';
import { OrganizationRepository } from '../dispensaries/organization-repository.js';

/** A product a package may be received as, with what its new package copies from its others. */
export interface ReceivableProduct {
  productId: string;
  name: string;
  brand: string;
  sku: string | null;
  deli: boolean;
  active: boolean;
  unitId: string;
  priceCents: number;
  discountPpm: number;
  discountDescription: string;
}

/** The delivery records of a store and what they read across its organization. */
export class ReceivingRepository {
  private readonly organizations: OrganizationRepository;

  constructor(private readonly db: DataLayer) {
    this.organizations = new OrganizationRepository(db);
  }

  /** Holds the organization's row until the write ends: two deliveries never both take a tag or a manifest. */
  lockOrganization(tx: Queryable, organizationId: string): Promise<void> {
    return this.organizations.lock(tx, organizationId);
  }

  /**
   * The package of the organization holding each of `labels`, by the tag as tags are compared
   * (`tagKey`: trimmed, any case), read as the catalog import and the product form read them: a
   * package the import or the product form tagged as typed ("1a40…") holds the manifest's "1A40…".
   */
  async tagsHeld(q: Queryable, organizationId: string, labels: readonly string[]): Promise<Map<string, TagHolder>> {
    if (labels.length === 0) return new Map();
    const holders = await new TagHolders(this.db, organizationId).of(q, labels);
    return new Map(holders.map((holder) => [tagKey(holder.label), holder]));
  }

  /** Where and when manifest `number` was received in the organization (with that store's zone), if it was. */
  received(q: Queryable, organizationId: string, number: string) {
    return q.first(
      this.db.builder
        .selectFrom('receipts as r')
        .innerJoin('dispensaries as d', 'd.id', 'r.dispensary_id')
        .select(['d.name as storeName', 'd.timezone as timeZone', 'r.at'])
        .where('r.manifest_number', '=', number)
        .where('d.organization_id', '=', organizationId),
    );
  }

  /** The store's products (active or not) with what a new package of each copies from the one selling next. */
  async products(q: Queryable, dispensaryId: string, locationId: string): Promise<ReceivableProduct[]> {
    const rows = await q.all(
      this.db.builder
        .selectFrom('products as p')
        .innerJoin('packages as k', (join) =>
          join.onRef('k.product_id', '=', 'p.id').on('k.id', '=', sellingPackageId(locationId)),
        )
        .select([
          'p.id as productId',
          'p.name',
          'p.brand',
          'p.sku',
          'p.deli',
          'p.active',
          'k.unit_id as unitId',
          'k.price_cents as priceCents',
          'k.discount_ppm as discountPpm',
          'k.discount_description as discountDescription',
        ])
        .where('p.dispensary_id', '=', dispensaryId),
    );
    return rows.map((row) => ({
      ...row,
      deli: Number(row.deli) === 1,
      active: Number(row.active) === 1,
      priceCents: Number(row.priceCents),
      discountPpm: Number(row.discountPpm),
    }));
  }

  async insertReceipt(tx: Queryable, receipt: ReceiptsTable): Promise<void> {
    await tx.run(this.db.builder.insertInto('receipts').values(receipt));
  }

  async insertPackages(tx: Queryable, rows: readonly Insertable<PackagesTable>[]): Promise<void> {
    await insertRows(this.db, tx, 'packages', rows);
  }

  async insertLines(tx: Queryable, lines: readonly ReceiptLinesTable[]): Promise<void> {
    await insertRows(this.db, tx, 'receipt_lines', lines);
  }

  /** A receipt and its lines, with the products' names and who received it as people know them (`byName`). */
  async find(q: Queryable, receiptId: string) {
    const { builder } = this.db;
    const receipt = await q.first(
      builder
        .selectFrom('receipts as r')
        .leftJoin('users as u', 'u.id', 'r.actor_id')
        .selectAll('r')
        .select('u.display_name as byName')
        .where('r.id', '=', receiptId),
    );
    if (!receipt) return undefined;
    const lines = await q.all(
      builder
        .selectFrom('receipt_lines as l')
        .leftJoin('products as p', 'p.id', 'l.product_id')
        .leftJoin('packages as k', 'k.id', 'l.package_id')
        .select([
          'l.label',
          'l.item_name as itemName',
          'l.unit',
          'l.shipped_milli as shippedMilli',
          'l.received_milli as receivedMilli',
          'l.product_id as productId',
          'p.name as productName',
          'l.package_id as packageId',
          'k.unit_cost_cents as unitCostCents',
          'l.refused_reason as refused',
        ])
        .where('l.receipt_id', '=', receiptId)
        .orderBy('l.line_index'),
    );
    return { receipt, lines };
  }
}
