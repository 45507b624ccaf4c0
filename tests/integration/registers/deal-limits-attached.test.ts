import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { startService, type ServiceProcess } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { call, instanceArgs, signIn } from '../store-server/two-instances.js';
import {
  attachedRegister,
  linkOf,
  productWithAt,
  reading,
  waitUntilSent,
  type AttachedRegister,
} from './register-sales.js';

// A deal with use limits at an attached register (README "Deals", "Selling offline"): online, the
// register prices with the uses its store server counts (the server's sales, the other registers'),
// so a code used up at the server is not applied at the register either, in the server's words;
// offline, the register counts its own, and a sale it made past a limit is taken as made and listed.
let database: TestDatabase;
let server: ServiceProcess;
let register: AttachedRegister;
let manager: string;
let productId: string;

beforeAll(async () => {
  database = await freshDatabase();
  server = await startService(instanceArgs(database));
  manager = await signIn(server, 'manager');
  register = await attachedRegister(server, 'front-41');
  productId = await productWithAt(server, manager, 10);
}, 90_000);
afterAll(async () => {
  await register?.remove();
  await server?.stop();
  await database?.drop();
});

const basket = (code: string, customerId?: string) => ({
  type: 'PICKUP',
  customerId,
  promoCodes: [code],
  items: [{ productId, quantity: 1 }],
});

