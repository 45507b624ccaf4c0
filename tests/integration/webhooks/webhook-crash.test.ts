import { afterAll, beforeAll, expect, it } from 'vitest';
import { startService, type ServiceProcess } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { call, instanceArgs, signIn, ticket, unitProducts } from '../store-server/two-instances.js';
import { TestReceiver } from './receiver.js';

// SIGKILL the service while a delivery is in flight: the event was committed with the order, so
// after a restart it is delivered (at least once: the receiver sees the same event id again).
let database: TestDatabase;
const receiver = new TestReceiver();
let service: ServiceProcess | undefined;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await service?.stop('SIGKILL');
  await receiver.stop();
  await database.drop();
});

const start = () => startService(instanceArgs(database, ['--webhook-timeout-ms', '500']));

it(
  'delivers an event after the service is killed between the change and a completed send',
  { timeout: 60_000 },
  async () => {
    const url = await receiver.start();
    service = await start();
    const manager = await signIn(service, 'manager');
    const added = await call(service, '/v2.0/dispensary/demo/setup/webhooks', {
      token: manager,
      body: { url, events: ['order.created'], allowLocal: true },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    receiver.answers = ['stall'];
    const [product] = await unitProducts(service, manager);
    const created = await ticket(service, manager, product!.productId);
    await receiver.waitFor(1); // the first try is in flight, and never answered
    await service.stop('SIGKILL');

    service = await start();
    await receiver.waitFor(2, 20_000);
    const [first, second] = receiver.events();
    expect(second!.id).toBe(first!.id);
    expect(second!.data).toMatchObject({ orderId: created.orderId, status: 'AWAITING_PROCESSING' });
    const token = await signIn(service, 'manager');
    // The receiver has the second try before the service has kept its answer: the log, once kept.
    const deliveries = async () =>
      (await call(service!, '/v2.0/dispensary/demo/setup/webhooks/deliveries', { token })).body.deliveries;
    await expect
      .poll(deliveries, { timeout: 10_000 })
      .toMatchObject([{ status: 'delivered', attempts: 2, lastStatusCode: 200 }]);
  },
);
