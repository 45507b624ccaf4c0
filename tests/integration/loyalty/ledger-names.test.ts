import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerLoyalty } from '../../../shared/contracts/loyalty.js';
import { hashPasswordSync } from '../../../electron/server/auth/passwords.js';
import { UsersRepository } from '../../../electron/server/auth/users-repository.js';
import { DEMO } from '../../../electron/server/demo/load-demo.js';
import { LoyaltyLedger } from '../../../electron/server/loyalty/loyalty-ledger.js';
import { demoService, type DemoService } from '../support/demo-service.js';
import { as, loyaltyStore, STORE } from './loyalty-store.js';

// The ledger names who moved a customer's points (README "Loyalty"): `by` stays the username the
// entry kept, `byName` is that staff user's display name as it is now (read with the ledger), and
// null where `by` is nobody of the organization: the service's expiry, the operator, a login gone.
let service: DemoService;
let store: Awaited<ReturnType<typeof loyaltyStore>>;
beforeAll(async () => {
  service = await demoService();
  store = await loyaltyStore(service, { enabled: true, pointsPerDollar: 1, pointsPerRewardDollar: 100 });
});
afterAll(() => service.close());

/** An entry written as another actor would write it (the expiry, the command line, a login since removed). */
async function entryBy(customerId: string, actor: string, points: number) {
  const { db } = service.app.ctx;
  await db.write((tx) =>
    new LoyaltyLedger(db).add(tx, {
      dispensaryId: DEMO.dispensaryId,
      customerId,
      orderId: null,
      kind: actor === 'system' ? 'expired' : 'adjusted',
      points,
      note: `By ${actor}`,
      actor,
      at: new Date().toISOString(),
    }),
  );
}

/** A staff login of `organizationId` that nobody signs in with here: its display name is what matters. */
async function addUser(username: string, displayName: string, organizationId = DEMO.organizationId) {
  const { db } = service.app.ctx;
  const passwordHash = hashPasswordSync('not-used-here-1');
  await db.write((tx) =>
    new UsersRepository(db).create(
      tx,
      { organizationId, username, displayName, passwordHash, role: 'cashier' },
      new Date(),
    ),
  );
}

describe("the ledger's people", () => {
  it("answers a manager's adjustment with their display name beside their username", async () => {
    const maria = await store.newCustomer('Maria', 'Garcia', 8_100_000);
    const added = await service.request({
      method: 'POST',
      url: `${STORE}/customers/${maria.id}/loyalty/adjustments`,
      headers: as(store.manager),
      payload: { points: 250, reason: 'Welcome bonus' },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<{ loyalty: CustomerLoyalty }>().loyalty.entries[0]).toMatchObject({
      kind: 'adjusted',
      by: 'manager',
      byName: 'Morgan Manager',
    });
    // Read with the ledger: a name changed since shows as it is now.
    const { db } = service.app.ctx;
    const rename = (name: string) =>
      db.write((tx) =>
        tx.run(db.builder.updateTable('users').set({ display_name: name }).where('username', '=', 'manager')),
      );
    await rename('Morgan Lee');
    try {
      expect((await store.loyaltyOf(maria.id)).entries[0]).toMatchObject({ by: 'manager', byName: 'Morgan Lee' });
    } finally {
      await rename('Morgan Manager');
    }
  });

  it('answers null for the service, the operator and a username nobody of the organization has', async () => {
    const ana = await store.newCustomer('Ana', 'Ruiz', 8_200_000);
    // Logins so named exist, yet the expiry's `system` and the command line's `operator` are no person.
    await addUser('system', 'Sam System');
    await addUser('operator', 'Olive Operator');
    await entryBy(ana.id, 'operator', 40);
    await entryBy(ana.id, 'former-clerk', 10);
    await entryBy(ana.id, 'system', -50);
    const { entries } = await store.loyaltyOf(ana.id);
    // Written within a millisecond, their order among themselves is not the point: who they name is.
    const named = entries.map(({ by, byName }) => ({ by, byName })).sort((a, b) => a.by.localeCompare(b.by));
    expect(named).toEqual([
      { by: 'former-clerk', byName: null },
      { by: 'operator', byName: null },
      { by: 'system', byName: null },
    ]);
  });

  it("never names a person of another organization, whose username an entry's actor (a partner's name) matches", async () => {
    const { db } = service.app.ctx;
    const other = 'other-org-ledger-names';
    await db.write((tx) =>
      tx.run(
        db.builder
          .insertInto('organizations')
          .values({ id: other, name: 'Elsewhere', created_at: new Date().toISOString() }),
      ),
    );
    await addUser('acme', 'Someone Elsewhere', other);
    const cara = await store.newCustomer('Cara', 'Lee', 8_300_000);
    await entryBy(cara.id, 'acme', 5);
    expect((await store.loyaltyOf(cara.id)).entries[0]).toMatchObject({ by: 'acme', byName: null });
  });
});
