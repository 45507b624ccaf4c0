import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShiftView } from '../../../shared/contracts/cash.js';
import type { AdjustmentPage } from '../../../shared/contracts/inventory.js';
import type { ReversalResponse } from '../../../shared/contracts/payment-reports.js';
import { queryRows } from '../../support/sql.js';
import { drawer, loginAt, shiftOf } from '../cash/support/drawer-fixtures.js';
import { paymentService, type PaymentHarness } from './support/payment-fixtures.js';
import { lineSale, refundable, type LineSale } from './support/line-sale.js';

// A return at the POS counter (README "Returns at the counter"): a cashier at a register refunds
// items of a sale with a manager's PIN, the cash coming out of that register's open drawer.
let service: PaymentHarness;
let cashier: string;
let manager: string;
beforeAll(async () => {
  service = await paymentService();
  cashier = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-4');
  manager = await loginAt(service.app, 'manager', 'manager-demo-1', 'front-4');
  shiftOf(await drawer(service, cashier, 'front-4', 'open', { amount: 20000 }));
});
afterAll(() => service.close());

const MORGAN = { username: 'manager', pin: '2580' };

const refundAs = (token: string, paymentId: string, body: object) =>
  service.request({
    method: 'POST',
    url: `/v2.0/payments/${paymentId}/refund`,
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });

function refusal(response: LightMyRequestResponse, status: number, reason: string, detail: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ resultCode: 'FAIL', resultReason: reason, resultDetail: detail });
}

const openShift = async () => (await drawer(service, cashier, 'front-4', '')).json<{ shift: ShiftView }>().shift;

const papersBack = (sale: LineSale, extra: object = {}) => ({
  lines: [{ itemId: sale.papers.itemId, quantity: 1 }],
  reason: 'Customer changed their mind',
  ...extra,
});

