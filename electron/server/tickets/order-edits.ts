import type { Ticket } from '../../../shared/contracts/ticket.js';
import type { TicketLinesEdit } from '../../../shared/contracts/ticket-edits.js';
import { ServicePayError } from '../../../shared/errors.js';
import { formatMoney } from '../../../shared/money.js';
import { editRefusalOf } from '../../../shared/order-status.js';
import type { InventoryRepository } from '../catalog/inventory-repository.js';
import { inLockOrder, type Reservation } from '../catalog/stock-reservations.js';
import type { PackageForSale } from '../catalog/package-for-sale.js';
import { AuditRepository } from '../core/audit-repository.js';
import type { ServiceContext } from '../core/context.js';
import type { TicketCompliance } from '../customers/ticket-compliance.js';
import { OrderLoans } from './order-loans.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { storeDiscountRules } from '../dispensaries/store-profile.js';
import type { Queryable } from '../db/query.js';
import { planLineEdits, type LineEditPlan } from './line-edits.js';
import type { OrderEvents } from './order-events.js';
import { OrderLineWrites } from './order-line-writes.js';
import type { OrderPaymentHooks } from './order-payment-hooks.js';
import type { FullOrder, OrderItemRecord } from './order-records.js';
import type { OrdersRepository } from './orders-repository.js';
import { totalTicket } from './pricing.js';
import { pricedOf, taxLayersOf, withDeals } from './priced-lines.js';
import type { StoredManualDiscount } from './manual-discounts.js';
import { orderAuditEntry } from './order-audit.js';
import { NO_DEALS, type DealPricing, type SaleDeals } from './sale-deals.js';
import type { Actor } from './ticket-draft.js';
import { toTicket } from './ticket-serializer.js';
import { ticketUpdate } from './ticket-update.js';

/** True when a change may take more of a product than its line has (a quantity, another package). */
const mayGrow = (request: TicketLinesEdit) =>
  request.changes.some((change) => change.quantity !== undefined || change.packageId !== undefined);

/**
 * Edits an order's lines before it is paid (issue 29, README "Changing an order's lines"): a
 * quantity, another package of the line's product, a line taken off. One write, the order's row
 * locked, then its customer's (when a line may grow) and its packages' in their one order: the
 * stock its lines hold moves by exactly what changed, the changed lines are priced again as a new
 * ticket would be, the totals with them, the audit trail records who changed what, and the change
 * is announced (the orders' listeners: webhook `order.updated`, state records; the live channel).
 * Every refusal is in words and writes nothing.
 */
