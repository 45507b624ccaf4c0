import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageDetailsAnswer, PackageView } from '../../../shared/contracts/rooms.js';
import { ok, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';
import { otherStorePackage, refusedWith, written } from './support/adjustment-fixtures.js';
import { BLUE_DREAM, PURPLE_PUNCH } from './support/count-fixtures.js';

// A package's dates and lab results set by a manager (README "Rooms and packages"): answered by
// the packages list in words, written to the audit trail, the expiry deciding which package sells
// first; bad dates and an expiry before packaging refused in words, nothing kept.
let h: SetupHarness;
beforeAll(async () => {
  h = await setupHarness();
});
afterAll(() => h.close());

const patch = (ref: string, payload: unknown, token = h.tokens.manager, store = 'demo') =>
  h.call(token, 'PATCH', `/inventory/packages/${ref}`, payload, store);
const packagesOf = async (sku: string) =>
  ok<{ packages: PackageView[] }>(await h.call(h.tokens.manager, 'GET', `/products/${sku}/packages`, undefined, 'demo'))
    .packages;
async function rowOf(label: string) {
  const { db } = h.app.ctx;
  return db.first(
    db.builder.selectFrom('packages').select(['packaged_on', 'expires_on', 'lab_results']).where('label', '=', label),
  );
}

describe('a package’s dates and lab results', () => {
  it('are set by its tag, answered in words by the packages list, and written to the audit trail', async () => {
    const answer = ok<PackageDetailsAnswer>(
      await patch(BLUE_DREAM, { packagedOn: '2026-11-02', expiresOn: '2027-05-02', labResults: ' THC 21.4%, passed ' }),
    );
    expect(answer.package).toMatchObject({
      label: BLUE_DREAM,
      packagedOn: '2026-11-02',
      expiresOn: '2027-05-02',
      lab: { summary: 'THC 21.4%, passed' },
      labWords: 'THC 21.4%, passed',
    });
    const [listed] = await packagesOf('FLW-001');
    expect(listed).toMatchObject({ packagedOn: '2026-11-02', expiresOn: '2027-05-02', labWords: 'THC 21.4%, passed' });
    // A cashier (inventory:adjust) clears the lab results, by the package's id; the dates stay.
    const cleared = ok<PackageDetailsAnswer>(await patch(listed!.packageId, { labResults: '' }, h.tokens.cashier));
    expect(cleared.package).toMatchObject({ packagedOn: '2026-11-02', lab: null, labWords: '' });
    const { db } = h.app.ctx;
    const audit = await db.all(
      db.builder
        .selectFrom('audit_events')
        .select(['reason', 'actor_name'])
        .where('action', '=', 'package_changed')
        .orderBy('at'),
    );
    expect(audit.map((event) => event.reason)).toEqual([
      `Blue Dream (FLW-001), package ${BLUE_DREAM}: packaged 2026-11-02 (was none); expires 2027-05-02 (was none); ` +
        'lab results "THC 21.4%, passed" (was "")',
      `Blue Dream (FLW-001), package ${BLUE_DREAM}: lab results "" (was "THC 21.4%, passed")`,
    ]);
  });

  it('refuses what is not a date and an expiry before packaging, in words, keeping nothing', async () => {
    const before = { row: await rowOf(BLUE_DREAM), written: await written(h.app) };
    refusedWith(
      await patch(BLUE_DREAM, { expiresOn: 'next spring' }),
      400,
      'INVALID_INPUT',
      /^expiresOn must be a date such as 2026-11-30, not "next spring"$/,
    );
    refusedWith(
      await patch(BLUE_DREAM, { expiresOn: '2026-10-01' }),
      400,
      'INVALID_INPUT',
      /^expiresOn must not be before the packaged date \(2026-11-02\): "2026-10-01"$/,
    );
    refusedWith(
      await patch(BLUE_DREAM, { packagedOn: '2027-06-01', labResults: 'fine' }),
      400,
      'INVALID_INPUT',
      /^packagedOn must not be after the expiry date \(2027-05-02\): "2027-06-01"$/,
    );
    refusedWith(
      await patch('NOSUCHTAG', { expiresOn: '2027-01-01' }),
      404,
      'NOT_FOUND',
      /no package of Green Valley Dispensary/,
    );
    expect({ row: await rowOf(BLUE_DREAM), written: await written(h.app) }).toEqual(before);
  });

  it('decides which package sells first: the one expiring soonest', async () => {
    const other = await otherStorePackage(h, 'mesa', '1A4060300003D12000000777');
    refusedWith(
      await patch(other.label, { expiresOn: '2027-01-01' }),
      404,
      'NOT_FOUND',
      /is Store mesa's, not Green Valley Dispensary's/,
    );
    const purple = (await packagesOf('FLW-002'))[0]!;
    const { db } = h.app.ctx;
    const row = await db.first(db.builder.selectFrom('packages').selectAll().where('id', '=', purple.packageId));
    await db.write((tx) =>
      tx.run(
        db.builder
          .insertInto('packages')
          .values({ ...row!, id: `${row!.id}-2`, label: `${PURPLE_PUNCH}X`, expires_on: '2027-09-30' }),
      ),
    );
    ok(await patch(PURPLE_PUNCH, { expiresOn: '2027-12-31' }));
    expect((await packagesOf('FLW-002')).find((p) => p.sellsNext)!.label).toBe(`${PURPLE_PUNCH}X`);
    ok(await patch(PURPLE_PUNCH, { expiresOn: '2027-03-31' }));
    expect((await packagesOf('FLW-002')).find((p) => p.sellsNext)!.label).toBe(PURPLE_PUNCH);
  });
});
