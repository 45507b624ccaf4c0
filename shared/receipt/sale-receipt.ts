import { CUSTOMER_TYPE_LABELS, type CustomerType, type StateProfile } from '../compliance/profiles/schema.js';
import type { PaymentRecord } from '../contracts/payment.js';
import { methodLabel } from '../labels.js';
import { formatMoney, type Cents } from '../money.js';
import { fromMilli } from '../quantity.js';
import { storeDay, storeStamp, storeTime } from '../store-time.js';
import type { TaxLayer } from '../tax-layers.js';
import { isCannabis, itemDetails, taxLines, type ReceiptItem } from './compliance-lines.js';
import type { ReceiptDocument, ReceiptLine } from './receipt-document.js';

export type { ReceiptDeal, ReceiptItem } from './compliance-lines.js';

/** The store as its receipts name it. */
export interface ReceiptStore {
  name: string;
  /** One line: street, city, state and ZIP. */
  address: string;
  /** The state licence number; null when the store has not set it. */
  licenceNumber: string | null;
  timeZone: string;
}

/** An order's totals, in cents: `discount` is the order's and the tier's, negative. */
export interface ReceiptTotals {
  subTotal: Cents;
  discount: Cents;
  tax: Cents;
  payByPoints: Cents;
  total: Cents;
}

/** What a sale receipt is printed from: the order as sold, read on the service. */
export interface SaleReceiptInput {
  store: ReceiptStore;
  orderNumber: string;
  /**
   * When it was sold (ISO): paid for good (its last closing payment), or, paid without a payment,
   * when it was paid or handed over; as the reports count a sale.
   */
  soldAt: string;
  /** When it was ordered (ISO), for an order placed before it was sold (online): "Ordered 7:02 PM". */
  orderedAt?: string | null;
  items: ReceiptItem[];
  totals: ReceiptTotals;
  /** The order's tax by layer as priced (they add up to the tax); null for an order without them. */
  taxLayers: TaxLayer[] | null;
  payments: PaymentRecord[];
  /**
   * Who sold it: who rang it up, or, for an order placed online, who took its payment or handed it
   * over at the counter; empty while no one there has.
   */
  cashier: string;
  /** The state rules the store sells under, or null: then the receipt carries no state's words. */
  profile: StateProfile | null;
  /** The type of the order's customer, or null when it names none. */
  customerType: CustomerType | null;
  printedAt: Date;
  /** A copy printed after the sale: "Reprint" and when, under the order number. */
  reprint?: boolean;
  /**
   * The customer's loyalty points this sale moved (refunds netted) and their balance now; absent: none.
   * `undone`: what it had earned and spent, when refunds took all of it back (the nets are 0 then).
   */
  points?: { earned: number; spent: number; balance: number; undone?: { earned: number; spent: number } } | null;
}

/**
 * "Points: 92 earned · 300 spent · balance 1,512": what the sale moved of the customer's points. The
 * balance is the customer's as the receipt prints: on a reprint, "balance now" (later sales and
 * refunds moved it since the sale; the reprint's "Printed" line says when that was). A sale refunded
 * whole says what it had moved was undone: "Points: 29 earned taken back, 500 spent given back · …".
 */
function pointsLines(points: SaleReceiptInput['points'], reprint: boolean): ReceiptLine[] {
  if (!points) return [];
  const count = (n: number) => n.toLocaleString('en-US');
  const { undone } = points;
  // Refunded whole: what it had moved, said undone ("29 earned taken back, 500 spent given back").
  const moved =
    points.earned === 0 && points.spent === 0 && undone
      ? [
          [
            ...(undone.earned !== 0 ? [`${count(undone.earned)} earned taken back`] : []),
            ...(undone.spent !== 0 ? [`${count(undone.spent)} spent given back`] : []),
          ].join(', '),
        ]
      : [
          ...(points.earned !== 0 ? [`${count(points.earned)} earned`] : []),
          ...(points.spent !== 0 ? [`${count(points.spent)} spent`] : []),
        ];
  const balance = `${reprint ? 'balance now' : 'balance'} ${count(points.balance)}`;
  return [center(`Points: ${[...moved, balance].join(' · ')}`), { kind: 'rule' }];
}

function paymentLabel(payment: PaymentRecord): string {
  const card = payment.cardLast4 ? ` ${payment.cardBrand ?? 'card'} ••${payment.cardLast4}` : '';
  return `${methodLabel(payment.method)}${card}`;
}

/** "2 × Blue Dream 3.5g", "3.5 g Deli Flower": a line, or what came back of it, by its quantity. */
export function itemLabel(item: Pick<ReceiptItem, 'name' | 'deli' | 'unitType' | 'quantityMilli'>): string {
  const quantity = fromMilli(item.quantityMilli);
  return `${item.deli ? `${quantity} ${item.unitType}` : `${quantity} ×`} ${item.name}`;
}

const row = (label: string, amount: Cents, strong = false): ReceiptLine => ({
  kind: 'row',
  label,
  amount: formatMoney(amount),
  strong,
});
const center = (text: string, strong = false): ReceiptLine => ({ kind: 'center', text, strong });

