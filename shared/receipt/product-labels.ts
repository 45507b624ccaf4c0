import type { PriceBreak, ProductView } from '../contracts/products.js';
import { labPotency, type PackageLab } from '../inventory/package-details.js';
import { divideRoundHalfUp, formatMoney } from '../money.js';
import { fromMilli, type MilliQuantity } from '../quantity.js';
import { storeStamp } from '../store-time.js';
import type { ReceiptDocument, ReceiptLine } from './receipt-document.js';

/** What a product's labels say of it: the product as a manager keeps it. */
export type LabelledProduct = Pick<
  ProductView,
  | 'name'
  | 'brand'
  | 'type'
  | 'subtype'
  | 'size'
  | 'weight'
  | 'unitType'
  | 'deli'
  | 'priceCents'
  | 'priceBreaks'
  | 'cannabisWeightMg'
  | 'thcMg'
  | 'cbdMg'
>;

/** A package in stock, as its label states it. */
export interface LabelledPackage {
  /** The state's package tag (Metrc's 24 characters). */
  tag: string;
  /** On hand, in thousandths of the product's unit (of a gram when weighed). */
  quantityMilli: MilliQuantity;
  /** Its lab results (the manifest's, or as a manager corrected them): its own THC and CBD, where they say. */
  lab?: PackageLab | null;
}

/** The store a package label names: its name, state licence (null: not set) and time zone. */
export interface LabelStore {
  name: string;
  licenceNumber: string | null;
  timeZone: string;
}

/** Products whose cannabis weight is the product itself, so a share of it is a potency: 21 % THC. */
const OWN_WEIGHT = new Set(['FLOWER', 'PREROLL', 'VAPE', 'CONCENTRATE']);

/** 735 of 3500 → "21", 719 of 3500 → "20.5" (per cent to one decimal, half up). */
function percent(partMg: number, wholeMg: number): string {
  return String(divideRoundHalfUp(partMg * 1000, wholeMg) / 10);
}

/**
 * "THC 21% (735 mg)" for flower, pre-rolls, vapes and concentrates of a known weight, "THC 20%
 * (200 mg a gram)" for one sold by the gram, "THC 100 mg" for an infused product; null when unknown.
 */
function potency(name: 'THC' | 'CBD', mg: number | null, product: LabelledProduct): string | null {
  if (mg === null) return null;
  if (product.deli) return `${name} ${percent(mg, 1000)}% (${mg} mg a gram)`;
  const weight = product.cannabisWeightMg;
  if (OWN_WEIGHT.has(product.type) && weight !== null && weight > 0) {
    return `${name} ${percent(mg, weight)}% (${mg} mg)`;
  }
  return `${name} ${mg} mg`;
}

/** The product's THC and CBD, where known. */
function potencies(product: LabelledProduct): string[] {
  return [potency('THC', product.thcMg, product), potency('CBD', product.cbdMg, product)].filter(
    (line): line is string => line !== null,
  );
}

/**
 * A package's own lab result: "THC 24.6% (861 mg)" in a 3.5 g jar of flower (pre-roll, vape,
 * concentrate), "THC 24.6% (246 mg a gram)" for one sold by the gram, "THC 0.4%" for an infused product.
 */
function labResult(name: 'THC' | 'CBD', percentValue: number, product: LabelledProduct): string {
  const shown = `${name} ${Number(percentValue.toFixed(2))}%`;
  const hundredths = Math.round(percentValue * 100);
  if (product.deli) return `${shown} (${divideRoundHalfUp(hundredths * 1000, 10_000)} mg a gram)`;
  const weight = product.cannabisWeightMg;
  if (OWN_WEIGHT.has(product.type) && weight !== null && weight > 0) {
    return `${shown} (${divideRoundHalfUp(hundredths * weight, 10_000)} mg)`;
  }
  return shown;
}

/**
 * The THC and CBD a package label states: each the package's own lab result where its lab results
 * give it (a delivery's package tested at 24.6 % is labelled so), else the product's, where known.
 */
