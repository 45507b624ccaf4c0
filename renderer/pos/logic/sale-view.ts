import type { DisplayLine, DisplayTotals } from '../../../shared/contracts/display';
import type { TicketQuote } from '../../../shared/contracts/ticket';
import type { PaymentRecord } from '../../../shared/contracts/payment';
import { centsOf, formatMoney } from '../../common/format';
import { lineSavings } from './sale-deals';

/** The ticket fields the POS turns into what people see (a quote or a created ticket). */
export type PricedSale = Pick<
  TicketQuote,
  'items' | 'subTotal' | 'discount' | 'tierDiscount' | 'tax' | 'payByPoints' | 'total' | 'unavailableItems'
>;

/** The totals of a priced sale, in cents, as the display and the totals box show them. */
export function saleTotals(sale: PricedSale): DisplayTotals {
  return {
    subtotal: centsOf(sale.subTotal),
    discount: centsOf(sale.discount) + centsOf(sale.tierDiscount),
    tax: centsOf(sale.tax),
    rewardDollars: centsOf(sale.payByPoints),
    total: centsOf(sale.total),
  };
}

/** The brand and a counted item's size ("Aurora Farms · 3.5g"); a weighed line's weight is its amount. */
function lineDetail(item: PricedSale['items'][number]): string {
  return [item.brand, item.deli ? '' : item.size].filter(Boolean).join(' · ');
}

/**
 * The priced lines as the customer sees them on the pole display, each with its deals' savings: a
 * weighed line by its weight and unit ("3.537 g"), as the cart shows it, a counted one by its count.
 */
export function displayLines(sale: PricedSale): DisplayLine[] {
  return sale.items.map((item) => {
    const savings = lineSavings(item);
    return {
      key: item.productId,
      name: item.name,
      detail: lineDetail(item),
      quantity: item.quantity,
      ...(item.deli ? { unit: item.unitType } : {}),
      lineTotal: centsOf(item.priceSell),
      ...(savings.length > 0 ? { savings } : {}),
    };
  });
}

/** The response code of a card payment stored at the register while the card processor did not answer. */
const STORED = 'STORED';

/**
 * What the cashier must know of the sale's card payments stored for later (the card processor did
 * not answer): which card, and that it is sent when the processor answers. Empty when none was.
 */
export function storedCardNotes(
  payments: readonly Pick<
    PaymentRecord,
    'status' | 'processorResponseCode' | 'cardBrand' | 'cardLast4' | 'chargedAmount'
  >[],
): string[] {
  return payments
    .filter((payment) => payment.status === 'approved' && payment.processorResponseCode === STORED)
    .map((payment) => {
      const card = payment.cardLast4 ? `${payment.cardBrand ?? 'Card'} ••${payment.cardLast4}` : 'The card';
      return (
        `${card}, ${formatMoney(payment.chargedAmount)}: stored for later, because the card processor does not ` +
        'answer. The sale is complete; the payment is sent when the processor answers, and a decline then is ' +
        'the store’s to collect.'
      );
    });
}

/**
 * An order's payments in the order they were taken (the first one first), as the done screen lists
 * them: the service's listing answers newest first.
 */
export function inTakenOrder<T>(newestFirst: readonly T[]): T[] {
  return [...newestFirst].reverse();
}

type CashPart = Pick<PaymentRecord, 'status' | 'method' | 'changeDue' | 'cashbackAmount'>;

/**
 * A payment's amount on the done screen: the cash the customer handed (or the card's charge) when it
 * was taken here; what it paid of the order when it was taken before (`earlier`), its change long given.
 */
export function paymentShown(
  payment: Pick<PaymentRecord, 'id' | 'tenderedAmount' | 'chargedAmount' | 'originalAmount'>,
  earlier: ReadonlySet<string>,
): number {
  if (earlier.has(payment.id)) return payment.originalAmount;
  return payment.tenderedAmount ?? payment.chargedAmount;
}

/** Cash changed hands in the sale: a cash payment approved, or cash back on a card. */
export const cashMoved = (payments: readonly CashPart[]): boolean =>
  payments.some(
    (payment) => payment.status === 'approved' && (payment.method === 'Cash' || payment.cashbackAmount > 0),
  );

/**
 * The change the cashier hands over, as the done screen says it: only when cash changed hands (a
 * sale paid by card or by points alone has no change to speak of); "No change" for exact cash.
 */
export function changeWords(payments: readonly CashPart[]): string | null {
  if (!cashMoved(payments)) return null;
  const cents = changeCents(payments);
  return cents > 0 ? formatMoney(cents) : 'No change';
}

/** The cash the cashier hands over: change and cash back of the approved payments. */
export const changeCents = (payments: readonly CashPart[]): number =>
  payments
    .filter((payment) => payment.status === 'approved')
    .reduce((sum, payment) => sum + payment.changeDue + payment.cashbackAmount, 0);
