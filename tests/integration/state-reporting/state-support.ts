import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type {
  StateRecordView,
  StateReportingInput,
  StateReportingView,
} from '../../../shared/contracts/state-reporting.js';
import { DECLINING_CENTS, payByCard, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { products } from '../support/catalog-fixtures.js';
import { cents } from '../support/demo-service.js';
import { storeDay, storeDaysSince } from '../../support/store-days.js';

/** The keys and licence the test state system expects. */
export const STATE_KEYS = {
  vendorKey: 'vendor-key-abcd1234',
  userKey: 'user-key-wxyz5678',
  licenseNumber: 'C10-0000001-LIC',
};

/** The demo store's state-reporting API as its manager calls it. */
export function stateCall(
  service: PaymentHarness,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return service.request({
    method,
    url: `/v2.0/dispensary/demo/setup/state-reporting${path}`,
    headers: { authorization: `Bearer ${service.tokens.manager}` },
    ...(payload ? { payload } : {}),
  });
}

/** Sets the demo store's state reporting; answers what the manager sees. */
export async function configure(service: PaymentHarness, input: StateReportingInput): Promise<StateReportingView> {
  const answer = await stateCall(service, 'PUT', '', input);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ stateReporting: StateReportingView }>().stateReporting;
}

/** The store's day when the test file began: a service on the wall clock writes its records since. */
const BEGAN = storeDay();

/**
 * The demo store's records of a day, oldest first; when left out (a service on the wall clock), of
 * every day since the file began: one, or two once the store's midnight passed meanwhile.
 */
export async function stateRecords(service: PaymentHarness, day?: string): Promise<StateRecordView[]> {
  const days = day ? [day] : storeDaysSince(BEGAN);
  const answers = await Promise.all(days.map((one) => stateCall(service, 'GET', `/records?day=${one}`)));
  return answers.flatMap((answer) => {
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ records: StateRecordView[] }>().records;
  });
}

/** A ticket of `quantity` of the `index`th product in stock (for `customerId`, when given). */
async function ticketOf(service: PaymentHarness, index: number, quantity: number, customerId?: string) {
  const product = (
    await products(service.app, "p.deli = 0 AND p.type <> 'ACCESSORY' AND k.on_hand_milli - k.reserved_milli >= 5000")
  )[index]!;
  const answer = await service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket',
    headers: service.headers,
    payload: { type: 'PICKUP', items: [{ productId: product.id, quantity }], ...(customerId && { customerId }) },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const made = answer.json<{ orderId: string; orderNumber: string; total: string }>();
  return { orderId: made.orderId, orderNumber: made.orderNumber, total: cents(made.total) };
}

/** A ticket of `quantity` of the `index`th product, paid with a keyed card at the virtual terminal. */
export async function paidTicket(service: PaymentHarness, index: number, quantity = 1, customerId?: string) {
  let ticket = await ticketOf(service, index, quantity, customerId);
  for (let next = index + 10; DECLINING_CENTS.has(ticket.total % 100); next += 1) {
    ticket = await ticketOf(service, next, quantity, customerId);
  }
  return { ...ticket, paymentId: (await payByCard(service, ticket)).id };
}

/** The order as the ticket API reads it: its lines' package tags, quantities and amounts. */
export async function orderLines(service: PaymentHarness, orderId: string) {
  const answer = await service.request({
    method: 'GET',
    url: `/v2.0/dispensary/demo/ecommerce/ticket/${orderId}`,
    headers: service.headers,
  });
  return answer.json<{ status: string; items: { packageLabel: string; quantity: number; priceSell: string }[] }>();
}

/** A manager's POST (void, refund, cancel). */
export function managerPost(service: PaymentHarness, url: string, payload: object = {}) {
  return service.request({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${service.tokens.manager}` },
    payload,
  });
}
