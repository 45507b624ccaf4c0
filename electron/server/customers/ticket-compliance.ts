import { needsIdCheck } from '../../../shared/compliance/index.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import type { Dispensary } from '../catalog/dispensary-repository.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { idCheckOf } from './customers.js';
import { CustomersRepository, type CustomerRow } from './customers-repository.js';
import { customerView } from './customer-view.js';
import { enforcedProfile } from './store-profile.js';

/**
 * The state rules at ticket creation (issue 14, README "Customers"): the customer a ticket names is
 * one of the store's, read under its row lock so that the tickets of one customer are made one after
 * another on every instance (what the purchase limits will count); and where the store enforces a
 * state profile, a ticket with cannabis needs that customer, with an ID that passes today's check.
 */
export class TicketCompliance {
  private readonly customers: CustomersRepository;

  constructor(db: DataLayer) {
    this.customers = new CustomersRepository(db);
  }

  /** The store's customer `id`, locked until the ticket's write ends; refused when it is not theirs. */
  async customer(tx: Queryable, dispensary: Dispensary, id: string | undefined): Promise<CustomerRow | null> {
    if (id === undefined) return null;
    const row = await this.customers.lock(tx, dispensary.id, id);
    if (!row) throw invalidInput('customerId', `does not name a customer of this store: ${id}`);
    return row;
  }

  /** Refuses a ticket of `categories` (its lines' product types) the store's rules do not allow. */
  check(dispensary: Dispensary, categories: readonly string[], customer: CustomerRow | null, now: Date): void {
    const profile = enforcedProfile(dispensary);
    if (!profile || !needsIdCheck(profile, categories, true)) return;
    if (!customer) {
      throw new ServicePayError(
        'ID_NOT_VERIFIED',
        `${profile.stateName} requires a customer with a checked ID for cannabis: name the store's customer (customerId)`,
        { field: 'customerId' },
      );
    }
    const verdict = idCheckOf(customerView(customer), zonedDate(now, dispensary.timezone), profile);
    if (!verdict.verified) {
      throw new ServicePayError('ID_NOT_VERIFIED', `the customer may not buy today: ${verdict.reason}`, {
        field: 'customerId',
      });
    }
  }
}
