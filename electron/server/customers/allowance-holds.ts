import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { AllowanceLine, BoughtLine } from './purchases-elsewhere.js';

/** A register's sale to hold the customer's allowance for. */
export interface AllowanceRequest {
  /** The hold's id: the id of the order the register writes with it. */
  holdId: string;
  registerId: string;
  /** The server's id of the customer (a register's alias already resolved). */
  customerId: string;
  lines: readonly AllowanceLine[];
}

/** The customer's allowance checked for a sale: what they bought and others hold, to keep the sale's lines beside. */
export interface CheckedAllowance {
  customerId: string;
  /** The customer's lines of the period here, and those held for other sales (not this one). */
  there: BoughtLine[];
}

/**
 * A customer's allowance an attached register holds at its store server for a sale it is about to
 * write (migration 31; README "Attaching registers"), as it holds the sale's stock: the sale's lines,
 * checked first (`AllowanceCheck`), kept and counted as bought (`PurchaseHistory`) until the sale's
 * order arrives with the register's forwarded changes, the register gives them back (it did not
 * write the sale), or they expire.
 */
export class AllowanceHolds {
  constructor(private readonly db: DataLayer) {}

  /** Keeps the sale's lines as held until `expiresAt` (a hold sent again is kept once). */
  async keep(
    tx: Queryable,
    dispensaryId: string,
    request: AllowanceRequest,
    checked: CheckedAllowance,
    now: Date,
    expiresAt: string,
  ): Promise<void> {
    if (request.lines.length === 0) return;
    const rows = request.lines.map((line, index) => ({
      id: request.holdId,
      line: index + 1,
      dispensary_id: dispensaryId,
      customer_id: checked.customerId,
      register_id: request.registerId,
      type: line.type,
      name: line.name,
      deli: line.deli,
      quantity_milli: line.quantityMilli,
      cannabis_weight_mg: line.cannabisWeightMg,
      thc_mg: line.thcMg,
      created_at: now.toISOString(),
      expires_at: expiresAt,
    }));
    await tx.run(
      this.db.builder
        .insertInto('allowance_holds')
        .values(rows)
        .onConflict((c) => c.columns(['id', 'line']).doNothing()),
    );
  }

  /** Gives back a register's hold (its sale was not written); a hold already gone is fine. */
  async release(tx: Queryable, registerId: string, holdId: string): Promise<number> {
    const k = this.db.builder;
    return tx.run(k.deleteFrom('allowance_holds').where('id', '=', holdId).where('register_id', '=', registerId));
  }

  /**
   * The holds of orders whose lines a register's forward brought (`orderIds`): their lines count
   * now. A hold goes once its order has all its lines here (a batch may end inside a sale).
   */
  async arrived(tx: Queryable, registerId: string, orderIds: readonly string[]): Promise<number> {
    if (orderIds.length === 0) return 0;
    const k = this.db.builder;
    return tx.run(
      k
        .deleteFrom('allowance_holds')
        .where('register_id', '=', registerId)
        .where('id', 'in', [...orderIds])
        .where((e) =>
          e(
            e
              .selectFrom('order_items')
              .select((s) => s.fn.countAll<number>().as('n'))
              .whereRef('order_id', '=', 'allowance_holds.id'),
            '>=',
            e
              .selectFrom('allowance_holds as h')
              .select((s) => s.fn.countAll<number>().as('n'))
              .whereRef('h.id', '=', 'allowance_holds.id'),
          ),
        ),
    );
  }

  /** Whether a hold's time is up (read outside a write, so an idle server writes nothing). */
  async anyExpired(q: Queryable, now: Date): Promise<boolean> {
    const k = this.db.builder;
    return !!(await q.first(
      k.selectFrom('allowance_holds').select('id').where('expires_at', '<=', now.toISOString()).limit(1),
    ));
  }

  /** Drops the holds whose sale did not come in time (they count no more from then on already). */
  expire(tx: Queryable, now: Date): Promise<number> {
    return tx.run(this.db.builder.deleteFrom('allowance_holds').where('expires_at', '<=', now.toISOString()));
  }
}
