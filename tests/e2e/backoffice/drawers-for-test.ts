import type { ShiftView } from '../../../shared/contracts/cash.js';
import type { EnrolledRegister } from '../../../shared/contracts/registers.js';
import { DEMO, type DemoUser, type ServiceApi } from '../support/service-api.js';
import { payInCash } from './orders-for-test.js';

/** A register with a drawer, driven through the HTTP API as the POS at that register would. */
export interface TestRegister {
  terminalId: string;
  /** The cashier's bearer token, signed in at this register. */
  token: string;
}

const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

/** Signs `user` in at register `terminalId` (the POS's `x-terminal-id`). */
export async function signInAt(api: ServiceApi, terminalId: string, user: DemoUser = 'cashier'): Promise<TestRegister> {
  const body = Buffer.from(JSON.stringify({ username: user, password: DEMO.users[user] })).toString('base64');
  const { token } = await api.call<{ token: string }>('POST', '/auth-v2/login', body, {
    'x-application': DEMO.application,
    'content-type': 'text/plain',
    'x-terminal-id': terminalId,
  });
  return { terminalId, token };
}

/** Opens the register's drawer with a float of `float` cents. */
export async function openDrawer(api: ServiceApi, register: TestRegister, float: number): Promise<ShiftView> {
  const answer = await api.call<{ shift: ShiftView }>(
    'POST',
    `/v2.0/dispensary/demo/drawers/${register.terminalId}/open`,
    JSON.stringify({ amount: float }),
    json(register.token),
  );
  return answer.shift;
}

/**
 * Sells one in-stock product (the `index`th) for cash at the register, the customer handing over
 * $10 more than the total: answers the order's total in cents (what the drawer keeps).
 */
export async function sellForCash(api: ServiceApi, register: TestRegister, index: number): Promise<number> {
  const product = (await api.products())[index]!;
  const order = await api.createTicket([{ productId: product.productId, quantity: 1 }]);
  await payInCash(api, order, 1000, register.token);
  return Math.round(Number(order.total) * 100);
}

/** The register's open shift as the service reads it (its expected cash included). */
export async function currentShift(api: ServiceApi, register: TestRegister): Promise<ShiftView | null> {
  const answer = await api.call<{ shift: ShiftView | null }>(
    'GET',
    `/v2.0/dispensary/demo/drawers/${register.terminalId}`,
    undefined,
    { authorization: `Bearer ${register.token}` },
  );
  return answer.shift;
}

/**
 * The register's machine replaced under the same name before its drawer was closed: the register is
 * attached again (enrolled by the manager) and the new machine's drawer shift reaches the service
 * open, as its forward sends it, so the service closes the register's open shift as replaced, not
 * counted.
 */
export async function replaceMachine(api: ServiceApi, register: TestRegister): Promise<void> {
  const manager = await api.token('manager');
  const enrolled = await api.call<EnrolledRegister>(
    'POST',
    '/v2.0/dispensary/demo/setup/registers',
    JSON.stringify({ name: register.terminalId }),
    json(manager),
  );
  const row = {
    id: crypto.randomUUID(),
    organization_id: await api.organizationId(),
    dispensary_id: enrolled.dispensary.id,
    terminal_id: register.terminalId,
    status: 'open',
    blind: 0,
    opened_by_id: 'new-machine-cashier',
    opened_by_name: 'Casey Cashier',
    opened_at: new Date().toISOString(),
    float_cents: 10_000,
  };
  const forward = {
    queueId: crypto.randomUUID(),
    after: 0,
    records: [{ seq: 1, table: 'cash_shifts', op: 'upsert', row }],
  };
  const secret = Buffer.from(`${enrolled.register.registerId}:${enrolled.secret}`).toString('base64');
  await api.call('POST', '/v2.0/register/forward', JSON.stringify(forward), {
    authorization: `Basic ${secret}`,
    'content-type': 'application/json',
  });
}

/** Bills and coins that add up to `cents`, largest first (how a manager would count it). */
export function piecesOf(cents: number): Record<string, number> {
  const values: [string, number][] = [
    ['$20 bills', 2000],
    ['$10 bills', 1000],
    ['$5 bills', 500],
    ['$1 bills', 100],
    ['quarters', 25],
    ['dimes', 10],
    ['nickels', 5],
    ['pennies', 1],
  ];
  const pieces: Record<string, number> = {};
  let left = cents;
  for (const [label, value] of values) {
    const count = Math.floor(left / value);
    if (count > 0) pieces[label] = count;
    left -= count * value;
  }
  return pieces;
}