export function packagePotencies(product: LabelledProduct, lab?: PackageLab | null): string[] {
  const own = labPotency(lab);
  return [
    own.thcPercent === undefined ? potency('THC', product.thcMg, product) : labResult('THC', own.thcPercent, product),
    own.cbdPercent === undefined ? potency('CBD', product.cbdMg, product) : labResult('CBD', own.cbdPercent, product),
  ].filter((line): line is string => line !== null);
}

/** "Sativa · 3.5g", "Indica · by the gram": what kind and how much, as the shelf reads it. */
function sizeLine(product: LabelledProduct): string {
  const size = product.deli ? 'by the gram' : product.size || `${product.weight} ${product.unitType}`;
  return [product.subtype, size].filter((part) => part !== '').join(' · ');
}

/** "3.5 g" for a price break's weight. */
const breakWeight = (price: PriceBreak) => `${price.weightMg / 1000} g`;

/**
 * A shelf label: the product large, its brand, strain type and size; its price large ("$11.00 / g"
 * for one sold by the gram, with its price breaks under it: 1 g, 3.5 g, 7 g…); its THC and CBD
 * where known.
 */
export function shelfLabel(product: LabelledProduct): ReceiptDocument {
  const price = product.deli ? `${formatMoney(product.priceCents)} / g` : formatMoney(product.priceCents);
  const breaks = product.deli
    ? product.priceBreaks.map((entry): ReceiptLine => ({
        kind: 'row',
        label: breakWeight(entry),
        amount: formatMoney(entry.priceCents),
      }))
    : [];
  const lines: ReceiptLine[] = [
    { kind: 'title', text: product.name },
    ...(product.brand ? [{ kind: 'center', text: product.brand, strong: true } as const] : []),
    { kind: 'center', text: sizeLine(product) },
    { kind: 'rule' },
    { kind: 'title', text: price },
    ...breaks,
    ...potencies(product).map((text): ReceiptLine => ({ kind: 'center', text })),
  ];
  return { title: `Shelf label ${product.name}`, lines };
}

/** "40 units (3.5g each)", "1 unit", "453.6 g" (weighed). */
function quantityWords(product: LabelledProduct, quantityMilli: MilliQuantity): string {
  const quantity = fromMilli(quantityMilli);
  if (product.deli) return `${quantity} ${product.unitType}`;
  const units = `${quantity} ${quantity === 1 ? 'unit' : 'units'}`;
  return product.size ? `${units} (${product.size} each)` : units;
}

/**
 * A package label: the product and its brand; the package's state tag as a Code 128 barcode with
 * the tag in words under it; the quantity in it and its unit; THC and CBD where known (the package's
 * own lab results first: packagePotencies); the store, its state licence, and when the label was
 * printed, in the store's time.
 */
export function packageLabel(
  product: LabelledProduct,
  pkg: LabelledPackage,
  store: LabelStore,
  printedAt: Date,
): ReceiptDocument {
  const lines: ReceiptLine[] = [
    { kind: 'title', text: product.name },
    { kind: 'center', text: [product.brand, sizeLine(product)].filter((part) => part !== '').join(' · ') },
    { kind: 'rule' },
    { kind: 'center', text: 'State package tag', strong: true },
    { kind: 'barcode', value: pkg.tag },
    { kind: 'row', label: 'Quantity', amount: quantityWords(product, pkg.quantityMilli), strong: true },
    ...packagePotencies(product, pkg.lab).map((text): ReceiptLine => ({ kind: 'center', text })),
    { kind: 'rule' },
    { kind: 'center', text: store.name },
    ...(store.licenceNumber ? [{ kind: 'center', text: `State licence ${store.licenceNumber}` } as const] : []),
    { kind: 'center', text: `Printed ${storeStamp(printedAt, store.timeZone)}` },
  ];
  return { title: `Package label ${pkg.tag}`, lines };
}

/** `copies` of a label, each its own document (each cut off), numbered in their titles. */
export function copiesOf(label: ReceiptDocument, copies: number): ReceiptDocument[] {
  return Array.from({ length: copies }, (_, index) => ({
    ...label,
    title: copies === 1 ? label.title : `${label.title} (${index + 1} of ${copies})`,
  }));
}
