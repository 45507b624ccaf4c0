import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocationView, StoreSettings, TaxClassView } from '../../../shared/contracts/setup.js';
import { OrganizationRepository } from '../../../electron/server/dispensaries/organization-repository.js';
import { OPERATOR, StoreSetup } from '../../../electron/server/setup/store-setup.js';
import { login } from '../support/demo-service.js';
import { openStream } from '../support/live-stream.js';
import { addStore, ok, refused, setupHarness, type SetupHarness } from './support/setup-fixtures.js';

let h: SetupHarness;

beforeAll(async () => {
  h = await setupHarness();
  await addStore(h.app, 'mesa');
});
afterAll(() => h.close());

const taxClass = (response: Parameters<typeof ok>[0]) => ok<{ taxClass: TaxClassView }>(response).taxClass;

describe('tax classes and their layered rates', () => {
  it('starts with none, adds classes with rates that add up, changes and removes rates', async () => {
    expect(
      ok<{ taxClasses: TaxClassView[] }>(await h.call(h.tokens.manager, 'GET', '/tax-classes')).taxClasses,
    ).toEqual([]);
    const added = taxClass(
      await h.call(h.tokens.manager, 'POST', '/tax-classes', {
        code: 'cannabis',
        name: 'Cannabis',
        rates: [
          { name: 'State marijuana tax', percent: '15' },
          { name: 'Denver sales tax', percent: '4.81' },
        ],
      }),
    );
    expect(added).toMatchObject({ code: 'cannabis', percent: '19.81', productCount: 0 });
    expect(added.rates.map((rate) => [rate.name, rate.percent, rate.ratePpm])).toEqual([
      ['State marijuana tax', '15', 150_000],
      ['Denver sales tax', '4.81', 48_100],
    ]);
    // A rate of the same name (any case) is changed; another name is added.
    const changed = taxClass(
      await h.call(h.tokens.manager, 'PUT', '/tax-classes/cannabis/rates', {
        name: 'denver SALES tax',
        percent: '4.8125',
      }),
    );
    expect(changed.rates).toHaveLength(2);
    expect(changed.percent).toBe('19.8125');
    const layered = taxClass(
      await h.call(h.tokens.manager, 'PUT', '/tax-classes/cannabis/rates', {
        name: 'Denver marijuana tax',
        percent: '5.5',
      }),
    );
    expect(layered.percent).toBe('25.3125');
    const removed = taxClass(
      await h.call(
        h.tokens.manager,
        'DELETE',
        `/tax-classes/cannabis/rates/${encodeURIComponent('Denver Marijuana Tax')}`,
      ),
    );
    expect(removed.rates.map((rate) => rate.name)).toEqual(['State marijuana tax', 'Denver sales tax']);
    // The store's public information shows them.
    const store = await h.request({
      method: 'GET',
      url: '/v2.0/dispensary/mesa',
      headers: { authorization: `Bearer ${h.tokens.manager}` },
    });
    expect(store.json().dispensary.taxes).toEqual([
      {
        code: 'cannabis',
        name: 'Cannabis',
        percent: 19.8125,
        rates: [
          { name: 'State marijuana tax', percent: 15 },
          { name: 'Denver sales tax', percent: 4.8125 },
        ],
      },
    ]);
  });

  it.each([
    [{ code: 'Bad Code', name: 'X' }, /code/],
    [
      { code: 'x', name: 'X', rates: [{ name: 'Sales', percent: '100.5' }] },
      /rates\[0\]\.percent must be a percentage from 0 to 100/,
    ],
    [{ code: 'x', name: 'X', rates: [{ name: 'Sales', percent: '7.12345' }] }, /percent/],
    [
      {
        code: 'x',
        name: 'X',
        rates: [
          { name: 'Sales', percent: '1' },
          { name: 'sales', percent: '2' },
        ],
      },
      /rates\[1\]\.name repeats the rate "sales"/,
    ],
  ])('refuses the class %j, naming the field and the rule', async (body, detail) => {
    refused(await h.call(h.tokens.manager, 'POST', '/tax-classes', body), 400, detail);
  });

  it('refuses a second class of the same code, a rate of an unknown class, and removing a rate it does not have', async () => {
    refused(
      await h.call(h.tokens.manager, 'POST', '/tax-classes', { code: 'cannabis', name: 'Again' }),
      409,
      /already exists/,
    );
    refused(
      await h.call(h.tokens.manager, 'PUT', '/tax-classes/edibles/rates', { name: 'Sales', percent: '1' }),
      404,
      /no tax class edibles in this dispensary \(its classes: cannabis\)/,
    );
    refused(
      await h.call(h.tokens.manager, 'DELETE', '/tax-classes/cannabis/rates/Nope'),
      404,
      /has no rate named "Nope" \(its rates: State marijuana tax, Denver sales tax\)/,
    );
  });

  it('prices new tickets at the rates as they are now, and removes only an unused class', async () => {
    await h.call(h.tokens.manager, 'POST', '/tax-classes', { code: 'general', name: 'General', rates: [] });
    const csv =
      'sku,type,name,weight,unitType,price,taxClass,quantityOnHand\nM-1,FLOWER,Blue Dream,3.5,g,10.00,cannabis,20\n';
    const report = ok<{ imported: boolean }>(
      await h.call(h.tokens.manager, 'POST', '/catalog/import', { fileName: 'products.csv', text: csv }),
    );
    expect(report.imported).toBe(true);
    const product = (
      await h.request({
        method: 'GET',
        url: '/v2.0/dispensary/mesa/catalog',
        headers: { authorization: `Bearer ${h.tokens.manager}` },
      })
    ).json<{ items: { productId: string }[] }>().items[0]!;
    const quote = async () =>
      (
        await h.request({
          method: 'POST',
          url: '/v2.0/dispensary/mesa/ecommerce/ticket/quote',
          headers: h.headers,
          payload: { type: 'PICKUP', items: [{ productId: product.productId, quantity: 1 }] },
        })
      ).json<{ tax: string }>().tax;
    expect(await quote()).toBe('1.98'); // 19.8125 % of 10.00, half-up
    await h.call(h.tokens.manager, 'PUT', '/tax-classes/cannabis/rates', { name: 'Local', percent: '1' });
    expect(await quote()).toBe('2.08');
    refused(await h.call(h.tokens.manager, 'DELETE', '/tax-classes/cannabis'), 409, /taxes 1 product; move them/);
    expect(ok(await h.call(h.tokens.manager, 'DELETE', '/tax-classes/general'))).toMatchObject({
      resultCode: 'SUCCESS',
    });
  });

  it('keeps one rate per name when the same rate is set at once several times', async () => {
    const setup = new StoreSetup(h.app.ctx.db);
    await Promise.all(
      ['3', '3.5', '4', '4.5', '5'].map((percent) =>
        setup.taxes.setRate(OPERATOR, 'mesa', 'cannabis', { name: 'Race tax', percent }),
      ),
    );
    const classes = await setup.taxes.list(OPERATOR, 'mesa');
    const rates = classes.find((known) => known.code === 'cannabis')!.rates.filter((rate) => rate.name === 'Race tax');
    expect(rates).toHaveLength(1);
  });
});

