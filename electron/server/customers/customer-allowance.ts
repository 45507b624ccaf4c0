import { allowances } from '../../../shared/compliance/index.js';
import type { Allowance, StoreRules } from '../../../shared/contracts/customers.js';
import { ServicePayError } from '../../../shared/errors.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import type { DataLayer } from '../db/data-layer.js';
import { idCheckOf } from './customer-id-check.js';
import type { CustomerStore } from './customers.js';
import { CustomersRepository } from './customers-repository.js';
import { customerView } from './customer-view.js';
import { limitCustomer, PurchaseHistory } from './purchase-history.js';
import { enforcedProfile, profileOf } from '../dispensaries/store-profile.js';
import type { PurchasesElsewhere } from './purchases-elsewhere.js';
import type { StateProfiles } from '../core/state-profiles/state-profiles.js';

type Body<T> = Omit<T, 'resultCode' | 'resultReason'>;

/**
 * A customer's allowance for today (README "Customers"): the limit groups of the store's state rules
 * for their type, what they bought earlier in the period at every register and online (the same
 * `PurchaseHistory` ticket creation counts), and what remains, with today's ID check. The register
 * shows it beside the cart and adds its lines to `purchases` with the same rules as it goes.
 */
export class CustomerAllowances {
  private readonly customers: CustomersRepository;
  private readonly history: PurchaseHistory;

  constructor(
    private readonly ctx: { db: DataLayer; now: () => Date; profiles: StateProfiles },
    elsewhere?: PurchasesElsewhere,
  ) {
    this.customers = new CustomersRepository(ctx.db);
    this.history = new PurchaseHistory(ctx.db, elsewhere);
  }

  /** The rules the store enforces at ticket creation, or none. */
  rules(store: Pick<CustomerStore, 'complianceProfile'>): Body<StoreRules> {
    return { profile: enforcedProfile(this.ctx.profiles, store) };
  }

  /** What customer `id` may still buy on the store's today; NOT_FOUND when the store has no such customer. */
  async allowance(store: CustomerStore, id: string): Promise<Body<Allowance>> {
    const row = await this.customers.find(this.ctx.db, store.id, id);
    if (!row) throw new ServicePayError('NOT_FOUND', `this store has no customer ${id}`);
    const now = this.ctx.now();
    const today = zonedDate(now, store.timezone);
    const profile = profileOf(this.ctx.profiles, store);
    const verification = idCheckOf(customerView(row), today, profile);
    const customer = limitCustomer(row, verification.age);
    const purchases = await this.history.counted(this.ctx.db, store, row.id, profile, customer, now);
    return {
      today,
      enforced: store.complianceProfile !== null,
      profile,
      verification,
      customer,
      period: profile.customerTypes[customer.type].period,
      purchases,
      groups: allowances({ profile, customer, alreadyBought: purchases, cart: [] }),
    };
  }
}
