import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PickupQueue, QueueOrder } from '../../../shared/contracts/pickup.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { samplePerson } from '../../support/aamva-samples.js';
import { execute } from '../../support/sql.js';
import { loginAt } from '../cash/support/drawer-fixtures.js';
import { products } from '../support/catalog-fixtures.js';
import { DEMO_CLIENT, demoService, login, type DemoService } from '../support/demo-service.js';
import { pay, session } from '../payments/support/payment-fixtures.js';

// The pickup queue lists a store's online orders not yet handed over, soonest promised first, with
// the customer's short name, each line's package, who picks and whether it is overdue. Sales rung
// up at a register are not in it.
const BASE = '/v2.0/dispensary/demo/ecommerce';
let service: DemoService;
let register: Record<string, string>;
let other: Record<string, string>;
let productIds: string[];

beforeAll(async () => {
  service = await demoService();
  const token = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-1');
  register = { ...DEMO_CLIENT, authorization: `Bearer ${token}` };
  other = { ...DEMO_CLIENT, authorization: `Bearer ${await login(service.app, 'manager', 'manager-demo-1')}` };
  productIds = (await products(service.app, 'p.deli = 0 AND k.on_hand_milli - k.reserved_milli >= 5000')).map(
    (product) => product.id,
  );
});
afterAll(() => service.close());

