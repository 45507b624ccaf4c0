import { PaymentWidget } from '../pages/payment-widget.js';
import { DEMO, type ServiceApi, type TicketLine } from './service-api.js';

/** What the online orders journeys do through the HTTP API, as a shop or another register would. */

const DEMO_STORE = '/v2.0/dispensary/demo';

async function asManager<T>(api: ServiceApi, method: string, path: string, body?: object): Promise<T> {
  return api.call<T>(method, path, body === undefined ? undefined : JSON.stringify(body), {
    ...DEMO.client,
    authorization: `Bearer ${await api.token('manager')}`,
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  });
}

/** A customer on file, whom an order names (the queue calls them by first name and last initial). */
export async function addCustomer(api: ServiceApi, firstName: string, lastName: string): Promise<string> {
  const year = new Date().getUTCFullYear();
  const { customer } = await asManager<{ customer: { id: string } }>(api, 'POST', `${DEMO_STORE}/customers`, {
    firstName,
    lastName,
    dateOfBirth: '1985-12-10',
    idType: 'drivers_licence',
    idNumber: `D${Math.floor(Math.random() * 9_000_000 + 1_000_000)}`,
    idJurisdiction: 'CA',
    idExpiry: `${year + 4}-12-10`,
    customerType: 'adult_use',
  });
  return customer.id;
}

/** An order as the ticket API answered its creation: what the journeys read of it. */
export interface PlacedOrder {
  orderId: string;
  orderNumber: string;
  total: string;
  /** Each line's package (its label is what the picker scans) and how much. */
  items: TicketLine[];
}

/**
 * An online order, placed through the ticket API by a session signed in without a register (as a
 * shop's backend is), with what its shopper asked for besides (`promoCodes`, `rewardDollars`): the
 * pickup queue lists it.
 */
export async function placeOnline(
  api: ServiceApi,
  items: { productId: string; quantity: number }[],
  customerId?: string,
  extra: { promoCodes?: string[]; rewardDollars?: number } = {},
): Promise<PlacedOrder> {
  return asManager(api, 'POST', `${DEMO_STORE}/ecommerce/ticket`, {
    type: 'PICKUP',
    items,
    ...(customerId ? { customerId } : {}),
    ...extra,
  });
}

/** Moves an order through the store from outside this register (another register, the back office). */
export async function moveOrder(api: ServiceApi, orderId: string, status: 'IN_PROCESS' | 'PACKED_READY') {
  return asManager(api, 'POST', `${DEMO_STORE}/ecommerce/ticket/${orderId}/status`, { status });
}

/** Pays an order in full by card on the virtual terminal (the sandbox approves most amounts). */
export function payByCard(api: ServiceApi, orderNumber: string, total: string): Promise<string> {
  return payElsewhere(api, orderNumber, total, { channel: 'virtual_terminal', paymentMethod: 'Credit' });
}

/** Pays an order in cash at another register (README step 7), `tendered` cents handed over. */
export function payInCash(api: ServiceApi, orderNumber: string, total: string, tendered: number): Promise<string> {
  return payElsewhere(api, orderNumber, total, { channel: 'pos', paymentMethod: 'Cash', tenderedAmount: tendered });
}

/** Pays an order in full outside this register, by the payments API; the payment's status. */
async function payElsewhere(
  api: ServiceApi,
  orderNumber: string,
  total: string,
  how: { channel: string; paymentMethod: 'Credit' | 'Cash'; tenderedAmount?: number },
): Promise<string> {
  const { channel, ...payment } = how;
  const { session } = await asManager<{ session: { sessionId: string } }>(api, 'POST', '/v2.0/payments/sessions', {
    entityId: await api.organizationId(),
    channel,
    ticketAlphaNumId: orderNumber,
    originalAmount: Math.round(Number(total) * 100),
  });
  const card = payment.paymentMethod === 'Credit' ? { card: PaymentWidget.CARD } : {};
  const answer = await api.call<{ payment: { status: string } | null }>(
    'POST',
    `/v2.0/payments/sessions/${session.sessionId}/payments`,
    JSON.stringify({ ...payment, ...card }),
    {
      authorization: `Bearer ${await api.token('manager')}`,
      'content-type': 'application/json',
      'idempotency-key': `online-orders-${orderNumber}`,
    },
  );
  return answer.payment?.status ?? 'pending';
}
