import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTicket,
  pay,
  paymentService,
  presentCard,
  session,
  waitForSession,
  type PaymentHarness,
  type PayResponse,
} from '../payments/support/payment-fixtures.js';
import { cents } from '../support/demo-service.js';
import { atmSale, cashSale, drawer, loginAt, pinPadSale, reportOf, shiftOf } from './support/drawer-fixtures.js';

let service: PaymentHarness;
let front1: string;
let front2: string;
let managerAtFront1: string;
beforeAll(async () => {
  // The PIN pad waits ten minutes: each card sale presents its card (the sandbox's tap).
  service = await paymentService({ pinpadDelayMs: 600_000 });
  front1 = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-1');
  front2 = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-2');
  managerAtFront1 = await loginAt(service.app, 'manager', 'manager-demo-1', 'front-1');
});
afterAll(() => service.close());

// $200.00 counted by denomination: 5 × $20, 5 × $10, 6 × $5, 10 × $1, 40 quarters.
const FLOAT_COUNT = { bill20: 5, bill10: 5, bill5: 6, bill1: 10, coin25: 40 };

describe('a register drawer over a shift', () => {
  it('opens, sells for cash and ATM, refunds, drops, pays out and closes $5 short with Z number 1', async () => {
    const opened = shiftOf(await drawer(service, front1, 'front-1', 'open', { count: FLOAT_COUNT }));
    expect(opened).toMatchObject({ status: 'open', float: 20000, floatCount: FLOAT_COUNT, expected: 20000 });
    expect(opened!.openedBy.name).toBe('Casey Cashier');

    const again = await drawer(service, front1, 'front-1', 'open', { amount: 100 });
    expect(again.statusCode).toBe(409);
    expect(again.json().resultDetail).toBe(
      'register front-1 already has an open drawer: close it before opening another',
    );

    const sale = await cashSale(service, front1, 0, 1000);
    expect(sale.changeDue).toBe(1000);
    const atm = await atmSale(service, front1, 1, { tap: true });
    expect(atm.cashbackAmount).toBeGreaterThan(0);
    const credit = await pinPadSale(service, front1, 5, 'Credit', { tap: true });
    const refunded = await cashSale(service, front1, 2, 0);
    const refund = await service.request({
      method: 'POST',
      url: `/v2.0/payments/${refunded.id}/refund`,
      headers: { authorization: `Bearer ${managerAtFront1}` },
      payload: { amount: 500 },
    });
    expect(refund.statusCode, refund.body).toBe(200);

    const drop = await drawer(service, front1, 'front-1', 'movements', {
      kind: 'safe_drop',
      amount: 10000,
      reason: 'Drawer over $300',
    });
    expect(drop.statusCode, drop.body).toBe(201);
    expect(drop.json().movement).toMatchObject({ kind: 'safe_drop', amount: 10000, by: { name: 'Casey Cashier' } });
    const paidOut = await drawer(service, front1, 'front-1', 'movements', {
      kind: 'paid_out',
      amount: 1250,
      reason: 'Window cleaner',
      // The demo store's cash policy: a cashier's paid-out needs a manager's PIN.
      approval: { username: 'manager', pin: '2580' },
    });
    expect(paidOut.statusCode, paidOut.body).toBe(201);

    const flows = {
      float: 20000,
      cashTendered: sale.tenderedAmount! + refunded.tenderedAmount!,
      changeGiven: 1000,
      cashBack: atm.cashbackAmount,
      cashRefunds: 500,
      paidIn: 0,
      paidOut: 1250,
      safeDrops: 10000,
    };
    const expected = 20000 + sale.chargedAmount + refunded.chargedAmount - atm.cashbackAmount - 500 - 1250 - 10000;
    const x = reportOf(await drawer(service, front1, 'front-1', 'x-report'));
    expect(x).toMatchObject({ kind: 'X', flows, shift: { status: 'open', expected, zNumber: null } });
    const sold = [sale, atm, credit, refunded];
    expect(x.sales).toMatchObject({
      byMethod: [
        { method: 'Credit', count: 1, amount: credit.originalAmount, refundCount: 0, voidCount: 0 },
        { method: 'ATM', count: 1, amount: atm.originalAmount, cashback: atm.cashbackAmount, refundCount: 0 },
        {
          method: 'Cash',
          count: 2,
          amount: sale.originalAmount + refunded.originalAmount,
          refundCount: 1,
          refunded: 500,
        },
      ],
      sales: 4,
      customers: 4,
      discounts: 0,
      rewardDollars: 0,
      tips: 0,
    });
    // The taxes by layer add up to the orders' taxes, to the cent; the demo's cannabis pays all three.
    const layers = x.sales!.taxes;
    expect(layers.map((layer) => layer.name)).toEqual([
      'California cannabis excise tax',
      'Local sales tax',
      'State sales tax',
    ]);
    let ordersTax = 0;
    for (const payment of sold) {
      const order = await service.request({
        method: 'GET',
        url: `/v2.0/dispensary/demo/ecommerce/ticket/${payment.ticketId}`,
        headers: service.headers,
      });
      ordersTax += cents(order.json<{ tax: string }>().tax);
    }
    expect(ordersTax).toBeGreaterThan(0);
    expect(layers.reduce((sum, layer) => sum + layer.amount, 0)).toBe(ordersTax);
    expect(x.movements.map((movement) => movement.kind)).toEqual(['safe_drop', 'paid_out']);
    expect(shiftOf(await drawer(service, front1, 'front-1', ''))!.expected).toBe(expected);

    const z = reportOf(await drawer(service, front1, 'front-1', 'close', { amount: expected - 500 }));
    expect(z).toMatchObject({
      kind: 'Z',
      flows,
      shift: { status: 'closed', counted: expected - 500, expected, overShort: -500, zNumber: 1 },
    });
    expect(z.sales).toEqual(x.sales);
    // Every drawer action is in the manager's audit trail, at the drawer's register.
    const trail = await service.request({
      method: 'GET',
      url: '/v2.0/audit?dispensaryShortName=demo',
      headers: { authorization: `Bearer ${service.tokens.manager}` },
    });
    const drawerEvents = trail
      .json<{ events: { action: string; amount: number; reason: string; terminalId: string }[] }>()
      .events.filter((event) => event.action.startsWith('drawer_'));
    expect(drawerEvents).toMatchObject([
      { action: 'drawer_opened', amount: 20000, terminalId: 'front-1', reason: '' },
      { action: 'drawer_safe_drop', amount: 10000, terminalId: 'front-1', reason: 'Drawer over $300' },
      {
        action: 'drawer_paid_out',
        amount: 1250,
        terminalId: 'front-1',
        reason: 'Window cleaner (approved by Morgan Manager)',
      },
      { action: 'drawer_closed', amount: expected - 500, terminalId: 'front-1' },
    ]);
    expect(drawerEvents.at(-1)!.reason).toMatch(
      /^Z 1: counted \$[\d,]+\.\d\d, expected \$[\d,]+\.\d\d: \$5\.00 short$/,
    );
    expect(shiftOf(await drawer(service, front1, 'front-1', ''))).toBeNull();
    const late = await drawer(service, front1, 'front-1', 'movements', {
      kind: 'no_sale',
      amount: 0,
      reason: 'Change',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().resultDetail).toBe('register front-1 has no open drawer: open one with a counted float first');
    // A second close (a double tap, another manager first) says who closed it and when, in the
    // store's time, not to open one.
    const closedAgain = await drawer(service, front1, 'front-1', 'close', { amount: 0 });
    expect(closedAgain.statusCode).toBe(409);
    expect(closedAgain.json().resultDetail).toMatch(
      /^the drawer of register front-1 is closed already: \S.* closed it \w{3}\s\d{1,2},\s\d{4},\s\d{1,2}:\d\d\s[AP]M\sP[SD]T \(Z report 1\); to take cash again, open it with a counted float$/,
    );

    // With the drawer closed, cash is refused in words, a cash refund too, and a card sale goes on
    // without a shift; the Z report stays as it was.
    const ticket = await createTicket(service, 1, 4);
    const afterClose = await session(service, front1, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const refusedCash = await pay(service, front1, afterClose.sessionId, {
      paymentMethod: 'Cash',
      amount: ticket.total,
      tenderedAmount: ticket.total,
    });
    expect(refusedCash.statusCode).toBe(409);
    expect(refusedCash.json()).toMatchObject({
      resultReason: 'DRAWER_CLOSED',
      resultDetail: 'the drawer of register front-1 is not open: open it with a counted float before taking cash',
    });
    const refusedRefund = await service.request({
      method: 'POST',
      url: `/v2.0/payments/${sale.id}/refund`,
      headers: { authorization: `Bearer ${managerAtFront1}` },
      payload: { amount: 100 },
    });
    expect(refusedRefund.statusCode).toBe(409);
    expect(refusedRefund.json().resultDetail).toBe(
      'the drawer of register front-1 is not open: open it with a counted float before handing out cash',
    );
    const voidAfterClose = await service.request({
      method: 'POST',
      url: `/v2.0/payments/${sale.id}/void`,
      headers: { authorization: `Bearer ${managerAtFront1}` },
      payload: { reason: 'Rang up twice' },
    });
    expect(voidAfterClose.statusCode).toBe(409);
    expect(voidAfterClose.json().resultDetail).toMatch(
      /^The Cash payment of \$\d+\.\d{2} for order \w+ was taken in a drawer shift that has closed since: refund it instead of voiding it$/,
    );
    await pinPadSale(service, front1, 4, 'Credit', { tap: true });
    expect(reportOf(await drawer(service, front1, 'front-1', `shifts/${z.shift.id}`))).toEqual(z);
    const unknown = await drawer(service, front1, 'front-1', 'shifts/nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().resultDetail).toBe('register front-1 has no shift nope');
  });

  it('numbers the next shift Z 2, and a second register keeps its own drawer and counter', async () => {
    shiftOf(await drawer(service, front1, 'front-1', 'open', { amount: 15000 }));
    shiftOf(await drawer(service, front2, 'front-2', 'open', { amount: 5000, blind: true }));
    const there = await cashSale(service, front2, 3, 500);
    // The sale at front-2 is in front-2's drawer only.
    const atFront1 = shiftOf(await drawer(service, front1, 'front-1', ''))!;
    expect(atFront1.expected).toBe(15000);
    // A blind shift hides the expected cash from the cashier, not from a manager.
    expect(shiftOf(await drawer(service, front2, 'front-2', ''))!.expected).toBeNull();
    expect(reportOf(await drawer(service, front2, 'front-2', 'x-report')).flows).toBeNull();
    const seen = shiftOf(await drawer(service, service.tokens.manager, 'front-2', ''))!;
    expect(seen.expected).toBe(5000 + there.chargedAmount);

    const z1 = reportOf(await drawer(service, front1, 'front-1', 'close', { count: { bill100: 1, bill50: 1 } }));
    expect(z1.shift).toMatchObject({ zNumber: 2, counted: 15000, overShort: 0 });
    const z2 = reportOf(await drawer(service, front2, 'front-2', 'close', { amount: 5000 + there.chargedAmount }));
    expect(z2.shift).toMatchObject({ zNumber: 1, overShort: 0, expected: 5000 + there.chargedAmount });
    expect(z2.flows).toMatchObject({ cashTendered: there.tenderedAmount, changeGiven: 500 });
  });

  it("refuses another register's drawer, a pole display and bad counts, saying why", async () => {
    const elsewhere = await drawer(service, front1, 'front-2', 'open', { amount: 100 });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().resultDetail).toBe(
      'you are signed in at register front-1: only a manager may handle the drawer of register front-2',
    );
    const display = await drawer(service, service.tokens.display, 'front-1', '');
    expect(display.statusCode).toBe(403);
    const both = await drawer(service, front1, 'front-1', 'open', { amount: 100, count: { bill1: 1 } });
    expect(both.statusCode).toBe(400);
    expect(both.json().resultDetail).toBe(
      'amount in cents or count (pieces of each bill and coin) is needed, and only one of the two',
    );
    const negative = await drawer(service, front1, 'front-1', 'open', { count: { bill20: -1 } });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().resultDetail).toBe('count.bill20 must be a whole number from 0 to 100,000, not -1');
    const byManager = await drawer(service, service.tokens.manager, 'front-1', 'open', { amount: 100 });
    expect(byManager.statusCode).toBe(201);
    const office = await drawer(service, service.tokens.manager, 'bo-office01', 'open', { amount: 100 });
    expect(office.statusCode).toBe(403);
    expect(office.json().resultDetail).toBe(
      'bo-office01 is a back-office machine, not a register: it has no cash drawer',
    );
    const bad = await drawer(service, front1, 'front-1', 'movements', { kind: 'no_sale', amount: 5, reason: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().resultDetail).toBe('amount must be 0 for a no-sale');
    const noSale = await drawer(service, front1, 'front-1', 'movements', {
      kind: 'no_sale',
      amount: 0,
      reason: 'Change for a $20',
    });
    expect(noSale.statusCode).toBe(201);

    // A manager signed in at no register closes the drawer a cashier left open.
    const closed = reportOf(await drawer(service, service.tokens.manager, 'front-1', 'close', { amount: 100 }));
    expect(closed.shift).toMatchObject({ zNumber: 3, overShort: 0, closedBy: { name: 'Morgan Manager' } });
    expect(closed.movements).toMatchObject([{ kind: 'no_sale', amount: 0, reason: 'Change for a $20' }]);
  });
});

describe('racing requests', () => {
  it('opens one drawer when two opens race, and two racing closes take one Z number, with no gap', async () => {
    const terminal = 'race-1';
    const token = await loginAt(service.app, 'cashier', 'cashier-demo-1', terminal);
    const opens = await Promise.all([1, 2].map(() => drawer(service, token, terminal, 'open', { amount: 100 })));
    expect(opens.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const closes = await Promise.all([1, 2].map(() => drawer(service, token, terminal, 'close', { amount: 100 })));
    expect(closes.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    shiftOf(await drawer(service, token, terminal, 'open', { amount: 100 }));
    const next = reportOf(await drawer(service, token, terminal, 'close', { amount: 100 }));
    expect(next.shift.zNumber).toBe(2);
  });
});

describe('a payment in progress at the close', () => {
  it('keeps the drawer open until the PIN pad answers, then the Z report counts the payment', async () => {
    // The PIN pad waits ten minutes: the close is tried while it waits, then the card is presented.
    const slow = await paymentService({ pinpadDelayMs: 600_000 });
    try {
      const token = await loginAt(slow.app, 'cashier', 'cashier-demo-1', 'front-9');
      shiftOf(await drawer(slow, token, 'front-9', 'open', { amount: 10000 }));
      const ticket = await createTicket(slow, 1, 0);
      const opened = await session(slow, token, { ticketAlphaNumId: ticket.orderNumber, originalAmount: ticket.total });
      const started = await pay(slow, token, opened.sessionId, { paymentMethod: 'Credit' });
      expect(started.statusCode, started.body).toBe(202);

      const early = await drawer(slow, token, 'front-9', 'close', { amount: 10000 });
      expect(early.statusCode).toBe(409);
      expect(early.json().resultDetail).toBe(
        'a payment at register front-9 is still in progress: finish or cancel it before closing the drawer',
      );
      await presentCard(slow, started.json<PayResponse>().payment!.id, token);
      await waitForSession(slow, token, opened.sessionId, (s) => s.pending === null);
      const z = reportOf(await drawer(slow, token, 'front-9', 'close', { amount: 10000 }));
      expect(z.sales!.byMethod).toMatchObject([{ method: 'Credit', count: 1, amount: ticket.total }]);
      expect(z.shift.overShort).toBe(0);
    } finally {
      await slow.close();
    }
  });
});
