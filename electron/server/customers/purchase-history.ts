import { limitLineOf, type ProductMeasures } from '../../../shared/catalog/limit-measures.js';
import {
  limitWindow,
  type IsoDate,
  type LimitCustomer,
  type LimitLine,
  type StateProfile,
} from '../../../shared/compliance/index.js';
import { ServicePayError } from '../../../shared/errors.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import { sql } from 'kysely';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { CustomerRow } from './customers-repository.js';
import type { BoughtLine, PurchasesElsewhere, PurchaseWindow } from './purchases-elsewhere.js';

/**
 * What a customer bought earlier in the purchase limits' period (the store's day, in its time zone),
 * at every register of the store and online, as the limits count it. Ticket creation checks a new
 * ticket against it (ticket-compliance.ts); the allowance route shows what is left (customer-allowance.ts).
 */
export class PurchaseHistory {
  private readonly q;

  constructor(
    db: DataLayer,
    /** On an attached register: the customer's lines at its store server. */
    private readonly elsewhere?: PurchasesElsewhere,
  ) {
    this.q = {
      // The customer's lines of the period, net of refunds, canceled orders left out, and the lines
      // registers hold for sales they are writing (migration 31), in one statement: one snapshot, so
      // a hold its forwarded order replaced is counted once, as the hold or as the order.
      bought: db.prepare((k, p: { dispensaryId: string; customerId: string; from: string; to: string; now: string }) =>
        k
          .selectFrom('order_items as i')
          .innerJoin('orders as o', 'o.id', 'i.order_id')
          .select([
            'o.id as orderId',
            'i.type',
            'i.name',
            'i.deli',
            'i.quantity_milli as quantityMilli',
            'i.refunded_quantity_milli as refundedMilli',
            'i.cannabis_weight_mg as cannabisWeightMg',
            'i.thc_mg as thcMg',
            sql<number>`0`.as('held'),
          ])
          .where('o.customer_id', '=', p.customerId)
          .where('o.dispensary_id', '=', p.dispensaryId)
          .where('o.created_at', '>=', p.from)
          .where('o.created_at', '<', p.to)
          .where('o.status', '!=', 'CANCELED')
          .unionAll(
            k
              .selectFrom('allowance_holds as h')
              .select([
                'h.id as orderId',
                'h.type',
                'h.name',
                'h.deli',
                'h.quantity_milli as quantityMilli',
                sql<number>`0`.as('refundedMilli'),
                'h.cannabis_weight_mg as cannabisWeightMg',
                'h.thc_mg as thcMg',
                sql<number>`1`.as('held'),
              ])
              .where('h.customer_id', '=', p.customerId)
              .where('h.dispensary_id', '=', p.dispensaryId)
              .where('h.created_at', '>=', p.from)
              .where('h.created_at', '<', p.to)
              .where('h.expires_at', '>', p.now),
          ),
      ),
    };
  }

  /**
   * The lines `customer` bought earlier in the period of `buyer`'s limits that `now` is in, and
   * those held for sales being written (see `lines`).
   */
  async counted(
    q: Queryable,
    dispensary: Pick<Dispensary, 'id' | 'timezone'>,
    customerId: string,
    profile: StateProfile,
    buyer: LimitCustomer,
    now: Date,
    /** The server's lines, asked before a ticket's write (null: none); asked here when absent. */
    there?: BoughtLine[] | null,
    /** An order not to count (the one being handed over is the sale, not a purchase before it). */
    except?: string,
  ): Promise<LimitLine[]> {
    const today = zonedDate(now, dispensary.timezone);
    const window = limitWindow(profile.customerTypes[buyer.type].period, today, dispensary.timezone);
    if (!window) return [];
    const here = await this.lines(q, dispensary.id, customerId, window, now);
    const fromServer = there !== undefined ? there : await this.atServer(customerId, profile, buyer, today, dispensary);
    const all = merged(here, fromServer);
    return countedBought(except === undefined ? all : all.filter((line) => line.orderId !== except), profile);
  }

  /**
   * Customer `customerId`'s lines in the period at store `dispensaryId`, with their orders; on a
   * store server also those an attached register holds for a sale it is writing (not expired at
   * `now`), named by the sale's order: while a hold lasts, its lines stand for its order's.
   */
  async lines(
    q: Queryable,
    dispensaryId: string,
    customerId: string,
    window: PurchaseWindow,
    now: Date,
  ): Promise<BoughtLine[]> {
    const rows = await q.all(this.q.bought, { dispensaryId, customerId, ...window, now: now.toISOString() });
    const held = new Set(rows.filter((row) => Number(row.held) === 1).map((row) => row.orderId));
    return rows
      .filter((row) => Number(row.held) === 1 || !held.has(row.orderId))
      .map(({ held: _held, ...line }) => line);
  }

  /** On an attached register: the customer's lines of the period at the store server (null: none, or it does not answer). */
  async atServer(
    customerId: string,
    profile: StateProfile,
    buyer: LimitCustomer,
    today: IsoDate,
    dispensary: Pick<Dispensary, 'timezone'>,
  ): Promise<BoughtLine[] | null> {
    const window = limitWindow(profile.customerTypes[buyer.type].period, today, dispensary.timezone);
    return window && this.elsewhere ? this.elsewhere.lines(customerId, window) : null;
  }
}

/**
 * The lines here, and those of the store server of orders this register does not have: the other
 * registers' and the ecommerce site's (this register's own sales are at the server too, once sent).
 * An order both hold is counted once, as here, unless the server's copy says more of it came back:
 * refunds by items are made at the server's back office (README "Refunds by items"), which keeps
 * the lines' `refunded_quantity_milli` and does not send it back, so cannabis given back there no
 * longer counts at the register either.
 */
export function merged(here: readonly BoughtLine[], there: readonly BoughtLine[] | null): BoughtLine[] {
  if (!there) return [...here];
  const back = (lines: readonly BoughtLine[]) => {
    const byOrder = new Map<string, number>();
    for (const line of lines) byOrder.set(line.orderId, (byOrder.get(line.orderId) ?? 0) + line.refundedMilli);
    return byOrder;
  };
  const [ours, theirs] = [back(here), back(there)];
  const fromServer = (orderId: string) => !ours.has(orderId) || (theirs.get(orderId) ?? 0) > ours.get(orderId)!;
  return [...here.filter((line) => !fromServer(line.orderId)), ...there.filter((line) => fromServer(line.orderId))];
}

/** Lines bought, net of refunds, as the limits count them. */
export function countedBought(lines: readonly BoughtLine[], profile: StateProfile): LimitLine[] {
  return lines.map((line) =>
    countedLine({ ...line, deli: line.deli === 1 }, line.quantityMilli - line.refundedMilli, profile),
  );
}

/** A line for the limits; one the catalog cannot measure is refused, never counted as nothing. */
export function countedLine(product: ProductMeasures, quantityMilli: number, profile: StateProfile): LimitLine {
  const line = limitLineOf(product, Math.max(0, quantityMilli), profile);
  if (!line.ok) throw new ServicePayError('PURCHASE_LIMIT', line.reason, { field: 'items' });
  return line.line;
}

/** The customer as the limits know them: their type, age and a recommendation's own amounts. */
export function limitCustomer(customer: CustomerRow, age: number | undefined): LimitCustomer {
  if (customer.customer_type !== 'medical') return { type: 'adult_use', age };
  const own =
    customer.medical_limits === null ? undefined : (JSON.parse(customer.medical_limits) as Record<string, number>);
  return { type: 'medical', age, recommendationLimits: own };
}
