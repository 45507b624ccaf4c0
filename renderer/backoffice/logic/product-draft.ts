import type { PriceBreak, ProductCreate, ProductPatch, ProductView } from '../../../shared/contracts/products';
import { checkTags, tagsOf } from '../../../shared/catalog/product-tags';
import { formatDecimal, parseDecimal } from '../../../shared/money';
import { ungroupedOr } from '../../../shared/typed-number';
import { asSentence } from '../../common/refusal';

/** One price break as typed: a weight in grams ("3.5") and its price in dollars ("35.00"). */
export interface PriceBreakDraft {
  grams: string;
  dollars: string;
}

/**
 * A product's form as typed: money in dollars, weights in grams, cannabis content in milligrams,
 * barcodes and tags one text each; every field a string except the checkbox.
 */
export interface ProductDraft {
  name: string;
  brand: string;
  sku: string;
  type: string;
  subtype: string;
  size: string;
  weight: string;
  unitType: string;
  deli: boolean;
  price: string;
  /** What one unit cost the store, in dollars; blank: not known. */
  cost: string;
  priceBreaks: PriceBreakDraft[];
  taxClass: string;
  cannabisWeight: string;
  thcMg: string;
  cbdMg: string;
  barcodes: string;
  packageLabel: string;
  discountPercent: string;
  discountDescription: string;
  lowStock: string;
  /** Tags apart by commas: "staff-pick, clearance". */
  tags: string;
}

/** The weights a weighed flower is usually sold by, offered for a new product's price breaks. */
export const USUAL_BREAK_GRAMS = ['1', '3.5', '7', '14', '28'] as const;

const grams = (milligrams: number) => String(milligrams / 1000);
const dollars = (cents: number) => formatDecimal(cents);
const orBlank = (value: number | null) => (value === null ? '' : String(value));

/** The form of a product on file, or of a new one (by the unit, nothing filled in). */
export function draftOf(product: ProductView | null): ProductDraft {
  if (!product) {
    return {
      ...{ name: '', brand: '', sku: '', type: '', subtype: '', size: '', weight: '', unitType: 'each' },
      ...{ deli: false, price: '', cost: '', priceBreaks: [], taxClass: '', cannabisWeight: '', thcMg: '', cbdMg: '' },
      ...{ barcodes: '', packageLabel: '', discountPercent: '', discountDescription: '', lowStock: '', tags: '' },
    };
  }
  return {
    name: product.name,
    brand: product.brand,
    sku: product.sku ?? '',
    type: product.type,
    subtype: product.subtype,
    size: product.size,
    weight: product.weight === 0 ? '' : String(product.weight),
    unitType: product.unitType,
    deli: product.deli,
    price: dollars(product.priceCents),
    cost: product.unitCostCents === null ? '' : dollars(product.unitCostCents),
    priceBreaks: product.priceBreaks.map((price) => ({
      grams: grams(price.weightMg),
      dollars: dollars(price.priceCents),
    })),
    taxClass: product.taxClass,
    cannabisWeight: product.cannabisWeightMg === null ? '' : grams(product.cannabisWeightMg),
    thcMg: orBlank(product.thcMg),
    cbdMg: orBlank(product.cbdMg),
    barcodes: product.barcodes.join(', '),
    packageLabel: product.packageLabel,
    discountPercent: product.discountPercent === 0 ? '' : String(product.discountPercent),
    discountDescription: product.discountDescription,
    lowStock: orBlank(product.lowStockThreshold),
    tags: product.tags.join(', '),
  };
}

/** What the form sends, or the first field typed so that it cannot be sent (named as the API names it). */
export type DraftBody = { ok: true; body: ProductCreate } | { ok: false; field: string; sentence: string };

class Refused extends Error {
  constructor(
    readonly field: string,
    sentence: string,
  ) {
    super(sentence);
  }
}

/** A field the service requires, trimmed; said empty before anything below it in the form is read. */
function required(field: string, text: string, sentence: string): string {
  const trimmed = text.trim();
  if (trimmed === '') throw new Refused(field, sentence);
  return trimmed;
}

/** What was typed without its thousands commas ("1,250.00" → "1250.00"); any other comma refused, saying why. */
function plain(field: string, text: string, label: string): string {
  const read = ungroupedOr(text, label);
  if ('sentence' in read) throw new Refused(field, read.sentence);
  return read.text;
}

function money(field: string, text: string, label: string): number {
  const cents = parseDecimal(plain(field, text.replace(/^\s*\$/, ''), label));
  if (cents === undefined || text.trim() === '') {
    throw new Refused(field, `${label} must be an amount in dollars with at most 2 decimals, such as 35 or 35.50.`);
  }
  if (cents < 0) throw new Refused(field, `${label} must be $0.00 or more.`);
  return cents;
}

/** A decimal typed with at most `decimals` places, or null when blank. */
function decimal(field: string, text: string, label: string, decimals: number, example: string): number | null {
  const trimmed = plain(field, text, label);
  if (trimmed === '') return null;
  const places = decimals === 0 ? '' : `(\\.\\d{1,${decimals}})?`;
  // A negative number is a number: what is wrong with it is its sign.
  if (new RegExp(`^-\\d+${places}$`).test(trimmed)) throw new Refused(field, `${label} must be 0 or more.`);
  if (!new RegExp(`^\\d+${places}$`).test(trimmed)) {
    const kind = decimals === 0 ? 'a whole number' : `a number with at most ${decimals} decimals`;
    throw new Refused(field, `${label} must be ${kind}, such as ${example}.`);
  }
  return Number(trimmed);
}

