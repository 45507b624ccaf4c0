import { personWords } from '../../../shared/audit-words';
import type { AdjustmentRequest, AdjustmentView } from '../../../shared/contracts/inventory';
import type { PackageView } from '../../../shared/contracts/rooms';
import { adjustmentDelta, needsManagerPin } from '../../../shared/inventory/adjustment-change';
import { productWithSku } from '../../../shared/labels';
import { fromMilli, quantityText, toMilli } from '../../../shared/quantity';
import { ungroupedOr } from '../../../shared/typed-number';

/** What the dialog asks: take some off, add some, or set what was counted. */
export type AdjustMode = 'remove' | 'add' | 'count';

/** The product an adjustment is of, as the dialog knows it. */
export interface AdjustedProduct {
  packageId: string;
  name: string;
  sku: string | null;
  unitType: string;
  deli: boolean;
  quantityOnHand: number;
}

/** One of the store's reasons (`GET …/inventory/reasons`). */
export interface Reason {
  code: string;
  name: string;
  noteRequired: boolean;
}

/** The dialog's fields as typed. */
export interface AdjustDraft {
  mode: AdjustMode;
  amount: string;
  reason: string;
  note: string;
  username: string;
  pin: string;
}

/** "1 unit", "2 units" for a product counted by the unit; "3.5 g", "1,200.5 g" for one weighed. */
export function amountWords(quantity: number, deli: boolean): string {
  const text = quantityText(Math.abs(quantity));
  if (deli) return `${text} g`;
  return `${text} ${text === '1' ? 'unit' : 'units'}`;
}

/** A signed change: "−2 units", "+0.5 g". */
export function changeWords(delta: number, deli: boolean): string {
  return `${delta < 0 ? '−' : '+'}${amountWords(delta, deli)}`;
}

/** On hand before and after: "40 → 38 units", "453.6 → 453.1 g". */
export function beforeAfterWords(before: number, after: number, deli: boolean): string {
  return `${quantityText(before)} → ${amountWords(after, deli)}`;
}

/** Where a package the dialog may adjust is and what it has: "Vault · 12 units on hand" (its tag and "Sells next" beside it). */
export function packageWhereWords(pkg: Pick<PackageView, 'room' | 'onHand'>, deli: boolean): string {
  return `${pkg.room.name} · ${amountWords(Math.max(pkg.onHand, 0), deli)} on hand`;
}

/**
 * The package the dialog adjusts unless the manager chooses another: the one the product's next sale
 * takes, else the product's own (its row's), else the first listed; '' when none is listed.
 */
export function defaultPackageId(
  packages: readonly Pick<PackageView, 'packageId' | 'sellsNext'>[],
  packageId: string,
): string {
  const next = packages.find((pkg) => pkg.sellsNext) ?? packages.find((pkg) => pkg.packageId === packageId);
  return (next ?? packages[0])?.packageId ?? '';
}

/** The service's names of the dialog's fields, for its refusals. */
export const ADJUST_FIELD_LABELS: Readonly<Record<string, string>> = {
  delta: 'The change',
  quantity: 'The count',
  reason: 'Reason',
  note: 'Note',
  'approval.username': 'Manager’s username',
  'approval.pin': 'PIN',
};

/** The dialog's control a refusal belongs to: the quantity, the reason, the note, or the manager's PIN. */
export function adjustControl(field: string, status: number): string {
  if (field === 'delta' || field === 'quantity') return 'amount';
  if (field === 'approval.username') return 'username';
  if (field.startsWith('approval') || status === 403 || status === 429) return 'pin';
  return field;
}

/** The inputs each field's refusal is about: changing one of them makes the refusal out of date. */
const REFUSAL_INPUTS: Readonly<Record<string, readonly (keyof AdjustDraft)[]>> = {
  // The amount means what the mode says it means: removed, added or counted.
  amount: ['mode', 'amount'],
  reason: ['reason'],
  // A reason that needs a note needs none once another reason is chosen.
  note: ['note', 'reason'],
  username: ['username'],
  pin: ['username', 'pin'],
};

/**
 * Whether a refusal said beside `field` (adjustControl's) is about the inputs `changed`, so that it
 * no longer holds and is cleared ("The count is what … has on hand already." once Remove is chosen).
 */
export function refusalOutdated(field: string, changed: readonly (keyof AdjustDraft)[]): boolean {
  const inputs = REFUSAL_INPUTS[field] ?? [];
  return changed.some((input) => inputs.includes(input));
}

/** Whether the store asks this user for a manager's PIN for `delta` (an approver approves their own). */
export function asksPin(pinAbove: number | null, delta: number, approver: boolean): boolean {
  return !approver && needsManagerPin(pinAbove === null ? null : toMilli(pinAbove)!, toMilli(delta) ?? 0);
}

/** The change checked as the service checks it: the request, the change and what stays on hand, or why not. */
export type CheckedAdjustment =
  { ok: true; body: AdjustmentRequest; delta: number; after: number } | { ok: false; field: string; sentence: string };

const refuse = (field: string, sentence: string): CheckedAdjustment => ({ ok: false, field, sentence });

