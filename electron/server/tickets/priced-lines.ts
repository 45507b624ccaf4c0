import { splitTax, sumLayers, type LayerRate, type TaxLayer } from '../../../shared/tax-layers.js';
import type { PackageForSale } from '../catalog/package-for-sale.js';
import type { OrderItemRecord } from './order-records.js';
import { breakPriceFor } from '../../../shared/catalog/price-breaks.js';
import { priceLine, type PricedLine } from './pricing.js';
import { applyRate, type Cents } from '../../../shared/money.js';
import { applyManual, type ManualCents } from '../../../shared/deals/manual-discounts.js';
import { MANUAL_DEAL_ID, MANUAL_DISCOUNT_NAME } from '../../../shared/contracts/manual-discounts.js';
import type { LineDiscount } from '../../../shared/deals/cart.js';
import type { DealOutcome } from '../../../shared/deals/engine.js';
import type { DealPricing } from './sale-deals.js';
import { complianceCategory } from '../../../shared/catalog/limit-measures.js';
import {
  lineFloorCents,
  NO_DISCOUNT_RULES,
  taxableCents,
  type DiscountRules,
} from '../../../shared/compliance/discount-rules.js';

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
    dealDiscounts: [],
    cannabisWeightMg: pkg.cannabisWeightMg,
    thcMg: pkg.thcMg,
  };
}

/** A line to price with the deals: as priced without them, its tax rate and its product's tags. */
export interface DealPricedLine {
  item: OrderItemRecord;
  taxRatePpm: number;
  /** The product's tags as it has them now (a line keeps no copy): what tag-scoped deals read. */
  tags: readonly string[];
}

/** What the deals took off a line, in cents (positive). */
const dealsOf = (item: OrderItemRecord) => item.dealDiscounts.reduce((sum, deal) => sum + deal.amountCents, 0);

/** The line as the deals found it: its discount and words the product's own promotion alone, no deal. */
function withoutDeals(item: OrderItemRecord): OrderItemRecord {
  if (item.dealDiscounts.length === 0) return item;
  const names = new Set(item.dealDiscounts.map((deal) => deal.name));
  const own = item.discountDescription.split('; ').filter((words) => !names.has(words));
  return {
    ...item,
    lineDiscountCents: item.lineDiscountCents + dealsOf(item),
    discountDescription: own.join('; '),
    dealDiscounts: [],
  };
}

/** The manual discounts a sale is priced with, and whether a refusal is due (a new ticket) or not (a re-pricing). */
export interface ManualPricing {
  discounts: readonly ManualCents[];
  strict: boolean;
}

/** What the manual discounts took: each one's amount, and what the sale came to after deals, before them. */
export interface ManualTaken {
  taken: Cents[];
  saleCents: Cents;
}

const NO_MANUAL: ManualPricing = { discounts: [], strict: false };

/**
 * The lines priced by the store's deals (shared/deals; README "Deals") and the cashier's manual
 * discounts (README "Manual discounts"): each line's product's own promotion first, then what the
 * deals take off what is left (the engine's choice, the same on every register), then the manual
 * discounts off what the deals left, none below the state's floor, and the line's tax on what it
 * comes to (or on its amount before discounts, where the state says so: `rules`, the profile the
 * store enforces). Answers the lines, the engine's outcome (the deals applied, each code's words;
 * null without deals) and what each manual discount took.
 */
export function withDeals(
  lines: readonly DealPricedLine[],
  pricing: DealPricing | null,
  manual: ManualPricing = NO_MANUAL,
  rules: DiscountRules = NO_DISCOUNT_RULES,
): { items: OrderItemRecord[]; outcome: DealOutcome | null; manual: ManualTaken } {
  const bare = lines.map(({ item }) => withoutDeals(item));
  const floors = bare.map((item) => lineFloorCents(rules, complianceCategory(item), item.quantityMilli));
  const outcome =
    pricing &&
    pricing.book.apply(
      bare.map((item, index) => ({
        key: String(item.lineIndex),
        productId: item.productId,
        brand: item.brand,
        category: item.type,
        tags: lines[index]!.tags,
        unitPriceCents: item.unitPriceCents,
        quantityMilli: item.quantityMilli,
        weighed: item.deli,
        amountCents: item.lineSubTotalCents + item.lineDiscountCents,
        floorCents: floors[index]!,
      })),
      pricing.context,
    );
  const dealt = bare.map((item, index) => {
    const line = outcome?.lines[index];
    return {
      item,
      discounts: line?.discounts ?? [],
      lineDiscountCents: item.lineDiscountCents - (line?.discountCents ?? 0),
    };
  });
  const afterDeals = dealt.map(({ item, lineDiscountCents }) => item.lineSubTotalCents + lineDiscountCents);
  const byHand = applyManual(
    dealt.map(({ item }, index) => ({
      productId: item.productId,
      name: item.name,
      amountCents: afterDeals[index]!,
      floorCents: floors[index]!,
    })),
    manual.discounts,
    manual.strict,
  );
  const items = dealt.map(({ item, discounts, lineDiscountCents: afterDeal }, index) => {
    const handCents = byHand.lines[index]!;
    const all: LineDiscount[] =
      handCents > 0
        ? [...discounts, { dealId: MANUAL_DEAL_ID, name: MANUAL_DISCOUNT_NAME, amountCents: handCents }]
        : discounts;
    const lineDiscountCents = afterDeal - handCents;
    return {
      ...item,
      lineDiscountCents,
      lineTaxCents: applyRate(taxableCents(rules, item.lineSubTotalCents, lineDiscountCents), lines[index]!.taxRatePpm),
      dealDiscounts: all,
      discountDescription: [item.discountDescription, ...all.map((deal) => deal.name)]
        .filter((words) => words !== '')
        .join('; '),
    };
  });
  const saleCents = afterDeals.reduce((sum, amount) => sum + amount, 0);
  return { items, outcome, manual: { taken: byHand.taken, saleCents } };
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
