import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { drawer, loginAt, reportOf, shiftOf } from './support/drawer-fixtures.js';

// A paid-out or a safe drop takes cash out of the drawer: never more than the drawer should hold,
// so the expected cash never goes below zero, even when two are recorded at the same moment.
let service: PaymentHarness;
let manager: string;
let cashier: string;
beforeAll(async () => {
  service = await paymentService();
  manager = await loginAt(service.app, 'manager', 'manager-demo-1', 'front-5');
  cashier = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-6');
});
afterAll(() => service.close());

const move = (token: string, terminal: string, kind: string, amount: number) =>
  drawer(service, token, terminal, 'movements', { kind, amount, reason: 'Test' });
const expected = async (terminal: string) =>
  reportOf(await drawer(service, manager, terminal, 'x-report')).shift.expected;

function refused(answer: { statusCode: number; body: string }, detail: string): void {
  expect(answer.statusCode, answer.body).toBe(409);
  expect(JSON.parse(answer.body)).toEqual({ resultCode: 'FAIL', resultReason: 'CONFLICT', resultDetail: detail });
}

describe('taking cash out of a drawer', () => {
  it('refuses a paid-out or a safe drop larger than the cash the drawer should hold, in words', async () => {
    shiftOf(await drawer(service, manager, 'front-5', 'open', { amount: 13500 }));
    refused(
      await move(manager, 'front-5', 'paid_out', 100000),
      'The drawer should hold $135.00: a paid-out of $1,000.00 is more than it holds',
    );
    refused(
      await move(manager, 'front-5', 'safe_drop', 13501),
      'The drawer should hold $135.00: a safe drop of $135.01 is more than it holds',
    );
    expect(await expected('front-5')).toBe(13500);
    // All of it may go: the drawer then should hold nothing.
    expect((await move(manager, 'front-5', 'safe_drop', 13500)).statusCode).toBe(201);
    expect(await expected('front-5')).toBe(0);
    refused(
      await move(manager, 'front-5', 'paid_out', 1),
      'The drawer should hold $0.00: a paid-out of $0.01 is more than it holds',
    );
    expect((await move(manager, 'front-5', 'paid_in', 13500)).statusCode).toBe(201);
  });

  it('two paid-outs at once cannot together take the drawer below zero', async () => {
    for (let round = 0; round < 5; round += 1) {
      expect(await expected('front-5')).toBe(13500);
      const answers = await Promise.all([
        move(manager, 'front-5', 'paid_out', 10000),
        move(manager, 'front-5', 'paid_out', 10000),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(await expected('front-5')).toBe(3500);
      expect((await move(manager, 'front-5', 'paid_in', 10000)).statusCode).toBe(201);
    }
  });

  it('on a blind shift, a cashier is refused without being told the cash the drawer should hold', async () => {
    shiftOf(await drawer(service, cashier, 'front-6', 'open', { amount: 5000, blind: true }));
    refused(
      await move(cashier, 'front-6', 'safe_drop', 6000),
      'A safe drop of $60.00 is more than the drawer should hold',
    );
    expect(await expected('front-6')).toBe(5000);
  });
});
