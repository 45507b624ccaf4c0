import { limitLineOf, type ProductMeasures } from '../../../shared/catalog/limit-measures.js';
import {
  checkCart,
  limitWindow,
  needsIdCheck,
  type LimitCustomer,
  type LimitLine,
  type StateProfile,
} from '../../../shared/compliance/index.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import type { Dispensary } from '../catalog/dispensary-repository.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { idCheckOf } from './customers.js';
import { CustomersRepository, type CustomerRow } from './customers-repository.js';
import { customerView } from './customer-view.js';
import { enforcedProfile } from './store-profile.js';

/** One line of a ticket as the limits see it: what it is and how much of it. */
export interface SoldLine extends ProductMeasures {
  quantityMilli: number;
}

/**
 * The state rules at ticket creation (issue 14, README "Customers"): the customer a ticket names is
 * one of the store's, read under its row lock so that the tickets of one customer are made one after
 * another on every instance; and where the store enforces a state profile, a ticket with cannabis
 * needs that customer, with an ID that passes today's check, and stays within the purchase limits
 * with what they bought earlier in the limits' period at every register and online.
 */
export class TicketCompliance {
  private readonly customers: CustomersRepository;
  private readonly q;

  constructor(db: DataLayer) {
    this.customers = new CustomersRepository(db);
    this.q = {
      // The customer's lines of the period, net of refunds, canceled orders left out.
      bought: db.prepare((k, p: { dispensaryId: string; customerId: string; from: string; to: string }) =>
        k
          .selectFrom('order_items as i')
          .innerJoin('orders as o', 'o.id', 'i.order_id')
          .select([
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

  /** The store's customer `id`, locked until the ticket's write ends; refused when it is not theirs. */
  async customer(tx: Queryable, dispensary: Dispensary, id: string | undefined): Promise<CustomerRow | null> {
    if (id === undefined) return null;
    const row = await this.customers.lock(tx, dispensary.id, id);
    if (!row) throw invalidInput('customerId', `does not name a customer of this store: ${id}`);
    return row;
  }

  /** Refuses a ticket of `lines` that the store's state rules do not allow (nothing when it has none). */
  async check(
    tx: Queryable,
    dispensary: Dispensary,
    lines: readonly SoldLine[],
    customer: CustomerRow | null,
    now: Date,
  ): Promise<void> {
    const profile = enforcedProfile(dispensary);
    if (
      !profile ||
      !needsIdCheck(
        profile,
        lines.map((line) => line.type),
        true,
      )
    )
      return;
    if (!customer) {
      throw new ServicePayError(
        'ID_NOT_VERIFIED',
        `${profile.stateName} requires a customer with a checked ID for cannabis: name the store's customer (customerId)`,
        { field: 'customerId' },
      );
    }
    const today = zonedDate(now, dispensary.timezone);
    const verdict = idCheckOf(customerView(customer), today, profile);
    if (!verdict.verified) {
      throw new ServicePayError('ID_NOT_VERIFIED', `the customer may not buy today: ${verdict.reason}`, {
        field: 'customerId',
      });
    }
    const buyer = limitCustomer(customer, verdict.age);
    const window = limitWindow(profile.customerTypes[buyer.type].period, today, dispensary.timezone);
    const earlier = window
      ? await tx.all(this.q.bought, { dispensaryId: dispensary.id, customerId: customer.id, ...window })
      : [];
    const alreadyBought = earlier.map((line) =>
      counted({ ...line, deli: line.deli === 1 }, line.quantityMilli - line.refundedMilli, profile),
    );
    const cart = lines.map((line) => counted(line, line.quantityMilli, profile));
    const verdictOfLimits = checkCart({ profile, customer: buyer, alreadyBought, cart });
    if (!verdictOfLimits.allowed) {
      throw new ServicePayError('PURCHASE_LIMIT', verdictOfLimits.reason, { field: 'items' });
    }
  }
}

/** A line for the limits; one the catalog cannot measure is refused, never counted as nothing. */
function counted(product: ProductMeasures, quantityMilli: number, profile: StateProfile): LimitLine {
  const line = limitLineOf(product, Math.max(0, quantityMilli), profile);
  if (!line.ok) throw new ServicePayError('PURCHASE_LIMIT', line.reason, { field: 'items' });
  return line.line;
}

/** The customer as the limits know them: their type, age and a recommendation's own amounts. */
function limitCustomer(customer: CustomerRow, age: number | undefined): LimitCustomer {
  if (customer.customer_type !== 'medical') return { type: 'adult_use', age };
  const own =
    customer.medical_limits === null ? undefined : (JSON.parse(customer.medical_limits) as Record<string, number>);
  return { type: 'medical', age, recommendationLimits: own };
}
