import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServicePayError } from '../../../shared/errors.js';
import { DispensaryRepository } from '../../../electron/server/dispensaries/dispensary-repository.js';
import type { NewDispensary } from '../../../electron/server/dispensaries/dispensary.js';
import {
  checkOfflineCards,
  checkPickupHoldHours,
  parseOpeningHours,
} from '../../../electron/server/dispensaries/dispensary-rules.js';
import { OrganizationRepository } from '../../../electron/server/dispensaries/organization-repository.js';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { openSqlite } from '../../../electron/server/db/sqlite/sqlite-data-layer.js';
import { newDispensary, NOW } from '../../fixtures/catalog/test-store.js';

function caught(run: () => unknown): ServicePayError {
  try {
    run();
  } catch (error) {
    if (error instanceof ServicePayError) return error;
    throw error;
  }
  throw new Error('expected a ServicePayError');
}

async function refusal(run: () => Promise<unknown>): Promise<ServicePayError> {
  const error = await run().then(
    () => new Error('expected a ServicePayError'),
    (caughtError: unknown) => caughtError,
  );
  if (error instanceof ServicePayError) return error;
  throw error;
}

async function addresses(db: DataLayer): Promise<number> {
  const row = await db.first(db.builder.selectFrom('addresses').select((eb) => eb.fn.countAll<number>().as('n')));
  return Number(row!.n);
}

const week = (day: { open: string; close: string } | null) => Array.from({ length: 7 }, () => day);

describe('DispensaryRepository', () => {
  let db: DataLayer;
  let repo: DispensaryRepository;
  let orgId: string;
  const create = (input: NewDispensary) => db.write((tx) => repo.create(tx, input, NOW));

  beforeEach(async () => {
    db = await openSqlite(':memory:');
    orgId = (await db.write((tx) => new OrganizationRepository(db).create(tx, 'Org', NOW))).id;
    repo = new DispensaryRepository(db);
  });

  afterEach(() => db.close());

  it('creates a dispensary with its address and primary location, and finds it by short name', async () => {
    const created = await create(newDispensary(orgId, { timezone: 'america/denver' }));
    expect(created.timezone).toBe('America/Denver');
    expect(created.address).toMatchObject({ street: '1 Main St', zip: '80202', primary: true, latitude: 39.74 });
    expect(created.openingHours).toHaveLength(7);
    expect(created.openingHours[0]).toBeNull();
    const location = await db.first(
      db.builder
        .selectFrom('locations')
        .select(['dispensary_id', 'is_primary'])
        .where('id', '=', created.primaryLocationId),
    );
    expect(location).toEqual({ dispensary_id: created.id, is_primary: 1 });
    expect(await repo.findByShortName('test-shop')).toEqual(created);
    expect(await repo.findByShortName('nope')).toBeUndefined();
    expect((await repo.list()).map((d) => d.shortName)).toEqual(['test-shop']);
  });

  const invalid: [string, Partial<NewDispensary>, string][] = [
    ['upper case short name', { shortName: 'Demo' }, 'shortName'],
    ['short name with underscore', { shortName: 'my_shop' }, 'shortName'],
    ['short name with double dash', { shortName: 'my--shop' }, 'shortName'],
    ['short name ending in a dash', { shortName: 'shop-' }, 'shortName'],
    ['short name of 11 characters', { shortName: 'abcdefghijk' }, 'shortName'],
    ['empty short name', { shortName: '' }, 'shortName'],
    ['empty name', { name: '  ' }, 'name'],
    ['unknown time zone', { timezone: 'Mars/Olympus_Mons' }, 'timezone'],
    ['offset instead of a zone', { timezone: '+05:00' }, 'timezone'],
    ['negative preparation time', { preparationMinutes: -1 }, 'preparationMinutes'],
    ['fractional preparation time', { preparationMinutes: 2.5 }, 'preparationMinutes'],
    ['six days of hours', { openingHours: week(null).slice(1) }, 'openingHours'],
    ['hour 25', { openingHours: week({ open: '25:00', close: '26:00' }) }, 'openingHours[0].open'],
    ['single-digit hour', { openingHours: week({ open: '9:00', close: '21:00' }) }, 'openingHours[0].open'],
    ['close before open', { openingHours: week({ open: '21:00', close: '09:00' }) }, 'openingHours[0].close'],
    ['close equal to open', { openingHours: week({ open: '09:00', close: '09:00' }) }, 'openingHours[0].close'],
    ['open at 24:00', { openingHours: week({ open: '24:00', close: '24:00' }) }, 'openingHours[0].open'],
    ['unknown organization', { organizationId: 'no-such-org' }, 'organizationId'],
  ];

  it.each(invalid)('refuses %s naming the field', async (_case, overrides, field) => {
    const error = await refusal(() => create(newDispensary(orgId, overrides)));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.field).toBe(field);
    expect(error.message).toContain(field);
    expect(await repo.list()).toEqual([]);
    expect(await addresses(db)).toBe(0);
  });

  it('refuses a bad address field', async () => {
    const base = newDispensary(orgId);
    const error = await refusal(() => create({ ...base, address: { ...base.address, zip: '' } }));
    expect(error.field).toBe('address.zip');
    const latitude = await refusal(() => create({ ...base, address: { ...base.address, latitude: 91 } }));
    expect(latitude.field).toBe('address.latitude');
    // A US store's state is its two letters and its ZIP code 5 digits (or ZIP+4).
    const state = await refusal(() => create({ ...base, address: { ...base.address, state: 'Colorado' } }));
    expect(state.message).toBe('address.state must be the state\'s two letters, such as CA, not "Colorado"');
    const zip = await refusal(() => create({ ...base, address: { ...base.address, zip: 'abc' } }));
    expect(zip.message).toBe('address.zip must be a ZIP code of 5 digits (or ZIP+4: 95816-1234), not "abc"');
    expect(await repo.list()).toEqual([]);
    const plus4 = await create({ ...base, address: { ...base.address, state: 'co', zip: '80202-1234' } });
    expect(plus4.address).toMatchObject({ state: 'CO', zip: '80202-1234' });
  });

  it('accepts the longest short name, closing at 24:00 and closed days', async () => {
    const created = await create(
      newDispensary(orgId, {
        shortName: 'a-b-c-d-e1',
        openingHours: [null, ...week({ open: '00:00', close: '24:00' }).slice(1)],
      }),
    );
    expect(created.shortName).toBe('a-b-c-d-e1');
    expect(created.openingHours[1]).toEqual({ open: '00:00', close: '24:00' });
  });

  it('refuses a second dispensary with the same short name as a CONFLICT and leaves no address behind', async () => {
    await create(newDispensary(orgId));
    const error = await refusal(() => create(newDispensary(orgId, { name: 'Other' })));
    expect(error.code).toBe('CONFLICT');
    expect(await addresses(db)).toBe(1);
  });
});

