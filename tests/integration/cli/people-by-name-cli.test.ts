// `servicepay loyalty show`, `servicepay inventory adjustments` and `servicepay inventory count show`
// say who moved the points or the stock by the person's name (README "Loyalty", "Inventory
// adjustments", "Inventory counts"), as the back office does:
// the username only where no user has it (the operator, the service's expiry), on the engine under test.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../electron/server/app.js';
import type { AdjustmentPage } from '../../../shared/contracts/inventory.js';
import type { CountList } from '../../../shared/contracts/inventory-counts.js';
import { DEMO } from '../../../electron/server/demo/load-demo.js';
import { LoyaltyLedger } from '../../../electron/server/loyalty/loyalty-ledger.js';
import { login } from '../support/demo-service.js';
import { demoCli } from '../support/demo-cli.js';

const { database, servicepay, json, demo } = await demoCli();
/** The demo's Blue Dream (FLW-001) package. */
const TAG = '1A4060300003D12000000001';
/** The demo's Watermelon Gummies (EDI-001) package, 48 units: counted as held, so applying adjusts nothing. */
const GUMMIES = '1A4060300003D12000000024';
let customerId: string;

beforeAll(async () => {
  customerId = (
    await json<{ id: string }>(
      ...['customers', 'add', ...demo, '--first-name', 'Rosa', '--last-name', 'Diaz', '--born', '1980-05-05'],
      ...['--id-number', 'D7654399', '--id-issuer', 'CA', '--id-expiry', '2031-05-05'],
    )
  ).id;
  // The manager, signed in at the back office, adjusts a package, and the cashier another with the
  // manager's PIN (the demo store asks for one for every adjustment); a sale of theirs earned points.
  const app = await buildApp({ logLevel: 'silent', ...database.config });
  try {
    const adjust = async (token: string, payload: object) => {
      const adjusted = await app.inject({
        method: 'POST',
        url: '/v2.0/dispensary/demo/setup/inventory/adjustments',
        headers: { authorization: `Bearer ${token}` },
        payload: { package: TAG, delta: -1, reason: 'damage', ...payload },
      });
      expect(adjusted.statusCode, adjusted.body).toBe(200);
    };
    const manager = await login(app, 'manager', 'manager-demo-1');
    const cashier = await login(app, 'cashier', 'cashier-demo-1');
    await adjust(manager, { note: 'Jar cracked' });
    const approval = { username: 'manager', pin: '2580' };
    await adjust(cashier, { note: 'Seal broken', approval });
    // Count 1 the manager applies themselves; count 2 the cashier applies with the manager's PIN.
    const counts = async (token: string, path: string, payload: object) => {
      const answered = await app.inject({
        method: 'POST',
        url: `/v2.0/dispensary/demo/setup/inventory/counts${path}`,
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
      expect(answered.statusCode, answered.body).toBe(200);
    };
    for (const [number, token, apply] of [
      [1, manager, {}],
      [2, cashier, { approval }],
    ] as const) {
      await counts(token, '', { name: `Edibles ${number}`, categories: ['EDIBLE'] });
      await counts(token, `/${number}/entries`, { package: GUMMIES, quantity: 48 });
      await counts(token, `/${number}/apply`, apply);
    }
    const { db } = app.ctx;
    await db.write((tx) =>
      new LoyaltyLedger(db).add(tx, {
        dispensaryId: DEMO.dispensaryId,
        customerId,
        orderId: null,
        kind: 'adjusted',
        points: 40,
        note: 'Welcome bonus',
        actor: 'manager',
        at: new Date().toISOString(),
      }),
    );
  } finally {
    await app.close();
  }
}, 60_000);

describe('who, by name, in the text of the CLI', { timeout: 60_000 }, () => {
  it('servicepay inventory adjustments: the staff member’s name, the operator as the operator', async () => {
    expect(
      (await servicepay('inventory', 'adjust', TAG, ...demo, '--delta', '-1', '--reason', 'damage', '--note', 'Lid'))
        .status,
    ).toBe(0);
    const table = await servicepay('inventory', 'adjustments', ...demo, '--reason', 'damage');
    expect(table.status, table.stderr).toBe(0);
    // Their own adjustments: no one else's approval, none said; the cashier's names the manager's PIN.
    expect(table.stdout).toMatch(/Jar cracked\s+Morgan Manager\s*$/m);
    expect(table.stdout).toMatch(/Lid\s+operator\s*$/m);
    expect(table.stdout).not.toMatch(/Jar cracked\s+manager/);
    expect(table.stdout).toMatch(/Seal broken\s+Casey Cashier, approved by Morgan Manager\s*$/m);
    // As the service decides it, from the ids the adjustments keep (`--json` prints the same).
    const page = await json<AdjustmentPage>('inventory', 'adjustments', ...demo, '--reason', 'damage');
    expect(page.adjustments.map(({ note, approvedByOther }) => [note, approvedByOther])).toEqual([
      ['Lid', false],
      ['Seal broken', true],
      ['Jar cracked', false],
    ]);
  });

  it('servicepay inventory count show: who applied it, and who else approved it', async () => {
    // The manager's own count: no one else's approval, none said.
    const own = await servicepay('inventory', 'count', 'show', '1', ...demo);
    expect(own.status, own.stderr).toBe(0);
    expect(own.stdout).toMatch(/^Count 1 "Edibles 1" \(Edibles\), applied: .+; applied by Morgan Manager on .+\.$/m);
    expect(own.stdout).not.toContain('approved by');
    // The cashier's, applied with the manager's PIN, names the manager by name.
    const approved = await servicepay('inventory', 'count', 'show', '2', ...demo);
    expect(approved.stdout).toMatch(
      /^Count 2 "Edibles 2" \(Edibles\), applied: .+; applied by Casey Cashier on .+, approved by Morgan Manager\.$/m,
    );
    // As the service decides it, from the ids the counts keep (`--json` prints the same).
    const list = await json<CountList>('inventory', 'count', 'list', ...demo);
    expect(list.counts.map(({ number, approvedByOther }) => [number, approvedByOther])).toEqual([
      [2, true],
      [1, false],
    ]);
  });

  it('servicepay loyalty show: the staff member’s name, the operator as the operator', async () => {
    expect((await servicepay('loyalty', 'adjust', customerId, '5', ...demo, '--reason', 'Sorry')).status).toBe(0);
    const shown = await servicepay('loyalty', 'show', customerId, ...demo);
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/Welcome bonus\s+Morgan Manager\s*$/m);
    expect(shown.stdout).toMatch(/Sorry\s+operator\s*$/m);
    expect(shown.stdout).not.toMatch(/Welcome bonus\s+manager\s*$/m);
  });
});
