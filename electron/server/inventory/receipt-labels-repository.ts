import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

/** What a delivery's labels read: the receipt named, and the packages it received as they are now. */
export class ReceiptLabelsRepository {
  constructor(private readonly db: DataLayer) {}

  /** The organization's receipts with the id `ref`, or that manifest number, and whose store each is. */
  receipts(q: Queryable, organizationId: string, ref: string) {
    return q.all(
      this.db.builder
        .selectFrom('receipts as r')
        .innerJoin('dispensaries as d', 'd.id', 'r.dispensary_id')
        .select([
          'r.id',
          'r.dispensary_id as dispensaryId',
          'r.manifest_number as manifestNumber',
          'd.name as storeName',
        ])
        .where((eb) => eb.or([eb('r.id', '=', ref), eb('r.manifest_number', '=', ref)]))
        .where('d.organization_id', '=', organizationId),
    );
  }

  /** The packages receipt `receiptId` received, in the manifest's order, with their tag, stock and lab results now. */
  packages(q: Queryable, receiptId: string) {
    return q.all(
      this.db.builder
        .selectFrom('receipt_lines as l')
        .innerJoin('packages as k', 'k.id', 'l.package_id')
        .select([
          'k.id as packageId',
          'k.label',
          'k.product_id as productId',
          'k.on_hand_milli as onHandMilli',
          'k.lab_results as labResults',
        ])
        .where('l.receipt_id', '=', receiptId)
        .orderBy('l.line_index'),
    );
  }
}
