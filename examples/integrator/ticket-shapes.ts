/**
 * The ticket API's answers as the shop's pages use them: its decimal dollars ("48.81") turned into
 * integer cents once, here, and only the fields the pages need.
 */

/** A product the shop sells, and how many of it its starting cart holds. */
export interface CartItem {
  productId: string;
  name: string;
  /** Its price now, promotion taken off, in cents. */
  price: number;
  /** How many the store can sell now (its stock less what open orders hold). */
  available: number;
  /** In the cart when the checkout opens: the shopper changes it. */
  quantity: number;
}

/** A line of an order the shop places: a product and how many. */
export interface OrderLine {
  productId: string;
  quantity: number;
}

/** What the pages need of a ticket: to pay it, and to tell the customer where it is. */
export interface Order {
  orderId: string;
  orderNumber: string;
  status: string;
  /** Where it is in the store: AWAITING_PROCESSING, IN_PROCESS, PACKED_READY, COMPLETED, CANCELED. */
  fulfillmentStatus: string;
  /** UNPAID, AUTHORIZED (an ACH authorization) or PAID. */
  paymentStatus: string;
  /** The customer's pickup sentence, in the store's time. */
  eta: string;
  /** The ticket's total in cents: the payment event's originalAmount. */
  total: number;
  /** What its payments paid toward it, and what refunds gave back, in cents (a read of it says them). */
  paid: number;
  refunded: number;
}

/** A ticket as the ticket API answers it (the fields this example uses). */
export interface Ticket extends Omit<Order, 'total' | 'paid' | 'refunded'> {
  /** Decimal dollars, "48.81"; `paid` and `refunded` too (absent from a created ticket: nothing paid yet). */
  total: string;
  paid?: string;
  refunded?: string;
}

/** What the order would come to, as the service prices it before anything is stored or held. */
export interface Quote {
  /** In cents, tax included, promotions and deals taken off. */
  total: number;
  tax: number;
  /** The lines the store cannot fill in full now, in words (the order would hold what it can). */
  short: string[];
}

/** `POST …/ticket/quote`'s answer (the fields this example uses). */
export interface TicketQuote {
  total: string;
  tax: string;
  items: { productId: string; name: string }[];
  unavailableItems: { productId: string; availableQuantity: number; reason: string }[];
}

const cents = (dollars: string | undefined) => Math.round(Number(dollars ?? '0') * 100);

export function toOrder(ticket: Ticket): Order {
  const { orderId, orderNumber, status, fulfillmentStatus, paymentStatus, eta, total, paid, refunded } = ticket;
  return {
    orderId,
    orderNumber,
    status,
    fulfillmentStatus,
    paymentStatus,
    eta,
    total: cents(total),
    paid: cents(paid),
    refunded: cents(refunded),
  };
}

/** The quote in cents, each line the store cannot fill named (`names` by product id: a line left out has none in the quote). */
export function toQuote(quote: TicketQuote, names: ReadonlyMap<string, string>): Quote {
  const nameOf = (productId: string) =>
    quote.items.find((item) => item.productId === productId)?.name ?? names.get(productId) ?? 'A product';
  const short = quote.unavailableItems.map(({ productId, availableQuantity, reason }) => {
    const name = nameOf(productId);
    if (availableQuantity > 0)
      return `Only ${availableQuantity} of ${name} can be had now: the order would hold those.`;
    return reason === 'DISCONTINUED'
      ? `${name} is no longer sold: the order would leave it out.`
      : `${name} is out of stock now: the order would leave it out.`;
  });
  return { total: cents(quote.total), tax: cents(quote.tax), short };
}
