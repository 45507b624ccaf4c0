import { timeOrderedUuid } from '../db/ids.js';
import type { TicketCreateRequest } from '../../../shared/contracts/ticket.js';
import type { OrderSource } from '../../../shared/order-status.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { dollarsToCents } from '../../../shared/money.js';
import { toMilli } from '../../../shared/quantity.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { OrderStock } from '../catalog/order-stock.js';
import type { PackageForSale } from '../catalog/package-for-sale.js';
import type { PricedOrder, UnavailableItemRecord } from './order-records.js';
import { totalTicket } from './pricing.js';
import { lineOf, pricedOf, taxLayersOf, withDeals } from './priced-lines.js';
import type { DealPricing } from './sale-deals.js';
import { approvalWords, manualNeedsApproval } from '../../../shared/deals/manual-discounts.js';
import { manualOf, rewardByHand } from './manual-discounts.js';
import { chosenWords, codeWords } from '../../../shared/deals/code-words.js';
import { normalCode } from '../../../shared/deals/promo-code.js';
import type { DiscountRules } from '../../../shared/compliance/discount-rules.js';

/** Everything a new order is made from. */
export interface NewOrderInput {
  dispensary: Dispensary;
  request: TicketCreateRequest;
  /** The order's id when it is chosen before (an attached register's hold is named by it); else a new one. */
  orderId?: string;
  orderNumber: string;
  /** The customer-facing pickup sentence. */
  eta: string;
  /** When the order is promised ready (null: the store has no hours to promise by). */
  promisedAt: string | null;
  /** Placed online through the ticket API, or rung up at a register. */
  source: OrderSource;
  createdBy: string;
  apiClientId: string | null;
  /** The customer the ticket names (checked by the caller), or null. */
  customerId: string | null;
  /** The store's deals for this sale (tickets/sale-deals.ts), or null: none applies. */
  deals?: DealPricing | null;
  /**
   * Who approved the request's manual discounts (tickets/manual-discounts.ts `manualApprover`): a
   * manager's name, or null when nobody did, refused where the store's policy asks for one; undefined
   * (a quote) asks nothing and only answers whether one is needed.
   */
  manualApprover?: string | null;
  /** The state's rules on discounts (the store's profile's floor and tax base); none when absent. */
  rules?: DiscountRules;
  now: Date;
}

const NO_LIMITS: ReadonlyMap<string, number> = new Map();

/**
 * The promo codes typed (trimmed, upper case, each once: the engine's `normalCode`, as a register's
 * POS adds them) and the deals chosen, as the order keeps them.
 */
export function dealInputsOf(request: TicketCreateRequest): { promoCodes: string[]; chosenDeals: string[] } {
  const promoCodes = [...new Set((request.promoCodes ?? []).map(normalCode))];
  return { promoCodes, chosenDeals: [...new Set(request.dealIds ?? [])] };
}

interface Filled {
  pkg: PackageForSale;
  requestedMilli: number;
  filledMilli: number;
}

/** Refuses a request naming one product twice: each product is one line. */
function checkOnePerProduct(request: TicketCreateRequest): void {
  const seen = new Map<string, number>();
  request.items.forEach((item, index) => {
    const first = seen.get(item.productId);
    if (first !== undefined) {
      throw invalidInput(
        `items[${index}].productId`,
        `repeats the product of items[${first}]; send one entry per product`,
      );
    }
    seen.set(item.productId, index);
  });
}

/**
 * Reserves stock for each requested item and prices what could be filled. Runs inside the caller's
 * write transaction: a thrown error rolls back every reservation made here.
 */
