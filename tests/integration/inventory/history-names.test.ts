import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustmentPage } from '../../../shared/contracts/inventory.js';
import type { PackageMoveAnswer } from '../../../shared/contracts/rooms.js';
import { DEMO, ok, refused, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';
import { adjustmentOf, taggedPackages } from './support/adjustment-fixtures.js';

// Who made an adjustment or a move is answered by name (README "Inventory adjustments", "Rooms and
// packages"): `by` stays the username, `byName` (and an adjustment's `approvedByName`) is the staff
// user's display name as it is now, read with the history, and null once they are no user.
let h: SetupHarness;
beforeAll(async () => {
  h = await setupHarness();
});
afterAll(() => h.close());

const adjust = (payload: unknown, token: string) => h.call(token, 'POST', '/inventory/adjustments', payload, 'demo');
const list = async () =>
  ok<AdjustmentPage>(await h.call(h.tokens.manager, 'GET', '/inventory/adjustments', undefined, 'demo')).adjustments;
const renameUser = (username: string, displayName: string) => {
  const { db } = h.app.ctx;
  return db.write((tx) =>
    tx.run(db.builder.updateTable('users').set({ display_name: displayName }).where('username', '=', username)),
  );
};

describe('people in the inventory histories', () => {
  it('answers who made and approved an adjustment by display name, beside their usernames', async () => {
    const [pkg] = await taggedPackages(h.app);
    const own = adjustmentOf(await adjust({ package: pkg!.label, delta: -1, reason: 'damage' }, h.tokens.manager));
    expect(own).toMatchObject({
      by: 'manager',
      byName: 'Morgan Manager',
      approvedBy: 'manager',
      approvedByName: 'Morgan Manager',
    });
    const approval = { username: 'manager', pin: '2580' };
    const asked = adjustmentOf(
      await adjust({ package: pkg!.label, delta: -1, reason: 'damage', approval }, h.tokens.cashier),
    );
    expect(asked).toMatchObject({
      by: 'cashier',
      byName: 'Casey Cashier',
      approvedBy: 'Morgan Manager',
      approvedByName: 'Morgan Manager',
    });
    expect((await list()).slice(0, 2)).toEqual([asked, own]);
  });

  it('reads the names as they are now, and null for a username that is no user any more', async () => {
    await renameUser('manager', 'Morgan Lee');
    try {
      const [latest, earlier] = await list();
      expect(latest).toMatchObject({ by: 'cashier', byName: 'Casey Cashier', approvedByName: 'Morgan Lee' });
      expect(earlier).toMatchObject({ by: 'manager', byName: 'Morgan Lee', approvedByName: 'Morgan Lee' });
      // The approver's name as the adjustment wrote it stays, for the record.
      expect(latest!.approvedBy).toBe('Morgan Manager');
    } finally {
      await renameUser('manager', 'Morgan Manager');
    }
  });

  it('answers who moved a package by display name', async () => {
    const [pkg] = await taggedPackages(h.app);
    const moved = ok<PackageMoveAnswer>(
      await h.call(h.tokens.cashier, 'POST', '/inventory/moves', { package: pkg!.label, room: 'Vault' }, 'demo'),
    );
    expect(moved.move).toMatchObject({ by: 'cashier', byName: 'Casey Cashier', to: 'Vault' });
    ok(
      await h.call(h.tokens.cashier, 'POST', '/inventory/moves', { package: pkg!.label, room: 'Sales floor' }, 'demo'),
    );
  });

  it('names a package without a state tag by its product, never "package None", when refusing its move', async () => {
    const { db } = h.app.ctx;
    const untagged = await db.first(
      db.builder
        .selectFrom('packages as k')
        .innerJoin('products as p', 'p.id', 'k.product_id')
        .select(['k.id', 'p.name'])
        .where('k.label', '=', '')
        .where('k.room_id', 'is', null)
        .where('p.dispensary_id', '=', DEMO.dispensaryId),
    );
    expect(untagged, 'the demo has stock imported without a state tag').toBeTruthy();
    const said = await h.call(
      h.tokens.manager,
      'POST',
      '/inventory/moves',
      { package: untagged!.id, room: 'sales-floor' },
      'demo',
    );
    refused(said, 400, new RegExp(`^room is where the untagged package of ${untagged!.name} is already$`));
  });

  it('answers null for a name once the user is gone, keeping the username', async () => {
    const { db } = h.app.ctx;
    await db.write((tx) => tx.run(db.builder.deleteFrom('users').where('username', '=', 'cashier')));
    const [latest] = await list();
    expect(latest).toMatchObject({ by: 'cashier', byName: null, approvedByName: 'Morgan Manager' });
  });
});
