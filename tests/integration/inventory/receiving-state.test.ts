import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatePackageRecordView } from '../../../shared/contracts/state-reporting.js';
import { StateReporter } from '../../../electron/server/state-reporting/state-reporter.js';
import { MetrcTestServer } from '../../support/metrc-test-server.js';
import { addStore, ok, refused, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';
import { STATE_KEYS } from '../state-reporting/state-support.js';

// A delivery received and a package moved reach the state through the outbox written in their own
// transaction (README "Seed-to-sale reporting"): the transfer's acceptance (each package accepted
// with what arrived, or refused with the reason) and Metrc's packages/v2/location; a failure of the
// write keeps nothing of the delivery. The clock is noon, June 15, 2026 in the store's zone (Los
// Angeles, PDT): the records' day is the test's, whenever it runs (never a midnight between two reads).
const NOW = Date.parse('2026-06-15T19:00:00Z');
const DAY = '2026-06-15';
let h: SetupHarness;
let reporter: StateReporter;
const state = new MetrcTestServer(STATE_KEYS);
const csv = readFileSync(new URL('../../fixtures/manifests/delivery-with-shortage.csv', import.meta.url), 'utf8');
const BLUE = '1A4FF0100000022000000201';
const GUMMIES = '1A4FF0100000022000000202';
const BULK = '1A4FF0100000022000000203';
const delivery = (manifestNumber?: string) => ({
  format: 'csv',
  text: manifestNumber
    ? csv.replace('0004512873', manifestNumber).replaceAll('1A4FF01000000220000002', '1A4FF01000000220000009')
    : csv,
  room: 'Quarantine',
  packages: [
    { label: manifestNumber ? BLUE.replace(/2(\d\d)$/, '9$1') : BLUE, productId: 'FLW-001' },
    { label: manifestNumber ? GUMMIES.replace(/2(\d\d)$/, '9$1') : GUMMIES, productId: 'EDI-001', received: 8 },
    { label: manifestNumber ? BULK.replace(/2(\d\d)$/, '9$1') : BULK, refused: 'Seal broken on arrival' },
  ],
});

beforeAll(async () => {
  h = await setupHarness({ now: () => new Date(NOW) });
  await addStore(h.app, 'mesa');
  const baseUrl = await state.start();
  reporter = new StateReporter(h.app.ctx.db, { now: () => new Date(NOW), timeoutMs: 2000, maxAttempts: 3 });
  ok(await h.call(h.tokens.manager, 'PUT', '/state-reporting', { baseUrl, ...STATE_KEYS, enabled: true }, 'demo'));
}, 60_000);
afterAll(async () => {
  await state.stop();
  await h.close();
});

const manager = (method: 'GET' | 'POST', path: string, payload?: unknown, store = 'demo') =>
  h.call(h.tokens.manager, method, path, payload, store);
const packageRecords = async (store = 'demo') =>
  ok<{ packageRecords: StatePackageRecordView[] }>(await manager('GET', '/state-reporting/records', undefined, store))
    .packageRecords;

describe("a delivery, a move and the state's outbox", () => {
  it('writes the delivery with its receipt and sends each package accepted with what arrived, or refused', async () => {
    ok(await manager('POST', '/inventory/receipts', delivery()));
    const [record] = await packageRecords();
    expect(record).toMatchObject({
      kind: 'received',
      subject: '0004512873',
      summary: 'Delivery 0004512873 received: 2 packages accepted, 1 refused',
      recordDate: DAY,
      status: 'pending',
      attempts: 0,
    });
    const csvDay = await manager('GET', '/state-reporting/records.csv');
    expect(csvDay.body).toContain(
      `"Delivery 0004512873 received: 2 packages accepted, 1 refused",,${DAY},,,0004512873`,
    );
    expect(await reporter.runDue()).toBeGreaterThanOrEqual(1);
    expect(state.transfers).toEqual([
      {
        ManifestNumber: '0004512873',
        ShipperFacilityLicenseNumber: 'C11-0000123-LIC',
        ReceivedDateTime: expect.stringMatching(new RegExp(`^${DAY}T\\d{2}:\\d{2}:\\d{2}$`)) as unknown,
        Packages: [
          { PackageLabel: BLUE, Accepted: true, ReceivedQuantity: 40, UnitOfMeasure: 'Each', RejectionReason: null },
          { PackageLabel: GUMMIES, Accepted: true, ReceivedQuantity: 8, UnitOfMeasure: 'Each', RejectionReason: null },
          {
            PackageLabel: BULK,
            Accepted: false,
            ReceivedQuantity: 0,
            UnitOfMeasure: 'Grams',
            RejectionReason: 'Seal broken on arrival',
          },
        ],
      },
    ]);
    expect(state.calls.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/transfers/v2/incoming/receive',
      licenseNumber: STATE_KEYS.licenseNumber,
    });
    expect((await packageRecords())[0]).toMatchObject({ status: 'sent', attempts: 1, lastStatusCode: 200 });
  });

  it('writes a move of a tagged package and sends it as a location change', async () => {
    ok(await manager('POST', '/inventory/moves', { package: BLUE, room: 'Sales floor', note: 'Passed inspection' }));
    const moved = (await packageRecords()).find((record) => record.kind === 'moved')!;
    expect(moved).toMatchObject({ subject: BLUE, summary: `Package ${BLUE} moved to Sales floor`, status: 'pending' });
    await reporter.runDue();
    expect(state.locations).toEqual([{ Label: BLUE, Location: 'Sales floor', Sublocation: null, MoveDate: DAY }]);
    expect(state.calls.at(-1)).toMatchObject({ method: 'PUT', path: '/packages/v2/location' });
  });

  it('is failed at once when the state refuses it, and sent when a manager retries it', async () => {
    ok(await manager('POST', '/inventory/moves', { package: GUMMIES, room: 'Vault' }));
    state.answers = [400];
    await reporter.runDue();
    const failed = (await packageRecords()).find((record) => record.subject === GUMMIES)!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 400, nextAttemptAt: null });
    const retry = (id: string, store = 'demo') =>
      manager('POST', `/state-reporting/package-records/${id}/retry`, undefined, store);
    expect(ok<{ packageRecord: StatePackageRecordView }>(await retry(failed.id)).packageRecord).toMatchObject({
      status: 'pending',
      attempts: 0,
    });
    await reporter.runDue();
    expect(state.locations.at(-1)).toMatchObject({ Label: GUMMIES, Location: 'Vault' });
    refused(await retry(failed.id), 409, /the state package record is already sent: only a failed one is retried/);
    refused(await retry(failed.id, 'mesa'), 404, /no state package record/);
  });

  it('writes nothing at a store that keeps no state records, nor for a package without a tag', async () => {
    const { db } = h.app.ctx;
    const mesa = await db.first(
      db.builder.selectFrom('dispensaries').select(['compliance_profile as profile']).where('short_name', '=', 'mesa'),
    );
    expect(mesa!.profile).toBeNull();
    const refusedAll = delivery('0004519999');
    const packages = refusedAll.packages.map(({ label }) => ({ label, refused: 'Not ordered' }));
    ok(await manager('POST', '/inventory/receipts', { ...refusedAll, room: 'Sales floor', packages }, 'mesa'));
    expect(await packageRecords('mesa')).toEqual([]);
    const before = (await packageRecords()).length;
    const accessory = await db.first(
      db.builder
        .selectFrom('packages as p')
        .innerJoin('products as r', 'r.id', 'p.product_id')
        .innerJoin('dispensaries as d', 'd.id', 'r.dispensary_id')
        .select('p.id')
        .where('d.short_name', '=', 'demo')
        .where('p.label', '=', ''),
    );
    ok(await manager('POST', '/inventory/moves', { package: accessory!.id, room: 'Vault' }));
    expect(await packageRecords()).toHaveLength(before);
  });

  it('keeps nothing of a delivery when its state record cannot be written', async () => {
    const { db } = h.app.ctx;
    const count = async (table: 'receipts' | 'packages' | 'state_package_records') =>
      Number((await db.first(db.builder.selectFrom(table).select((eb) => eb.fn.countAll().as('n'))))!.n);
    const before = [await count('receipts'), await count('packages')];
    // The outbox is away for one request: the write that needs it fails, as a full disk would.
    await db.write((tx) => tx.run(sql`ALTER TABLE state_package_records RENAME TO away`.compile(db.builder)));
    try {
      const answer = await manager('POST', '/inventory/receipts', delivery('0004518888'));
      expect(answer.statusCode, answer.body).toBe(500);
    } finally {
      await db.write((tx) => tx.run(sql`ALTER TABLE away RENAME TO state_package_records`.compile(db.builder)));
    }
    expect([await count('receipts'), await count('packages')]).toEqual(before);
  });
});