export async function buildOrder(stock: OrderStock, input: NewOrderInput): Promise<PricedOrder> {
  const { dispensary, request, now } = input;
  const rewardCents = dollarsToCents(request.rewardDollars ?? 0);
  if (rewardCents === undefined) throw invalidInput('rewardDollars', 'must have at most 2 decimals');
  checkOnePerProduct(request);
  // The quantity each line wants picks the package it takes (selling-package.ts); an invalid one is refused below.
  const wanted = new Map(request.items.map((item) => [item.productId, toMilli(item.quantity) ?? 0]));
  const packages = await stock.packagesOf(
    dispensary.id,
    dispensary.primaryLocationId,
    request.items.map((item) => item.productId),
    wanted,
  );

  const filled: Filled[] = [];
  const unavailable: UnavailableItemRecord[] = [];
  for (const [index, item] of request.items.entries()) {
    const field = `items[${index}]`;
    const pkg = packages.get(item.productId);
    if (!pkg) throw invalidInput(`${field}.productId`, `is not a product sold by ${dispensary.name}`);
    const requestedMilli = toMilli(item.quantity);
    if (requestedMilli === undefined) throw invalidInput(`${field}.quantity`, 'must have at most 3 decimals');
    if (!pkg.deli && requestedMilli % 1000 !== 0) {
      throw invalidInput(`${field}.quantity`, `must be a whole number: ${pkg.name} is sold by the unit`);
    }
    const filledMilli = pkg.active ? Math.min(requestedMilli, pkg.availableMilli) : 0;
    if (filledMilli < requestedMilli) {
      const reason = !pkg.active ? 'DISCONTINUED' : filledMilli === 0 ? 'OUT_OF_STOCK' : 'INSUFFICIENT_STOCK';
      unavailable.push({
        productId: pkg.productId,
        requestedQuantityMilli: requestedMilli,
        availableQuantityMilli: filledMilli,
        reason,
      });
    }
    if (filledMilli === 0) continue;
    filled.push({ pkg, requestedMilli, filledMilli });
  }

  // The packages' rows are locked (or the writer exclusive): what was read is still there.
  const reservations = filled.map(({ pkg, filledMilli }) => ({ packageId: pkg.packageId, milli: filledMilli }));
  if (!(await stock.reserveAll(reservations))) {
    throw new Error('reserving the stock read for this order failed inside its own transaction');
  }

  if (filled.length === 0) {
    throw new ServicePayError(
      'NOTHING_AVAILABLE',
      // A quote (no approver asked: undefined) makes no order: only a ticket says none was created.
      `none of the requested items is available at ${dispensary.name}${input.manualApprover === undefined ? '' : '; no order was created'}`,
    );
  }

  const orderId = input.orderId ?? timeOrderedUuid();
  const createdAt = now.toISOString();
  const lines = filled.map(({ pkg, requestedMilli, filledMilli }, index) => ({
    item: lineOf(pkg, { id: timeOrderedUuid(), orderId, lineIndex: index + 1, filledMilli, requestedMilli }),
    taxRatePpm: pkg.taxRatePpm,
    tags: pkg.tags,
  }));
  const inputs = dealInputsOf(request);
  const manual = manualOf(request);
  const priced = withDeals(lines, input.deals ?? null, { discounts: manual, strict: true }, input.rules);
  const { items, outcome } = priced;
  const totals = totalTicket(items.map(pricedOf), { rewardCents, deliveryCents: 0, tierDiscountCents: 0 });
  // What the reward dollars took, where they are money off by hand (rewardByHand).
  const rewardTaken = rewardByHand(dispensary, input.source === 'register') ? -totals.payByPoints : 0;
  const manualTaken = priced.manual.taken.reduce((sum, cents) => sum + cents, 0);
  const approvalNeeded = manualNeedsApproval(
    dispensary.manualDiscountPinPercent,
    manualTaken + rewardTaken,
    priced.manual.saleCents,
  );
  if (approvalNeeded && input.manualApprover === null) {
    const reward = rewardTaken > 0 ? '; reward dollars count as one, as the store runs no loyalty programme' : '';
    throw new ServicePayError(
      'APPROVAL_REQUIRED',
      `The store asks for a manager's PIN for ${approvalWords(dispensary.manualDiscountPinPercent!)}${reward}: ` +
        `a manager approves ${rewardTaken > 0 ? 'them' : 'it'} with their PIN`,
      { field: 'approval' },
    );
  }

  return {
    order: {
      id: orderId,
      dispensaryId: dispensary.id,
      locationId: dispensary.primaryLocationId,
      orderNumber: input.orderNumber,
      type: request.type,
      status: 'AWAITING_PROCESSING',
      paymentStatus: 'UNPAID',
      source: input.source,
      promisedAt: input.promisedAt,
      picker: null,
      addressId: dispensary.address.id,
      totals,
      eta: input.eta,
      createdBy: input.createdBy,
      apiClientId: input.apiClientId,
      customerId: input.customerId,
      ...inputs,
      manualDiscounts: manual.map((discount, at) => ({
        ...discount,
        approvedBy: input.manualApprover ?? null,
        discountCents: priced.manual.taken[at]!,
      })),
      createdAt,
      updatedAt: createdAt,
    },
    items,
    unavailable,
    // A store with no deals (none priced the sale) still answers each code typed and deal chosen.
    codes: outcome?.codes ?? codeWords(inputs.promoCodes, new Map(), null),
    chosen: outcome?.chosen ?? chosenWords(inputs.chosenDeals, new Map(), null),
    approvalNeeded,
    limitedDeals: input.deals?.context.usesLeft ?? NO_LIMITS,
    taxLayers: taxLayersOf(
      items.map((item, index) => ({ taxCents: item.lineTaxCents, rates: filled[index]!.pkg.taxRates })),
    ),
  };
}