describe('parseOpeningHours', () => {
  it('reads one range for the whole week', () => {
    expect(parseOpeningHours('09:00-21:00')).toEqual(week({ open: '09:00', close: '21:00' }));
  });

  it('reads seven entries, Sunday first, with closed days', () => {
    const hours = parseOpeningHours(
      'closed, 09:00-17:00, 09:00-17:00, 09:00-17:00, 09:00-17:00, 09:00-20:00, 10:00 - 16:00',
    );
    expect(hours[0]).toBeNull();
    expect(hours[5]).toEqual({ open: '09:00', close: '20:00' });
    expect(hours[6]).toEqual({ open: '10:00', close: '16:00' });
  });

  it.each([
    ['09:00-21:00,10:00-18:00', 'hours'],
    ['9-5', 'hours[0]'],
    ['21:00-09:00', 'hours[0].close'],
  ])('refuses %s naming %s', (text, field) => {
    expect(caught(() => parseOpeningHours(text)).field).toBe(field);
  });
});

describe('checkOfflineCards', () => {
  it('takes whole cents up to $100,000.00, one payment no more than the total; 0 stores none', () => {
    expect(checkOfflineCards({ maxCents: 0, totalCents: 0 })).toEqual({ maxCents: 0, totalCents: 0 });
    expect(checkOfflineCards({ maxCents: 10_000_000, totalCents: 10_000_000 })).toEqual({
      maxCents: 10_000_000,
      totalCents: 10_000_000,
    });
    expect(checkOfflineCards({ maxCents: 5_000, totalCents: 5_000 }).maxCents).toBe(5_000);
  });

  it.each([
    [{ maxCents: -1, totalCents: 100 }, 'offlineCards.maxCents', 'must be whole cents from 0 to 10000000'],
    [{ maxCents: 1, totalCents: 10_000_001 }, 'offlineCards.totalCents', 'must be whole cents from 0 to 10000000'],
    [{ maxCents: 1.5, totalCents: 100 }, 'offlineCards.maxCents', 'must be whole cents'],
    [
      { maxCents: 123_456, totalCents: 100_000 },
      'offlineCards.maxCents',
      '($1,234.56) is over the $1,000.00 all stored payments may add up to',
    ],
  ])('refuses %j, naming the cap', (caps, field, words) => {
    const error = caught(() => checkOfflineCards(caps));
    expect(error.field).toBe(field);
    expect(error.message).toContain(`${field} ${words}`);
  });
});

describe('checkPickupHoldHours', () => {
  it('takes whole hours from 1 to 720', () => {
    expect([1, 48, 720].map((hours) => checkPickupHoldHours(hours))).toEqual([1, 48, 720]);
  });

  it.each([
    [0, 'not 0'],
    [721, 'not 721'],
    [2.5, 'not 2.5'],
    [Number.NaN, 'not "NaN"'],
  ])('refuses %s in words', (hours, shown) => {
    const error = caught(() => checkPickupHoldHours(hours));
    expect(error.field).toBe('pickupHoldHours');
    expect(error.message).toBe(`pickupHoldHours must be a whole number of hours from 1 to 720 (30 days), ${shown}`);
  });
});

describe('DispensaryRepository lookups by short name', () => {
  it('serve repeated lookups from memory and see what another connection commits at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'servicepay-dispensaries-'));
    const service = await openSqlite(dir);
    const cli = await openSqlite(dir);
    try {
      const orgId = (await service.write((tx) => new OrganizationRepository(service).create(tx, 'Org', NOW))).id;
      const repo = new DispensaryRepository(service);
      const created = await service.write((tx) => repo.create(tx, newDispensary(orgId), NOW));
      const first = (await repo.findByShortName(created.shortName))!;
      expect(await repo.findByShortName(created.shortName)).toBe(first);
      expect(await repo.findByShortName('nowhere')).toBeUndefined();

      // Another process (the CLI) renames the store and adds a second one.
      await cli.write((tx) =>
        tx.run(cli.builder.updateTable('dispensaries').set({ name: 'Renamed Store' }).where('id', '=', created.id)),
      );
      await cli.write((tx) =>
        new DispensaryRepository(cli).create(tx, newDispensary(orgId, { shortName: 'second' }), NOW),
      );
      expect((await repo.findByShortName(created.shortName))!.name).toBe('Renamed Store');
      expect((await repo.findByShortName('second'))?.shortName).toBe('second');
    } finally {
      await service.close();
      await cli.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
