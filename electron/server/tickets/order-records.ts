import type { StoredManualDiscount } from './manual-discounts.js';
import type { CannabisContent } from '../../../shared/catalog/limit-measures.js';
import type { OrderPaymentStatus, OrderSource, OrderStatus } from '../../../shared/order-status.js';
import type { ProductDescription } from '../catalog/product-fields.js';
import type { TicketTotals } from './pricing.js';
import type { TaxLayer } from '../../../shared/tax-layers.js';
import type { LineDiscount } from '../../../shared/deals/engine.js';

/** An order (ticket) as stored. Amounts are integer cents. */
export interface OrderRecord {
  id: string;
  dispensaryId: string;
  locationId: string;
  orderNumber: string;
  type: string;
  status: OrderStatus;
  /** Whether its money is in, wherever the order is in the store (shared/order-status.ts). */
  paymentStatus: OrderPaymentStatus;
  /** Placed online through the ticket API, or rung up at a register. */
  source: OrderSource;
  /** When it was promised ready (the eta's instant), or null. */
  promisedAt: string | null;
  /** Who started picking it, as the audit trail names them, or null. */
  picker: string | null;
  addressId: number;
  totals: TicketTotals;
  eta: string;
  createdBy: string;
  apiClientId: string | null;
  /** The store's customer the ticket names (README "Customers"), or null. */
  customerId: string | null;
  /** The promo codes typed for it, upper case, and the deals the cashier chose (README "Deals"). */
  promoCodes: string[];
  chosenDeals: string[];
  /** The discounts given by hand (README "Manual discounts"), as last priced. */
  manualDiscounts: StoredManualDiscount[];
  createdAt: string;
  updatedAt: string;
}

/** One filled line of an order, with the product details snapshotted at sale time. */
export interface OrderItemRecord extends ProductDescription, CannabisContent {
  id: string;
  orderId: string;
  lineIndex: number;
  productId: string;
  packageId: string;
  locationId: string;
  packageLabel: string;
  unitId: string;
  quantityMilli: number;
  originalQuantityMilli: number;
  refundedQuantityMilli: number;
  unitPriceCents: number;
  lineSubTotalCents: number;
  lineDiscountCents: number;
  lineTaxCents: number;
  discountDescription: string;
  /** What each deal took off the line (its `lineDiscountCents` is that, plus the product's own promotion). */
  dealDiscounts: LineDiscount[];
}

/** Why a requested item could not be (fully) filled. */
export type UnavailableReason = 'OUT_OF_STOCK' | 'INSUFFICIENT_STOCK' | 'DISCONTINUED';

/** A requested item that could not be (fully) filled. */
export interface UnavailableItemRecord {
  productId: string;
  requestedQuantityMilli: number;
  availableQuantityMilli: number;
  reason: UnavailableReason;
}

/** An order with its lines and what could not be filled. */
export interface FullOrder {
  order: OrderRecord;
  items: OrderItemRecord[];
  unavailable: UnavailableItemRecord[];
}

/** A new order as priced: its taxes by layer (its tax classes' rates) add up to totals.tax. */
export interface PricedOrder extends FullOrder {
  taxLayers: TaxLayer[];
  /** Each promo code typed: applied, or why not, in words (the creation's and the quote's answer). */
  codes: PromoCodeWords[];
  /** Each deal the cashier chose (`dealIds`): applied, or why not, in words (the same answers). */
  chosen: ChosenDealWords[];
  /** Whether its manual discounts need a manager's approval by the store's policy. */
  approvalNeeded: boolean;
  /** The deals with a use limit it was priced with (their uses left): its uses of them are written with it. */
  limitedDeals: ReadonlyMap<string, number>;
}

/** A promo code typed, and what became of it, in words. */
export interface PromoCodeWords {
  code: string;
  applied: boolean;
  words: string;
}

/** A deal the cashier chose, and what became of it, in words. */
export interface ChosenDealWords {
  dealId: string;
  applied: boolean;
  words: string;
}
