import type { TicketCreateRequest, TicketQuote } from '../../../shared/contracts/ticket.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { InventoryRepository } from '../catalog/inventory-repository.js';
import type { OrderStock } from '../catalog/order-stock.js';
import type { Queryable } from '../db/query.js';
import { NO_DISCOUNT_RULES, type DiscountRules } from '../../../shared/compliance/discount-rules.js';
import { buildOrder, dealInputsOf } from './build-order.js';
import { NO_DEALS } from './sale-deals.js';
import { NO_LOYALTY, rewardCentsAsked, type SalePorts } from './sale-loyalty.js';
import { toTicket } from './ticket-serializer.js';
import { approvesSelf, atRegister, checkMayChoose, checkMayGive } from './manual-discounts.js';
import { SYSTEM_ACTOR, type AuditActor } from '../core/audit-actor.js';

/**
 * Prices a ticket request exactly as creating it would (same validation, stock limits, discounts,
 * the state's floor and tax rule (`rules`), taxes and totals), without storing or reserving
 * anything: stock is read as it is now.
 */
export async function quoteTicket(
  q: Queryable,
  inventory: InventoryRepository,
  dispensary: Dispensary,
  request: TicketCreateRequest,
  now: Date,
  { deals = NO_DEALS, loyalty = NO_LOYALTY }: SalePorts = {},
  /**
   * Who asks (manual discounts are staff's at a register, and a manager's need no one's approval)
   * and the state's rules on discounts (the store's profile).
   */
  { who = null, rules = NO_DISCOUNT_RULES }: { who?: AuditActor | null; rules?: DiscountRules } = {},
): Promise<TicketQuote> {
  const manual = (request.manualDiscounts ?? []).length > 0;
  if (manual) checkMayGive(who ?? SYSTEM_ACTOR);
  checkMayChoose(who ?? SYSTEM_ACTOR, request);
  // Each product appears once in a request (buildOrder refuses repeats) and is filled up to what is
  // available, so the dry run's reservations always fit and need not be recorded.
  const stock: OrderStock = {
    packagesOf: (dispensaryId, locationId, productIds, wanted) =>
      inventory.packagesNow(q, dispensaryId, locationId, productIds, wanted),
    reserveAll: () => Promise.resolve(true),
  };
  const full = await buildOrder(stock, {
    dispensary,
    request,
    orderNumber: '',
    eta: '',
    promisedAt: null,
    // Reward dollars by hand are a register's (manual-discounts.ts rewardByHand).
    source: who !== null && atRegister(who) ? 'register' : 'online',
    createdBy: '',
    apiClientId: null,
    // Echoed as the ticket echoes it: the quote is the customer's (their points, their deals).
    customerId: request.customerId ?? null,
    // The customer named (when the store's) decides the deals for groups, as the ticket would.
    deals: await deals.forSale(q, {
      dispensary,
      customerId: request.customerId ?? null,
      ...dealInputsOf(request),
      now,
    }),
    rules,
    now,
  });
  // Reward dollars the customer's points cannot pay are refused as the ticket would refuse them;
  // those they can are answered in points, so a register shows the balance the sale leaves.
  const rewardPoints = await loyalty.check(q, full.order, rewardCentsAsked(request));
  const {
    orderId: _orderId,
    orderNumber: _orderNumber,
    status: _status,
    fulfillmentStatus: _fulfillmentStatus,
    paymentStatus: _paymentStatus,
    source: _source,
    eta: _eta,
    promisedAt: _promisedAt,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    ...quote
  } = toTicket(full, dispensary.address);
  return { ...quote, rewardPoints, approvalNeeded: full.approvalNeeded && !(who !== null && approvesSelf(who)) };
}
