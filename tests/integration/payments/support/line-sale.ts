import { expect } from 'vitest';
import type { RefundableOrder, ReversalResponse } from '../../../../shared/contracts/payment-reports.js';
import { products } from '../../support/catalog-fixtures.js';
import { cents, type DemoService } from '../../support/demo-service.js';
import { pay, session, type PaymentHarness } from './payment-fixtures.js';

/** A sale handed over, of Blue Dream 3.5g (FLW-001) and rolling papers (ACC-001), paid in cash. */
export interface LineSale {
  orderId: string;
  orderNumber: string;
  paymentId: string;
  total: number;
  flower: { itemId: string; productId: string };
  papers: { itemId: string; productId: string };
}

const bySku = async (service: DemoService, sku: string) => (await products(service.app, `p.sku = '${sku}'`))[0]!;

/**
 * Sells `flowers` Blue Dream and one pack of papers, pays it in cash at the POS of `payer` (the
 * manager's, at no register, by default) and hands it over.
 */
export async function lineSale(service: PaymentHarness, flowers = 2, payer?: string): Promise<LineSale> {
  const [flower, papers] = [await bySku(service, 'FLW-001'), await bySku(service, 'ACC-001')];
  const created = await service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket',
    headers: service.headers,
    payload: {
      type: 'PICKUP',
      items: [
        { productId: flower.id, quantity: flowers },
        { productId: papers.id, quantity: 1 },
      ],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const ticket = created.json<{
    orderId: string;
    orderNumber: string;
    total: string;
    items: { id: string; productId: string }[];
  }>();
  const total = cents(ticket.total);
  const manager = payer ?? service.tokens.manager;
  const opened = await session(service, manager, {
    channel: 'pos',
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: total,
  });
  const paid = await pay(service, manager, opened.sessionId, { paymentMethod: 'Cash', tenderedAmount: total });
  expect(paid.statusCode, paid.body).toBe(201);
  await handOver(service, ticket.orderId);
  const itemOf = (productId: string) => ({
    itemId: ticket.items.find((i) => i.productId === productId)!.id,
    productId,
  });
  return {
    orderId: ticket.orderId,
    orderNumber: ticket.orderNumber,
    paymentId: paid.json<{ payment: { id: string } }>().payment.id,
    total,
    flower: itemOf(flower.id),
    papers: itemOf(papers.id),
  };
}

/** Moves a paid online order on to COMPLETED (picked, packed, handed over). */
export async function handOver(service: DemoService, orderId: string): Promise<void> {
  for (const status of ['IN_PROCESS', 'PACKED_READY', 'COMPLETED']) {
    const moved = await service.request({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${orderId}/status`,
      headers: service.headers,
      payload: { status },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
}

/** Sends a refund of `paymentId` as the manager (with an Idempotency-Key when given). */
export function refundOf(service: PaymentHarness, paymentId: string, body: object, key?: string) {
  return service.request({
    method: 'POST',
    url: `/v2.0/payments/${paymentId}/refund`,
    headers: { authorization: `Bearer ${service.tokens.manager}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

/** A refund expected through: its answer. */
export async function refunded(service: PaymentHarness, paymentId: string, body: object, key?: string) {
  const response = await refundOf(service, paymentId, body, key);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReversalResponse>();
}

/** `GET /v2.0/ticket/<orderId>/refundable` as `token` (the manager by default). */
export async function refundable(service: PaymentHarness, orderId: string, token = service.tokens.manager) {
  return service.request({
    method: 'GET',
    url: `/v2.0/ticket/${orderId}/refundable`,
    headers: { authorization: `Bearer ${token}` },
  });
}

/** The refundable order, expected found. */
export async function refundableOrder(service: PaymentHarness, orderId: string): Promise<RefundableOrder> {
  const response = await refundable(service, orderId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RefundableOrder>();
}
