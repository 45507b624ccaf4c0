import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import { methodLabel } from '../../../shared/labels.js';
import { formatMoney, type Cents } from '../../../shared/money.js';
import type { ReceiptDocument, ReceiptLine } from '../../../shared/receipt/receipt-document.js';
import { itemLabel } from '../../../shared/receipt/sale-receipt.js';
import { storeStamp } from '../../../shared/store-time.js';
import type { RefundLineRow } from '../payments/store/refund-lines-repository.js';

/** A line a refund gave back, as its receipt prints it: the sale's line, how much of it, its worth. */
export interface ReceiptReturnedLine {
  name: string;
  deli: boolean;
  unitType: string;
  /** How much of the line came back, in thousandths (units, or grams of a weighed line). */
  quantityMilli: number;
  /** What it was worth, tax included. */
  amount: Cents;
}

/** One approved refund of a sale's payment, as its receipt prints it. */
export interface ReceiptRefund {
  paymentId: string;
  amount: Cents;
  /** When it was made (ISO). */
  at: string;
  /** The lines it gave back, in the order they were sent; none for a refund of an amount. */
  lines?: readonly ReceiptReturnedLine[];
}

/**
 * The refunds (`id`: theirs) with the lines each gave back (`returned`, by refund) named as the
 * sale's `items` name them; a refund of an amount gives back none.
 */
export function withReturned(
  refunds: readonly (Omit<ReceiptRefund, 'lines'> & { id: string })[],
  returned: ReadonlyMap<string, readonly RefundLineRow[]>,
  items: readonly (Omit<ReceiptReturnedLine, 'quantityMilli' | 'amount'> & { id: string })[],
): ReceiptRefund[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return refunds.map(({ id, ...refund }) => ({
    ...refund,
    lines: (returned.get(id) ?? []).flatMap((line) => {
      const item = byId.get(line.itemId);
      if (!item) return [];
      const { name, deli, unitType } = item;
      return [{ name, deli, unitType, quantityMilli: line.quantityMilli, amount: line.amountCents }];
    }),
  }));
}

/** Payments that paid the sale: approved, or refunded in full since (it was paid all the same). */
export const soldWith = (payment: PaymentRecord) => payment.status === 'approved' || payment.status === 'refunded';

/**
 * The payments as the sale took them: one refunded in full since still paid the sale, so the receipt
 * lists it with the others (the layout lists approved payments) and its refund under them.
 */
export function asSold(payments: readonly PaymentRecord[]): PaymentRecord[] {
  return payments.map((payment) => (payment.status === 'refunded' ? { ...payment, status: 'approved' } : payment));
}

function paymentName(payment: PaymentRecord | undefined): string {
  if (!payment) return 'Refund';
  const card = payment.cardLast4 ? ` ${payment.cardBrand ?? 'card'} ••${payment.cardLast4}` : '';
  return `Refund ${methodLabel(payment.method)}${card}`;
}

/**
 * What a refund by items gave back, under it: "  Returned: 1 × Rolling papers  $3.67", then each
 * other line ("  1.5 g Blue Dream  $6.45"), at what it was worth. A refund of less than they were
 * worth (a damaged return, a payment with less left) says what was not refunded, so they add up to
 * the refund; the part of a return another payment gave back names "the rest of" its lines. Whether
 * they went back into stock is the store's business, not the customer's.
 */
function returnedLines(refund: ReceiptRefund): ReceiptLine[] {
  const lines = refund.lines ?? [];
  if (lines.length === 0) return [];
  const worth = lines.reduce((sum, line) => sum + line.amount, 0);
  const kept = refund.amount - worth;
  return [
    ...lines.map((line, index): ReceiptLine => {
      // A return given back across two payments: the other refund carries its share of the line, none of its quantity.
      const what = line.quantityMilli === 0 ? `the rest of ${line.name}` : itemLabel(line);
      const label = `  ${index === 0 ? 'Returned: ' : ''}${what}`;
      return { kind: 'row', label, amount: formatMoney(line.amount) };
    }),
    ...(kept < 0 ? [{ kind: 'row' as const, label: '  Not refunded', amount: formatMoney(kept) }] : []),
  ];
}

/**
 * "Refund Cash  -$22.19" with its time under it (the store's, in full: a copy may be printed days
 * later) and, for a refund by items, what it gave back, for each refund; then what the customer
 * paid in the end ("Paid after refunds"): what the sale's payments paid of the order (a cashless
 * ATM's cash back aside) less what went back. Nothing for a sale without refunds. Amounts keep formatMoney's ASCII hyphen, as the rest of the receipt.
 */
export function refundLines(
  payments: readonly PaymentRecord[],
  refunds: readonly ReceiptRefund[],
  timeZone: string,
): ReceiptLine[] {
  if (refunds.length === 0) return [];
  const byId = new Map(payments.map((payment) => [payment.id, payment]));
  const paid = payments.filter(soldWith).reduce((sum, p) => sum + p.chargedAmount - p.cashbackAmount, 0);
  const back = refunds.reduce((sum, refund) => sum + refund.amount, 0);
  return [
    ...refunds.flatMap((refund): ReceiptLine[] => [
      { kind: 'row', label: paymentName(byId.get(refund.paymentId)), amount: formatMoney(-refund.amount) },
      { kind: 'detail', text: storeStamp(refund.at, timeZone) },
      ...returnedLines(refund),
    ]),
    { kind: 'row', label: 'Paid after refunds', amount: formatMoney(paid - back), strong: true },
  ];
}

/**
 * The receipt with `lines` where its money ends: after the total, the payments, the cash back and
 * the change, before the rule that closes them.
 */
export function withMoneyLines(document: ReceiptDocument, lines: readonly ReceiptLine[]): ReceiptDocument {
  if (lines.length === 0) return document;
  const total = document.lines.findIndex((line) => line.kind === 'row' && line.label === 'Total' && line.strong);
  const rule = document.lines.findIndex((line, index) => index > total && line.kind === 'rule');
  const at = total < 0 || rule < 0 ? document.lines.length : rule;
  return { ...document, lines: [...document.lines.slice(0, at), ...lines, ...document.lines.slice(at)] };
}
