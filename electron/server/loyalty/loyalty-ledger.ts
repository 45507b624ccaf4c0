import { sql } from 'kysely';
import type { LoyaltyEntry, LoyaltyEntryKind } from '../../../shared/contracts/loyalty.js';
import type { DataLayer } from '../db/data-layer.js';
import { timeOrderedUuid } from '../db/ids.js';
import type { Queryable } from '../db/query.js';

/** A customer's points: the balance, and those earned in all (less what refunds took back). */
export interface PointsBalance {
  points: number;
  lifetimePoints: number;
}

/** What one order moved of its customer's points: earned (less reversed), spent (less returned: negative). */
export interface OrderPoints {
  earned: number;
  spent: number;
  /** Before refunds and voids took any back: earned (0 or more) and spent (0 or less). */
  gross: { earned: number; spent: number };
}

/** A customer of a store whose balance is due to expire: its points, and their last visit (ISO). */
export interface ExpiringBalance {
  customerId: string;
  name: string;
  points: number;
  lastVisit: string;
}

/**
 * A customer's last visit (README "Loyalty"): their newest entry earned, spent or given back (a
 * refund, return or cancel that gave back points a sale's reward dollars cost: the points are theirs
 * again from that day, so they get the whole time to use them); for a balance a manager gave to a
 * customer who never bought (no such entry), the newest adjustment.
 */
const LAST_VISIT = sql<string | null>`COALESCE(
  MAX(CASE WHEN l.kind IN ('earned', 'spent', 'returned') THEN l.created_at END),
  MAX(CASE WHEN l.kind = 'adjusted' THEN l.created_at END))`;

/**
 * Entries' `actor`s that are no person's, though a login could be so named: the expiry's
 * (points-expiry.ts) and the operator's at the command line.
 */
const SERVICE_ACTORS = ['system', 'operator'];

/** A new entry of the ledger. */
export interface NewEntry {
  dispensaryId: string;
  customerId: string;
  orderId: string | null;
  kind: LoyaltyEntryKind;
  points: number;
  note: string;
  actor: string;
  at: string;
}

/**
 * The loyalty ledger (migration 045): every move of a customer's points, the balance their sum. An
 * entry is written once and never changed; an attached register forwards its own once each, by id.
 */
export class LoyaltyLedger {
  constructor(private readonly db: DataLayer) {}

  async balance(q: Queryable, customerId: string): Promise<PointsBalance> {
    const row = await q.first(
      this.db.builder
        .selectFrom('loyalty_ledger')
        .select([
          sql<number>`COALESCE(SUM(points), 0)`.as('points'),
          sql<number>`COALESCE(SUM(CASE WHEN kind IN ('earned', 'reversed') THEN points ELSE 0 END), 0)`.as('lifetime'),
        ])
        .where('customer_id', '=', customerId),
    );
    return { points: Number(row?.points ?? 0), lifetimePoints: Number(row?.lifetime ?? 0) };
  }

  async ofOrder(q: Queryable, orderId: string): Promise<OrderPoints> {
    const row = await q.first(
      this.db.builder
        .selectFrom('loyalty_ledger')
        .select([
          sql<number>`COALESCE(SUM(CASE WHEN kind IN ('earned', 'reversed') THEN points ELSE 0 END), 0)`.as('earned'),
          sql<number>`COALESCE(SUM(CASE WHEN kind IN ('spent', 'returned') THEN points ELSE 0 END), 0)`.as('spent'),
          sql<number>`COALESCE(SUM(CASE WHEN kind = 'earned' THEN points ELSE 0 END), 0)`.as('grossEarned'),
          sql<number>`COALESCE(SUM(CASE WHEN kind = 'spent' THEN points ELSE 0 END), 0)`.as('grossSpent'),
        ])
        .where('order_id', '=', orderId),
    );
    const gross = { earned: Number(row?.grossEarned ?? 0), spent: Number(row?.grossSpent ?? 0) };
    return { earned: Number(row?.earned ?? 0), spent: Number(row?.spent ?? 0), gross };
  }