/**
 * A line and its discounts under it: the line at its amount before any of them, then each (its
 * product's promotion, its deals, its manual discounts) indented with what it took off
 * ("  10% off edibles  -$2.00", "  Wednesday edibles  -$3.60"), so each line adds up to what it cost
 * and the lines add up to the subtotal, their discounts to the discounts. The amounts off keep
 * formatMoney's ASCII hyphen, not the screens' minus sign "−": no receipt printer's code page has it.
 */
function itemRows(item: ReceiptItem): ReceiptLine[] {
  const discounts = item.discounts ?? [];
  const before = item.amount + discounts.reduce((sum, discount) => sum + discount.amountCents, 0);
  return [
    row(itemLabel(item), before),
    ...discounts.map((discount) => row(`  ${discount.name}`, -discount.amountCents)),
  ];
}

/**
 * "Ordered 7:02 PM" (the day too when it was another day) under the time of sale, for an order
 * placed before it was sold; nothing when it was ordered in the same minute or is not known.
 */
function orderedLines(input: SaleReceiptInput): ReceiptLine[] {
  const { orderedAt, soldAt, store } = input;
  if (!orderedAt) return [];
  const sameDay = storeDay(orderedAt, store.timeZone) === storeDay(soldAt, store.timeZone);
  if (sameDay && storeTime(orderedAt, store.timeZone) === storeTime(soldAt, store.timeZone)) return [];
  return [center(`Ordered ${sameDay ? storeTime(orderedAt, store.timeZone) : storeStamp(orderedAt, store.timeZone)}`)];
}

/** The top: the store, its licence, the order, when it was sold (the store's time), who sold it, to whom. */
function header(input: SaleReceiptInput): ReceiptLine[] {
  const { store, customerType } = input;
  const when = (at: Date | string) => storeStamp(at, store.timeZone);
  const type = customerType ? CUSTOMER_TYPE_LABELS[customerType] : null;
  const ordered = orderedLines(input);
  // Beside a time of printing or of ordering, the sale's time says which it is.
  const sold = input.reprint || ordered.length > 0 ? `Sold ${when(input.soldAt)}` : when(input.soldAt);
  return [
    { kind: 'title', text: store.name },
    ...(store.address ? [center(store.address)] : []),
    ...(store.licenceNumber ? [center(`State licence ${store.licenceNumber}`)] : []),
    center(`Order ${input.orderNumber}`, true),
    // A copy says when it printed.
    ...(input.reprint ? [center('Reprint'), center(`Printed ${when(input.printedAt)}`)] : []),
    center(sold),
    ...ordered,
    ...(input.cashier ? [center(`Cashier: ${input.cashier}`)] : []),
    ...(input.profile && type ? [center(`Customer: ${type}`)] : []),
  ];
}

/**
 * A sale's receipt, built on the service for every way it prints (the receipt printer, the POS's
 * and the back office's print dialog). The store (and its licence), order number, time of sale
 * (and of ordering, for an order placed before),
 * the lines with their deals and package tags, the totals, each approved payment, the cash back of
 * a cashless ATM round-up, the change given and what the customer saved. Where the store sells under a state's rules (`profile`), also
 * each line's cannabis weight (and THC for edibles, drinks, tinctures and capsules), the taxes by
 * layer, the customer's type and, when the sale holds cannabis, the state's warning.
 */
export function saleReceipt(input: SaleReceiptInput): ReceiptDocument {
  const { totals, profile } = input;
  const approved = input.payments.filter((payment) => payment.status === 'approved');
  const change = approved.reduce((sum, payment) => sum + payment.changeDue, 0);
  const cashBack = approved.reduce((sum, payment) => sum + payment.cashbackAmount, 0);
  const optional = (amount: Cents, label: string): ReceiptLine[] => (amount !== 0 ? [row(label, amount)] : []);
  const warned = profile !== null && input.items.some((item) => isCannabis(item, profile));
  const lines: ReceiptLine[] = [
    ...header(input),
    { kind: 'rule' },
    ...input.items.flatMap((item) => [...itemRows(item), ...itemDetails(item, profile)]),
    { kind: 'rule' },
    row('Subtotal', totals.subTotal),
    ...optional(totals.discount, 'Discounts'),
    ...taxLines(totals.tax, input.taxLayers, profile),
    ...optional(totals.payByPoints, 'Reward dollars'),
    row('Total', totals.total, true),
    ...approved.map((payment) => row(paymentLabel(payment), payment.tenderedAmount ?? payment.chargedAmount)),
    ...(cashBack > 0 ? [row('Cash back', cashBack, true)] : []),
    ...(change > 0 ? [row('Change', change, true)] : []),
    { kind: 'rule' },
    ...(totals.discount < 0
      ? [center(`You saved ${formatMoney(-totals.discount)}`, true), { kind: 'rule' as const }]
      : []),
    ...pointsLines(input.points, input.reprint === true),
    ...(warned ? [{ kind: 'text' as const, text: profile.receiptWarning }, { kind: 'rule' as const }] : []),
    center('Thank you!'),
  ];
  return { title: `Receipt ${input.orderNumber}`, lines };
}