/** A quote or a sale at the register. */
async function atRegister(path: 'ticket' | 'ticket/quote', body: object): Promise<Ticket> {
  const { till } = register;
  const answer = await fetch(`${register.service.url}/v2.0/dispensary/demo/ecommerce/${path}`, {
    method: 'POST',
    headers: {
      ...till.client,
      authorization: `Bearer ${till.token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify(body),
  });
  expect(answer.status, await answer.clone().text()).toBe(path === 'ticket' ? 201 : 200);
  return (await answer.json()) as Ticket;
}

/** A quote or a sale at the server. */
async function atServer(path: 'ticket' | 'ticket/quote', body: object): Promise<Ticket> {
  const answer = await call(server, `/v2.0/dispensary/demo/ecommerce/${path}`, { token: manager, client: true, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(path === 'ticket' ? 201 : 200);
  return answer.body as unknown as Ticket;
}

/** A deal of $5.00 off the product with `code`, once it reached the register. */
async function addDeal(name: string, code: string, limits: object): Promise<string> {
  const added = await call(server, '/v2.0/dispensary/demo/setup/deals', {
    token: manager,
    body: {
      name,
      kind: 'amount',
      amountCents: 500,
      trigger: 'code',
      code,
      scope: { productIds: [productId], brands: [], categories: [], tags: [] },
      ...limits,
    },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const dealId = (added.body as { deal: { id: string } }).deal.id;
  await expect
    .poll(
      () =>
        reading({ dataDir: register.dir }, (db) =>
          db.all(db.builder.selectFrom('deals').select('id').where('id', '=', dealId)),
        ),
      {
        timeout: 20_000,
      },
    )
    .toHaveLength(1);
  return dealId;
}

/** A customer added at the server, once the register has them. */
async function customer(firstName: string, idNumber: string): Promise<string> {
  const added = await call(server, '/v2.0/dispensary/demo/customers', {
    token: manager,
    body: {
      firstName,
      lastName: 'Diaz',
      dateOfBirth: '1985-06-20',
      idType: 'drivers_licence',
      idNumber,
      idJurisdiction: 'CA',
      idExpiry: '2035-06-20',
      customerType: 'adult_use',
    },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const id = (added.body as { customer: { id: string } }).customer.id;
  await expect
    .poll(
      () =>
        reading({ dataDir: register.dir }, (db) =>
          db.all(db.builder.selectFrom('customers').select('id').where('id', '=', id)),
        ),
      {
        timeout: 20_000,
      },
    )
    .toHaveLength(1);
  return id;
}

const codeOf = (ticket: Ticket) => ticket.codes?.[0];

describe('deals with use limits at an attached register', { timeout: 180_000 }, () => {
  it('online: a deal used up at the server is not applied at the register, in the same words, nor held', async () => {
    await addDeal('Once per customer', 'ONCE5', { perCustomerLimit: 1 });
    const ana = await customer('Ana', 'D6100001');
    expect(codeOf(await atServer('ticket', basket('ONCE5', ana)))).toMatchObject({ applied: true });
    const there = await atServer('ticket/quote', basket('ONCE5', ana));
    expect(codeOf(there)).toEqual({
      code: 'ONCE5',
      applied: false,
      words: 'ONCE5 (Once per customer) has been used as many times as it may be (once per customer)',
    });
    const quoted = await atRegister('ticket/quote', basket('ONCE5', ana));
    expect({ total: quoted.total, code: codeOf(quoted) }).toEqual({ total: there.total, code: codeOf(there) });
    const sold = await atRegister('ticket', basket('ONCE5', ana));
    expect({ total: sold.total, code: codeOf(sold), deals: sold.deals }).toEqual({
      total: there.total,
      code: codeOf(there),
      deals: [],
    });
    await waitUntilSent(register.till);
    // Forwarded without the deal: Ana's one use is the server's sale, and nothing is listed.
    const exceptions = await call(server, '/v2.0/dispensary/demo/setup/registers/exceptions', { token: manager });
    expect(JSON.stringify(exceptions.body)).not.toContain('deal_past_limit');
  });

  it('online: a deal used up in all at the server is not applied at the register, nor listed there', async () => {
    const dealId = await addDeal('Twice in all', 'TWICE', { totalLimit: 2 });
    expect(codeOf(await atServer('ticket', basket('TWICE')))).toMatchObject({ applied: true });
    // The register's sale takes the last use (held at the server, then its forwarded sale's own).
    expect(codeOf(await atRegister('ticket', basket('TWICE')))).toMatchObject({ applied: true });
    await waitUntilSent(register.till);
    const there = await atServer('ticket/quote', basket('TWICE'));
    expect(codeOf(there)?.words).toBe('TWICE (Twice in all) has been used as many times as it may be (2 times in all)');
    const quoted = await atRegister('ticket/quote', basket('TWICE'));
    expect({ total: quoted.total, code: codeOf(quoted) }).toEqual({ total: there.total, code: codeOf(there) });
    // Counted once: two orders used it, and the register's hold of its use is gone.
    const uses = await reading(database.config, (db) =>
      db.all(db.builder.selectFrom('deal_uses').select('order_id').where('deal_id', '=', dealId)),
    );
    expect(uses).toHaveLength(2);
    const held = await reading(database.config, (db) =>
      db.all(db.builder.selectFrom('deal_use_holds').select('hold_id')),
    );
    expect(held).toEqual([]);
    const { till } = register;
    const menu = await fetch(`${register.service.url}/v2.0/dispensary/demo/ecommerce/deals`, {
      headers: { ...till.client, authorization: `Bearer ${till.token}` },
    });
    const listed = ((await menu.json()) as { deals: { name: string }[] }).deals.map((deal) => deal.name);
    expect(listed).not.toContain('Twice in all');
  });

  it('offline: the register counts its own uses, and a sale past a limit is taken as made and listed', async () => {
    await addDeal('Once offline', 'ONCE6', { perCustomerLimit: 1 });
    const ben = await customer('Ben', 'D6100002');
    expect(codeOf(await atServer('ticket', basket('ONCE6', ben)))).toMatchObject({ applied: true });
    const port = server.port;
    await server.stop();
    await expect.poll(async () => (await linkOf(register.till)).reachable, { timeout: 5_000 }).toBe(false);
    const sold = await atRegister('ticket', basket('ONCE6', ben));
    expect(codeOf(sold)).toMatchObject({ applied: true });
    server = await startService(instanceArgs(database), { port });
    await waitUntilSent(register.till);
    const exceptions = await call(server, '/v2.0/dispensary/demo/setup/registers/exceptions', { token: manager });
    const listed = (exceptions.body as { exceptions: { kind: string; orderId: string; detail: string }[] }).exceptions;
    expect(listed.filter((exception) => exception.kind === 'deal_past_limit')).toEqual([
      expect.objectContaining({
        orderId: sold.orderId,
        detail: `front-41 sold order ${sold.orderNumber} with Once offline ($5.00 off) while it could not count the deal's uses here: the deal may be used once per customer, and Ben D. had used it once already. The sale stands as made`,
      }),
    ]);
    // The sale stands with its discount.
    const forwarded = await reading(database.config, (db) =>
      db.all(db.builder.selectFrom('order_items').select('deal_discounts').where('order_id', '=', sold.orderId)),
    );
    expect(forwarded.map((row) => JSON.parse(row.deal_discounts))).toEqual([
      [expect.objectContaining({ name: 'Once offline', amountCents: 500 })],
    ]);
  });
});
