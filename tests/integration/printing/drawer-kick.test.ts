import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashMovementView } from '../../../shared/contracts/cash.js';
import type { PrintResult } from '../../../shared/contracts/printers.js';
import { TestPrinter } from '../../support/test-printer.js';
import { atmSale, cashSale, drawer, loginAt, pinPadSale, shiftOf } from '../cash/support/drawer-fixtures.js';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { registerPrinting, type RegisterPrinting } from './support/register-printing.js';

// The drawer opens only as the service decides (issue 34, item 8): with the receipt of a sale that
// moved cash in the register's open shift, once, or for a recorded no-sale under the store's policy.
let service: PaymentHarness;
let printer: TestPrinter;
let at: RegisterPrinting;
let front1: string;
let front2: string;
let manager: string;
beforeAll(async () => {
  service = await paymentService({ printerTimeoutMs: 600 });
  printer = await new TestPrinter().start();
  front1 = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-1');
  front2 = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-2');
  manager = await loginAt(service.app, 'manager', 'manager-demo-1', 'office');
  at = registerPrinting(service, printer, manager, { token: front1, terminal: 'front-1' });
  for (const [terminal, token] of [
    ['front-1', front1],
    ['front-2', front2],
  ] as const) {
    await at.setPrinter(terminal, true);
    shiftOf(await drawer(service, token, terminal, 'open', { amount: 20_000 }));
  }
});
afterAll(async () => {
  await printer.stop();
  await service.close();
});

const receipt = (orderId: string, more: object = {}) => ({ receipt: { orderId }, openDrawer: true, ...more });

