import type { PaymentRecord } from '../../../shared/contracts/payment';
import type { Ticket } from '../../../shared/contracts/ticket';
import { methodLabel } from '../../../shared/labels';
import { centsOf, formatMoney } from '../../common/format';
import { storeStamp } from '../../../shared/store-time';
import { escapeHtml as escape, printRow as row } from './print-html';
import { saleTotals } from './sale-view';

/** What a receipt is printed from. */
export interface ReceiptInput {
  storeName: string;
  storeAddress: string;
  ticket: Ticket;
  payments: PaymentRecord[];
  cashier: string;
  printedAt: Date;
  timeZone: string;
}

function paymentLabel(payment: PaymentRecord): string {
  const card = payment.cardLast4 ? ` ${payment.cardBrand ?? 'card'} ••${payment.cardLast4}` : '';
  return `${methodLabel(payment.method)}${card}`;
}

/**
 * The receipt as a complete HTML document for an 80 mm printer: store, order number, lines,
 * totals, each approved payment and the change given. Everything shown is escaped.
 */
export function receiptHtml(input: ReceiptInput): string {
  const { ticket, payments } = input;
  const totals = saleTotals(ticket);
  const approved = payments.filter((payment) => payment.status === 'approved');
  const change = approved.reduce((sum, payment) => sum + payment.changeDue + payment.cashbackAmount, 0);
  const when = storeStamp(input.printedAt, input.timeZone);
  const lines = ticket.items.map((item) =>
    row(
      `${item.deli ? `${item.quantity} ${item.unitType}` : `${item.quantity} ×`} ${item.name}`,
      formatMoney(centsOf(item.priceSell)),
    ),
  );
  const body = [
    ...lines,
    row('Subtotal', formatMoney(totals.subtotal)),
    totals.discount !== 0 ? row('Discounts', formatMoney(totals.discount)) : '',
    row('Tax', formatMoney(totals.tax)),
    totals.rewardDollars !== 0 ? row('Reward dollars', formatMoney(totals.rewardDollars)) : '',
    row('Total', formatMoney(totals.total), true),
    ...approved.map((payment) =>
      row(paymentLabel(payment), formatMoney(payment.tenderedAmount ?? payment.chargedAmount)),
    ),
    change > 0 ? row('Change', formatMoney(change), true) : '',
  ].join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Receipt ${escape(ticket.orderNumber)}</title>
<style>body{font:13px/1.4 monospace;width:72mm;margin:0 auto}h1{font-size:16px;text-align:center;margin:4px 0}
p{text-align:center;margin:2px 0}table{width:100%;border-collapse:collapse}td{padding:1px 0}
.amount{text-align:right;white-space:nowrap}.strong td{font-weight:bold;border-top:1px dashed #000}</style></head>
<body><h1>${escape(input.storeName)}</h1><p>${escape(input.storeAddress)}</p>
<p>Order <strong>${escape(ticket.orderNumber)}</strong> · ${escape(when)}</p><p>Cashier: ${escape(input.cashier)}</p>
<table>${body}</table><p>Thank you!</p></body></html>`;
}
