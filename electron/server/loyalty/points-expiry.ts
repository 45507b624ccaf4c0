import { expiredNote, expiryCutoff, expires } from '../../../shared/loyalty/expiry.js';
import { CustomersRepository } from '../customers/customers-repository.js';
import type { DataLayer } from '../db/data-layer.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { LoyaltyLedger } from './loyalty-ledger.js';

/** The ledger's `actor` of an expiry: the service itself, not a person. */
export const EXPIRY_ACTOR = 'system';

/** A balance that expired (or would, in a dry run): whose, at which store, how many points, since when. */
export interface ExpiredBalance {
  store: string;
  customerId: string;
  name: string;
  points: number;
  /** Their last visit (ISO): a sale that earned or spent points, or a refund, return or cancel that gave some back. */
  lastVisit: string;
  months: number;
}

/**
 * Expires the points of customers who have not visited for their store's `expiryMonths` (README
 * "Loyalty"; shared/loyalty/expiry.ts): one `expired` entry per customer taking off the whole balance,
 * by `system`. Counted in each store's days at `now()`. Running again writes nothing new: an expired
 * balance is 0. Each customer's entry is written under their lock, their balance and last visit read
 * again there, so a sale meanwhile (or another instance running it) is never expired over.
 * Stores whose programme is off or never expires are passed over. Only the node that owns the
 * store's ledger runs it (not an attached register: its ledger is a copy of the server's).
 */
export class PointsExpiry {
  private readonly ledger: LoyaltyLedger;
  private readonly customers: CustomersRepository;
  private readonly dispensaries: DispensaryRepository;
  private running: Promise<ExpiredBalance[]> | undefined;

  constructor(
    private readonly db: DataLayer,
    private readonly now: () => Date,
  ) {
    this.ledger = new LoyaltyLedger(db);
    this.customers = new CustomersRepository(db);
    this.dispensaries = new DispensaryRepository(db);
  }

  /** Expires every store's due balances; a run asked for while one runs shares it. */
  run(): Promise<ExpiredBalance[]> {
    this.running ??= this.runOnce().finally(() => (this.running = undefined));
    return this.running;
  }

  private async runOnce(): Promise<ExpiredBalance[]> {
    const expired: ExpiredBalance[] = [];
    for (const store of await this.dispensaries.list()) expired.push(...(await this.ofStore(store)));
    return expired;
  }

  /** The balances of `store` due to expire now; written unless `dryRun`. */
  async ofStore(store: Dispensary, dryRun = false): Promise<ExpiredBalance[]> {
    const { enabled, expiryMonths } = store.loyalty;
    if (!enabled || !expires(expiryMonths)) return [];
    const now = this.now();
    const cutoff = expiryCutoff(now, expiryMonths, store.timezone);
    const due = await this.ledger.expiring(this.db, store.id, cutoff);
    const done: ExpiredBalance[] = [];
    for (const balance of due) {
      const points = dryRun ? balance.points : await this.expire(store, balance.customerId, cutoff, expiryMonths, now);
      if (points > 0) done.push({ store: store.shortName, ...balance, points, months: expiryMonths });
    }
    return done;
  }

  /** Writes the customer's `expired` entry if still due; answers the points it took off (0: none). */
  private expire(store: Dispensary, customerId: string, cutoff: string, months: number, now: Date): Promise<number> {
    return this.db.write(async (tx) => {
      if (!(await this.customers.lock(tx, store.id, customerId))) return 0;
      const { points } = await this.ledger.balance(tx, customerId);
      const lastVisit = await this.ledger.lastVisit(tx, customerId);
      if (points <= 0 || lastVisit === null || lastVisit >= cutoff) return 0;
      await this.ledger.add(tx, {
        dispensaryId: store.id,
        customerId,
        orderId: null,
        kind: 'expired',
        points: -points,
        note: expiredNote(months),
        actor: EXPIRY_ACTOR,
        at: now.toISOString(),
      });
      return points;
    });
  }
}
