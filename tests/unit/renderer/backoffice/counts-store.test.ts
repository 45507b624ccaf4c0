// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CountLine, CountView } from '../../../../shared/contracts/inventory-counts.js';
import { useCountsStore } from '../../../../renderer/backoffice/stores/counts.js';
import { fakeService, refused, signedIn, type Answer } from './fake-service.js';
import { heldService } from '../held-service.js';
import { countView } from './count-fixture.js';

const COUNTS = '/v2.0/dispensary/demo/setup/inventory/counts';
const ok = { resultCode: 'SUCCESS', resultReason: null };
const STORE = {
  body: {
    ...ok,
    dispensary: {
      name: 'Demo',
      timezone: 'America/Denver',
      address: { street: '1 Main', city: 'Denver', state: 'CO', zip: '80204' },
    },
  },
};
const line = (fields: Partial<CountLine> = {}): CountLine => ({
  packageId: 'k1',
  packageLabel: '1A4060300003D12000000001',
  roomName: null,
  productId: 'p1',
  productName: 'Blue Dream',
  sku: 'FLW-001',
  category: 'FLOWER',
  unitType: 'g',
  deli: false,
  priceCents: 3500,
  counted: null,
  expected: null,
  difference: null,
  differenceCents: null,
  countedBy: null,
  countedByName: null,
  countedAt: null,
  onHand: 40,
  adjustmentId: null,
  ...fields,
});
const TOTALS = {
  packages: 2,
  counted: 1,
  notCounted: 1,
  withDifference: 1,
  shortCents: -7000,
  overCents: 0,
  netCents: -7000,
};
const report = (view: CountView, lines: CountLine[]): Answer => ({
  body: { ...ok, count: view, lines, totals: TOTALS },
});
const list = (...views: CountView[]): Answer => ({ body: { ...ok, counts: views } });
const counted = line({ counted: 38, expected: 40, difference: -2, differenceCents: -7000 });
const notCounted = line({ packageId: 'k2', productName: 'Purple Punch', packageLabel: '1A4060300003D12000000002' });

beforeEach(() => signedIn(['store:manage', 'inventory:adjust']));
afterEach(() => vi.unstubAllGlobals());

