import type { ManifestPackageView, ReceiptDecision } from '../../../shared/contracts/receiving';
import type { Room } from '../../../shared/contracts/rooms';
import { productWithSku } from '../../../shared/labels';
import { isSureSuggestion } from '../../../shared/inventory/manifest-match';
import { unitMismatch } from '../../../shared/inventory/package-fit';
import { parseDecimal } from '../../../shared/money';
import { quantityText, toMilli } from '../../../shared/quantity';

/** A product a package may be received as: suggested by the service, or found by a search. */
export interface ChosenProduct {
  productId: string;
  name: string;
  sku: string | null;
  /** Sold by the gram; null when not known (a suggestion does not say). */
  deli: boolean | null;
}

/** A product to create with the delivery for a package (ProductChooser's New product…), as typed. */
export interface NewProductDraft {
  name: string;
  brand: string;
  type: string;
  /** In dollars, as typed ("12.50"). */
  price: string;
  taxClass: string;
}

/** What is typed for one package of the manifest: its product (or a new one) and what arrived, or refused with a reason. */
export interface PackageDraft {
  label: string;
  productId: string;
  /** A new product instead of `productId`, or null. */
  create: NewProductDraft | null;
  /** Products found by a search and chosen, beside the suggestions (the chooser keeps offering them). */
  found: ChosenProduct[];
  received: string;
  refuse: boolean;
  reason: string;
}

/** A package's field a refusal is about: its product, what arrived, or the reason it is refused. */
export type PackageControl = 'product' | 'received' | 'reason';

/** "40 units" for units, "453.592 g" or "1,360.776 g" for grams. */
export function shippedWords(quantity: number, unit: ManifestPackageView['unit']): string {
  const text = quantityText(quantity);
  if (unit === 'grams') return `${text} g`;
  if (unit === 'milliliters') return `${text} ml`;
  return `${text} ${text === '1' ? 'unit' : 'units'}`;
}

/** How sure a package's suggestion is, in words: "likely" only where the CLI's --match would take it, else "possible". */
export function likelihood(
  suggestion: ManifestPackageView['suggestions'][number],
  suggestions: ManifestPackageView['suggestions'],
): 'likely' | 'possible' {
  return isSureSuggestion(suggestion, suggestions) ? 'likely' : 'possible';
}

/** The suggestions whose product can take the package: only those are ever chosen for it. */
const fitting = (pkg: ManifestPackageView) => pkg.suggestions.filter((s) => s.cannotTake === null);

/**
 * A package's draft as the preview suggests it: its likeliest product that can take it (none when
 * none can), all of it arrived, not refused.
 */
export function draftOf(pkg: ManifestPackageView): PackageDraft {
  return {
    label: pkg.label,
    productId: fitting(pkg)[0]?.productId ?? '',
    create: null,
    found: [],
    received: String(pkg.quantity),
    refuse: false,
    reason: '',
  };
}

/**
 * The products the chooser offers: the suggestions, then those found, each once. A suggestion whose
 * product cannot take the package is offered `disabled`, saying why; of the others, only the one
 * --match would take is "likely".
 */
export function choicesOf(
  pkg: ManifestPackageView,
  draft: PackageDraft,
): (ChosenProduct & { words: string; disabled: boolean })[] {
  const suggested = pkg.suggestions.map((s) => {
    const how = s.cannotTake ? `cannot be chosen, it ${s.cannotTake}` : likelihood(s, pkg.suggestions);
    return {
      productId: s.productId,
      name: s.name,
      sku: s.sku,
      deli: null,
      words: `${productWithSku(s.name, s.sku)}: ${how}`,
      disabled: s.cannotTake !== null,
    };
  });
  const known = new Set(suggested.map((s) => s.productId));
  const found = draft.found
    .filter((p) => !known.has(p.productId))
    .map((p) => ({ ...p, words: productWithSku(p.name, p.sku), disabled: false }));
  return [...suggested, ...found];
}

/** What arrived as a number, or null while it is not one. */
function receivedOf(draft: PackageDraft): number | null {
  const typed = draft.received.trim();
  return /^\d+(\.\d+)?$/.test(typed) ? Number(typed) : null;
}

/** How much is short ("2 short", "0.5 g short"), or '' when all of it arrived (or nothing sensible is typed). */
export function shortWords(pkg: ManifestPackageView, draft: PackageDraft): string {
  const received = receivedOf(draft);
  if (draft.refuse || received === null || received <= 0 || received >= pkg.quantity) return '';
  const short = quantityText(pkg.quantity - received);
  return pkg.unit === 'grams' ? `${short} g short` : `${short} short`;
}

export type CheckedReceipt =
  { ok: true; decisions: ReceiptDecision[] } | { ok: false; row: number; control: PackageControl; sentence: string };