describe('locations', () => {
  it('lists the primary location, adds and renames others with names unique in the store', async () => {
    const list = async () =>
      ok<{ locations: LocationView[] }>(await h.call(h.tokens.manager, 'GET', '/locations')).locations;
    expect((await list()).map((location) => [location.name, location.primary])).toEqual([['Sales floor', true]]);
    const added = ok<{ location: LocationView }>(
      await h.call(h.tokens.manager, 'POST', '/locations', { name: ' Drive-up window ' }),
    ).location;
    expect(added).toMatchObject({ name: 'Drive-up window', primary: false });
    refused(
      await h.call(h.tokens.manager, 'POST', '/locations', { name: 'DRIVE-UP WINDOW' }),
      409,
      /a location named "Drive-up window" already exists/,
    );
    refused(
      await h.call(h.tokens.manager, 'POST', '/locations', { name: '   ' }),
      400,
      /name must be 1 to 100 characters/,
    );
    const renamed = ok<{ location: LocationView }>(
      await h.call(h.tokens.manager, 'PUT', `/locations/${added.id}`, { name: 'Curbside' }),
    ).location;
    expect(renamed.name).toBe('Curbside');
    const demoLocation = (
      await h.request({
        method: 'GET',
        url: '/v2.0/dispensary/demo',
        headers: { authorization: `Bearer ${h.tokens.manager}` },
      })
    ).json().dispensary.locationId;
    refused(
      await h.call(h.tokens.manager, 'PUT', `/locations/${demoLocation}`, { name: 'Mine now' }),
      404,
      /no location/,
    );
  });

  it('adds one location when the same name is added at once several times', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => h.call(h.tokens.manager, 'POST', '/locations', { name: 'Delivery desk' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });
});

describe("the store's settings", () => {
  it('changes the name, time zone, preparation time and hours, and every cache of the service sees it', async () => {
    const store = ok<{ store: StoreSettings }>(
      await h.call(h.tokens.manager, 'PUT', '/store', {
        name: 'Mesa Verde',
        timezone: 'america/los_angeles',
        preparationMinutes: 25,
        openingHours: [null, ...Array(6).fill({ open: '10:00', close: '24:00' })],
      }),
    ).store;
    expect(store).toMatchObject({ name: 'Mesa Verde', timezone: 'America/Los_Angeles', preparationMinutes: 25 });
    expect(store.openingHours[0]).toBeNull();
    // The catalog routes' own (cached) view of the store follows at once.
    const info = await h.request({
      method: 'GET',
      url: '/v2.0/dispensary/mesa',
      headers: { authorization: `Bearer ${h.tokens.manager}` },
    });
    expect(info.json().dispensary).toMatchObject({
      name: 'Mesa Verde',
      timezone: 'America/Los_Angeles',
      preparationMinutes: 25,
    });
  });

  it('tells the screens following the store live (store.changed, after the change is committed), in words of the fields given', async () => {
    const baseUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(baseUrl, '/v2.0/dispensary/mesa/live?topics=store', h.tokens.manager);
    try {
      ok(await h.call(h.tokens.manager, 'PUT', '/store', { timezone: 'America/Denver', preparationMinutes: 20 }));
      const [frame] = await stream.waitFor(1);
      expect(frame).toEqual({
        event: 'store.changed',
        data: JSON.stringify({ fields: ['timezone', 'preparationMinutes'] }),
      });
      // What the screen then reads of the store is the change.
      const info = await h.request({
        method: 'GET',
        url: '/v2.0/dispensary/mesa',
        headers: { authorization: `Bearer ${h.tokens.manager}` },
      });
      expect(info.json().dispensary.timezone).toBe('America/Denver');
      // A change refused tells no one.
      refused(await h.call(h.tokens.manager, 'PUT', '/store', { timezone: 'Mars/Olympus' }), 400, /time zone/);
      ok(await h.call(h.tokens.manager, 'PUT', '/store', { name: 'Mesa Verde' }));
      const frames = await stream.waitFor(2);
      expect(frames.map((each) => each.data)).toEqual([
        JSON.stringify({ fields: ['timezone', 'preparationMinutes'] }),
        JSON.stringify({ fields: ['name'] }),
      ]);
    } finally {
      await stream.close();
    }
  });

  it('sets the caps of card payments stored offline, one at a time, never one payment over the total', async () => {
    const before = ok<{ store: StoreSettings }>(await h.call(h.tokens.manager, 'GET', '/store')).store;
    expect(before.offlineCards).toEqual({ maxCents: 20_000, totalCents: 100_000 });
    const lower = await h.call(h.tokens.manager, 'PUT', '/store', { offlineCards: { maxCents: 7_500 } });
    expect(ok<{ store: StoreSettings }>(lower).store.offlineCards).toEqual({ maxCents: 7_500, totalCents: 100_000 });
    // A payment's cap over the total could never be stored: refused in words, nothing changed.
    refused(
      await h.call(h.tokens.manager, 'PUT', '/store', { offlineCards: { totalCents: 5_000 } }),
      400,
      /^offlineCards\.maxCents \(\$75\.00\) is over the \$50\.00 all stored payments may add up to: a payment that large could never be stored$/,
    );
    const none = await h.call(h.tokens.manager, 'PUT', '/store', { offlineCards: { maxCents: 0, totalCents: 0 } });
    expect(ok<{ store: StoreSettings }>(none).store.offlineCards).toEqual({ maxCents: 0, totalCents: 0 });
    const after = ok<{ store: StoreSettings }>(await h.call(h.tokens.manager, 'GET', '/store')).store;
    expect(after).toMatchObject({ offlineCards: { maxCents: 0, totalCents: 0 }, cash: before.cash, name: before.name });
  });

  it('holds ready orders 48 hours unless the manager sets another hold, and refuses a wrong one in words', async () => {
    const before = ok<{ store: StoreSettings }>(await h.call(h.tokens.manager, 'GET', '/store')).store;
    expect(before.pickupHoldHours).toBe(48);
    const longer = await h.call(h.tokens.manager, 'PUT', '/store', { pickupHoldHours: 72 });
    expect(ok<{ store: StoreSettings }>(longer).store).toMatchObject({ pickupHoldHours: 72, name: before.name });
    for (const [hours, shown] of [
      [0, '0'],
      [-5, '-5'],
      [721, '721'],
      [1.5, '1.5'],
    ] as const) {
      refused(
        await h.call(h.tokens.manager, 'PUT', '/store', { pickupHoldHours: hours }),
        400,
        new RegExp(
          `^pickupHoldHours must be a whole number of hours from 1 to 720 \\(30 days\\), not ${shown.replace('.', '\\.')}$`,
        ),
      );
    }
    refused(await h.call(h.tokens.manager, 'PUT', '/store', { pickupHoldHours: '48' }), 400, /pickupHoldHours/);
    expect(ok<{ store: StoreSettings }>(await h.call(h.tokens.manager, 'GET', '/store')).store.pickupHoldHours).toBe(
      72,
    );
    await h.call(h.tokens.manager, 'PUT', '/store', { pickupHoldHours: 48 });
  });

  it.each([
    [{ offlineCards: { maxCents: -1 } }, /offlineCards/],
    [{ offlineCards: { totalCents: 10_000_001 } }, /offlineCards/],
    [{ offlineCards: { maxCents: 12.5 } }, /offlineCards/],
    [{ timezone: 'Mars/Olympus' }, /timezone must be an IANA time zone/],
    [
      { openingHours: [null, null, null, null, null, null, { open: '22:00', close: '10:00' }] },
      /openingHours\[6\]\.close must be later than open/,
    ],
    [{ openingHours: [null] }, /openingHours/],
    [{ preparationMinutes: -1 }, /preparationMinutes/],
    [{ name: '' }, /name/],
  ])('refuses %j, naming the field', async (body, detail) => {
    refused(await h.call(h.tokens.manager, 'PUT', '/store', body), 400, detail);
  });
});

describe('who may set a store up', () => {
  it('refuses cashiers, unknown stores and partners-only shapes', async () => {
    refused(
      await h.call(h.tokens.cashier, 'GET', '/tax-classes'),
      403,
      /cashier role does not have the store:manage permission/,
    );
    refused(
      await h.call(h.tokens.manager, 'GET', '/tax-classes', undefined, 'nowhere'),
      404,
      /no dispensary has the short name nowhere/,
    );
    const bare = await h.request({ method: 'GET', url: '/v2.0/dispensary/mesa/setup/tax-classes' });
    refused(bare, 401, /Bearer/);
  });

  it("keeps a store's own manager to that store", async () => {
    ok(
      await h.call(h.tokens.admin, 'POST', '/staff', {
        username: 'mesa-boss',
        role: 'manager',
        password: 'mesa-boss-pass',
      }),
    );
    const boss = await login(h.app, 'mesa-boss', 'mesa-boss-pass');
    ok(await h.call(boss, 'POST', '/locations', { name: 'Back room' }));
    refused(
      await h.call(boss, 'GET', '/tax-classes', undefined, 'demo'),
      403,
      /not permitted to act for dispensary "demo"/,
    );
    refused(await h.call(boss, 'PUT', '/store', { name: 'Taken' }, 'demo'), 403, /not permitted/);
  });

  it('refuses another organization entirely', async () => {
    const { db } = h.app.ctx;
    const other = await db.write((tx) => new OrganizationRepository(db).create(tx, 'Other Co', new Date()));
    await addStore(h.app, 'other', other.id);
    refused(await h.call(h.tokens.admin, 'GET', '/tax-classes', undefined, 'other'), 403, /not permitted/);
    refused(
      await h.call(
        h.tokens.admin,
        'POST',
        '/staff',
        { username: 'spy', role: 'admin', password: 'spy-password' },
        'other',
      ),
      403,
      /not permitted/,
    );
  });
});