describe('the back office’s counts', () => {
  it('opens the count still open when shown, and enters a scanned package in words', async () => {
    const calls = fakeService({
      'GET /v2.0/dispensary/demo': [STORE],
      [`GET ${COUNTS}`]: [list(countView())],
      // Read once: the entry's answer takes its row's place, the totals counted again here.
      [`GET ${COUNTS}/1`]: [report(countView(), [line(), notCounted])],
      [`POST ${COUNTS}/1/entries`]: [{ body: { ...ok, line: counted } }],
    });
    const counts = useCountsStore();
    await counts.load();
    expect(counts.open?.number).toBe(1);
    expect(counts.timeZone).toBe('America/Denver');
    expect(await counts.enter('1A4060300003D12000000001', 38)).toBeNull();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      package: '1A4060300003D12000000001',
      quantity: 38,
    });
    expect(counts.message).toBe('Counted 38 of Blue Dream: 40 expected, 2 short.');
    expect(counts.lastEntered).toBe('k1');
    expect(counts.report!.totals).toEqual(TOTALS);
    counts.filter = 'differences';
    expect(counts.lines.map((entry) => entry.productName)).toEqual(['Blue Dream']);
    counts.filter = 'not-counted';
    expect(counts.lines.map((entry) => entry.productName)).toEqual(['Purple Punch']);
  });

  it('reads the open count and the list again when a count changed elsewhere, once per burst', async () => {
    const paused = countView({ status: 'PAUSED' });
    const calls = fakeService({
      'GET /v2.0/dispensary/demo': [STORE],
      [`GET ${COUNTS}`]: [list(countView()), list(paused), list(paused)],
      [`GET ${COUNTS}/1`]: [report(countView(), [line()]), report(paused, [counted]), report(paused, [counted])],
    });
    const counts = useCountsStore();
    await counts.changed();
    expect(calls).toEqual([]);
    await counts.load();
    const before = calls.length;
    // Three changes at once: one read, and one more after it that the two later ones share.
    await Promise.all([counts.changed(), counts.changed(), counts.changed()]);
    expect(calls.length - before).toBe(4);
    expect(counts.open?.status).toBe('PAUSED');
    expect(counts.report!.lines[0]!.counted).toBe(38);
  });

  it('answers an entry’s refusal in a sentence naming its field, not as the screen’s error, and keeps the count as it was', async () => {
    fakeService({
      'GET /v2.0/dispensary/demo': [STORE],
      [`GET ${COUNTS}`]: [list(countView())],
      [`GET ${COUNTS}/1`]: [report(countView(), [line()])],
      [`POST ${COUNTS}/1/entries`]: [
        refused(
          400,
          'INVALID_INPUT',
          'quantity must be whole units: Blue Dream (FLW-001) is sold by the unit, not by the gram',
        ),
      ],
    });
    const counts = useCountsStore();
    await counts.load();
    counts.message = 'Counted 7 of Blue Dream: 7 expected, no difference.';
    expect(await counts.enter('1A4060300003D12000000001', 2.5)).toEqual({
      field: 'quantity',
      sentence: 'Quantity must be whole units: Blue Dream (FLW-001) is sold by the unit, not by the gram.',
    });
    expect(counts.message).toBe('');
    // Said beside the quantity by the scan form: no banner over the screen stays after the next entry.
    expect(counts.error).toBe('');
    expect(counts.report!.lines[0]!.counted).toBeNull();
  });

  it('applies the count and says how many adjustments it made', async () => {
    const applied = countView({ status: 'APPLIED', closedBy: 'manager', closedAt: '2026-11-30T17:00:00.000Z' });
    const calls = fakeService({
      'GET /v2.0/dispensary/demo': [STORE],
      [`GET ${COUNTS}`]: [list(countView()), list(applied)],
      [`GET ${COUNTS}/1`]: [report(countView(), [counted])],
      [`POST ${COUNTS}/1/apply`]: [report(applied, [{ ...counted, adjustmentId: 'a1' }])],
    });
    const counts = useCountsStore();
    await counts.load();
    await counts.apply();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({});
    expect(counts.open?.status).toBe('APPLIED');
    expect(counts.taking).toBe(false);
    expect(counts.message).toBe('Count 1 applied: 1 adjustment made.');
  });

  /** Count 1 clicked, then count 2, which opens first: the first read still held. */
  async function secondOpened() {
    const calls = heldService();
    const counts = useCountsStore();
    const first = counts.show(1);
    const second = counts.show(2);
    calls[1]!.answer(report(countView({ countId: 'c2', number: 2, name: 'Edibles' }), [notCounted]));
    await second;
    return { calls, counts, first };
  }

  it('opens the last count clicked when the one clicked before answers after, and none once closed', async () => {
    const { calls, counts, first } = await secondOpened();
    calls[0]!.answer(report(countView(), [counted]));
    await first;
    expect(counts.open?.name).toBe('Edibles');
    const third = counts.show(1);
    counts.close();
    calls[2]!.answer(report(countView(), [counted]));
    await third;
    expect(counts.open).toBeNull();
  });

  it('says nothing of a count clicked before another when it is refused after the other opened', async () => {
    const { calls, counts, first } = await secondOpened();
    calls[0]!.answer(refused(404, 'NOT_FOUND', 'Count 1 was not found.'));
    await first;
    expect(counts.open?.name).toBe('Edibles');
    expect(counts.error).toBe('');
    const third = counts.show(3);
    calls[2]!.answer(refused(404, 'NOT_FOUND', 'Count 3 was not found.'));
    await third;
    expect(counts.error).toBe('Count 3 was not found.');
  });
});
