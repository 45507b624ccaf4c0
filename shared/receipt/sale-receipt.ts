import type { PaymentRecord } from '../contracts/payment.js';
import type { Ticket } from '../contracts/ticket.js';
import { methodLabel } from '../labels.js';
import { formatMoney, parseDecimal, type Cents } from '../money.js';
import { storeStamp } from '../store-time.js';
import type { ReceiptDocument, ReceiptLine } from './receipt-document.js';

/** What a sale receipt is printed from. */
export interface SaleReceiptInput {
  storeName: string;
  storeAddress: string;
  ticket: Ticket;
  payments: PaymentRecord[];
  cashier: string;
  printedAt: Date;
  timeZone: string;
  /** "Reprint" under the order number: a copy printed after the sale. */
  reprint?: boolean;
}

const cents = (decimal: string): Cents => parseDecimal(decimal) ?? 0;

function paymentLabel(payment: PaymentRecord): string {
  const card = payment.cardLast4 ? ` ${payment.cardBrand ?? 'card'} ••${payment.cardLast4}` : '';
  return `${methodLabel(payment.method)}${card}`;
}

/** "2 × Blue Dream 3.5g", "3.5 g Deli Flower". */
function itemLabel(item: Ticket['items'][number]): string {
  return `${item.deli ? `${item.quantity} ${item.unitType}` : `${item.quantity} ×`} ${item.name}`;
}

/**
 * A sale's receipt: the store, order number and time (the store's), the lines, the totals, each
 * approved payment, the cash back of a cashless ATM round-up and the change given.
 */
export function saleReceipt(input: SaleReceiptInput): ReceiptDocument {
  const { ticket } = input;
  const approved = input.payments.filter((payment) => payment.status === 'approved');
  const change = approved.reduce((sum, payment) => sum + payment.changeDue, 0);
  const cashBack = approved.reduce((sum, payment) => sum + payment.cashbackAmount, 0);
  const discount = cents(ticket.discount) + cents(ticket.tierDiscount);
  const rewardDollars = cents(ticket.payByPoints);
  const optional = (amount: Cents, label: string): ReceiptLine[] =>
    amount !== 0 ? [{ kind: 'row', label, amount: formatMoney(amount) }] : [];
  const lines: ReceiptLine[] = [
    { kind: 'title', text: input.storeName },
    ...(input.storeAddress ? [{ kind: 'center' as const, text: input.storeAddress }] : []),
    { kind: 'center', text: `Order ${ticket.orderNumber}`, strong: true },
    ...(input.reprint ? [{ kind: 'center' as const, text: 'Reprint' }] : []),
    { kind: 'center', text: storeStamp(input.printedAt, input.timeZone) },
    { kind: 'center', text: `Cashier: ${input.cashier}` },
    { kind: 'rule' },
    ...ticket.items.map((item): ReceiptLine => ({
      kind: 'row',
      label: itemLabel(item),
      amount: formatMoney(cents(item.priceSell)),
    })),
    { kind: 'rule' },
    { kind: 'row', label: 'Subtotal', amount: formatMoney(cents(ticket.subTotal)) },
    ...optional(discount, 'Discounts'),
    { kind: 'row', label: 'Tax', amount: formatMoney(cents(ticket.tax)) },
    ...optional(rewardDollars, 'Reward dollars'),
    { kind: 'row', label: 'Total', amount: formatMoney(cents(ticket.total)), strong: true },
    ...approved.map((payment): ReceiptLine => ({
      kind: 'row',
      label: paymentLabel(payment),
      amount: formatMoney(payment.tenderedAmount ?? payment.chargedAmount),
    })),
    ...(cashBack > 0
      ? [{ kind: 'row' as const, label: 'Cash back', amount: formatMoney(cashBack), strong: true }]
      : []),
    ...(change > 0 ? [{ kind: 'row' as const, label: 'Change', amount: formatMoney(change), strong: true }] : []),
    { kind: 'rule' },
    { kind: 'center', text: 'Thank you!' },
  ];
  return { title: `Receipt ${ticket.orderNumber}`, lines };
}
