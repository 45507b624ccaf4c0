import type { ForwardExceptionView } from './contracts/registers.js';
import type { Tone } from './labels.js';

/**
 * The exceptions report of forwarded sales in words, for the back office (Store setup → Registers)
 * and `servicepay registers exceptions`: the same words on both, never a code.
 */

type ExceptionKind = ForwardExceptionView['kind'];

/** What happened, in two or three words, and the tone of its badge. */
export const FORWARD_EXCEPTION_LABELS: Record<ExceptionKind, { label: string; tone: Tone }> = {
  negative_stock: { label: 'Stock below zero', tone: 'waiting' },
  reserved_short: { label: 'Orders short of stock', tone: 'waiting' },
  number_taken: { label: 'Order renumbered', tone: 'info' },
  not_applied: { label: 'Change refused', tone: 'stopped' },
  stored_declined: { label: 'Stored card declined', tone: 'stopped' },
  changed_here: { label: 'Changed on both sides', tone: 'waiting' },
  changes_missing: { label: 'Changes missing', tone: 'stopped' },
  went_back: { label: 'Register went back', tone: 'waiting' },
  deal_past_limit: { label: 'Deal past its limit', tone: 'info' },
  shift_replaced: { label: 'Drawer shift replaced', tone: 'stopped' },
  z_renumbered: { label: 'Z report renumbered', tone: 'info' },
};

/** What the report means for the manager, and what to do about each kind. */
export const FORWARD_EXCEPTIONS_EXPLAINED =
  'Sales a register made that this server could not apply exactly as they were made. Stock below zero: a ' +
  'register sold more of a package than the server had (its stock is now 0); count the package. Orders short ' +
  'of stock: registers sold the same units offline, so open orders hold more of a package than the server has; ' +
  'count the package, and call the customers whose orders cannot be filled (the orders can still be ' +
  "completed). Order renumbered: tell the customer their order's new number. Change refused: kept as the " +
  'register sent it, for support. Stored card declined: a card payment stored while the card processor did ' +
  'not answer was declined when it was sent; collect the amount from the customer. Changed on both sides: a ' +
  "register's later change to an order or payment changed here meanwhile was not applied; check it. Changes " +
  'missing: changes a register let go of never reached this server (was it restored from a backup?); those ' +
  'sales are not here. Register went back: a register sent again changes it had let go of (was it restored from a ' +
  'backup?); they are applied again, so check its sales and stock for doubles. Deal past its limit: a register that ' +
  "could not count a deal's uses here (it was offline) sold with the deal after its uses were used up; the sale " +
  'stands as made, with its discount. Drawer shift replaced: a register opened a drawer while its earlier ' +
  'shift was still open here (a machine replaced under the same name); that shift is closed as replaced, not ' +
  "counted: count that drawer's cash and enter the count on that shift in Drawers (Enter count). Z report " +
  "renumbered: a register's Z report has another number here, its own taken by another shift of that register; " +
  'file it under the new number.';

/** "negative_stock" → "Stock below zero" (a kind nobody mapped yet still reads as words). */
export function forwardExceptionLabel(kind: string): string {
  return (FORWARD_EXCEPTION_LABELS as Record<string, { label: string } | undefined>)[kind]?.label ?? 'Other exception';
}

/**
 * The service's detail as a sentence: "order 12 of front-1 is …" → "Order 12 of front-1 is ….". A
 * detail that starts with the register's name keeps it as the register goes by (`front-1`).
 */
export function forwardExceptionDetail(exception: Pick<ForwardExceptionView, 'detail' | 'registerName'>): string {
  const text = exception.detail.trim();
  if (text === '') return 'No detail was recorded.';
  const sentence = text.startsWith(exception.registerName) ? text : `${text[0]!.toUpperCase()}${text.slice(1)}`;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}
