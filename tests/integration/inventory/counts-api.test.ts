import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountList } from '../../../shared/contracts/inventory-counts.js';
import { login } from '../support/demo-service.js';
import { openStream } from '../support/live-stream.js';
import { ok, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';
import { otherStorePackage, refusedWith } from './support/adjustment-fixtures.js';
import {
  BLUE_DREAM,
  BY_THE_GRAM,
  countCalls,
  countOf,
  countRows,
  GUMMIES,
  lineOf,
  PURPLE_PUNCH,
  reportOf,
} from './support/count-fixtures.js';

// A count over the set-up API: started for some categories or the whole store, packages entered by
// tag or id (whole units, grams to three decimals), entered again, paused and resumed, cancelled;
// the variance report; every refusal in words, keeping nothing.
let h: SetupHarness;
let api: ReturnType<typeof countCalls>;
let baseUrl: string;
beforeAll(async () => {
  h = await setupHarness();
  api = countCalls(h);
  baseUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => h.close());

describe('an inventory count over the set-up API', () => {
  it('starts a count of some categories, lists the packages it covers, and refuses an overlapping one', async () => {
    const flower = countOf(await api.start({ name: 'Flower room', categories: ['flower', 'Pre-Rolls'] }));
    expect(flower).toMatchObject({
      number: 1,
      name: 'Flower room',
      categories: ['FLOWER', 'PREROLL'],
      scope: 'Flower and Pre-rolls',
      status: 'OPEN',
      startedBy: 'manager',
      closedBy: null,
    });
    const report = reportOf(await api.show(1));
    expect(new Set(report.lines.map((line) => line.category))).toEqual(new Set(['FLOWER', 'PREROLL']));
    expect(report.lines).toHaveLength(17);
    expect(report.lines.every((line) => line.counted === null && line.difference === null)).toBe(true);
    expect(report.totals).toMatchObject({ packages: 17, counted: 0, notCounted: 17, netCents: 0 });
    refusedWith(
      await api.start({ name: 'Everything' }),
      409,
      'CONFLICT',
      // The open count's scope, then the new one's: never read as if the open count covered every category.
      /^count 1 "Flower room" \(Flower and Pre-rolls\) is still open, and a count of the whole store would count some of its packages too: apply or cancel it first$/,
    );
    refusedWith(await api.start({ name: 'Again', categories: ['FLOWER'] }), 409, 'CONFLICT', /count 1/);
    const edibles = countOf(await api.start({ name: 'Edibles shelf', categories: ['EDIBLE'] }, h.tokens.cashier));
    expect(edibles).toMatchObject({ number: 2, scope: 'Edibles', startedBy: 'cashier' });
    const listed = ok<CountList>(await api.list());
    expect(listed.counts.map((count) => count.number)).toEqual([2, 1]);
    expect(countOf(await api.move(2, 'cancel'))).toMatchObject({ status: 'CANCELLED', closedBy: 'cashier' });
  });

  it('enters by tag and by id, grams to three decimals, and values the variance at retail price', async () => {
    const before = reportOf(await api.show(1));
    const blueDream = before.lines.find((line) => line.packageLabel === BLUE_DREAM)!;
    const entered = lineOf(await api.enter(1, { package: BLUE_DREAM, quantity: blueDream.onHand - 2 }));
    expect(entered).toMatchObject({
      productName: 'Blue Dream',
      counted: blueDream.onHand - 2,
      expected: blueDream.onHand,
      difference: -2,
      differenceCents: -7000,
      countedBy: 'cashier',
    });
    const gram = before.lines.find((line) => line.packageLabel === BY_THE_GRAM)!;
    const weighed = lineOf(await api.enter(1, { package: gram.packageId, quantity: 453.125 }));
    expect(weighed).toMatchObject({ counted: 453.125, expected: 453.6, difference: -0.475, differenceCents: -475 });
    // Entered again (a recount), the entry is replaced: who and when are the last entry's.
    const again = lineOf(await api.enter(1, { package: BLUE_DREAM, quantity: blueDream.onHand + 1 }, h.tokens.manager));
    expect(again).toMatchObject({
      counted: blueDream.onHand + 1,
      difference: 1,
      differenceCents: 3500,
      countedBy: 'manager',
    });
    expect(Date.parse(again.countedAt!)).toBeGreaterThanOrEqual(Date.parse(entered.countedAt!));
    const report = reportOf(await api.show(String(before.count.countId)));
    expect(report.totals).toEqual({
      packages: 17,
      counted: 2,
      notCounted: 15,
      withDifference: 2,
      shortCents: -475,
      overCents: 3500,
      netCents: 3025,
    });
    expect(report.lines.find((line) => line.packageLabel === PURPLE_PUNCH)).toMatchObject({
      counted: null,
      expected: null,
      difference: null,
    });
  });

  it('tells every device counting of an entry, on the live channel (count.changed)', async () => {
    const stream = await openStream(baseUrl, '/v2.0/dispensary/demo/live?topics=counts', h.tokens.manager);
    // Wedding Cake (FLW-003), entered once, from this device.
    lineOf(await api.enter(1, { package: '1A4060300003D12000000003', quantity: 28 }));
    const [frame] = await stream.waitFor(1);
    expect(frame).toEqual({ event: 'count.changed', data: JSON.stringify({ number: 1 }) });
    await stream.close();
  });

  it('takes entries from two devices at once: both land, one row, the later kept', async () => {
    const both = await Promise.all([
      api.enter(1, { package: PURPLE_PUNCH, quantity: 30 }),
      api.enter(1, { package: PURPLE_PUNCH, quantity: 31 }, h.tokens.manager),
    ]);
    for (const answer of both) lineOf(answer);
    const rows = (await countRows(h)).entries.filter((entry) => Number(entry.entries) === 2);
    expect(rows).toHaveLength(2);
    const line = reportOf(await api.show(1)).lines.find((entry) => entry.packageLabel === PURPLE_PUNCH)!;
    expect([30, 31]).toContain(line.counted);
  });

  it('pauses and resumes: entries are refused while paused, in words', async () => {
    expect(countOf(await api.move(1, 'pause'))).toMatchObject({ status: 'PAUSED' });
    refusedWith(await api.move(1, 'pause'), 409, 'CONFLICT', /count 1 "Flower room" is paused already/);
    const before = await countRows(h);
    refusedWith(
      await api.enter(1, { package: BLUE_DREAM, quantity: 3 }),
      409,
      'CONFLICT',
      /^count 1 "Flower room" is paused: resume it to enter what was counted$/,
    );
    expect(await countRows(h)).toEqual(before);
    // A paused count still holds its scope.
    refusedWith(await api.start({ name: 'Flower again', categories: ['FLOWER'] }), 409, 'CONFLICT', /still paused/);
    expect(countOf(await api.move(1, 'resume'))).toMatchObject({ status: 'OPEN' });
    refusedWith(await api.move(1, 'resume'), 409, 'CONFLICT', /is open: there is nothing to resume/);
  });
});

describe('a refused count request keeps nothing', () => {
  it('refuses bad input in words: counts, entries, stock, adjustments, audit and outbox untouched', async () => {
    const elsewhere = await otherStorePackage(h, 'aurora', '1A4060300002EE1000000778');
    const before = await countRows(h);
    const cases: [unknown, number, string, RegExp][] = [
      [
        { package: BLUE_DREAM, quantity: -1 },
        400,
        'INVALID_INPUT',
        /quantity must be a number from 0 to 1,000,000,000, not -1$/,
      ],
      [{ package: BLUE_DREAM, quantity: 'twelve' }, 400, 'INVALID_INPUT', /quantity must be a number/],
      [{ package: BLUE_DREAM }, 400, 'INVALID_INPUT', /quantity/],
      [
        { package: BLUE_DREAM, quantity: 2.5 },
        400,
        'INVALID_INPUT',
        /quantity must be whole units: Blue Dream \(FLW-001\) is sold by the unit, not by the gram/,
      ],
      [
        { package: BY_THE_GRAM, quantity: 1.0005 },
        400,
        'INVALID_INPUT',
        /quantity must be a number with at most three decimals/,
      ],
      [
        { package: GUMMIES, quantity: 3 },
        400,
        'INVALID_INPUT',
        /^package 1A4060300003D12000000024 \(Watermelon Gummies 10 x 10mg \(EDI-001\), Edibles\) is not in count 1 "Flower room", which counts Flower and Pre-rolls$/,
      ],
      [
        { package: '1A4060300003D12000999999', quantity: 1 },
        404,
        'NOT_FOUND',
        /no package of Green Valley Dispensary has the id or state tag/,
      ],
      [{ package: elsewhere.label, quantity: 1 }, 404, 'NOT_FOUND', /is Store aurora's, not Green Valley Dispensary's/],
    ];
    for (const [payload, status, reason, words] of cases) {
      refusedWith(await api.enter(1, payload), status, reason, words);
    }
    refusedWith(
      await api.enter(99, { package: BLUE_DREAM, quantity: 1 }),
      404,
      'NOT_FOUND',
      /^no count of Green Valley Dispensary has the number or id 99$/,
    );
    refusedWith(
      await api.show('no-such-count'),
      404,
      'NOT_FOUND',
      /^no count of Green Valley Dispensary has the number or id no-such-count$/,
    );
    refusedWith(
      await api.enter(2, { package: GUMMIES, quantity: 1 }),
      409,
      'CONFLICT',
      /^count 2 "Edibles shelf" was cancelled by Casey Cashier on .+: it takes no more entries$/,
    );
    refusedWith(await api.move(2, 'resume'), 409, 'CONFLICT', /was cancelled by Casey Cashier/);
    refusedWith(await api.apply(2), 409, 'CONFLICT', /cannot be applied again/);
    refusedWith(await api.start({ name: '   ' }), 400, 'INVALID_INPUT', /name must not be blank/);
    refusedWith(
      await api.start({ name: 'Odd', categories: ['socks'] }),
      400,
      'INVALID_INPUT',
      /categories has "socks", which is not a category/,
    );
    expect(await countRows(h)).toEqual(before);
  });

  it('is refused to a role without inventory:adjust (the pole display)', async () => {
    const display = await login(h.app, 'display', 'display-demo-1');
    const before = await countRows(h);
    refusedWith(await api.start({ name: 'Display' }, display), 403, 'FORBIDDEN', /does not have the inventory:adjust/);
    refusedWith(
      await api.enter(1, { package: BLUE_DREAM, quantity: 1 }, display),
      403,
      'FORBIDDEN',
      /inventory:adjust/,
    );
    expect(await countRows(h)).toEqual(before);
  });
});
