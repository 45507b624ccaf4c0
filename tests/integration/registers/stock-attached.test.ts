import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductStock } from '../../../shared/contracts/live.js';
import type { ServiceProcess } from '../../support/service-process.js';
import { startService } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { call, instanceArgs, signIn } from '../store-server/two-instances.js';
import { stockChannel, type StockChannel } from '../support/stock-channel.js';
import { attachedRegister, postTicket, productWithAt, type AttachedRegister } from './register-sales.js';

// A store server and a register attached to it (README "Attaching registers"), each its own process:
// the POS of each follows the store's one stock as it moves, whichever of them sold (`stock.changed`).
let database: TestDatabase;
let server: ServiceProcess;
let register: AttachedRegister;
let cashier: string;
const channels: StockChannel[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  server = await startService(instanceArgs(database));
  cashier = await signIn(server, 'cashier');
  register = await attachedRegister(server, 'front-1');
}, 90_000);
afterAll(async () => {
  for (const channel of channels) await channel.close();
  await register?.remove();
  await server?.stop();
  await database?.drop();
});

/** A product's stock as `instance`'s catalog answers it. */
async function figures(instance: ServiceProcess, token: string, productId: string): Promise<ProductStock> {
  const read = await call(instance, '/v2.0/dispensary/demo/catalog?limit=200', { token });
  const item = (read.body.items as (ProductStock & Record<string, unknown>)[]).find(
    (one) => one.productId === productId,
  )!;
  return {
    productId,
    quantityOnHand: item.quantityOnHand,
    quantityAvailable: item.quantityAvailable,
    inStock: item.inStock,
  };
}

const follow = async (instance: ServiceProcess, token: string) => {
  const channel = await stockChannel(instance.url, token);
  channels.push(channel);
  return channel;
};

describe('the stock at an attached register', { timeout: 60_000 }, () => {
  it('an online order at the server: the register’s POS is told, once its copy of the stock has it', async () => {
    const productId = await productWithAt(register.service, register.till.token, 7);
    const before = await figures(register.service, register.till.token, productId);
    const atRegister = await follow(register.service, register.till.token);
    const told = atRegister.figuresOf(productId, (one) => one.quantityAvailable === before.quantityAvailable - 5);
    const order = await call(server, '/v2.0/dispensary/demo/ecommerce/ticket', {
      token: cashier,
      client: true,
      key: randomUUID(),
      body: { type: 'PICKUP', items: [{ productId, quantity: 5 }] },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    // The register reads the server's stock every 2 s while it has nothing to send.
    expect(await told).toEqual(await figures(register.service, register.till.token, productId));
  });

  it('a sale at the register: its own POS at once, and the server’s as the server holds its units', async () => {
    const productId = await productWithAt(register.service, register.till.token, 3);
    const [here, there] = [
      await figures(register.service, register.till.token, productId),
      await figures(server, cashier, productId),
    ];
    const atRegister = await follow(register.service, register.till.token);
    const atServer = await follow(server, cashier);
    const toldHere = atRegister.figuresOf(productId, (one) => one.quantityAvailable === here.quantityAvailable - 2);
    const toldThere = atServer.figuresOf(productId, (one) => one.quantityAvailable === there.quantityAvailable - 2);
    const sale = await postTicket(register.till, { type: 'PICKUP', items: [{ productId, quantity: 2 }] });
    expect(sale.status, await sale.text()).toBe(201);
    expect(await toldHere).toMatchObject({ quantityAvailable: here.quantityAvailable - 2 });
    expect(await toldThere).toEqual(await figures(server, cashier, productId));
  });
});
