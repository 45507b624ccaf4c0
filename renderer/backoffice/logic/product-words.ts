import type { PriceBreak, ProductView, StockLevel } from '../../../shared/contracts/products';
import { categoryLabel } from '../../../shared/labels';
import { formatMoney } from '../../../shared/money';
import { quantityText } from '../../../shared/quantity';

/** "$35" for whole dollars, "$12.50" otherwise: prices where space is short. */
export function shortMoney(cents: number): string {
  const text = formatMoney(cents);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/** "$10.00 / g" for a product sold by the gram, "$35.00" for one sold by the unit. */
export function priceWords(product: Pick<ProductView, 'priceCents' | 'deli'>): string {
  return product.deli ? `${formatMoney(product.priceCents)} / g` : formatMoney(product.priceCents);
}

/** "3.5 g $35 · 7 g $65": a product's price breaks, compactly ('' when it has none). */
export function priceBreaksShort(breaks: readonly PriceBreak[]): string {
  return breaks.map((price) => `${price.weightMg / 1000} g ${shortMoney(price.priceCents)}`).join(' · ');
}

/** A quantity of a product: units, or grams for one sold by the gram ("453.6 g", "1,200"). */
export function quantityWords(quantity: number, deli: boolean): string {
  const text = quantityText(quantity);
  return deli ? `${text} g` : text;
}

/** Stock as the list says it: what is free to sell, and what open orders hold of what is on hand. */
export function stockWords(product: Pick<ProductView, 'quantityOnHand' | 'quantityAvailable' | 'deli'>): string {
  const free = quantityWords(product.quantityAvailable, product.deli);
  const held = product.quantityOnHand - product.quantityAvailable;
  return held > 0 ? `${free} (${quantityWords(held, product.deli)} held)` : free;
}

/** The stock levels for people: the list's marker and the filter's choices. */
export const STOCK_LABELS: Record<StockLevel, string> = { in_stock: 'In stock', low: 'Low', out: 'Out' };

/** The marker a product's stock gets in the list: none in stock, "Low" or "Out". */
export function stockMarker(
  product: Pick<ProductView, 'stock'>,
): { label: string; tone: 'waiting' | 'stopped' } | null {
  if (product.stock === 'low') return { label: 'Low', tone: 'waiting' };
  if (product.stock === 'out') return { label: 'Out', tone: 'stopped' };
  return null;
}

/** "Flower · Indica": the category and the strain type or form. */
export function categoryWords(product: Pick<ProductView, 'type' | 'subtype'>): string {
  const category = categoryLabel(product.type);
  return product.subtype ? `${category} · ${product.subtype}` : category;
}

/** The state limit category a product counts toward, for people. */
export function limitCategoryWords(category: string | null): string {
  return category === null ? 'None the state limits know' : categoryLabel(category);
}

/** The API's field names as the form labels them, for the service's refusals. */
export const PRODUCT_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  brand: 'Brand',
  sku: 'SKU',
  type: 'Category',
  subtype: 'Strain type or form',
  size: 'Size on the label',
  weight: 'Weight',
  unitType: 'Unit',
  deli: 'Sold by the gram',
  priceCents: 'Price',
  unitCostCents: 'Cost',
  priceBreaks: 'Price breaks',
  'priceBreaks[].weightMg': 'Price break weight',
  'priceBreaks[].priceCents': 'Price break price',
  taxClass: 'Tax class',
  cannabisWeightMg: 'Cannabis weight',
  thcMg: 'THC',
  cbdMg: 'CBD',
  barcodes: 'Barcodes',
  'barcodes[]': 'Barcode',
  barcode: 'Barcode',
  packageLabel: 'Package tag',
  discountPercent: 'Promotion',
  discountDescription: 'Promotion on the receipt',
  lowStockThreshold: 'Low stock at',
  tags: 'Tags',
  'tags[]': 'A tag',
};

/**
 * The form control a refusal is about: a barcode's refusal belongs to the barcodes field, a tag's to
 * the tags field, a price break's to its row (`priceBreaks[1]`), any other to the field of that name.
 */
export function controlOf(field: string): string {
  if (field.startsWith('barcode')) return 'barcodes';
  if (field.startsWith('tags')) return 'tags';
  const row = /^(priceBreaks\[\d+\])/.exec(field);
  return row ? row[1]! : field;
}
