import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawerReport } from '../../../shared/contracts/cash.js';
import {
  createTicket,
  pay,
  paymentService,
  session,
  waitForSession,
  type PaymentHarness,
} from '../payments/support/payment-fixtures.js';
import { drawer, loginAt, reportOf } from './support/drawer-fixtures.js';

// README "Pole display": the display signs in at its register (renderer/display/logic/display-session.ts
// names it at login), so a payment the customer makes on it is the register's: cash back of a cashless
// ATM payment is refused while the register's drawer is closed, and joins its open shift otherwise.
let service: PaymentHarness;
let display: string;
let manager: string;

beforeAll(async () => {
  service = await paymentService();
  display = await loginAt(service.app, 'display', 'display-demo-1', 'front-1');
  manager = await loginAt(service.app, 'manager', 'manager-demo-1', 'front-1');
}, 60_000);
afterAll(() => service?.close());

describe('a payment on the pole display of register front-1', () => {
  it('refuses a cashless ATM payment (cash back from the drawer) while the drawer is closed', async () => {
    const ticket = await createTicket(service, 1, 3);
    const opened = await session(service, display, {
      channel: 'ffd',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const refused = await pay(service, display, opened.sessionId, { paymentMethod: 'ATM' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ resultReason: 'DRAWER_CLOSED' });
  });

  it('belongs to the register’s open shift, its cash back counted in the drawer', async () => {
    await drawer(service, manager, 'front-1', 'open', { amount: 20_000 });
    const ticket = await createTicket(service, 1, 3);
    const opened = await session(service, display, {
      channel: 'ffd',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const answer = await pay(service, display, opened.sessionId, { paymentMethod: 'ATM' });
    expect(answer.statusCode, answer.body).toBe(202);
    const done = await waitForSession(service, display, opened.sessionId, (s) => s.status === 'completed');
    const cashback = done.payments[0]!.cashbackAmount;
    expect(cashback).toBeGreaterThan(0);
    const x: DrawerReport = reportOf(await drawer(service, manager, 'front-1', 'x-report'));
    expect(x.flows!.cashBack).toBe(cashback);
    expect(x.shift.expected).toBe(20_000 - cashback);
    expect(x.sales!.sales).toBe(1);
    expect(x.sales!.byMethod).toMatchObject([{ method: 'ATM', count: 1, cashback }]);
  });
});
