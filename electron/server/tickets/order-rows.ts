import { storedManual } from './manual-discounts.js';
import type { OrderPaymentStatus, OrderSource, OrderStatus } from '../../../shared/order-status.js';
import type { LineDiscount } from '../../../shared/deals/engine.js';
import type { Builder } from '../db/query.js';
import type { OrderItemRecord, OrderRecord } from './order-records.js';

// How orders, their lines and unfilled items are read from and written to their tables.

export const ORDER_COLUMNS = [
  'id',
  'dispensary_id as dispensaryId',
  'location_id as locationId',
  'order_number as orderNumber',
  'type',
  'status',
  'payment_status as paymentStatus',
  'source',
  'promised_at as promisedAt',
  'picker',
  'address_id as addressId',
  'sub_total_cents as subTotal',
  'discount_cents as discount',
  'tier_discount_cents as tierDiscount',
  'tax_cents as tax',
  'delivery_cents as deliveryCost',
  'pay_by_points_cents as payByPoints',
  'total_cents as total',
  'eta',
  'created_by as createdBy',
  'api_client_id as apiClientId',
  'customer_id as customerId',
  'promo_codes as promoCodes',
  'chosen_deals as chosenDeals',
  'manual_discounts as manualDiscounts',
  'created_at as createdAt',
  'updated_at as updatedAt',
] as const;

export const ITEM_COLUMNS = [
  'id',
  'order_id as orderId',
  'line_index as lineIndex',
  'product_id as productId',
  'package_id as packageId',
  'location_id as locationId',
  'type',
  'subtype',
  'brand',
  'name',
  'size',
  'weight',
  'unit_type as unitType',
  'barcodes',
  'package_label as packageLabel',
  'unit_id as unitId',
  'deli',
  'quantity_milli as quantityMilli',
  'original_quantity_milli as originalQuantityMilli',
  'refunded_quantity_milli as refundedQuantityMilli',
  'unit_price_cents as unitPriceCents',
  'line_sub_total_cents as lineSubTotalCents',
  'line_discount_cents as lineDiscountCents',
  'line_tax_cents as lineTaxCents',
  'discount_description as discountDescription',
  'deal_discounts as dealDiscounts',
  'cannabis_weight_mg as cannabisWeightMg',
  'thc_mg as thcMg',
] as const;

export const UNAVAILABLE_COLUMNS = [
  'product_id as productId',
  'requested_quantity_milli as requestedQuantityMilli',
  'available_quantity_milli as availableQuantityMilli',
  'reason',
] as const;

/** A line as read: its flag and its deals' JSON as values. */
export function toItem<R extends { deli: number; dealDiscounts: string }>(row: R) {
  return { ...row, deli: row.deli === 1, dealDiscounts: JSON.parse(row.dealDiscounts) as LineDiscount[] };
}

export const selectOrders = (k: Builder) => k.selectFrom('orders').select(ORDER_COLUMNS);
export type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['executeTakeFirstOrThrow']>>;

export function toOrder(row: OrderRow): OrderRecord {
  const {
    subTotal,
    discount,
    tierDiscount,
    tax,
    deliveryCost,
    payByPoints,
    total,
    promoCodes,
    chosenDeals,
    manualDiscounts,
    ...rest
  } = row;
  const adjustedSubTotal = subTotal + discount + tierDiscount;
  return {
    ...rest,
    promoCodes: JSON.parse(promoCodes) as string[],
    chosenDeals: JSON.parse(chosenDeals) as string[],
    manualDiscounts: storedManual(manualDiscounts),
    status: rest.status as OrderStatus,
    paymentStatus: rest.paymentStatus as OrderPaymentStatus,
    source: rest.source as OrderSource,
    totals: { subTotal, discount, tierDiscount, adjustedSubTotal, tax, deliveryCost, payByPoints, total },
  };
}

export const UNAVAILABLE_INSERT_COLUMNS = [
  'order_id',
  'position',
  'product_id',
  'requested_quantity_milli',
  'available_quantity_milli',
  'reason',
] as const;

export const ITEM_INSERT_COLUMNS = Object.keys(itemValues({} as OrderItemRecord)) as (keyof ReturnType<
  typeof itemValues
>)[];

export function itemValues(item: OrderItemRecord) {
  return {
    id: item.id,
    order_id: item.orderId,
    line_index: item.lineIndex,
    product_id: item.productId,
    package_id: item.packageId,
    location_id: item.locationId,
    type: item.type,
    subtype: item.subtype,
    brand: item.brand,
    name: item.name,
    size: item.size,
    weight: item.weight,
    unit_type: item.unitType,
    barcodes: item.barcodes,
    package_label: item.packageLabel,
    unit_id: item.unitId,
    deli: item.deli ? 1 : 0,
    quantity_milli: item.quantityMilli,
    original_quantity_milli: item.originalQuantityMilli,
    refunded_quantity_milli: item.refundedQuantityMilli,
    unit_price_cents: item.unitPriceCents,
    line_sub_total_cents: item.lineSubTotalCents,
    line_discount_cents: item.lineDiscountCents,
    line_tax_cents: item.lineTaxCents,
    discount_description: item.discountDescription,
    deal_discounts: JSON.stringify(item.dealDiscounts),
    cannabis_weight_mg: item.cannabisWeightMg,
    thc_mg: item.thcMg,
  };
}
