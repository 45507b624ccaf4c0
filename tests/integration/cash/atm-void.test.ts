import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShiftView } from '../../../shared/contracts/cash.js';
import { queryRows } from '../../support/sql.js';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { atmSale, drawer, loginAt, reportOf, shiftOf } from './support/drawer-fixtures.js';

// A cashless ATM payment voided (README "Cash drawers"): the card gets back all it was charged, and
// the cash back the customer took comes back into the drawer it came out of, so only while that
// drawer's shift is open; the audit trail says both.
let service: PaymentHarness;
let cashier: string;
let manager: string;
beforeAll(async () => {
  service = await paymentService();
  cashier = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-3');
  manager = await loginAt(service.app, 'manager', 'manager-demo-1', 'front-3');
  shiftOf(await drawer(service, cashier, 'front-3', 'open', { amount: 10000 }));
});
afterAll(() => service.close());

const expected = async () =>
  (await drawer(service, cashier, 'front-3', '')).json<{ shift: ShiftView }>().shift.expected;
const voidOf = (paymentId: string) =>
  service.request({
    method: 'POST',
    url: `/v2.0/payments/${paymentId}/void`,
    headers: { authorization: `Bearer ${manager}` },
    payload: { reason: 'Wrong card' },
  });
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe('a cashless ATM payment voided', () => {
  it('gives the card all it was charged, and the drawer expects the cash back back; the trail says both', async () => {
    const atm = await atmSale(service, cashier, 1);
    expect(atm.cashbackAmount).toBeGreaterThan(0);
    expect(await expected()).toBe(10000 - atm.cashbackAmount);
    const voided = await voidOf(atm.id);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await expected()).toBe(10000);
    const [entry] = await queryRows<{ amount: number; details: string }>(
      service.app,
      sql`SELECT amount_cents AS amount, details FROM audit_events WHERE action = 'payment_voided' AND payment_id = ${atm.id}`,
    );
    expect(Number(entry!.amount)).toBe(atm.chargedAmount);
    expect(entry!.details).toBe(
      `${money(atm.chargedAmount)} back to the card; the ${money(atm.cashbackAmount)} cash back comes back into ` +
        'the drawer of register front-3',
    );
  });

  it('is refused once the shift that handed out its cash back has closed: refunded instead, the card charged still', async () => {
    const atm = await atmSale(service, cashier, 2);
    reportOf(await drawer(service, cashier, 'front-3', 'close', { amount: await expected() }));
    const refused = await voidOf(atm.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().resultDetail).toMatch(
      /was taken in a drawer shift that has closed since: refund it instead of voiding it$/,
    );
    const [payment] = await queryRows<{ status: string }>(
      service.app,
      sql`SELECT status FROM payments WHERE id = ${atm.id}`,
    );
    expect(payment!.status).toBe('approved');
  });
});