  /**
   * Points of the customer's balance expired since the order first earned, less those already given
   * back to cover a refund of them (`expired` entries with points above 0): what a refund of the order
   * may take back of points that are no longer in the balance.
   */
  async expiredSinceEarned(q: Queryable, customerId: string, orderId: string): Promise<number> {
    const k = this.db.builder;
    const earnedAt = k
      .selectFrom('loyalty_ledger')
      .select((e) => e.fn.min('created_at').as('at'))
      .where('order_id', '=', orderId)
      .where('kind', '=', 'earned');
    const row = await q.first(
      k
        .selectFrom('loyalty_ledger')
        .select(sql<number>`COALESCE(SUM(points), 0)`.as('points'))
        .where('customer_id', '=', customerId)
        .where('kind', '=', 'expired')
        .where('created_at', '>=', earnedAt),
    );
    return Math.max(0, -Number(row?.points ?? 0));
  }

  /** The customer's last visit (ISO), or null when their ledger has none. */
  async lastVisit(q: Queryable, customerId: string): Promise<string | null> {
    const row = await q.first(
      this.db.builder
        .selectFrom('loyalty_ledger as l')
        .select(LAST_VISIT.as('last_visit'))
        .where('l.customer_id', '=', customerId),
    );
    return row?.last_visit ?? null;
  }

  /** The store's customers with points whose last visit was before `cutoff` (ISO), by name. */
  async expiring(q: Queryable, dispensaryId: string, cutoff: string): Promise<ExpiringBalance[]> {
    const rows = await q.all(
      this.db.builder
        .selectFrom('loyalty_ledger as l')
        .innerJoin('customers as c', 'c.id', 'l.customer_id')
        .select(['l.customer_id', 'c.first_name', 'c.last_name', sql<number>`SUM(l.points)`.as('points')])
        .select(LAST_VISIT.as('last_visit'))
        .where('l.dispensary_id', '=', dispensaryId)
        .groupBy(['l.customer_id', 'c.first_name', 'c.last_name'])
        .having(sql<number>`SUM(l.points)`, '>', 0)
        .having(LAST_VISIT, '<', cutoff)
        .orderBy('c.last_name')
        .orderBy('c.first_name'),
    );
    return rows.map((row) => ({
      customerId: row.customer_id,
      name: `${row.first_name} ${row.last_name}`,
      points: Number(row.points),
      lastVisit: row.last_visit!,
    }));
  }

  /**
   * The customer's entries, newest first, `limit` of them (and whether there are more) before
   * `before`, each with the display name of the staff user of `organizationId` who made it and its
   * order's number: the order's own, or, on an attached register, the number its store server sent
   * with the entry for an order made there (migration 064), which the register does not have.
   */
  async entries(
    q: Queryable,
    customer: { id: string; organizationId: string },
    limit: number,
    before?: string,
  ): Promise<{ entries: LoyaltyEntry[]; more: boolean }> {
    let query = this.db.builder
      .selectFrom('loyalty_ledger as l')
      .leftJoin('orders as o', 'o.id', 'l.order_id')
      // An entry keeps who by username (unique); the service's own names are nobody's login.
      .leftJoin('users as u', (join) =>
        join
          .onRef('u.username', '=', 'l.actor')
          .on('u.organization_id', '=', customer.organizationId)
          .on('l.actor', 'not in', SERVICE_ACTORS),
      )
      .select(['l.id', 'l.created_at', 'l.kind', 'l.points', 'l.order_id', 'l.note', 'l.actor'])
      .select((e) => [e.fn.coalesce('o.order_number', 'l.order_number').as('order_number'), 'u.display_name'])
      .where('l.customer_id', '=', customer.id);
    if (before !== undefined) query = query.where('l.id', '<', before);
    const rows = await q.all(query.orderBy('l.id', 'desc').limit(limit + 1));
    return {
      entries: rows.slice(0, limit).map((row) => ({
        id: row.id,
        at: row.created_at,
        kind: row.kind as LoyaltyEntryKind,
        points: Number(row.points),
        orderId: row.order_id,
        orderNumber: row.order_number ?? null,
        note: row.note,
        by: row.actor,
        byName: row.display_name ?? null,
      })),
      more: rows.length > limit,
    };
  }

  async add(tx: Queryable, entry: NewEntry): Promise<void> {
    await tx.run(
      this.db.builder.insertInto('loyalty_ledger').values({
        id: timeOrderedUuid(),
        dispensary_id: entry.dispensaryId,
        customer_id: entry.customerId,
        order_id: entry.orderId,
        kind: entry.kind,
        points: entry.points,
        note: entry.note,
        actor: entry.actor,
        created_at: entry.at,
      }),
    );
  }
}
