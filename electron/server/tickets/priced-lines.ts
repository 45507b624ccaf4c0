import { splitTax, sumLayers, type LayerRate, type TaxLayer } from '../../../shared/tax-layers.js';
import type { PackageForSale } from '../catalog/inventory-repository.js';
import type { OrderItemRecord } from './order-records.js';
import { breakPriceFor } from '../../../shared/catalog/price-breaks.js';
import { priceLine, type PricedLine } from './pricing.js';

/** Where a line sits in its order, and how much of its package it takes of how much was asked. */
export interface LinePlace {
  id: string;
  orderId: string;
  lineIndex: number;
  /** Thousandths of the unit the line takes. */
  filledMilli: number;
  /** Thousandths of the unit the customer asked for. */
  requestedMilli: number;
}

/**
 * A line of `pkg` as a ticket prices it now (pricing.ts: the package's price, or the product's price
 * break for exactly the weight taken, its promotion and tax), with the product's details
 * snapshotted: what a new ticket's lines are, and an edited line.
 */
export function lineOf(pkg: PackageForSale, place: LinePlace): OrderItemRecord {
  const priced = priceLine({
    unitPriceCents: pkg.priceCents,
    quantityMilli: place.filledMilli,
    discountPpm: pkg.discountPpm,
    taxRatePpm: pkg.taxRatePpm,
    amountCents: pkg.deli ? breakPriceFor(pkg.priceBreaks, place.filledMilli) : undefined,
  });
  return {
    id: place.id,
    orderId: place.orderId,
    lineIndex: place.lineIndex,
    productId: pkg.productId,
    packageId: pkg.packageId,
    locationId: pkg.locationId,
    type: pkg.type,
    subtype: pkg.subtype,
    brand: pkg.brand,
    name: pkg.name,
    size: pkg.size,
    weight: pkg.weight,
    unitType: pkg.unitType,
    barcodes: pkg.barcodes,
    packageLabel: pkg.packageLabel,
    unitId: pkg.unitId,
    deli: pkg.deli,
    quantityMilli: place.filledMilli,
    originalQuantityMilli: place.requestedMilli,
    refundedQuantityMilli: 0,
    unitPriceCents: pkg.priceCents,
    lineSubTotalCents: priced.subTotalCents,
    lineDiscountCents: priced.discountCents,
    lineTaxCents: priced.taxCents,
    discountDescription: priced.discountCents !== 0 ? pkg.discountDescription : '',
    cannabisWeightMg: pkg.cannabisWeightMg,
    thcMg: pkg.thcMg,
  };
}

/** A stored line's amounts, as `totalTicket` adds them up. */
export const pricedOf = (item: OrderItemRecord): PricedLine => ({
  subTotalCents: item.lineSubTotalCents,
  discountCents: item.lineDiscountCents,
  taxCents: item.lineTaxCents,
});

/** An order's taxes by layer: each line's tax split by the rates of its tax class, added up by name. */
export function taxLayersOf(lines: readonly { taxCents: number; rates: readonly LayerRate[] }[]): TaxLayer[] {
  return sumLayers(lines.flatMap((line) => splitTax(line.taxCents, line.rates)));
}
