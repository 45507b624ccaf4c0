import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Ticket, TicketQuote } from '../../../shared/contracts/ticket.js';
import type { TicketLinesEdit } from '../../../shared/contracts/ticket-edits.js';
import type { WebhookEvent } from '../../../shared/contracts/webhooks.js';
import { DEMO } from '../../../electron/server/demo/load-demo.js';
import { products, type FixtureProduct } from '../support/catalog-fixtures.js';
import type { DemoService } from '../support/demo-service.js';
import { execute, queryRow, queryRows } from '../../support/sql.js';

// The ticket API's edit of an order's lines (README "Changing an order's lines"), as its tests call it.

export const BASE = '/v2.0/dispensary/demo/ecommerce';

/** One requested item of a ticket. */
export interface Item {
  productId: string;
  quantity: number;
}

/** `POST …/ticket/<orderId>/lines` as the service's signed-in user (the cashier: `ticket:fulfil`). */
export function editLines(service: DemoService, orderId: string, body: TicketLinesEdit | object) {
  return service.request({
    method: 'POST',
    url: `${BASE}/ticket/${orderId}/lines`,
    headers: service.headers,
    payload: body,
  });
}

/** Creates a ticket of `items`; answers it. */
export async function ticketOf(service: DemoService, items: Item[]): Promise<Ticket> {
  const made = await service.request({
    method: 'POST',
    url: `${BASE}/ticket`,
    headers: service.headers,
    payload: { type: 'PICKUP', items },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<Ticket>();
}

/** The ticket as `GET …/ticket/<orderId>` answers it. */
export async function readTicket(service: DemoService, orderId: string): Promise<Ticket> {
  const read = await service.request({ method: 'GET', url: `${BASE}/ticket/${orderId}`, headers: service.headers });
  expect(read.statusCode, read.body).toBe(200);
  return read.json<Ticket>();
}

/** What a new ticket of `items` would come to now (`POST …/ticket/quote`). */
export async function quoteOf(service: DemoService, items: Item[]): Promise<TicketQuote> {
  const quoted = await service.request({
    method: 'POST',
    url: `${BASE}/ticket/quote`,
    headers: service.headers,
    payload: { type: 'PICKUP', items },
  });
  expect(quoted.statusCode, quoted.body).toBe(200);
  return quoted.json<TicketQuote>();
}

/** A ticket's totals, to compare with a quote's. */
export const totalsOf = (ticket: Ticket | TicketQuote) => {
  const { subTotal, discount, tierDiscount, adjustedSubTotal, tax, deliveryCost, payByPoints, total } = ticket;
  return { subTotal, discount, tierDiscount, adjustedSubTotal, tax, deliveryCost, payByPoints, total };
};

/** Counted demo products with at least `units` available, a different one for each `index`. */
export async function countedProducts(app: FastifyInstance, units = 20): Promise<FixtureProduct[]> {
  return products(
    app,
    `p.deli = 0 AND p.type <> 'ACCESSORY' AND k.on_hand_milli - k.reserved_milli >= ${units * 1000}`,
  );
}

/** A package's stock: on hand and reserved, in thousandths. */
export async function packageStock(
  app: FastifyInstance,
  packageId: string,
): Promise<{ onHand: number; reserved: number }> {
  const row = await queryRow<{ onHand: number; reserved: number }>(
    app,
    sql`SELECT on_hand_milli AS "onHand", reserved_milli AS "reserved" FROM packages WHERE id = ${packageId}`,
  );
  return { onHand: Number(row!.onHand), reserved: Number(row!.reserved) };
}

/**
 * Another package of `productId` in the demo store (another batch, kept at a second location of the
 * store, as a product has one package per location): answers its id.
 */
export async function secondPackage(
  app: FastifyInstance,
  productId: string,
  options: { priceCents: number; onHandMilli: number; label: string },
): Promise<string> {
  const locationId = randomUUID();
  await execute(
    app,
    sql`INSERT INTO locations (id, dispensary_id, name, is_primary) VALUES (${locationId}, ${DEMO.dispensaryId}, ${`Back room ${options.label}`}, 0)`,
  );
  const packageId = randomUUID();
  await execute(
    app,
    sql`INSERT INTO packages (id, product_id, location_id, unit_id, label, price_cents, discount_ppm, discount_description, on_hand_milli, reserved_milli, short_milli)
        VALUES (${packageId}, ${productId}, ${locationId}, ${randomUUID()}, ${options.label}, ${options.priceCents}, 0, '', ${options.onHandMilli}, 0, 0)`,
  );
  return packageId;
}

/** The combined tax rate of a product's tax class, in parts per million. */
export async function taxRateOf(app: FastifyInstance, productId: string): Promise<number> {
  const row = await queryRow<{ rate: number }>(
    app,
    sql`SELECT COALESCE(SUM(r.rate_ppm), 0) AS "rate" FROM tax_rates r JOIN products p ON p.tax_class_id = r.tax_class_id WHERE p.id = ${productId}`,
  );
  return Number(row!.rate);
}

/** The audit trail's `order_edited` entries of an order, oldest first. */
export function editsAudited(app: FastifyInstance, orderId: string) {
  return queryRows<{ actorName: string; amount: number; reason: string; orderNumber: string }>(
    app,
    sql`SELECT actor_name AS "actorName", amount_cents AS "amount", reason, order_number AS "orderNumber"
        FROM audit_events WHERE order_id = ${orderId} AND action = 'order_edited' ORDER BY at, id`,
  );
}

/** The webhook events written for an order (the outbox), in their sequence. */
export async function outboxOf(app: FastifyInstance, orderId: string): Promise<WebhookEvent[]> {
  const rows = await queryRows<{ payload: string }>(
    app,
    sql`SELECT payload FROM webhook_events WHERE subject_id = ${orderId} ORDER BY sequence`,
  );
  return rows.map((row) => JSON.parse(row.payload) as WebhookEvent);
}

/** Everything an edit writes, to show that a refused one wrote nothing. */
export async function writtenFor(service: DemoService, orderId: string) {
  const ticket = await readTicket(service, orderId);
  const stocks = await queryRows<{ id: string; onHand: number; reserved: number }>(
    service.app,
    sql`SELECT id, on_hand_milli AS "onHand", reserved_milli AS "reserved" FROM packages ORDER BY id`,
  );
  const audit = await queryRow<{ n: number }>(service.app, sql`SELECT COUNT(*) AS "n" FROM audit_events`);
  const events = await queryRow<{ n: number }>(service.app, sql`SELECT COUNT(*) AS "n" FROM webhook_events`);
  return { ticket, stocks, audit: Number(audit!.n), events: Number(events!.n) };
}

/** Expects a refusal: `status`, the reason code and a sentence matching `words`. */
export function expectRefused(answer: LightMyRequestResponse, status: number, reason: string, words: RegExp | string) {
  expect(answer.statusCode, answer.body).toBe(status);
  const body = answer.json<{ resultCode: string; resultReason: string; resultDetail: string }>();
  expect(body).toMatchObject({ resultCode: 'FAIL', resultReason: reason });
  if (typeof words === 'string') expect(body.resultDetail).toBe(words);
  else expect(body.resultDetail).toMatch(words);
}
