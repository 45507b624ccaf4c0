// A new ticket's order.created event is written with the ticket itself: in the one statement of a
// ticket without a customer (DataLayer.writeSteps), so the event exists exactly when the order does.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WriteStep } from '../../../electron/server/db/query.js';
import { products, setStock, type FixtureProduct } from '../support/catalog-fixtures.js';
import { addEndpoint, webhookHarness } from './webhook-support.js';

const web = webhookHarness();
let counted: FixtureProduct[];

beforeAll(async () => {
  counted = await products(web.service.app, 'p.deli = 0 AND k.on_hand_milli >= 10000 AND k.discount_ppm = 0');
});
afterEach(() => vi.restoreAllMocks());

const post = (items: { productId: string; quantity: number }[]) =>
  web.service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket',
    headers: web.service.headers,
    payload: { type: 'PICKUP', items },
  });

/** The events and deliveries recorded for these orders. */
async function recorded(orderIds: readonly string[]) {
  const { db } = web.service.app.ctx;
  const events = await db.all(
    db.builder
      .selectFrom('webhook_events')
      .select(['id', 'type', 'subject_id as subjectId', 'sequence'])
      .where('subject_id', 'in', [...orderIds]),
  );
  const deliveries =
    events.length === 0
      ? []
      : await db.all(
          db.builder
            .selectFrom('webhook_deliveries')
            .select(['event_id as eventId', 'endpoint_id as endpointId', 'status'])
            .where(
              'event_id',
              'in',
              events.map((event) => event.id),
            ),
        );
  return { events, deliveries };
}

describe('a ticket and its webhook event, written together', () => {
  it('records order.created for the endpoints that want it, in the ticket write itself', async () => {
    const created = await addEndpoint(web.service, web.url, ['order.created', 'order.canceled']);
    await addEndpoint(web.service, web.url, ['payment.approved']);
    const writeSteps = vi.spyOn(web.service.app.ctx.db, 'writeSteps');
    const response = await post([{ productId: counted[0]!.id, quantity: 1 }]);
    expect(response.statusCode, response.body).toBe(201);
    const { orderId } = response.json<{ orderId: string }>();
    // One statement: the order, its lines, its status entry, its event and delivery, its units.
    expect(writeSteps).toHaveBeenCalledTimes(1);
    const sqls = (writeSteps.mock.calls[0]![0] as readonly WriteStep[]).map((step) => step.query.sql);
    expect(sqls.some((sql) => sql.includes('"webhook_events"'))).toBe(true);
    expect(sqls.some((sql) => sql.includes('"webhook_deliveries"'))).toBe(true);
    const { events, deliveries } = await recorded([orderId]);
    expect(events).toEqual([expect.objectContaining({ type: 'order.created', subjectId: orderId, sequence: 1 })]);
    expect(deliveries).toEqual([{ eventId: events[0]!.id, endpointId: created.endpoint.id, status: 'pending' }]);

    // It arrives as any event does, and the order's next event is its second.
    web.receiver.received.length = 0;
    await web.dispatcher.runDue();
    expect(web.receiver.events()).toEqual([
      expect.objectContaining({ type: 'order.created', sequence: 1, data: expect.objectContaining({ orderId }) }),
    ]);
    const cancel = await web.service.request({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${orderId}/cancel`,
      headers: web.service.headers,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const after = await recorded([orderId]);
    expect(
      after.events.map(({ type, sequence }) => ({ type, sequence })).sort((a, b) => a.sequence - b.sequence),
    ).toEqual([
      { type: 'order.created', sequence: 1 },
      { type: 'order.canceled', sequence: 2 },
    ]);
  });

  it('records one event per ticket written when tickets race for the last units, none for a try that lost', async () => {
    await addEndpoint(web.service, web.url, ['order.created']);
    const [scarce, plenty] = [counted[1]!, counted[2]!];
    await setStock(web.service.app, scarce.id, 10_000);
    await setStock(web.service.app, plenty.id, 100_000);
    const { db } = web.service.app.ctx;
    const eventCount = async () =>
      Number(
        (await db.first(db.builder.selectFrom('webhook_events').select((eb) => eb.fn.countAll<number>().as('n'))))!.n,
      );
    const before = await eventCount();
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        post([
          { productId: scarce.id, quantity: 3 },
          { productId: plenty.id, quantity: 1 },
        ]),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(201));
    const orderIds = responses.map((response) => response.json<{ orderId: string }>().orderId);
    const { events, deliveries } = await recorded(orderIds);
    expect(events.map((event) => event.subjectId).sort()).toEqual([...orderIds].sort());
    expect(events.every((event) => event.type === 'order.created' && event.sequence === 1)).toBe(true);
    expect(deliveries).toHaveLength(12);
    expect(await eventCount()).toBe(before + 12);
  });
});
