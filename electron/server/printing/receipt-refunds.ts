import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import { methodLabel } from '../../../shared/labels.js';
import { formatMoney, type Cents } from '../../../shared/money.js';
import type { ReceiptDocument, ReceiptLine } from '../../../shared/receipt/receipt-document.js';
import { storeStamp } from '../../../shared/store-time.js';

/** One approved refund of a sale's payment, as its receipt prints it. */
export interface ReceiptRefund {
  paymentId: string;
  amount: Cents;
  /** When it was made (ISO). */
  at: string;
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
 * "Refund Cash  -$22.19" with its time under it (the store's, in full: a copy may be printed days
 * later), for each refund, then what the customer paid in the end ("Paid after refunds"): what the
 * sale's payments paid of the order (a cashless ATM's cash back aside) less what went back. Nothing
 * for a sale without refunds. Amounts keep formatMoney's ASCII hyphen, as the rest of the receipt.
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
