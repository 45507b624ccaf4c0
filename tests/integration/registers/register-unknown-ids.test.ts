import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../../electron/server/demo/load-demo.js';
import { login, testApp } from '../support/demo-service.js';
import { enrolledRegister } from '../support/registers.js';

// A register's routes at its store server, sent ids the server does not know for this store (a
// package of no store, a package of the sister store) or a package named twice: each answers in
// words (4xx), holds nothing, and never fails inside the database.
let app: FastifyInstance;
let basic: string;
const packages = { demo: '', sister: '' };

const packageOf = async (shortName: string) => {
  const { db } = app.ctx;
  const row = await db.first(
    db.builder
      .selectFrom('packages as k')
      .innerJoin('locations as l', 'l.id', 'k.location_id')
      .innerJoin('dispensaries as d', 'd.id', 'l.dispensary_id')
      .select('k.id')
      .where('d.short_name', '=', shortName)
      .where((e) => e('k.on_hand_milli', '>=', 10_000))
      .orderBy('k.id')
      .limit(1),
  );
  return row!.id;
};
const reserved = async () => {
  const { db } = app.ctx;
  const rows = await db.all(db.builder.selectFrom('packages').select(['id', 'reserved_milli as reserved']));
  return Object.fromEntries(rows.map((row) => [row.id, Number(row.reserved)]));
};
const holdsCount = async () =>
  Number(
    (await app.ctx.db.first(app.ctx.db.builder.selectFrom('stock_holds').select((e) => e.fn.countAll().as('n'))))!.n,
  );

const asRegister = (options: InjectOptions) =>
  app.inject({ ...options, headers: { ...options.headers, authorization: basic } });
const hold = (reservations: { packageId: string; milli: number }[]) =>
  asRegister({ method: 'POST', url: '/v2.0/register/holds', payload: { holdId: randomUUID(), reservations } });

beforeAll(async () => {
  app = await testApp();
  await loadDemoData(app.ctx.db, new Date(), { stores: 2 });
  const manager = await login(app, 'manager', 'manager-demo-1');
  basic = (await enrolledRegister(app, manager, 'front-9')).authorization;
  packages.demo = await packageOf('demo');
  packages.sister = await packageOf('demo-2');
});
afterAll(() => app.close());

/** A refusal in the one shape, with a sentence matching `detail`. */
function expectRefused(answer: { statusCode: number; body: string }, status: number, detail: RegExp): void {
  expect(answer.statusCode, answer.body).toBe(status);
  expect(JSON.parse(answer.body)).toMatchObject({ resultCode: 'FAIL', resultDetail: expect.stringMatching(detail) });
}

describe("a register's hold of packages its store does not have", () => {
  it('a package of no store, of the sister store, with units or none: 400 naming it, nothing held', async () => {
    const before = await reserved();
    const unknown = 'not-a-package-here';
    for (const milli of [0, 1000]) {
      expectRefused(
        await hold([{ packageId: unknown, milli }]),
        400,
        /^reservations\[0\]\.packageId "not-a-package-here" is not a package of this store$/,
      );
      expectRefused(
        await hold([
          { packageId: packages.demo, milli: 1000 },
          { packageId: packages.sister, milli },
        ]),
        400,
        new RegExp(`^reservations\\[1\\]\\.packageId "${packages.sister}" is not a package of this store$`),
      );
    }
    expect(await reserved()).toEqual(before);
    expect(await holdsCount()).toBe(0);
  });

  it('a package named twice is held once, for the units of both', async () => {
    const before = (await reserved())[packages.demo]!;
    const answer = await hold([
      { packageId: packages.demo, milli: 1000 },
      { packageId: packages.demo, milli: 2000 },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ held: true });
    expect((await reserved())[packages.demo]).toBe(before + 3000);
  });
});

describe("a register's other routes, sent ids its store does not have", () => {
  it('its orders: unknown ids and malformed versions are not answered, nothing fails', async () => {
    const answer = await asRegister({
      method: 'POST',
      url: '/v2.0/register/orders',
      payload: {
        orders: [
          { id: 'no-such-order', version: 'x' },
          { id: randomUUID(), version: '\u00e9' },
        ],
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ orders: [], payments: [] });
  });

  it("a customer's purchases: an unknown customer has none", async () => {
    const query = new URLSearchParams({
      customerId: 'no-such-customer',
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-01-02T00:00:00.000Z',
    });
    const answer = await asRegister({ method: 'GET', url: `/v2.0/register/purchases?${query}` });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ lines: [] });
  });

  it('a hold given back that is not known: nothing released', async () => {
    const answer = await asRegister({ method: 'DELETE', url: `/v2.0/register/holds/${randomUUID()}` });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ released: 0 });
  });
});
