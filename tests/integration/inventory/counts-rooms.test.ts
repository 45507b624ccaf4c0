import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStock } from '../support/catalog-fixtures.js';
import { ok, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';
import { packageStock, refusedWith } from './support/adjustment-fixtures.js';
import { BLUE_DREAM, countCalls, countOf, lineOf, PURPLE_PUNCH, reportOf, sell } from './support/count-fixtures.js';

// A count of a room (README "Inventory counts"): the Vault counted while the floor is counted too,
// a package counted in the Vault moved to the floor and sold from during the count — it counts
// where it was counted, and the other count leaves it out until then; the difference is added to
// the stock on hand when applied.
let h: SetupHarness;
let api: ReturnType<typeof countCalls>;
beforeAll(async () => {
  h = await setupHarness();
  api = countCalls(h);
});
afterAll(() => h.close());

const move = async (pkg: string, room: string) =>
  ok(await h.call(h.tokens.manager, 'POST', '/inventory/moves', { package: pkg, room }, 'demo'));

async function stocked(label: string, onHandMilli: number) {
  const { db } = h.app.ctx;
  const row = (await db.first(
    db.builder.selectFrom('packages').select(['id', 'product_id as productId']).where('label', '=', label),
  ))!;
  await setStock(h.app, row.productId, onHandMilli);
  return { packageId: row.id, productId: row.productId };
}

describe('a count of a room', () => {
  it('counts the Vault and the sales floor at once; a package counted in the Vault and moved counts there', async () => {
    const blue = await stocked(BLUE_DREAM, 10_000);
    await stocked(PURPLE_PUNCH, 20_000);
    await move(BLUE_DREAM, 'Vault');
    const vault = countOf(await api.start({ rooms: ['vault'] }));
    expect(vault).toMatchObject({ name: 'Count of the Vault', scope: 'the Vault', categories: [] });
    expect(vault.rooms).toEqual([{ id: expect.any(String), name: 'Vault' }]);
    expect(reportOf(await api.show(vault.number)).lines.map((line) => line.packageLabel)).toEqual([BLUE_DREAM]);

    const floor = countOf(await api.start({ name: 'Floor, Monday', rooms: ['Sales floor'] }));
    expect(floor).toMatchObject({ scope: 'the sales floor', rooms: [{ id: 'sales-floor', name: 'Sales floor' }] });
    const floorLabels = () =>
      api.show(floor.number).then((answer) => reportOf(answer).lines.map((line) => line.packageLabel));
    expect(await floorLabels()).toContain(PURPLE_PUNCH);
    expect(await floorLabels()).not.toContain(BLUE_DREAM);
    refusedWith(
      await api.start({ name: 'Everything' }),
      409,
      'CONFLICT',
      /^count \d+ "Count of the Vault" \(the Vault\) is still open, and a count of the whole store would count some of its packages too/,
    );
    refusedWith(
      await api.start({ rooms: ['Attic'] }),
      400,
      'INVALID_INPUT',
      /^rooms has "Attic", which is not a room of Green Valley Dispensary \(Sales floor, Quarantine, Vault\)$/,
    );
    refusedWith(
      await api.enter(vault.number, { package: PURPLE_PUNCH, quantity: 20 }),
      400,
      'INVALID_INPUT',
      /is not in count \d+ "Count of the Vault", which counts the Vault$/,
    );

    // Counted in the Vault: 9 where the store held 10. Then moved to the floor and 2 sold from it.
    expect(lineOf(await api.enter(vault.number, { package: BLUE_DREAM, quantity: 9 }))).toMatchObject({
      expected: 10,
      difference: -1,
    });
    await move(BLUE_DREAM, 'Sales floor');
    await sell(h, blue.productId, 2);
    // It counts in the Vault still; the floor's count leaves it out, and refuses it, in words.
    expect(reportOf(await api.show(vault.number)).lines.map((line) => line.packageLabel)).toEqual([BLUE_DREAM]);
    expect(await floorLabels()).not.toContain(BLUE_DREAM);
    refusedWith(
      await api.enter(floor.number, { package: BLUE_DREAM, quantity: 8 }),
      409,
      'CONFLICT',
      /was counted in count \d+ "Count of the Vault", which is still open: it counts there/,
    );
    // Applied: the one missing is taken off what is on hand now (10 − 2 sold − 1 missing).
    const applied = reportOf(await api.apply(vault.number));
    expect(applied.lines).toMatchObject([{ packageLabel: BLUE_DREAM, counted: 9, expected: 10, difference: -1 }]);
    expect((await packageStock(h.app, blue.packageId)).onHand).toBe(7000);
    // Applied, the Vault's count lets go: the floor's count takes it now, where it is.
    expect(await floorLabels()).toContain(BLUE_DREAM);
    expect(lineOf(await api.enter(floor.number, { package: BLUE_DREAM, quantity: 7 }))).toMatchObject({
      expected: 7,
      difference: 0,
    });
  });
});