/** One package's decision, or why not: the service's checks, said where the manager types. */
function decisionOf(
  pkg: ManifestPackageView,
  draft: PackageDraft,
  product: ChosenProduct | undefined,
): ReceiptDecision | { control: PackageControl; sentence: string } {
  if (draft.refuse) {
    const reason = draft.reason.trim();
    if (reason === '') return { control: 'reason', sentence: 'Say why the package is refused.' };
    return { label: pkg.label, refused: reason.slice(0, 200) };
  }
  const made = draft.create ? newProductOf(draft.create) : undefined;
  if (made === null) return { control: 'product', sentence: 'Type the new product’s price in dollars, such as 12.50.' };
  if (!made && !product) return { control: 'product', sentence: 'Choose the product this package is, or refuse it.' };
  const mismatch = product && !made && product.deli !== null ? unitMismatch(pkg.unit, product.deli) : null;
  if (mismatch !== null) {
    return { control: 'product', sentence: `${productWithSku(product!.name, product!.sku)} ${mismatch}.` };
  }
  const unit = pkg.unit === 'grams' ? 'grams' : 'units';
  const received = receivedOf(draft);
  const milli = received === null ? undefined : toMilli(received);
  if (received === null || milli === undefined) {
    const typed = draft.received.trim();
    // Why it is not a quantity, where that is plain: a minus sign, or thousandths of a gram passed.
    const why = /^-/.test(typed) ? ' (not below 0)' : /^\d+\.\d{4,}$/.test(typed) ? ' (at most 3 decimals)' : '';
    return { control: 'received', sentence: `Type what arrived: a number of ${unit}${why}, such as ${pkg.quantity}.` };
  }
  if (milli === 0)
    return { control: 'received', sentence: 'Nothing arrived? Refuse the package instead, with a reason.' };
  if (received > pkg.quantity) {
    return { control: 'received', sentence: `More than was shipped (${pkg.quantity}) cannot be received.` };
  }
  if (pkg.unit !== 'grams' && !Number.isInteger(received)) {
    return { control: 'received', sentence: 'Type a whole number of units.' };
  }
  return {
    label: pkg.label,
    ...(made ? { create: made } : { productId: product!.productId }),
    ...(received < pkg.quantity ? { received } : {}),
  };
}

/** A new product's decision (`create`), or null while its price is not an amount in dollars. */
function newProductOf(typed: NewProductDraft): NonNullable<ReceiptDecision['create']> | null {
  const priceCents = parseDecimal(typed.price.replace(/^\s*\$/, ''));
  if (priceCents === undefined || priceCents < 0) return null;
  const brand = typed.brand.trim();
  return {
    name: typed.name.trim(),
    type: typed.type,
    priceCents,
    taxClass: typed.taxClass,
    ...(brand ? { brand } : {}),
  };
}

/** Every package's decision in the manifest's order (so `packages[i]` of a refusal is row i), or the first reason not to send them. */
export function checkReceipt(
  packages: readonly ManifestPackageView[],
  drafts: readonly PackageDraft[],
): CheckedReceipt {
  const decisions: ReceiptDecision[] = [];
  for (const [row, pkg] of packages.entries()) {
    const draft = drafts[row]!;
    const product = choicesOf(pkg, draft).find((p) => p.productId === draft.productId);
    // A product that cannot take the package (found again by search, say) is refused as it is offered.
    if (product?.disabled && !draft.refuse && !draft.create) {
      return { ok: false, row, control: 'product', sentence: `${product.words}.` };
    }
    const decided = decisionOf(pkg, draft, product);
    if ('sentence' in decided) return { ok: false, row, ...decided };
    decisions.push(decided);
  }
  return { ok: true, decisions };
}

/** What pressing Receive will do: "2 packages into Quarantine (1 short), 1 refused". */
export function planWords(
  packages: readonly ManifestPackageView[],
  drafts: readonly PackageDraft[],
  room: string,
): string {
  const refused = drafts.filter((d) => d.refuse).length;
  const received = drafts.length - refused;
  const short = packages.filter((pkg, i) => shortWords(pkg, drafts[i]!) !== '').length;
  const parts = [
    `${received} ${received === 1 ? 'package' : 'packages'} into ${room}${short ? ` (${short} short)` : ''}`,
  ];
  if (refused) parts.push(`${refused} refused`);
  return parts.join(', ');
}

/** The room a delivery goes to unless the manager says otherwise: the quarantine ("Quarantine" first), else the sales floor. */
export function defaultRoom(rooms: readonly Room[]): string {
  const open = rooms.filter((r) => !r.archived);
  const quarantine =
    open.find((r) => r.kind === 'quarantine' && r.name.toLowerCase() === 'quarantine') ??
    open.find((r) => r.kind === 'quarantine');
  return (quarantine ?? open.find((r) => r.kind === 'sales_floor') ?? open[0])?.id ?? '';
}
