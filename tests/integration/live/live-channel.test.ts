import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { queryRow } from '../../support/sql.js';
import { products } from '../support/catalog-fixtures.js';
import { demoService, login, type DemoService } from '../support/demo-service.js';
import { openStream } from '../support/live-stream.js';

describe('live channel', () => {
  let service: DemoService;
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    service = await demoService();
    app = service.app;
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => service.close());

  it('streams order.updated when a ticket is created and when it is canceled', async () => {
    const stream = await openStream(baseUrl, '/v2.0/dispensary/demo/live?topics=orders', service.token);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    const [product] = await products(app, 'p.deli = 0 AND k.on_hand_milli > 10000');
    const created = await service.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/ecommerce/ticket',
      headers: { ...service.headers, 'content-type': 'application/json' },
      payload: { type: 'PICKUP', items: [{ productId: product!.id, quantity: 1 }] },
    });
    const ticket = created.json<{ orderId: string; orderNumber: string; total: string }>();
    await service.request({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${ticket.orderId}/cancel`,
      headers: service.headers,
    });
    const frames = await stream.waitFor(2);
    const events = frames.map((frame) => ({ event: frame.event, ...JSON.parse(frame.data) }));
    expect(events).toMatchObject([
      { event: 'order.updated', orderNumber: ticket.orderNumber, status: 'AWAITING_PROCESSING', total: ticket.total },
      { event: 'order.updated', orderNumber: ticket.orderNumber, status: 'CANCELED' },
    ]);
    await stream.close();
    // The server lets go of a stream whose client went away.
    const { id } = (await queryRow<{ id: string }>(app, sql`SELECT id FROM dispensaries WHERE short_name = 'demo'`))!;
    await expect.poll(() => app.ctx.live.listenerCount(`${id}:orders`)).toBe(0);
  });

  it('refuses streams without a token, with unknown topics, or with topics the role may not follow', async () => {
    const none = await fetch(`${baseUrl}/v2.0/dispensary/demo/live?topics=orders`);
    expect(none.status).toBe(401);
    const unknown = await service.request({
      url: '/v2.0/dispensary/demo/live?topics=orders,gossip',
      headers: { authorization: `Bearer ${service.token}` },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().resultDetail).toContain('topics[1] must be one of orders, payments, drawers, display');
    const bare = await service.request({
      url: '/v2.0/dispensary/demo/live?topics=display',
      headers: { authorization: `Bearer ${service.token}` },
    });
    expect(bare.statusCode).toBe(400);
    const displayToken = await login(app, 'display', 'display-demo-1');
    const ok = await openStream(baseUrl, '/v2.0/dispensary/demo/live?topics=display:front-1', displayToken);
    expect(ok.response.status).toBe(200);
    await ok.close();
    const elsewhere = await service.request({
      url: '/v2.0/dispensary/nowhere/live?topics=orders',
      headers: { authorization: `Bearer ${service.token}` },
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});
