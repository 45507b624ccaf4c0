import { CUSTOMER_RETURN_REASON } from '../../../shared/inventory/adjustment-reasons.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import { PackageStocks } from '../catalog/package-stock.js';
import { moveStock } from '../catalog/stock-claims.js';
import type { DataLayer } from '../db/data-layer.js';
import { timeOrderedUuid } from '../db/ids.js';
import type { Queryable } from '../db/query.js';
import type { StockAdjustmentsTable } from '../db/schema/inventory.js';
import { AdjustmentsRepository } from './adjustments-repository.js';

/** Units a customer brought back to a package of the line they were sold from. */
export interface ReturnedUnits {
  packageId: string;
  productId: string;
  packageLabel: string;
  quantityMilli: number;
}

/** Who took the return back, and the manager who approved it, as the adjustments name people. */
export interface ReturnTaker {
  kind: string;
  id: string | null;
  name: string;
  /** The manager whose PIN approved the return, or the manager who made it; null when none did. */
  approvedBy: { id: string; name: string } | null;
}

/**
 * Stock a refund by items puts back (README "Refunds", `restock: true`): in the refund's own write,
 * each package's row is locked and its stock on hand raised (open orders keep their claims), and
 * the move is kept as an adjustment of the store (reason "Returned by customer", note "Order X"),
 * as every other change of a package's stock is.
 */
export class ReturnedStock {
  private readonly stocks: PackageStocks;
  private readonly adjustments: AdjustmentsRepository;

  constructor(db: DataLayer) {
    this.stocks = new PackageStocks(db);
    this.adjustments = new AdjustmentsRepository(db);
  }

  async restock(
    tx: Queryable,
    store: { id: string; timezone: string },
    orderNumber: string,
    returned: readonly ReturnedUnits[],
    by: ReturnTaker,
    at: Date,
  ): Promise<void> {
    if (returned.length === 0) return;
    const stocks = await this.stocks.readMany(
      tx,
      returned.map((units) => units.packageId),
    );
    const rows: StockAdjustmentsTable[] = [];
    for (const units of returned) {
      const before = stocks.get(units.packageId);
      if (!before) continue;
      const after = moveStock(before, { onHand: units.quantityMilli, claims: 0 }).stock;
      stocks.set(units.packageId, after);
      rows.push({
        id: timeOrderedUuid(),
        dispensary_id: store.id,
        package_id: units.packageId,
        product_id: units.productId,
        package_label: units.packageLabel,
        delta_milli: units.quantityMilli,
        before_milli: before.onHand,
        after_milli: after.onHand,
        reason: CUSTOMER_RETURN_REASON.code,
        note: `Order ${orderNumber}`,
        actor_kind: by.kind,
        actor_id: by.id,
        actor_name: by.name,
        approved_by_id: by.approvedBy?.id ?? null,
        approved_by_name: by.approvedBy?.name ?? null,
        at: at.toISOString(),
        store_day: zonedDate(at, store.timezone),
      });
    }
    await this.stocks.writeMany(tx, stocks);
    await this.adjustments.insertMany(tx, rows);
  }
}