export class OrderEdits {
  private readonly lines: OrderLineWrites;
  private readonly audit: AuditRepository;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly orders: OrdersRepository,
    events: OrderEvents,
    private readonly inventory: InventoryRepository,
    private readonly compliance: TicketCompliance,
    private readonly hooks: OrderPaymentHooks,
    private readonly deals: SaleDeals = NO_DEALS,
  ) {
    this.lines = new OrderLineWrites(ctx.db, orders, events);
    this.audit = new AuditRepository(ctx.db);
  }

  /** Makes the changes of `request` to order `orderId`, all or none; answers the ticket as it then is. */
  async edit(dispensary: Dispensary, orderId: string, request: TicketLinesEdit, actor: Actor): Promise<Ticket> {
    const { ticket, moved } = await this.ctx.db.write(async (tx) => {
      const full = await this.orders.lockById(tx, dispensary.id, orderId);
      if (!full) throw new ServicePayError('NOT_FOUND', `no order ${orderId} at this dispensary`);
      const { order } = full;
      const lent = await new OrderLoans(this.ctx.db).refusal(tx, order, this.ctx.now());
      if (lent) throw new ServicePayError('CONFLICT', lent);
      const refusal = editRefusalOf(order.orderNumber, order);
      if (refusal) throw new ServicePayError('ILLEGAL_TRANSITION', refusal, { field: 'status' });
      // The customer before the packages, as a ticket's creation and a hand-over lock them.
      const customer =
        order.customerId !== null && mayGrow(request)
          ? await this.compliance.customer(tx, dispensary, order.customerId)
          : null;
      // Its own uses of deals with limits stay its own; another sale counting a last use waits
      // (`locking`: the deals' rows before the packages', as a new ticket locks them).
      const { promoCodes, chosenDeals, customerId } = order;
      const now = this.ctx.now();
      const sale = { dispensary, customerId, promoCodes, chosenDeals, now, locking: true, orderId: order.id };
      const pricing = await this.deals.forSale(tx, sale);
      const named = request.changes.flatMap((change) => (change.packageId === undefined ? [] : [change.packageId]));
      const ids = [...new Set([...full.items.map((item) => item.packageId), ...named])];
      const packages = await this.inventory.packagesById(tx, dispensary.id, ids, true);
      const plan = planLineEdits({ ...order, items: full.items }, request.changes, packages, dispensary.name);
      const manualDiscounts = this.priceDeals(dispensary, full, plan, packages, pricing);
      const { totals: was } = order;
      const totals = totalTicket(plan.items.map(pricedOf), {
        rewardCents: -was.payByPoints,
        deliveryCents: was.deliveryCost,
        tierDiscountCents: was.tierDiscount,
      });
      await this.hooks.assertEditable?.(tx, order, totals.total);
      if (plan.grows) await this.compliance.check(tx, dispensary, plan.items, customer, now, null, order.id);
      await this.moveStock(tx, plan);
      const at = now.toISOString();
      const rates = (packageId: string) => packages.get(packageId)?.taxRates ?? [];
      const taxLayers = taxLayersOf(
        plan.items.map((item) => ({ taxCents: item.lineTaxCents, rates: rates(item.packageId) })),
      );
      const { changed, removed } = plan;
      await this.lines.write(tx, { order, changed, removed, totals, taxLayers, manualDiscounts, at });
      await this.record(tx, dispensary, full, plan, totals.total, actor, request.reason, now);
      await this.hooks.edited?.(tx, { ...order, totals, updatedAt: at }, actor.id, at, actor.who.terminalId);
      const ticket = toTicket((await this.orders.findById(tx, dispensary.id, order.id))!, dispensary.address);
      return { ticket, moved: [...plan.stock].flatMap(([packageId, milli]) => (milli === 0 ? [] : [packageId])) };
    });
    this.ctx.live.publishTo(dispensary.id, 'orders', 'order.updated', ticketUpdate(ticket));
    // The packages whose claims it moved: the POS screens' figures follow (`stock.changed`).
    this.ctx.stockMoves.packages(dispensary.id, moved);
    return ticket;
  }

  /**
   * Prices the order's lines after the edit with the store's deals (`pricing`: as they are now, with
   * the codes and choices it was made with, its own uses of deals with limits its own) and its
   * state's rules on discounts (a bundle broken by a line taken off no longer applies): every line
   * whose discount moved is written with the changed ones. The manual discounts given are priced again too (one off a line taken off takes nothing);
   * answers them with what each takes now.
   */
  private priceDeals(
    dispensary: Dispensary,
    { order, items: before }: FullOrder,
    plan: LineEditPlan,
    packages: ReadonlyMap<string, PackageForSale>,
    pricing: DealPricing | null,
  ): StoredManualDiscount[] {
    const { manualDiscounts } = order;
    const lines = plan.items.map((item) => {
      const pkg = packages.get(item.packageId)!;
      return { item, taxRatePpm: pkg.taxRatePpm, tags: pkg.tags };
    });
    const { items, manual } = withDeals(
      lines,
      pricing,
      { discounts: manualDiscounts, strict: false },
      storeDiscountRules(this.ctx.profiles, dispensary),
    );
    const was = new Map(before.map((item) => [item.id, item]));
    const changed = new Set(plan.changed.map((item) => item.id));
    const moved = (item: OrderItemRecord) => {
      const old = was.get(item.id)!;
      return (
        old.lineDiscountCents !== item.lineDiscountCents ||
        old.lineTaxCents !== item.lineTaxCents ||
        JSON.stringify(old.dealDiscounts) !== JSON.stringify(item.dealDiscounts)
      );
    };
    plan.items = items;
    plan.changed = items.filter((item) => changed.has(item.id) || moved(item));
    return manualDiscounts.map((discount, at) => ({ ...discount, discountCents: manual.taken[at]! }));
  }

  /**
   * Moves the packages' claims by what the edit changed, their rows locked (read in lock order):
   * the units a grown or swapped line takes are reserved in one conditional update, and those a
   * shrunk, swapped or removed line held are given back.
   */
  private async moveStock(tx: Queryable, plan: LineEditPlan): Promise<void> {
    const moves = inLockOrder([...plan.stock].map(([packageId, milli]): Reservation => ({ packageId, milli })));
    const taking = moves.filter((move) => move.milli > 0);
    if (taking.length > 0 && (await tx.runAll([this.inventory.reserving(taking)])) !== taking.length) {
      throw new Error('reserving the stock read for this edit failed inside its own transaction');
    }
    for (const move of moves) if (move.milli < 0) await this.inventory.release(tx, move.packageId, -move.milli);
  }

  /** The audit trail's `order_edited`: who, the reason given, what changed and the totals before and after. */
  private record(
    tx: Queryable,
    dispensary: Dispensary,
    { order }: FullOrder,
    plan: LineEditPlan,
    total: number,
    actor: Actor,
    reason: string | undefined,
    at: Date,
  ): Promise<void> {
    const totals = `total ${formatMoney(order.totals.total)} → ${formatMoney(total)}`;
    const changes = `${plan.words.join('; ')}; ${totals}`;
    const said = reason ? `${reason} (${changes})` : changes;
    return this.audit.record(tx, orderAuditEntry('order_edited', actor.who, dispensary, order, at, total, said));
  }
}
