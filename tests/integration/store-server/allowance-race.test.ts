import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import type { ServiceProcess } from '../../support/service-process.js';
import {
  attachedRegister,
  postTicket,
  reading,
  waitUntilSent,
  type AttachedRegister,
  type Till,
} from '../registers/register-sales.js';
import { call, signIn, startTwoInstances, type StoreServer } from './two-instances.js';

// Issue 34: two registers attached to one store server (each to another of its instances) and the
// ecommerce API sell to one customer at the same moment: at most one sale passes California's
// 28.5 g a day, because each register holds the customer's allowance at the server before it
// writes its sale, as it holds the stock.
const ROUNDS = 12;
const AFTER_ROUNDS = 6;
let server: StoreServer;
let manager: string;
let flower: string;
const registers: AttachedRegister[] = [];
const tills: Till[] = [];

const onServer = <T>(read: (db: DataLayer) => Promise<T>) => reading(server.database.config, read);

/** A ticket for `grams` of the deli flower for `customerId`, at a register as its POS makes one. */
async function atRegister(till: Till, customerId: string, grams: number) {
  const response = await postTicket(till, {
    type: 'PICKUP',
    customerId,
    items: [{ productId: flower, quantity: grams }],
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The same on the ecommerce API of one of the server's instances. */
const online = (instance: ServiceProcess, customerId: string, grams: number) =>
  call(instance, '/v2.0/dispensary/demo/ecommerce/ticket', {
    token: manager,
    client: true,
    key: randomUUID(),
    body: { type: 'PICKUP', customerId, items: [{ productId: flower, quantity: grams }] },
  });

/** A new adult-use customer added at the server. */
async function newCustomer(index: number): Promise<string> {
  const added = await call(server.a, '/v2.0/dispensary/demo/customers', {
    token: manager,
    body: {
      firstName: 'Race',
      lastName: `Shopper${index}`,
      dateOfBirth: '1988-04-02',
      idType: 'drivers_licence',
      idNumber: `R${5_000_000 + index}`,
      idJurisdiction: 'CA',
      idExpiry: '2036-04-02',
      customerType: 'adult_use',
    },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return (added.body.customer as { id: string }).id;
}

/** Waits until every register's copy has the customers (a change of the server's customers reaches them in seconds). */
async function atEveryRegister(customerIds: string[]): Promise<void> {
  for (const { dir } of registers) {
    await expect
      .poll(
        () =>
          reading({ dataDir: dir }, async (db) => {
            const rows = await db.all(db.builder.selectFrom('customers').select('id').where('id', 'in', customerIds));
            const store = await db.first(db.builder.selectFrom('dispensaries').select('compliance_profile'));
            return rows.length === customerIds.length && store?.compliance_profile === 'us-ca';
          }),
        { timeout: 20_000 },
      )
      .toBe(true);
  }
}

/** Grams of cannabis the server has sold to `customerId` (orders not canceled). */
async function gramsAtServer(customerId: string): Promise<number> {
  const rows = await onServer((db) =>
    db.all(
      db.builder
        .selectFrom('order_items as i')
        .innerJoin('orders as o', 'o.id', 'i.order_id')
        .select(['i.quantity_milli as milli'])
        .where('o.customer_id', '=', customerId)
        .where('o.status', '!=', 'CANCELED'),
    ),
  );
  return rows.reduce((sum, row) => sum + Number(row.milli), 0) / 1000;
}

/** The allowance the registers hold at the server now. */
const allowanceHeld = () =>
  onServer((db) => db.all(db.builder.selectFrom('allowance_holds').select(['id', 'customer_id'])));

beforeAll(async () => {
  server = await startTwoInstances();
  manager = await signIn(server.a, 'manager');
  const store = await call(server.a, '/v2.0/dispensary/demo/setup/store', {
    method: 'PUT',
    token: manager,
    body: { complianceProfile: 'us-ca' },
  });
  expect(store.status, JSON.stringify(store.body)).toBe(200);
  // Flower by the gram, with stock for every sale of every round (the limits refuse, never the stock).
  flower = await onServer(async (db) => {
    const row = await db.first(
      db.builder.selectFrom('products').select('id').where('type', '=', 'FLOWER').where('deli', '=', 1),
    );
    const stock = { on_hand_milli: 5_000_000, reserved_milli: 0 };
    await db.run(db.builder.updateTable('packages').set(stock).where('product_id', '=', row!.id));
    return row!.id;
  });
  // front-1 attached through instance A, front-2 through instance B.
  registers.push(await attachedRegister(server.a, 'front-1'), await attachedRegister(server.b, 'front-2'));
  tills.push(...registers.map((register) => register.till));
}, 120_000);
afterAll(async () => {
  await Promise.all(registers.map((register) => register.remove()));
  await server?.stop();
});

describe('one customer, two registers and the ecommerce site at once', { timeout: 180_000 }, () => {
  it(`never lets two 20 g sales to one customer both pass (${ROUNDS} rounds)`, async () => {
    const customers = await Promise.all(Array.from({ length: ROUNDS }, (_, index) => newCustomer(index)));
    await atEveryRegister(customers);
    const passed: number[] = [];
    for (const [round, customerId] of customers.entries()) {
      // The three sales start together, in another order each round.
      const sales = [
        () => atRegister(tills[0]!, customerId, 20),
        () => atRegister(tills[1]!, customerId, 20),
        () => online(round % 2 === 0 ? server.a : server.b, customerId, 20),
      ];
      const order = [round % 3, (round + 1) % 3, (round + 2) % 3];
      const answers = await Promise.all(order.map((index) => sales[index]!()));
      for (const answer of answers) {
        if (answer.status !== 201) {
          expect(answer.status, JSON.stringify(answer.body)).toBe(409);
          expect(answer.body).toMatchObject({ resultReason: 'PURCHASE_LIMIT' });
          expect(answer.body.resultDetail).toMatch(/28\.5 g daily limit/);
        }
      }
      passed.push(answers.filter((answer) => answer.status === 201).length);
    }
    console.info(`allowance race: sales passed per round ${JSON.stringify(passed)}`);
    expect(passed.filter((count) => count > 1)).toEqual([]);
    // Every round sold to its customer once: a refusal is the limit's, never a hold's failure.
    expect(passed.filter((count) => count === 0)).toEqual([]);

    for (const till of tills) await waitUntilSent(till);
    for (const customerId of customers) expect(await gramsAtServer(customerId)).toBeLessThanOrEqual(28.5);
    // Each sale's allowance held at the server gave way to its order when the order came.
    expect(await allowanceHeld()).toEqual([]);
  });

  it(`refuses 10 g at the second register the instant the first sold 20 g (${AFTER_ROUNDS} rounds)`, async () => {
    const customers = await Promise.all(
      Array.from({ length: AFTER_ROUNDS }, (_, index) => newCustomer(ROUNDS + index)),
    );
    await atEveryRegister(customers);
    const passed: number[] = [];
    for (const [round, customerId] of customers.entries()) {
      const [first, second] = round % 2 === 0 ? [tills[0]!, tills[1]!] : [tills[1]!, tills[0]!];
      const sold = await atRegister(first, customerId, 20);
      expect(sold.status, JSON.stringify(sold.body)).toBe(201);
      const again = await atRegister(second, customerId, 10);
      passed.push(again.status === 201 ? 2 : 1);
      if (again.status !== 201) expect(again.body.resultDetail).toMatch(/8\.5 g left today/);
    }
    console.info(`allowance race, one after the other: sales passed per round ${JSON.stringify(passed)}`);
    expect(passed.filter((count) => count > 1)).toEqual([]);
    for (const till of tills) await waitUntilSent(till);
    for (const customerId of customers) expect(await gramsAtServer(customerId)).toBe(20);
    expect(await allowanceHeld()).toEqual([]);
  });
});
