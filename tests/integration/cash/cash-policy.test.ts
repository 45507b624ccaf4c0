import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawerState } from '../../../shared/contracts/cash-policy.js';
import type { CashMovementView } from '../../../shared/contracts/cash.js';
import type { StaffView } from '../../../shared/contracts/setup-people.js';
import type { StoreSettings } from '../../../shared/contracts/setup.js';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { drawer, loginAt, shiftOf } from './support/drawer-fixtures.js';

let service: PaymentHarness;
let cashier: string;
beforeAll(async () => {
  service = await paymentService();
  cashier = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-3');
});
afterAll(() => service.close());

const setup = (token: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
  service.request({
    method,
    url: `/v2.0/dispensary/demo/setup${path}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload && { payload }),
  });
const paidOut = (token: string, approval?: { username: string; pin: string }) =>
  drawer(service, token, 'front-3', 'movements', {
    kind: 'paid_out',
    amount: 700,
    reason: 'Ice for the cooler',
    ...(approval && { approval }),
  });
function refusal(response: LightMyRequestResponse, status: number, reason: string, detail: RegExp): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ resultCode: 'FAIL', resultReason: reason });
  expect(response.json<{ resultDetail: string }>().resultDetail).toMatch(detail);
}
const movementOf = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ movement: CashMovementView }>().movement;
};

describe("the store's cash policy", () => {
  it('tells the register what it guards and who can approve it', async () => {
    const state = (await drawer(service, cashier, 'front-3', '')).json<DrawerState>();
    expect(state.shift).toBeNull();
    expect(state.policy).toEqual({
      blindClose: false,
      managerApproval: ['paid_out'],
      approvers: [{ username: 'manager', name: 'Morgan Manager' }],
    });
    shiftOf(await drawer(service, cashier, 'front-3', 'open', { amount: 20000 }));
  });

  it("records a cashier's paid-out only with a manager's PIN, and keeps who approved it", async () => {
    refusal(
      await paidOut(cashier),
      403,
      'APPROVAL_REQUIRED',
      /the store asks for a manager's PIN to record a paid-out/,
    );
    refusal(
      await paidOut(cashier, { username: 'manager', pin: '9999' }),
      403,
      'APPROVAL_REQUIRED',
      /not Morgan Manager's PIN/,
    );
    refusal(
      await paidOut(cashier, { username: 'cashier', pin: '2580' }),
      403,
      'APPROVAL_REQUIRED',
      /^Casey Cashier is not a manager: ask a manager to enter their PIN$/,
    );
    const approved = movementOf(await paidOut(cashier, { username: 'manager', pin: '2580' }));
    expect(approved).toMatchObject({ by: { name: 'Casey Cashier' }, approvedBy: { name: 'Morgan Manager' } });
    // A safe drop is not guarded; a manager approves their own paid-out.
    const drop = movementOf(
      await drawer(service, cashier, 'front-3', 'movements', { kind: 'safe_drop', amount: 100, reason: 'Over' }),
    );
    expect(drop.approvedBy).toBeNull();
    const own = movementOf(await paidOut(service.tokens.manager));
    expect(own.approvedBy).toEqual(own.by);
    const x = (await drawer(service, cashier, 'front-3', 'x-report')).json<{ report: { movements: unknown[] } }>();
    expect(x.report.movements).toHaveLength(3);
  });

  it('locks a manager after five wrong PINs, as wrong passwords do', async () => {
    const added = await setup(service.tokens.admin, 'POST', '/staff', {
      username: 'riley',
      displayName: 'Riley Lead',
      role: 'manager',
      password: 'riley-manager-1',
    });
    expect(added.statusCode, added.body).toBe(200);
    const pin = await setup(service.tokens.admin, 'POST', '/staff/riley/pin', { pin: '4816' });
    expect(pin.json<{ staff: StaffView }>().staff.hasPin).toBe(true);
    for (let wrong = 0; wrong < 5; wrong += 1) {
      refusal(await paidOut(cashier, { username: 'riley', pin: '1111' }), 403, 'APPROVAL_REQUIRED', /Riley Lead/);
    }
    refusal(await paidOut(cashier, { username: 'riley', pin: '4816' }), 429, 'RATE_LIMITED', /Riley Lead is locked/);
  });

  it('keeps PINs to managers and admins, refuses guessable ones, and removes them', async () => {
    refusal(
      await setup(service.tokens.admin, 'POST', '/staff/cashier/pin', { pin: '4816' }),
      400,
      'INVALID_INPUT',
      /is for managers and admins/,
    );
    refusal(
      await setup(service.tokens.admin, 'POST', '/staff/manager/pin', { pin: '7777' }),
      400,
      'INVALID_INPUT',
      /must not repeat one digit/,
    );
    refusal(
      await setup(service.tokens.admin, 'POST', '/staff/manager/pin', { pin: '12' }),
      400,
      'INVALID_INPUT',
      /pin/,
    );
    const removed = await setup(service.tokens.admin, 'POST', '/staff/riley/pin', { pin: null });
    expect(removed.json<{ staff: StaffView }>().staff.hasPin).toBe(false);
    const state = (await drawer(service, cashier, 'front-3', '')).json<DrawerState>();
    expect(state.policy.approvers.map((approver) => approver.username)).toEqual(['manager']);
  });

  it('closes every drawer blind once the store says so, and guards the no-sale it names', async () => {
    const changed = await setup(service.tokens.manager, 'PUT', '/store', {
      cash: { blindClose: true, managerApproval: ['paid_out', 'no_sale'] },
    });
    expect(changed.json<{ store: StoreSettings }>().store.cash).toEqual({
      blindClose: true,
      managerApproval: ['paid_out', 'no_sale'],
    });
    // Either half alone keeps the other.
    const half = await setup(service.tokens.manager, 'PUT', '/store', { cash: { blindClose: true } });
    expect(half.json<{ store: StoreSettings }>().store.cash.managerApproval).toEqual(['paid_out', 'no_sale']);
    const front4 = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-4');
    const opened = shiftOf(await drawer(service, front4, 'front-4', 'open', { amount: 10000 }));
    expect(opened).toMatchObject({ blind: true, expected: null });
    const noSale = { reason: 'Customer needed change' };
    const printer = (body: object) =>
      service.request({
        method: 'POST',
        url: '/v2.0/dispensary/demo/registers/front-4/printer/open-drawer',
        headers: { authorization: `Bearer ${front4}` },
        payload: body,
      });
    refusal(await printer(noSale), 403, 'APPROVAL_REQUIRED', /manager's PIN to open the drawer with no sale/);
    const opens = await printer({ ...noSale, approval: { username: 'manager', pin: '2580' } });
    expect(opens.statusCode, opens.body).toBe(200);
    const x = (await drawer(service, service.tokens.manager, 'front-4', 'x-report')).json<{
      report: { movements: CashMovementView[] };
    }>();
    expect(x.report.movements).toMatchObject([{ kind: 'no_sale', approvedBy: { name: 'Morgan Manager' } }]);
  });
});