describe('a return at the counter, by a cashier at a register', () => {
  it("reads the sale's refundable lines", async () => {
    const sale = await lineSale(service, 1, cashier);
    const read = await refundable(service, sale.orderId, cashier);
    expect(read.statusCode, read.body).toBe(200);
  });

  it("is refused in words without a manager's PIN, with a wrong one, and without lines or a reason", async () => {
    const sale = await lineSale(service, 1, cashier);
    refusal(
      await refundAs(cashier, sale.paymentId, papersBack(sale)),
      403,
      'APPROVAL_REQUIRED',
      'a refund needs a manager: ask one to enter their PIN',
    );
    refusal(
      await refundAs(cashier, sale.paymentId, papersBack(sale, { approval: { username: 'manager', pin: '9999' } })),
      403,
      'APPROVAL_REQUIRED',
      "that is not Morgan Manager's PIN",
    );
    refusal(
      await refundAs(cashier, sale.paymentId, { amount: 100, reason: 'Overcharged', approval: MORGAN }),
      400,
      'INVALID_INPUT',
      'at the register a refund gives back items: choose the lines that come back',
    );
    refusal(
      await refundAs(cashier, sale.paymentId, papersBack(sale, { reason: undefined, approval: MORGAN })),
      400,
      'INVALID_INPUT',
      'say why the items come back',
    );
    // A reason of spaces says nothing: the schema refuses it as it does every reason (shared ReasonField).
    refusal(
      await refundAs(cashier, sale.paymentId, papersBack(sale, { reason: ' ', approval: MORGAN })),
      400,
      'INVALID_INPUT',
      'reason must not be blank',
    );
    // Nothing came back.
    const [row] = await queryRows<{ refunded: number }>(
      service.app,
      sql`SELECT refunded_cents AS refunded FROM payments WHERE id = ${sale.paymentId}`,
    );
    expect(Number(row!.refunded)).toBe(0);
  });

  it('names an approver who has set no PIN, and says so', async () => {
    const sale = await lineSale(service, 1, cashier);
    refusal(
      await refundAs(cashier, sale.paymentId, papersBack(sale, { approval: { username: 'admin', pin: '1234' } })),
      403,
      'APPROVAL_REQUIRED',
      'Alex Admin has not set a PIN: ask them to set one in Staff, or ask another manager',
    );
  });

  it('refuses a PIN of the wrong form as such, counting no lockout', async () => {
    const sale = await lineSale(service, 1, cashier);
    const failures = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            service.app,
            sql`SELECT failed_logins AS n FROM users WHERE username = 'manager'`,
          )
        )[0]!.n,
      );
    const before = await failures();
    for (const pin of ['12', '25800000000', 'abcd']) {
      refusal(
        await refundAs(cashier, sale.paymentId, papersBack(sale, { approval: { username: 'manager', pin } })),
        400,
        'INVALID_INPUT',
        'a PIN is 4 to 8 digits',
      );
    }
    expect(await failures()).toBe(before);
  });

  it("refunds the items with a manager's PIN out of the register's drawer; the audit names both", async () => {
    const sale = await lineSale(service, 1, cashier);
    const before = await openShift();
    const answer = await refundAs(cashier, sale.paymentId, papersBack(sale, { approval: MORGAN }));
    expect(answer.statusCode, answer.body).toBe(200);
    const { refund } = answer.json<ReversalResponse>();
    expect(refund!.lines).toEqual([expect.objectContaining({ itemId: sale.papers.itemId, quantity: 1 })]);
    // Stamped with the shift open at front-4; the drawer's expected cash drops by the refund.
    const [stamp] = await queryRows<{ shiftId: string }>(
      service.app,
      sql`SELECT shift_id AS "shiftId" FROM payment_refunds WHERE id = ${refund!.id}`,
    );
    expect(stamp!.shiftId).toBe(before.id);
    expect((await openShift()).expected).toBe(before.expected! - refund!.amount);
    const [entry] = await queryRows<{ name: string; text: string; details: string }>(
      service.app,
      sql`SELECT actor_name AS name, reason AS text, details FROM audit_events
          WHERE action = 'payment_refunded' AND payment_id = ${sale.paymentId}`,
    );
    // The cashier's words as written; the approving manager and the items are the service's notes.
    expect(entry!.name).toBe('cashier');
    expect(entry!.text).toBe('Customer changed their mind');
    expect(entry!.details).toMatch(/^Approved by Morgan Manager\. Items back: 1 × /);
  });

  it('needs no PIN of a manager signed in at the register', async () => {
    const sale = await lineSale(service, 1, cashier);
    const answer = await refundAs(manager, sale.paymentId, papersBack(sale));
    expect(answer.statusCode, answer.body).toBe(200);
    const [entry] = await queryRows<{ text: string; details: string }>(
      service.app,
      sql`SELECT reason AS text, details FROM audit_events WHERE action = 'payment_refunded' AND payment_id = ${sale.paymentId}`,
    );
    expect(entry!.text).toBe('Customer changed their mind');
    expect(entry!.details).toMatch(/^Items back: 1 × /);
  });

  it("refuses a cashier at no register, in the guard's words", async () => {
    const sale = await lineSale(service, 1, cashier);
    refusal(
      await refundAs(service.tokens.cashier, sale.paymentId, papersBack(sale, { approval: MORGAN })),
      403,
      'FORBIDDEN',
      'the cashier role does not have the payment:refund permission',
    );
  });
});

describe('a return at the counter put back in stock', () => {
  /** The stock adjustment "Returned by customer" of `sale`, as the back office lists it. */
  const restockOf = async (sale: LineSale) => {
    const page = await service.request({
      method: 'GET',
      url: '/v2.0/dispensary/demo/setup/inventory/adjustments?reason=customer_return',
      headers: { authorization: `Bearer ${service.tokens.manager}` },
    });
    expect(page.statusCode, page.body).toBe(200);
    return page.json<AdjustmentPage>().adjustments.find((row) => row.note === `Order ${sale.orderNumber}`);
  };

  it("names the manager whose PIN approved a cashier's return as the adjustment's approver", async () => {
    const sale = await lineSale(service, 1, cashier);
    const answer = await refundAs(cashier, sale.paymentId, papersBack(sale, { restock: true, approval: MORGAN }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await restockOf(sale)).toMatchObject({
      by: 'cashier',
      byName: 'Casey Cashier',
      approvedBy: 'Morgan Manager',
      approvedByName: 'Morgan Manager',
      approvedByOther: true,
      delta: 1,
    });
  });

  it('names a manager returning items themselves as its approver, as their own guarded adjustment does', async () => {
    const sale = await lineSale(service, 1, cashier);
    const answer = await refundAs(manager, sale.paymentId, papersBack(sale, { restock: true }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await restockOf(sale)).toMatchObject({
      by: 'manager',
      approvedBy: 'manager',
      approvedByName: 'Morgan Manager',
      approvedByOther: false,
    });
  });
});
