import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { queryRows } from '../../../support/sql.js';

/**
 * Each package of the products whose SKU starts with `prefix`, as the `packages` table holds it,
 * beside its history summed by the database from the tables that record what moves stock:
 * deliveries received (`receipt_lines`), adjustments (`stock_adjustments`, a count's among them,
 * linked from `inventory_count_entries`), orders handed over and refunded (`order_items` of
 * COMPLETED orders), and what open orders hold; its room beside its last move (`package_moves`)
 * or the room it was received into; and the state's outbox records of its adjustments.
 */
export interface PackageHistory {
  id: string;
  label: string;
  onHand: number;
  reserved: number;
  short: number;
  room: string | null;
  received: number;
  adjusted: number;
  /** The adjustments applied counts made, and the differences of their entries. */
  countAdjusted: number;
  countDifferences: number;
  sold: number;
  /** Units refunds put back in stock (refunds give money back, not packages: always 0). */
  restocked: number;
  /** What open orders (neither handed over nor canceled) hold of it. */
  held: number;
  /** Where its history puts it: its last move's room, else the room it was received into. */
  historyRoom: string | null;
  adjustments: number;
  /** State outbox records of its adjustments: all, and those matching the adjustment's tag and change. */
  stateRecords: number;
  stateMatching: number;
}

const sum = (query: string) => sql.raw(`COALESCE((${query}), 0)`);

export async function packageHistories(app: FastifyInstance, prefix: string): Promise<PackageHistory[]> {
  const rows = await queryRows<Record<keyof PackageHistory, string | number | null>>(
    app,
    sql`SELECT k.id, k.label, k.on_hand_milli AS "onHand", k.reserved_milli AS reserved, k.short_milli AS short,
      k.room_id AS room,
      ${sum('SELECT SUM(l.received_milli) FROM receipt_lines l WHERE l.package_id = k.id')} AS received,
      ${sum('SELECT SUM(a.delta_milli) FROM stock_adjustments a WHERE a.package_id = k.id')} AS adjusted,
      ${sum(
        'SELECT SUM(a.delta_milli) FROM stock_adjustments a ' +
          'JOIN inventory_count_entries e ON e.adjustment_id = a.id WHERE a.package_id = k.id',
      )} AS "countAdjusted",
      ${sum(
        'SELECT SUM(e.counted_milli - e.expected_milli) FROM inventory_count_entries e ' +
          "JOIN inventory_counts c ON c.id = e.count_id WHERE e.package_id = k.id AND c.status = 'APPLIED'",
      )} AS "countDifferences",
      ${sum(
        'SELECT SUM(i.quantity_milli) FROM order_items i JOIN orders o ON o.id = i.order_id ' +
          "WHERE i.package_id = k.id AND o.status = 'COMPLETED'",
      )} AS sold,
      ${sum('SELECT SUM(i.refunded_quantity_milli) FROM order_items i WHERE i.package_id = k.id')} AS restocked,
      ${sum(
        'SELECT SUM(i.quantity_milli) FROM order_items i JOIN orders o ON o.id = i.order_id ' +
          "WHERE i.package_id = k.id AND o.status NOT IN ('COMPLETED', 'CANCELED')",
      )} AS held,
      CASE WHEN EXISTS (SELECT 1 FROM package_moves m WHERE m.package_id = k.id)
        THEN (SELECT m.to_room_id FROM package_moves m WHERE m.package_id = k.id ORDER BY m.at DESC, m.id DESC LIMIT 1)
        ELSE (SELECT r.room_id FROM receipt_lines l JOIN receipts r ON r.id = l.receipt_id WHERE l.package_id = k.id)
      END AS "historyRoom",
      (SELECT COUNT(*) FROM stock_adjustments a WHERE a.package_id = k.id) AS adjustments,
      (SELECT COUNT(*) FROM state_adjustments s JOIN stock_adjustments a ON a.id = s.adjustment_id
        WHERE a.package_id = k.id) AS "stateRecords",
      (SELECT COUNT(*) FROM state_adjustments s JOIN stock_adjustments a ON a.id = s.adjustment_id
        WHERE a.package_id = k.id AND s.package_label = k.label AND s.quantity_milli = a.delta_milli) AS "stateMatching"
    FROM packages k JOIN products p ON p.id = k.product_id
    WHERE p.sku LIKE ${`${prefix}%`}
    ORDER BY k.id`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    label: String(row.label),
    room: row.room === null ? null : String(row.room),
    historyRoom: row.historyRoom === null ? null : String(row.historyRoom),
    onHand: Number(row.onHand),
    reserved: Number(row.reserved),
    short: Number(row.short),
    received: Number(row.received),
    adjusted: Number(row.adjusted),
    countAdjusted: Number(row.countAdjusted),
    countDifferences: Number(row.countDifferences),
    sold: Number(row.sold),
    restocked: Number(row.restocked),
    held: Number(row.held),
    adjustments: Number(row.adjustments),
    stateRecords: Number(row.stateRecords),
    stateMatching: Number(row.stateMatching),
  }));
}
