import type { LineDiscount } from '../../../shared/deals/cart.js';
import { shortName } from '../../../shared/customer-name.js';
import { formatMoney } from '../../../shared/money.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { DealUses } from '../tickets/deal-uses.js';
import { DealUseHolds } from './deal-use-holds.js';
import type { ForwardScope, NewException } from './forward-exceptions.js';

/** A use a forward brought that no order had before it. */
interface FreshUse {
  orderId: string;
  dealId: string;
  customerId: string | null;
}

/** A deal with a limit, as the words of its exception name it. */
interface LimitedDeal {
  id: string;
  name: string;
  total: number | null;
  perCustomer: number | null;
}

const timesWords = (times: number) => (times === 1 ? 'once' : `${times} times`);

/**
 * The deals' uses of a register's forwarded orders, on its store server (README "Deals", "Selling
 * offline"): counted again from the orders as they arrived (`DealUses.recount`), and the uses the
 * register held here for them given back in the same transaction, so each sale counts once — by
 * its hold until it arrives, by its own rows from then on. A use that arrives past its deal's limit
 * (a sale made while the register decided alone, or whose hold expired first) is taken as made and
 * listed in the exceptions report in words.
 */
export class ForwardDealUses {
  private readonly uses: DealUses;
  private readonly holds: DealUseHolds;

  constructor(
    private readonly db: DataLayer,
    private readonly now: () => Date,
  ) {
    this.uses = new DealUses(db);
    this.holds = new DealUseHolds(db);
  }

  /** Counts the uses of `orderIds` again; what went past a limit is raised at the change `at`. */
  async arrived(
    tx: Queryable,
    scope: ForwardScope,
    orderIds: readonly string[],
    raise: (exception: NewException) => Promise<void>,
  ): Promise<void> {
    if (orderIds.length === 0) return;
    const key = (use: { orderId: string; dealId: string }) => `${use.orderId} ${use.dealId}`;
    const before = new Set((await this.usesOf(tx, orderIds)).map(key));
    await this.uses.recount(tx, orderIds);
    await this.holds.arrived(tx, scope.registerId, orderIds);
    const fresh = (await this.usesOf(tx, orderIds)).filter((use) => !before.has(key(use)));
    if (fresh.length === 0) return;
    for (const exception of await this.pastLimits(tx, scope, fresh)) await raise(exception);
  }

  private usesOf(q: Queryable, orderIds: readonly string[]): Promise<FreshUse[]> {
    return q.all(
      this.db.builder
        .selectFrom('deal_uses')
        .select(['order_id as orderId', 'deal_id as dealId', 'customer_id as customerId'])
        .where('order_id', 'in', [...orderIds]),
    );
  }

  /** The fresh uses past their deal's limits, oldest order first within each deal, in words. */
  private async pastLimits(tx: Queryable, scope: ForwardScope, fresh: FreshUse[]): Promise<NewException[]> {
    const k = this.db.builder;
    const deals = await tx.all(
      k
        .selectFrom('deals')
        .select(['id', 'name', 'total_limit as total', 'per_customer_limit as perCustomer'])
        .where('id', 'in', [...new Set(fresh.map((use) => use.dealId))]),
    );
    const orders = new Map(
      (
        await tx.all(
          k
            .selectFrom('orders as o')
            .leftJoin('customers as c', 'c.id', 'o.customer_id')
            .select(['o.id', 'o.order_number as number', 'o.created_at as at', 'c.first_name', 'c.last_name'])
            .where('o.id', 'in', [...new Set(fresh.map((use) => use.orderId))]),
        )
      ).map((order) => [order.id, order]),
    );
    const byAge = (a: FreshUse, b: FreshUse) =>
      (orders.get(a.orderId)?.at ?? '').localeCompare(orders.get(b.orderId)?.at ?? '');
    const out: NewException[] = [];
    for (const row of deals) {
      const deal: LimitedDeal = {
        ...row,
        total: row.total === null ? null : Number(row.total),
        perCustomer: row.perCustomer === null ? null : Number(row.perCustomer),
      };
      const mine = fresh.filter((use) => use.dealId === deal.id).sort(byAge);
      const past = new Map<string, string>();
      if (deal.total !== null) {
        const counted = await this.count(tx, scope, deal.id, null);
        let use = counted - mine.length;
        for (const one of mine) {
          use += 1;
          if (use > deal.total)
            past.set(one.orderId, `may be used ${timesWords(deal.total)} in all, and this was use ${use}`);
        }
      }
      if (deal.perCustomer !== null) {
        for (const customerId of new Set(mine.map((use) => use.customerId))) {
          if (customerId === null) continue;
          const theirs = mine.filter((use) => use.customerId === customerId);
          let use = (await this.count(tx, scope, deal.id, customerId)) - theirs.length;
          for (const one of theirs) {
            use += 1;
            if (use <= deal.perCustomer || past.has(one.orderId)) continue;
            const order = orders.get(one.orderId);
            const who = shortName(order?.first_name ?? null, order?.last_name ?? null) ?? 'the customer';
            const times = use - 1 === 1 ? 'once' : `${use - 1} times`;
            past.set(
              one.orderId,
              `may be used ${timesWords(deal.perCustomer)} per customer, and ${who} had used it ${times} already`,
            );
          }
        }
      }
      for (const [orderId, why] of past) {
        const number = orders.get(orderId)?.number ?? orderId;
        const off = await this.tookOff(tx, orderId, deal.id);
        out.push({
          kind: 'deal_past_limit',
          orderId,
          detail:
            `${scope.name} sold order ${number} with ${deal.name} (${formatMoney(off)} off) while it could not ` +
            `count the deal's uses here: the deal ${why}. The sale stands as made`,
        });
      }
    }
    return out;
  }

  /** A deal's uses at the store (a customer's: `customerId`), the holds not yet expired included. */
  private async count(tx: Queryable, scope: ForwardScope, dealId: string, customerId: string | null): Promise<number> {
    const lists = customerId === null ? { inAll: [dealId], byCustomer: [] } : { inAll: [], byCustomer: [dealId] };
    const used = (await this.uses.counted(tx, scope.dispensaryId, lists, customerId, undefined, this.now())).get(
      dealId,
    );
    return customerId === null ? (used?.all ?? 0) : (used?.mine ?? 0);
  }

  /** What a deal took off an order's lines, in cents. */
  private async tookOff(tx: Queryable, orderId: string, dealId: string): Promise<number> {
    const lines = await tx.all(
      this.db.builder.selectFrom('order_items').select('deal_discounts').where('order_id', '=', orderId),
    );
    let cents = 0;
    for (const line of lines) {
      for (const discount of JSON.parse(line.deal_discounts) as LineDiscount[]) {
        if (discount.dealId === dealId) cents += discount.amountCents;
      }
    }
    return cents;
  }
}
