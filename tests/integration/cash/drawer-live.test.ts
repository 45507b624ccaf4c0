import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { openStream } from '../support/live-stream.js';
import { drawer, loginAt, shiftOf } from './support/drawer-fixtures.js';

let service: PaymentHarness;
let baseUrl: string;
beforeAll(async () => {
  service = await paymentService();
  baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => service.close());

describe('the drawers topic of the live channel', () => {
  it("tells the store's managers of every open, cash movement and close", async () => {
    const stream = await openStream(baseUrl, '/v2.0/dispensary/demo/live?topics=drawers', service.tokens.manager);
    const front5 = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-5');
    const shift = shiftOf(await drawer(service, front5, 'front-5', 'open', { amount: 5000 }))!;
    const drop = { kind: 'safe_drop', amount: 1000, reason: 'Over' };
    expect((await drawer(service, front5, 'front-5', 'movements', drop)).statusCode).toBe(201);
    expect((await drawer(service, front5, 'front-5', 'close', { amount: 4000 })).statusCode).toBe(200);
    const frames = await stream.waitFor(3);
    const update = { terminalId: 'front-5', shiftId: shift.id };
    expect(frames.map((frame) => ({ event: frame.event, ...JSON.parse(frame.data) }))).toEqual([
      { event: 'drawer.updated', ...update, status: 'open' },
      { event: 'drawer.updated', ...update, status: 'open' },
      { event: 'drawer.updated', ...update, status: 'closed' },
    ]);
    await stream.close();
  });

  it('is for managers: a cashier may not follow it', async () => {
    const refused = await service.request({
      url: '/v2.0/dispensary/demo/live?topics=drawers',
      headers: { authorization: `Bearer ${service.tokens.cashier}` },
    });
    expect(refused.statusCode).toBe(403);
  });
});