async function order(headers: Record<string, string>, lines: [number, number][], customerId?: string) {
  const response = await service.request({
    method: 'POST',
    url: `${BASE}/ticket`,
    headers,
    payload: {
      type: 'PICKUP',
      items: lines.map(([index, quantity]) => ({ productId: productIds[index], quantity })),
      ...(customerId ? { customerId } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Ticket>();
}

async function queue(): Promise<PickupQueue> {
  const response = await service.request({ method: 'GET', url: `${BASE}/pickup-queue`, headers: service.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PickupQueue>();
}
const listed = async (orderId: string): Promise<QueueOrder | undefined> =>
  (await queue()).orders.find((entry) => entry.orderId === orderId);
const move = (headers: Record<string, string>, orderId: string, status: string) =>
  service.request({ method: 'POST', url: `${BASE}/ticket/${orderId}/status`, headers, payload: { status } });

describe('the pickup queue', () => {
  it('says what an order paid in part holds (cash taken, the rest still to pay)', async () => {
    const online = await order(service.headers, [[0, 1]]);
    expect((await listed(online.orderId))!.paid).toBe('0.00');
    const opened = await session(service, service.token, {
      ticketAlphaNumId: online.orderNumber,
      originalAmount: Math.round(Number(online.total) * 100),
    });
    const cash = await pay(service, service.token, opened.sessionId, { paymentMethod: 'Cash', tenderedAmount: 500 });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(await listed(online.orderId)).toMatchObject({ paymentStatus: 'UNPAID', paid: '5.00', total: online.total });
  });

  it('lists an online order with its customer, lines and packages, and not a sale at a register', async () => {
    const person = samplePerson({ idNumber: 'Q1230001' });
    const created = await service.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/customers',
      headers: { authorization: service.headers.authorization! },
      payload: {
        firstName: 'Ada',
        lastName: 'lovelace',
        dateOfBirth: person.dateOfBirth,
        idType: 'drivers_licence',
        idNumber: person.idNumber,
        idJurisdiction: 'CA',
        idExpiry: person.expiry,
        customerType: 'adult_use',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const online = await order(
      service.headers,
      [
        [0, 2],
        [1, 1],
      ],
      created.json().customer.id,
    );
    expect(online).toMatchObject({ source: 'online' });
    const atRegister = await order(register, [[2, 1]]);
    expect(atRegister).toMatchObject({ source: 'register' });

    const entry = await listed(online.orderId);
    expect(entry).toMatchObject({
      orderNumber: online.orderNumber,
      fulfillmentStatus: 'AWAITING_PROCESSING',
      paymentStatus: 'UNPAID',
      customerName: 'Ada L.',
      totalItems: 3,
      total: online.total,
      placedAt: online.createdAt,
      promisedAt: online.promisedAt,
      picker: null,
    });
    expect(entry!.lines).toEqual(
      online.items.map((item) => ({
        lineIndex: item.lineIndex,
        productId: item.productId,
        brand: item.brand,
        name: item.name,
        quantity: item.quantity,
        unitType: item.unitType,
        deli: item.deli,
        packageId: item.packageId,
        packageLabel: item.packageLabel,
        originalQuantity: item.quantity,
      })),
    );
    expect(entry!.unavailableItems).toEqual([]);
    expect(await listed(atRegister.orderId)).toBeUndefined();
  });

  it('says what an order filled in part is short of: what was ordered, and each item not filled by name', async () => {
    // More than any shelf holds: the order takes what there is.
    const short = await order(service.headers, [
      [6, 100_000],
      [7, 1],
    ]);
    const [item] = short.unavailableItems;
    expect(item).toMatchObject({ requestedQuantity: 100_000, reason: 'INSUFFICIENT_STOCK' });
    const entry = await listed(short.orderId);
    const held = entry!.lines.find((line) => line.productId === item!.productId);
    expect(held).toMatchObject({ quantity: item!.availableQuantity, originalQuantity: 100_000 });
    expect(entry!.unavailableItems).toEqual([{ ...item, name: held!.name, unitType: held!.unitType, deli: false }]);
    const canceled = await service.request({
      method: 'POST',
      url: `${BASE}/ticket/${short.orderId}/cancel`,
      headers: service.headers,
      payload: { reason: 'Test: its stock goes back' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
  });

  it('is soonest promised first, names who picks, and drops an order once canceled', async () => {
    const first = await order(service.headers, [[3, 1]]);
    const second = await order(service.headers, [[3, 1]]);
    const orders = (await queue()).orders;
    const at = (id: string) => orders.findIndex((entry) => entry.orderId === id);
    expect(at(first.orderId)).toBeLessThan(at(second.orderId));
    for (const [index, entry] of orders.entries()) {
      if (index === 0) continue;
      const before = orders[index - 1]!;
      expect((before.promisedAt ?? before.placedAt) <= (entry.promisedAt ?? entry.placedAt)).toBe(true);
    }

    expect((await move(service.headers, first.orderId, 'IN_PROCESS')).statusCode).toBe(200);
    // The picker as people read them everywhere else: the user's display name, not their login.
    expect(await listed(first.orderId)).toMatchObject({ fulfillmentStatus: 'IN_PROCESS', picker: 'Casey Cashier' });
    const cancel = await service.request({
      method: 'POST',
      url: `${BASE}/ticket/${second.orderId}/cancel`,
      headers: service.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await listed(second.orderId)).toBeUndefined();
  });

  it('tells the register that lost a race to start an order who has it', async () => {
    const made = await order(service.headers, [[4, 1]]);
    const [one, two] = await Promise.all([
      move(register, made.orderId, 'IN_PROCESS'),
      move(other, made.orderId, 'IN_PROCESS'),
    ]);
    const codes = [one.statusCode, two.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const winner = one.statusCode === 200 ? 'Casey Cashier' : 'Morgan Manager';
    const lost = one.statusCode === 409 ? one : two;
    expect(lost.json().resultDetail).toBe(`order ${made.orderNumber} is already being picked by ${winner}`);
    expect(await listed(made.orderId)).toMatchObject({ picker: winner });
  });

  it('packs an order once when two registers pack it at once; the other is told', async () => {
    const made = await order(service.headers, [[4, 1]]);
    expect((await move(register, made.orderId, 'IN_PROCESS')).statusCode).toBe(200);
    const [one, two] = await Promise.all([
      move(register, made.orderId, 'PACKED_READY'),
      move(other, made.orderId, 'PACKED_READY'),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const lost = one.statusCode === 409 ? one : two;
    expect(lost.json().resultDetail).toBe(`order ${made.orderNumber} is already packed and ready for pickup`);
    expect(await listed(made.orderId)).toMatchObject({ fulfillmentStatus: 'PACKED_READY', picker: 'Casey Cashier' });
  });

  it('marks an order not packed by its promised time as overdue', async () => {
    const made = await order(service.headers, [[5, 1]]);
    const entry = (await listed(made.orderId))!;
    const promised = entry.promisedAt === null ? null : new Date(entry.promisedAt);
    expect(entry.overdue).toBe(promised !== null && promised.getTime() < Date.now());
    await execute(
      service.app,
      sql`UPDATE orders SET promised_at = ${'2026-01-01T12:00:00.000Z'} WHERE id = ${made.orderId}`,
    );
    expect(await listed(made.orderId)).toMatchObject({ overdue: true });
    await move(service.headers, made.orderId, 'IN_PROCESS');
    expect(await listed(made.orderId)).toMatchObject({ overdue: true });
    await move(service.headers, made.orderId, 'PACKED_READY');
    expect(await listed(made.orderId)).toMatchObject({ overdue: false, fulfillmentStatus: 'PACKED_READY' });
  });
});