/** The change typed, in the product's unit ('' while nothing is typed); refused in words. */
export function changeOf(
  draft: Pick<AdjustDraft, 'mode' | 'amount'>,
  product: AdjustedProduct,
): { delta: number; after: number } | { field: string; sentence: string } {
  const unit = product.deli ? 'grams' : 'units';
  const label = draft.mode === 'count' ? 'The count' : 'The change';
  // "1,200" is 1200; "1,5" is refused saying why (shared/typed-number.ts).
  const read = ungroupedOr(draft.amount, label);
  if ('sentence' in read) return { field: 'amount', sentence: read.sentence };
  const typed = read.text;
  if (typed === '') {
    const what = { remove: 'to remove', add: 'to add', count: 'were counted' }[draft.mode];
    return { field: 'amount', sentence: `Say how many ${unit} ${what}.` };
  }
  if (!/^\d+(\.\d+)?$/.test(typed)) {
    // A minus sign is the mode's to give (Remove), never the number's.
    const sign = /^-\d/.test(typed) ? ' (not below 0: Remove takes stock away)' : '';
    return { field: 'amount', sentence: `Type a number of ${unit}${sign}, such as ${product.deli ? '3.5' : '2'}.` };
  }
  const value = Number(typed);
  const ask = draft.mode === 'count' ? { quantity: value } : { delta: draft.mode === 'remove' ? -value : value };
  try {
    const onHand = toMilli(Math.max(product.quantityOnHand, 0)) ?? 0;
    const delta = adjustmentDelta(ask, onHand, product, productWithSku(product.name, product.sku));
    return { delta: fromMilli(delta), after: fromMilli(onHand + delta) };
  } catch (failure) {
    const words = failure instanceof Error ? failure.message.replace(/^(delta|quantity) /, '') : String(failure);
    return { field: 'amount', sentence: `${label} ${words}.` };
  }
}

/** Checks the dialog's fields before they are sent; `pinAsked` when the store asks this user for a PIN. */
export function checkAdjustment(
  draft: AdjustDraft,
  product: AdjustedProduct,
  reasons: readonly Reason[],
  pinAsked: (delta: number) => boolean,
): CheckedAdjustment {
  const change = changeOf(draft, product);
  if ('field' in change) return refuse(change.field, change.sentence);
  const reason = reasons.find((entry) => entry.code === draft.reason);
  if (!reason) return refuse('reason', 'Choose a reason.');
  const note = draft.note.trim();
  if (reason.noteRequired && note === '') return refuse('note', `${reason.name} needs a note: say what happened.`);
  const body: AdjustmentRequest = {
    package: product.packageId,
    ...(draft.mode === 'count' ? { quantity: change.after } : { delta: change.delta }),
    reason: reason.code,
    ...(note ? { note } : {}),
  };
  if (pinAsked(change.delta)) {
    if (draft.username.trim() === '') return refuse('username', 'Type the approving manager’s username.');
    if (draft.pin.trim() === '') return refuse('pin', 'Type the manager’s PIN.');
  }
  if (draft.username.trim() && draft.pin.trim()) {
    body.approval = { username: draft.username.trim(), pin: draft.pin.trim() };
  }
  return { ok: true, body, ...change };
}

/** Who made an adjustment, by their display name; the operator's words for the command line; else their username as kept. */
export const adjusterWords = (adjustment: Pick<AdjustmentView, 'by' | 'byName'>): string =>
  personWords(adjustment.byName, adjustment.by);

/**
 * Who approved an adjustment (or applying a count), by their display name (as it was written, when
 * they are no user now); null: nobody, or the manager or operator who made it (their own needs
 * nobody else's approval, so none is said: the service decides it, `approvedByOther`).
 */
export function approverWords(
  adjustment: Pick<AdjustmentView, 'approvedBy' | 'approvedByName' | 'approvedByOther'>,
): string | null {
  return adjustment.approvedByOther ? (adjustment.approvedByName ?? adjustment.approvedBy) : null;
}

/** What a saved adjustment did: "Removed 1 unit of Blue Dream for Damaged: 40 → 39 units. Approved by Morgan Manager." */
export function adjustedWords(adjustment: AdjustmentView, deli: boolean): string {
  const { delta, productName, reasonName, quantityBefore, quantityAfter } = adjustment;
  const did = delta < 0 ? `Removed ${amountWords(delta, deli)} of` : `Added ${amountWords(delta, deli)} to`;
  const approver = approverWords(adjustment);
  const approved = approver ? ` Approved by ${approver}.` : '';
  return `${did} ${productName} for ${reasonName}: ${beforeAfterWords(quantityBefore, quantityAfter, deli)}.${approved}`;
}

/**
 * Whether a listed adjustment's product is weighed. The list does not say (its `unitType` is the
 * label's, "g" for a 3.5 g jar too): a product the screen knows answers; else a part of a unit is
 * only possible by the gram.
 */
export function listedDeli(adjustment: AdjustmentView, known: ReadonlyMap<string, boolean>): boolean {
  const deli = known.get(adjustment.productId);
  if (deli !== undefined) return deli;
  const values = [adjustment.delta, adjustment.quantityBefore, adjustment.quantityAfter];
  return adjustment.unitType === 'g' && values.some((value) => !Number.isInteger(value));
}
