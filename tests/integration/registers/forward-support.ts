import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { DEMO } from '../../../electron/server/demo/load-demo.js';
import type { EnrolledRegister } from '../../../shared/contracts/registers.js';
import { products, setStock } from '../support/catalog-fixtures.js';
import { demoService, login, type DemoService } from '../support/demo-service.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { registerAuthorization } from '../support/registers.js';

/**
 * A store server (the demo, on a fresh database of the engine under test) with a register enrolled
 * at it, whose forwards a test writes by hand: as text, so a number JSON cannot write exactly
 * (2^53 + 1, four hundred digits) reaches the server as the register sent it.
 */
export interface ForwardHarness {
  service: DemoService;
  register: EnrolledRegister;
  /** A package of the demo store with a stock the test set, and its product. */
  pkg: { id: string; productId: string };
  /** The demo store's time zone (the words of shifts and exceptions are in it). */
  timeZone: string;
  /** Sends a forward body, as text, with the register's credentials. */
  send(body: string): Promise<LightMyRequestResponse>;
  /** Sends queue `queue`'s `records` after change `after`, which must be answered 200: its answer. */
  applied(queue: string, after: number, records: string[]): Promise<ForwardAnswer>;
  /** The package's stock now, in thousandths: on hand, reserved, and what open orders hold beyond it. */
  stock(): Promise<{ onHandMilli: number; reservedMilli: number; shortMilli: number }>;
  /** The register's Z number at the server (a forwarded row with a number), or null. */
  zNumber(): Promise<number | null>;
  /** The store's exceptions report of forwarded sales, newest first. */
  exceptions(): Promise<{ kind: string; seq: number; detail: string }[]>;
  /** How many exceptions the server has written down for the register, by kind. */
  exceptionCounts(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/** What a forward applied answers. */
export interface ForwardAnswer {
  forwardedSeq: number;
  applied: number;
  exceptions: number;
}

export async function forwardHarness(onHandMilli: number): Promise<ForwardHarness> {
  const database: TestDatabase = await freshDatabase();
  const service = await demoService(database.config);
  const manager = await login(service.app, 'manager', 'manager-demo-1');
  const setup = (method: 'GET' | 'POST', path: string, payload?: object) =>
    service.request({
      method,
      url: `/v2.0/dispensary/demo/setup${path}`,
      headers: { authorization: `Bearer ${manager}` },
      ...(payload ? { payload } : {}),
    });
  const enrolled = await setup('POST', '/registers', { name: 'front-1' });
  expect(enrolled.statusCode, enrolled.body).toBe(200);
  const register = enrolled.json<EnrolledRegister>();
  const [product] = await products(service.app, 'p.deli = 0');
  await setStock(service.app, product!.id, onHandMilli);
  const authorization = registerAuthorization(register.register.registerId, register.secret);
  const { db } = service.app.ctx;
  const store = await db.first(
    db.builder.selectFrom('dispensaries').select('timezone').where('id', '=', DEMO.dispensaryId),
  );
  const send = (body: string) =>
    service.request({
      method: 'POST',
      url: '/v2.0/register/forward',
      headers: { authorization, 'content-type': 'application/json' },
      payload: body,
    });
  return {
    service,
    register,
    pkg: { id: product!.packageId, productId: product!.id },
    timeZone: store!.timezone,
    send,
    applied: async (queue, after, records) => {
      const answer = await send(forwardBody(queue, String(after), records));
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<ForwardAnswer>();
    },
    stock: async () => {
      const row = await db.first(
        db.builder
          .selectFrom('packages')
          .select(['on_hand_milli as on', 'reserved_milli as reserved', 'short_milli as short'])
          .where('id', '=', product!.packageId),
      );
      return { onHandMilli: Number(row!.on), reservedMilli: Number(row!.reserved), shortMilli: Number(row!.short) };
    },
    zNumber: async () => {
      const row = await db.first(
        db.builder
          .selectFrom('cash_z_counters')
          .select('last')
          .where('dispensary_id', '=', DEMO.dispensaryId)
          .where('terminal_id', '=', 'front-1'),
      );
      return row ? Number(row.last) : null;
    },
    exceptions: async () => {
      const answer = await setup('GET', '/registers/exceptions');
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ exceptions: { kind: string; seq: number; detail: string }[] }>().exceptions;
    },
    exceptionCounts: async () => {
      const rows = await db.all(
        db.builder
          .selectFrom('forward_exceptions')
          .select((e) => ['kind', e.fn.countAll<number>().as('n')])
          .groupBy('kind'),
      );
      return Object.fromEntries(rows.map((row) => [row.kind, Number(row.n)]));
    },
    close: async () => {
      await service.close();
      await database.drop();
    },
  };
}

/** A stock change of `pkg` as a register's queue writes it; numbers as text, written as they are. */
export const stockRecord = (packageId: string, seq: string, onHandDelta: string, reservedDelta = '0') =>
  `{"seq":${seq},"table":"packages","op":"stock","row":{"id":"${packageId}"},` +
  `"onHandDelta":${onHandDelta},"reservedDelta":${reservedDelta}}`;

/** The register's Z number (`cash_z_counters.last`), a row with a number of its own. */
export const zRecord = (seq: string, last: string) =>
  `{"seq":${seq},"table":"cash_z_counters","op":"upsert",` +
  `"row":{"dispensary_id":"${DEMO.dispensaryId}","terminal_id":"front-1","last":${last}}}`;

/** A forward body of queue `queueId` after change `after` (text, as it is sent), its records as text. */
export const forwardBody = (queueId: string, after: string, records: string[], keptFrom?: string) =>
  `{"queueId":"${queueId}","after":${after},"records":[${records.join(',')}]${keptFrom ? `,"keptFrom":${keptFrom}` : ''}}`;

/** A change of a row, as a register's queue writes it. */
export const upsert = (seq: number, table: string, row: Record<string, unknown>) =>
  JSON.stringify({ seq, table, op: 'upsert', row });

/** When the drawer shifts of `shift` opened. */
export const OPENED_AT = '2026-03-02T17:00:00.000Z';

/** A drawer shift of register front-1 as its register sends it: open with a $100.00 float, unless `closed`. */
export const shift = (id: string, closed?: { z: number; counted: number; expected: number }) => ({
  id,
  organization_id: DEMO.organizationId,
  dispensary_id: DEMO.dispensaryId,
  terminal_id: 'front-1',
  status: closed ? 'closed' : 'open',
  blind: 0,
  opened_by_id: 'cashier-id',
  opened_by_name: 'Casey Cashier',
  opened_at: OPENED_AT,
  float_cents: 10_000,
  ...(closed && {
    closed_by_id: 'cashier-id',
    closed_by_name: 'Casey Cashier',
    closed_at: '2026-03-02T23:00:00.000Z',
    counted_cents: closed.counted,
    expected_cents: closed.expected,
    over_short_cents: closed.counted - closed.expected,
    z_number: closed.z,
    z_flows: '{}',
  }),
});

/** A paid-in of `cents` on shift `shiftId`, as its register sends it. */
export const paidIn = (id: string, shiftId: string, cents: number) => ({
  id,
  shift_id: shiftId,
  kind: 'paid_in',
  amount_cents: cents,
  reason: 'Change from the bank',
  actor_id: 'cashier-id',
  actor_name: 'Casey Cashier',
  at: '2026-03-02T18:00:00.000Z',
});
