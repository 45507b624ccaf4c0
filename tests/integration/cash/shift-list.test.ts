import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShiftList, ShiftView } from '../../../shared/contracts/cash.js';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { drawer, loginAt, reportOf, shiftOf } from './support/drawer-fixtures.js';

// The demo store is in America/Los_Angeles (UTC-8 in November): a shift opened at 07:30 UTC on the
// 21st was opened at 23:30 on the 20th, the store's day it is listed under.
let clock = new Date('2026-11-20T16:00:00Z');
let service: PaymentHarness;
let front1: string;
let front2: string;
let manager: string;
const shifts: Record<'s1' | 's2' | 's3' | 's4', ShiftView> = {} as never;

const at = (iso: string) => {
  clock = new Date(iso);
};
const list = (query = '', token = manager) =>
  service.request({
    method: 'GET',
    url: `/v2.0/dispensary/demo/drawers/shifts${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
const ids = async (query: string) => {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ShiftList>().shifts.map((shift) => shift.id);
};

beforeAll(async () => {
  service = await paymentService({ now: () => clock, tokenTtlSeconds: 7 * 86_400 });
  front1 = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-1');
  front2 = await loginAt(service.app, 'manager', 'manager-demo-1', 'front-2');
  manager = service.tokens.manager;
  const paidIn = { kind: 'paid_in', amount: 2500, reason: 'Change from the bank' };

  at('2026-11-20T17:00:00Z');
  shifts.s1 = shiftOf(await drawer(service, front1, 'front-1', 'open', { amount: 10000 }))!;
  at('2026-11-20T18:00:00Z');
  expect((await drawer(service, front1, 'front-1', 'movements', paidIn)).statusCode).toBe(201);
  at('2026-11-20T22:00:00Z');
  reportOf(await drawer(service, front1, 'front-1', 'close', { amount: 12500 }));

  at('2026-11-21T07:30:00Z');
  shifts.s2 = shiftOf(await drawer(service, front2, 'front-2', 'open', { amount: 5000 }))!;
  at('2026-11-21T08:30:00Z');
  reportOf(await drawer(service, front2, 'front-2', 'close', { amount: 4900 }));

  at('2026-11-21T17:00:00Z');
  shifts.s3 = shiftOf(await drawer(service, front1, 'front-1', 'open', { amount: 10000, blind: true }))!;
  expect((await drawer(service, front1, 'front-1', 'movements', paidIn)).statusCode).toBe(201);
  at('2026-11-21T18:00:00Z');
  shifts.s4 = shiftOf(await drawer(service, front2, 'front-2', 'open', { amount: 7500 }))!;
}, 60_000);
afterAll(() => service.close());

describe("the back office's shift list", () => {
  it('lists open drawers with their expected cash and past shifts with over/short, newest first', async () => {
    const response = await list();
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<ShiftList>();
    expect(page.nextCursor).toBeNull();
    expect(page.shifts.map((shift) => shift.id)).toEqual([shifts.s4.id, shifts.s3.id, shifts.s2.id, shifts.s1.id]);
    const [s4, s3, s2, s1] = page.shifts;
    expect(s4).toMatchObject({ terminalId: 'front-2', status: 'open', expected: 7500, overShort: null });
    // Blind for the cashier, not for the manager reading the list.
    expect(s3).toMatchObject({ terminalId: 'front-1', status: 'open', blind: true, expected: 12500, zNumber: null });
    expect(s2).toMatchObject({ status: 'closed', expected: 5000, counted: 4900, overShort: -100, zNumber: 1 });
    expect(s1).toMatchObject({
      status: 'closed',
      openedBy: { name: 'Casey Cashier' },
      closedAt: '2026-11-20T22:00:00.000Z',
      expected: 12500,
      overShort: 0,
      zNumber: 1,
    });
  });

  it("filters by the store's day, register, cashier and status", async () => {
    expect(await ids('?day=2026-11-20')).toEqual([shifts.s2.id, shifts.s1.id]);
    expect(await ids('?day=2026-11-21')).toEqual([shifts.s4.id, shifts.s3.id]);
    expect(await ids('?day=2026-11-22')).toEqual([]);
    expect(await ids('?terminal=front-1')).toEqual([shifts.s3.id, shifts.s1.id]);
    expect(await ids(`?cashier=${shifts.s1.openedBy.id}`)).toEqual([shifts.s3.id, shifts.s1.id]);
    expect(await ids('?status=open')).toEqual([shifts.s4.id, shifts.s3.id]);
    expect(await ids('?status=closed&terminal=front-2&day=2026-11-20')).toEqual([shifts.s2.id]);
  });

  it('pages newest first with the cursor, each shift once', async () => {
    const seen: string[] = [];
    let before = '';
    for (let pages = 0; pages < 10; pages += 1) {
      const response = await list(`?limit=1${before}`);
      const page = response.json<ShiftList>();
      seen.push(...page.shifts.map((shift) => shift.id));
      if (page.nextCursor === null) break;
      before = `&before=${page.nextCursor}`;
    }
    expect(seen).toEqual([shifts.s4.id, shifts.s3.id, shifts.s2.id, shifts.s1.id]);
    const filtered = await list('?limit=1&status=closed');
    const next = filtered.json<ShiftList>().nextCursor!;
    expect(await ids(`?limit=1&status=closed&before=${next}`)).toEqual([shifts.s1.id]);
    // The cursor pages the closed shifts, and no list of other filters.
    const other = await list(`?limit=1&status=closed&terminal=front-2&before=${next}`);
    expect(other.statusCode).toBe(400);
    expect(other.json().resultDetail).toBe(
      'before belongs to a list with other filters: start again from the first page',
    );
  });

  it('is for managers, and refuses a day or cursor it cannot read, saying why', async () => {
    const cashier = await list('', front1);
    expect(cashier.statusCode).toBe(403);
    expect(cashier.json().resultDetail).toBe('the cashier role does not have the store:manage permission');
    const unreal = await list('?day=2026-02-30');
    expect(unreal.statusCode).toBe(400);
    expect(unreal.json().resultDetail).toBe('day must be a real date (YYYY-MM-DD)');
    const cursor = await list('?before=nonsense');
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().resultDetail).toBe(
      'before is not a nextCursor this service issued: start again from the first page',
    );
    expect((await list('?status=lost')).statusCode).toBe(400);
    // The register routes still answer for a register's own drawer.
    expect(shiftOf(await drawer(service, front1, 'front-1', ''))!.id).toBe(shifts.s3.id);
  });
});
