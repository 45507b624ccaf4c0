import type { ListedTicket, Ticket } from '../../../shared/contracts/ticket.js';
import { fulfillmentOf } from '../../../shared/order-status.js';
import { formatDecimal, toDollarNumber } from '../../../shared/money.js';
import { fromMilli } from '../../../shared/quantity.js';
import { dealTotals } from '../../../shared/deals/engine.js';
import type { AddressRecord } from '../dispensaries/dispensary.js';
import type { FullOrder, OrderItemRecord, PricedOrder } from './order-records.js';
import { manualView } from './manual-discounts.js';
import type { OrderMoney } from './order-payment-hooks.js';

/**
 * Renders a stored order as the ticket of spec 2.2. Amounts become decimal strings with two places;
 * the per-line `priceSell` (after discount), `originalPrice` (before discount) and `tax` are amounts
 * of the whole line, so the lines add up to the totals.
 */
export function toTicket(full: FullOrder, address: AddressRecord): Ticket {
  const { order, items, unavailable } = full;
  const totals = order.totals;
  return {
    resultCode: 'SUCCESS',
    resultReason: null,
    orderId: order.id,
    type: order.type,
    status: order.status,
    fulfillmentStatus: fulfillmentOf(order.status),
    paymentStatus: order.paymentStatus,
    source: order.source,
    orderNumber: order.orderNumber,
    customerId: order.customerId,
    address,
    items: items.map((item) => ({
      id: item.id,
      productId: item.productId,
      type: item.type,
      subtype: item.subtype,
      brand: item.brand,
      name: item.name,
      quantity: fromMilli(item.quantityMilli),
      originalQuantity: fromMilli(item.originalQuantityMilli),
      weight: item.weight,
      size: item.size,
      unitType: item.unitType,
      barcodes: item.barcodes,
      priceSell: formatDecimal(item.lineSubTotalCents + item.lineDiscountCents),
      tax: toDollarNumber(item.lineTaxCents),
      lineIndex: item.lineIndex,
      discountDescription: item.discountDescription,
      originalPrice: toDollarNumber(item.lineSubTotalCents),
      unitId: item.unitId,
      packageId: item.packageId,
      packageLabel: item.packageLabel,
      refundedQuantity: fromMilli(item.refundedQuantityMilli),
      locationId: item.locationId,
      deli: item.deli,
      discounts: item.dealDiscounts.map(({ dealId, name, amountCents }) => ({
        dealId,
        name,
        amount: formatDecimal(amountCents),
      })),
    })),
    // Counted products count by unit; a weighed (deli) line counts as one item whatever its weight.
    totalItems: items.reduce((sum, item) => sum + (item.deli ? 1 : fromMilli(item.quantityMilli)), 0),
    unavailableItems: unavailable.map((entry) => ({
      productId: entry.productId,
      requestedQuantity: fromMilli(entry.requestedQuantityMilli),
      availableQuantity: fromMilli(entry.availableQuantityMilli),
      reason: entry.reason,
    })),
    subTotal: formatDecimal(totals.subTotal),
    adjustedSubTotal: formatDecimal(totals.adjustedSubTotal),
    tax: formatDecimal(totals.tax),
    total: formatDecimal(totals.total),
    deliveryCost: formatDecimal(totals.deliveryCost),
    discount: formatDecimal(totals.discount),
    tierDiscount: formatDecimal(totals.tierDiscount),
    payByPoints: formatDecimal(totals.payByPoints),
    deals: dealsOf(items),
    promoCodes: order.promoCodes,
    manualDiscounts: order.manualDiscounts.map(manualView),
    // The words of the codes typed, as the creation or the quote found them (a read has none).
    ...('codes' in full && (full as PricedOrder).codes.length > 0 ? { codes: (full as PricedOrder).codes } : {}),
    ...('chosen' in full && (full as PricedOrder).chosen.length > 0
      ? { chosenDeals: (full as PricedOrder).chosen }
      : {}),
    eta: order.eta,
    promisedAt: order.promisedAt,
    message: unavailable.length > 0 ? [unavailableMessage(unavailable.length)] : [],
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

/** A ticket of a listing: the ticket and what its payments hold (`money`; none without payments). */
export function toListedTicket(full: FullOrder, address: AddressRecord, money?: OrderMoney): ListedTicket {
  const paid = formatDecimal(money?.paid ?? 0);
  return { ...toTicket(full, address), paid, refunded: formatDecimal(money?.refunded ?? 0) };
}

/** What each deal took off the whole ticket, biggest saving first, then by deal id. */
const dealsOf = (items: readonly OrderItemRecord[]): Ticket['deals'] =>
  dealTotals(items.flatMap((item) => item.dealDiscounts)).map(({ dealId, name, amountCents }) => ({
    dealId,
    name,
    amount: formatDecimal(amountCents),
  }));

function unavailableMessage(count: number): string {
  return count === 1
    ? 'One requested item could not be filled in full; see unavailableItems.'
    : `${count} requested items could not be filled in full; see unavailableItems.`;
}