const toMg = (value: number | null) => (value === null ? null : Math.round(value * 1000));

/** The price-break rows with something typed in them (blank rows are left out). */
export const typedBreaks = (breaks: readonly PriceBreakDraft[]): PriceBreakDraft[] =>
  breaks.filter((price) => price.grams.trim() !== '' || price.dollars.trim() !== '');

function breaks(draft: ProductDraft): PriceBreak[] {
  if (!draft.deli) return [];
  return typedBreaks(draft.priceBreaks).map((price, index) => {
    const at = `priceBreaks[${index}]`;
    const weight = decimal(`${at}.weightMg`, price.grams, 'A price break weight', 3, '3.5');
    if (!weight) throw new Refused(`${at}.weightMg`, 'A price break needs its weight in grams, such as 3.5.');
    return { weightMg: toMg(weight)!, priceCents: money(`${at}.priceCents`, price.dollars, 'A price break price') };
  });
}

/** Barcodes typed apart by commas, spaces or new lines. */
export const barcodesOf = (text: string): string[] => text.split(/[\s,;]+/).filter(Boolean);

/** The tags typed, by the service's rules (trimmed, each once in any case), or why not beside the field. */
function tags(text: string): string[] {
  const checked = checkTags(tagsOf(text));
  if (!checked.problem) return checked.tags;
  const label = checked.problem.field === 'tags' ? 'Tags' : 'A tag';
  throw new Refused(checked.problem.field, asSentence(`${label} ${checked.problem.message}`));
}

/**
 * The body of a product as the form holds it: dollars to cents, grams to milligrams, blank optional
 * numbers to null, blank price-break rows left out and none for a product sold by the unit. Only
 * what cannot be read as a number is refused here; the service checks the rest and says why.
 */
export function bodyOf(draft: ProductDraft): DraftBody {
  try {
    // Read in the form's order, top to bottom: the first field said is the first one to fix.
    const body: ProductCreate = {
      name: required('name', draft.name, 'Name must not be empty.'),
      brand: draft.brand.trim(),
      sku: required('sku', draft.sku, 'SKU must not be empty.'),
      type: required('type', draft.type, 'Choose a category.'),
      subtype: draft.subtype.trim(),
      size: draft.size.trim(),
      weight: decimal('weight', draft.weight, 'Weight', 3, '3.5') ?? 0,
      unitType: draft.deli ? 'g' : draft.unitType,
      deli: draft.deli,
      priceCents: money('priceCents', draft.price, 'Price'),
      unitCostCents: draft.cost.trim() === '' ? null : money('unitCostCents', draft.cost, 'Cost'),
      priceBreaks: breaks(draft),
      taxClass: required('taxClass', draft.taxClass, 'Choose a tax class.'),
      // A weighed product counts by the weight sold: it has no cannabis weight of its own.
      cannabisWeightMg: draft.deli
        ? null
        : toMg(decimal('cannabisWeightMg', draft.cannabisWeight, 'Cannabis weight', 3, '3.5')),
      thcMg: decimal('thcMg', draft.thcMg, 'THC', 0, '735'),
      cbdMg: decimal('cbdMg', draft.cbdMg, 'CBD', 0, '20'),
      barcodes: barcodesOf(draft.barcodes),
      packageLabel: draft.packageLabel.trim(),
      discountPercent: decimal('discountPercent', draft.discountPercent, 'Promotion', 4, '10') ?? 0,
      discountDescription: draft.discountDescription.trim(),
      lowStockThreshold: decimal('lowStockThreshold', draft.lowStock, 'Low stock at', draft.deli ? 3 : 0, '5'),
      tags: tags(draft.tags),
    };
    return { ok: true, body };
  } catch (failure) {
    if (failure instanceof Refused) return { ok: false, field: failure.field, sentence: failure.message };
    throw failure;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** True when nothing was typed in `draft` since `baseline` (blank price-break rows do not count). */
export function sameDraft(draft: ProductDraft, baseline: ProductDraft): boolean {
  const typed = (form: ProductDraft) => ({ ...form, priceBreaks: typedBreaks(form.priceBreaks) });
  return same(typed(draft), typed(baseline));
}

/**
 * The fields of `body` that differ from the product as it was opened: a change sends only those, so
 * what another manager changed meanwhile in other fields stays as they left it.
 */
export function patchOf(opened: ProductView, body: ProductCreate): ProductPatch {
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    const was = field === 'sku' ? (opened.sku ?? '') : opened[field as keyof ProductView];
    if (!same(was, value)) patch[field] = value;
  }
  return patch as ProductPatch;
}

/** The price breaks with a row for each usual weight (1, 3.5, 7, 14, 28 g) not there yet, lightest first. */
export function withUsualWeights(breaks: readonly PriceBreakDraft[]): PriceBreakDraft[] {
  const typed = typedBreaks(breaks);
  const have = new Set(typed.map((price) => Number(price.grams)));
  const added = USUAL_BREAK_GRAMS.filter((weight) => !have.has(Number(weight))).map((weight) => ({
    grams: weight,
    dollars: '',
  }));
  return [...typed, ...added].sort((a, b) => (Number(a.grams) || Infinity) - (Number(b.grams) || Infinity));
}