describe('a receipt opens the drawer', () => {
  it('for a cash sale of the open shift, once; printed again it prints without opening it', async () => {
    const sale = await cashSale(service, front1, 0, 1000);
    const before = printer.jobs.length;
    expect(await at.printed(receipt(sale.ticketId!))).toMatchObject({ printed: true, drawerOpened: true });
    expect(at.kicksSince(before)).toBe(1);
    await at.refused(
      receipt(sale.ticketId!),
      `The drawer already opened for order ${sale.ticketAlphaNumId}: to open it again, use No sale`,
    );
    expect(await at.printed({ receipt: { orderId: sale.ticketId } })).toMatchObject({
      printed: true,
      drawerOpened: false,
    });
    expect(at.kicksSince(before)).toBe(1);
  });

  it('for a cashless ATM round-up that handed cash back', async () => {
    const atm = await atmSale(service, front1, 1);
    expect(atm.cashbackAmount).toBeGreaterThan(0);
    const before = printer.jobs.length;
    expect(await at.printed(receipt(atm.ticketId!))).toMatchObject({ printed: true, drawerOpened: true });
    expect(at.kicksSince(before)).toBe(1);
  });

  it('once when the same receipt is printed twice at the same moment', async () => {
    const sale = await cashSale(service, front1, 2, 0);
    const before = printer.jobs.length;
    const answers = await Promise.all([
      at.post('print', receipt(sale.ticketId!)),
      at.post('print', receipt(sale.ticketId!)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
    expect(at.kicksSince(before)).toBe(1);
  });

  it('again when the printer did not take the first kick (Print again)', async () => {
    const sale = await cashSale(service, front1, 3, 500);
    await printer.setMode('refuse');
    try {
      expect(await at.printed(receipt(sale.ticketId!))).toMatchObject({ printed: false, drawerOpened: false });
    } finally {
      await printer.setMode('ok');
    }
    const before = printer.jobs.length;
    expect(await at.printed(receipt(sale.ticketId!))).toMatchObject({ printed: true, drawerOpened: true });
    expect(at.kicksSince(before)).toBe(1);
  });

  it('never when the printer is not set to open it: the receipt prints, and the kick stays unused', async () => {
    await at.setPrinter('front-1', false);
    const sale = await cashSale(service, front1, 4, 0);
    const before = printer.jobs.length;
    try {
      expect(await at.printed(receipt(sale.ticketId!))).toMatchObject({ printed: true, drawerOpened: false });
      expect(at.kicksSince(before)).toBe(0);
    } finally {
      await at.setPrinter('front-1', true);
    }
    expect(await at.printed(receipt(sale.ticketId!))).toMatchObject({ printed: true, drawerOpened: true });
  });
});

describe('any other print is refused in words, and nothing prints', () => {
  it('a test page, a report and a reprint, even of a cash sale of this shift', async () => {
    await at.refused({ test: true, openDrawer: true }, 'A test print does not open the drawer: use No sale');
    const shift = shiftOf(await drawer(service, front1, 'front-1', ''))!;
    await at.refused(
      { report: { shiftId: shift.id }, openDrawer: true },
      'A report does not open the drawer: use No sale',
    );
    const sale = await cashSale(service, front1, 5, 0);
    await at.refused(
      receipt(sale.ticketId!, { receipt: { orderId: sale.ticketId, reprint: true } }),
      'A reprint does not open the drawer, not even of a cash sale: use No sale',
    );
    // The refused reprint took nothing: the sale's own receipt still opens it.
    expect(await at.printed(receipt(sale.ticketId!))).toMatchObject({ drawerOpened: true });
  });

  it("a card sale's receipt or reprint, and a cash sale of another register", async () => {
    const card = await pinPadSale(service, front1, 9, 'Credit');
    await at.refused(
      { receipt: { orderId: card.ticketId, reprint: true }, openDrawer: true },
      'A reprint does not open the drawer, not even of a cash sale: use No sale',
    );
    await at.refused(
      receipt(card.ticketId!),
      `Order ${card.ticketAlphaNumId} took no cash and gave none back at register front-1 in this shift: ` +
        'its receipt does not open the drawer; use No sale',
    );
    const elsewhere = await cashSale(service, front2, 7, 0);
    await at.refused(
      receipt(elsewhere.ticketId!),
      `Order ${elsewhere.ticketAlphaNumId} took no cash and gave none back at register front-1 in this shift: ` +
        'its receipt does not open the drawer; use No sale',
    );
  });

  it('a cash sale of a shift that has closed', async () => {
    const front3 = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-3');
    await at.setPrinter('front-3', true);
    shiftOf(await drawer(service, front3, 'front-3', 'open', { amount: 10_000 }));
    const sale = await cashSale(service, front3, 8, 0);
    const count = await drawer(service, front3, 'front-3', 'close', { amount: 10_000 + sale.chargedAmount });
    expect(count.statusCode, count.body).toBe(200);
    const there = { token: front3, terminal: 'front-3' };
    await at.refused(
      receipt(sale.ticketId!),
      "Register front-3's drawer is not open: a receipt opens it only for a cash sale of the open shift",
      'print',
      there,
    );
    shiftOf(await drawer(service, front3, 'front-3', 'open', { amount: 10_000 }));
    await at.refused(
      receipt(sale.ticketId!),
      `Order ${sale.ticketAlphaNumId} took no cash and gave none back at register front-3 in this shift: ` +
        'its receipt does not open the drawer; use No sale',
      'print',
      there,
    );
  });
});

describe("a no-sale under the store's policy", () => {
  it("needs the manager's PIN where the policy says so; a test print cannot stand in for it", async () => {
    const policy = (managerApproval: string[]) =>
      service.request({
        method: 'PUT',
        url: '/v2.0/dispensary/demo/setup/store',
        headers: { authorization: `Bearer ${manager}` },
        payload: { cash: { blindClose: false, managerApproval } },
      });
    expect((await policy(['paid_out', 'no_sale'])).statusCode).toBe(200);
    try {
      await at.refused({ test: true, openDrawer: true }, 'A test print does not open the drawer: use No sale');
      const noSale = { reason: 'Customer needed change' };
      const before = printer.jobs.length;
      await at.refused(noSale, "the store asks for a manager's PIN to open the drawer with no sale", 'open-drawer');
      const approved = await at.post('open-drawer', { ...noSale, approval: { username: 'manager', pin: '2580' } });
      expect(approved.json<PrintResult>()).toMatchObject({ drawerOpened: true });
      expect(at.kicksSince(before)).toBe(1);
      const x = await drawer(service, front1, 'front-1', 'x-report');
      const movements = x.json<{ report: { movements: CashMovementView[] } }>().report.movements;
      expect(movements.at(-1)).toMatchObject({
        kind: 'no_sale',
        reason: 'Customer needed change',
        approvedBy: { name: 'Morgan Manager' },
      });
    } finally {
      expect((await policy(['paid_out'])).statusCode).toBe(200);
    }
  });
});
