import { limitLineOf, type ProductMeasures } from '../../../shared/catalog/limit-measures.js';
import {
  limitWindow,
  type IsoDate,
  type LimitCustomer,
  type LimitLine,
  type StateProfile,
} from '../../../shared/compliance/index.js';
import { ServicePayError } from '../../../shared/errors.js';
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
      // The customer's lines of the period, net of refunds, canceled orders left out.
      bought: db.prepare((k, p: { dispensaryId: string; customerId: string; from: string; to: string }) =>
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
          ])
          .where('o.customer_id', '=', p.customerId)
          .where('o.dispensary_id', '=', p.dispensaryId)
          .where('o.created_at', '>=', p.from)
          .where('o.created_at', '<', p.to)
          .where('o.status', '!=', 'CANCELED'),
      ),
    };
  }

  /** The lines `customer` bought earlier in the period of `buyer`'s limits that ends on `today`. */
  async counted(
    q: Queryable,
    dispensary: Pick<Dispensary, 'id' | 'timezone'>,
    customerId: string,
    profile: StateProfile,
    buyer: LimitCustomer,
    today: IsoDate,
    /** The server's lines, asked before a ticket's write (null: none); asked here when absent. */
    there?: BoughtLine[] | null,
  ): Promise<LimitLine[]> {
    const window = limitWindow(profile.customerTypes[buyer.type].period, today, dispensary.timezone);
    if (!window) return [];
    const here = await q.all(this.q.bought, { dispensaryId: dispensary.id, customerId, ...window });
    const fromServer = there !== undefined ? there : await this.atServer(customerId, profile, buyer, today, dispensary);
    const earlier = merged(here, fromServer);
    return earlier.map((line) =>
      countedLine({ ...line, deli: line.deli === 1 }, line.quantityMilli - line.refundedMilli, profile),
    );
  }

  /** Customer `customerId`'s lines in the period at store `dispensaryId`, with their orders. */
  lines(q: Queryable, dispensaryId: string, customerId: string, window: PurchaseWindow): Promise<BoughtLine[]> {
    return q.all(this.q.bought, { dispensaryId, customerId, ...window });
  }

  /** Whether there is a store server to ask now (an attached register, online). */
  asksServer(): boolean {
    return this.elsewhere?.ready() ?? false;
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
 */
function merged(here: BoughtLine[], there: BoughtLine[] | null): BoughtLine[] {
  if (!there) return here;
  const ours = new Set(here.map((line) => line.orderId));
  return [...here, ...there.filter((line) => !ours.has(line.orderId))];
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
