import { checkCart, limitWindow } from '../../../shared/compliance/index.js';
import { ServicePayError } from '../../../shared/errors.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import type { StateProfiles } from '../core/state-profiles/state-profiles.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { enforcedProfile } from '../dispensaries/store-profile.js';
import type { AllowanceRequest, CheckedAllowance } from './allowance-holds.js';
import { idCheckOf } from './customer-id-check.js';
import { CustomersRepository } from './customers-repository.js';
import { customerView } from './customer-view.js';
import { countedBought, limitCustomer, PurchaseHistory } from './purchase-history.js';

/**
 * A register's sale checked at its store server against the customer's allowance before the
 * register writes it (README "Attaching registers"). The customer's row is locked first, as a
 * ticket's is, so the holds and the server's own tickets of one customer are decided one after the
 * other on every instance; what the customer bought here (the server's sales, the other registers'
 * sent ones) and what other sales hold count, and the sale's lines must stay within the limits.
 */
export class AllowanceCheck {
  private readonly customers: CustomersRepository;
  private readonly history: PurchaseHistory;

  constructor(
    db: DataLayer,
    private readonly profiles: StateProfiles,
  ) {
    this.customers = new CustomersRepository(db);
    this.history = new PurchaseHistory(db);
  }

  /**
   * Checks the sale's lines against the store's limits with the customer's purchases and holds,
   * the customer's row locked until the transaction ends; refuses them in words (PURCHASE_LIMIT, or
   * ID_NOT_VERIFIED as the register's own check would). Null when there is nothing to hold: the store
   * enforces no rules, its limits are per sale, or it does not know the customer (yet).
   */
  async check(
    tx: Queryable,
    store: Dispensary,
    request: AllowanceRequest,
    now: Date,
  ): Promise<CheckedAllowance | null> {
    const profile = enforcedProfile(this.profiles, store);
    if (!profile) return null;
    const row = await this.customers.lock(tx, store.id, request.customerId);
    if (!row) return null;
    const today = zonedDate(now, store.timezone);
    const verdict = idCheckOf(customerView(row), today, profile);
    if (!verdict.verified) {
      throw new ServicePayError('ID_NOT_VERIFIED', `the customer may not buy today: ${verdict.reason}`, {
        field: 'customerId',
      });
    }
    const buyer = limitCustomer(row, verdict.age);
    const window = limitWindow(profile.customerTypes[buyer.type].period, today, store.timezone);
    if (!window) return null;
    const bought = await this.history.lines(tx, store.id, row.id, window, now);
    // A hold sent again (its answer was lost) is not counted against itself.
    const there = bought.filter((line) => line.orderId !== request.holdId);
    const alreadyBought = countedBought(there, profile);
    const cart = countedBought(
      request.lines.map((line) => ({ ...line, orderId: request.holdId, refundedMilli: 0 })),
      profile,
    );
    const verdictOfLimits = checkCart({ profile, customer: buyer, alreadyBought, cart });
    if (!verdictOfLimits.allowed) {
      throw new ServicePayError('PURCHASE_LIMIT', verdictOfLimits.reason, { field: 'items' });
    }
    return { customerId: row.id, there };
  }
}
