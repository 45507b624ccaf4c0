// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLOW_MS, useReportsStore } from '../../../../renderer/backoffice/stores/reports.js';
import { useSessionStore } from '../../../../renderer/backoffice/stores/session.js';
import { fakeService, refused, signedIn, storeIn } from './fake-service.js';
import { row, salesReport } from './report-fixture.js';

const REPORTS = '/v2.0/dispensary/demo/reports';
const november = salesReport([row('FLOWER', 'Flower', { sales: 1, grossCents: 1000 })]);

function reportsOfNovember() {
  const reports = useReportsStore();
  reports.timeZone = 'America/Los_Angeles';
  reports.kindId = 'sales-category';
  reports.range = { from: '2026-11-01', to: '2026-11-30' };
  return reports;
}

beforeEach(() => signedIn(['store:manage']));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the Reports screen', () => {
  it('asks for the chosen report, range and comparison of the store, and keeps the answer', async () => {
    const calls = fakeService({ [`GET ${REPORTS}/sales`]: [{ body: november }] });
    const reports = reportsOfNovember();
    reports.compare = true;
    await reports.run();
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      by: 'category',
      compare: 'previous',
    });
    expect(reports.answer?.body).toEqual(november);
    expect(reports.answer?.chain).toBe(false);
  });

  it('an organization-wide manager reads every store side by side, and may then pick each', async () => {
    const chain = {
      ...november,
      report: 'sales',
      stores: [november, { ...november, dispensaryShortName: 'mesa', dispensaryName: 'Mesa North' }],
      previousTotal: null,
      comparableTotal: null,
    };
    const calls = fakeService({ ['GET /v2.0/reports/sales']: [{ body: chain }] });
    const reports = reportsOfNovember();
    expect(reports.orgWide).toBe(true);
    reports.store = reports.ALL_STORES;
    await reports.run();
    expect(calls[0]!.url.pathname).toBe('/v2.0/reports/sales');
    expect(reports.answer?.chain).toBe(true);
    expect(reports.stores.map((store) => store.name)).toEqual(['Demo Dispensary', 'Mesa North']);
  });

  it("a store chosen in another time zone counts the preset's days on its own calendar, all stores on the back office's", async () => {
    // 02:30 UTC on Dec 7: Dec 6 in Sacramento, already Dec 7 on Kiritimati (UTC+14).
    const now = new Date('2026-12-07T02:30:00Z');
    const calls = fakeService({
      ['GET /v2.0/dispensary/line-isles']: [storeIn('Pacific/Kiritimati')],
      ['GET /v2.0/dispensary/demo']: [storeIn('America/Los_Angeles')],
      ['GET /v2.0/dispensary/line-isles/reports/sales']: [{ body: november }],
      ['GET /v2.0/reports/sales']: [
        { body: { ...november, report: 'sales', stores: [november], previousTotal: null, comparableTotal: null } },
      ],
    });
    const reports = reportsOfNovember();
    await reports.choosePreset('today', now);
    expect(reports.range).toEqual({ from: '2026-12-06', to: '2026-12-06' });
    calls.length = 0;
    await reports.chooseStore('line-isles', now);
    expect(reports.preset).toBe('today');
    expect(reports.range).toEqual({ from: '2026-12-07', to: '2026-12-07' });
    expect(calls.at(-1)!.url.pathname).toBe('/v2.0/dispensary/line-isles/reports/sales');
    expect(Object.fromEntries(calls.at(-1)!.url.searchParams)).toMatchObject({ from: '2026-12-07', to: '2026-12-07' });
    await reports.chooseStore(reports.ALL_STORES, now);
    expect(reports.range).toEqual({ from: '2026-12-06', to: '2026-12-06' });
    expect(calls.at(-1)!.url.pathname).toBe('/v2.0/reports/sales');
  });

  it("a range ending before it starts is refused beside the end, nothing asked, what was typed kept, November's answer no longer shown", async () => {
    const calls = fakeService({ [`GET ${REPORTS}/sales`]: [{ body: november }] });
    const reports = reportsOfNovember();
    await reports.run();
    expect(reports.answer?.body).toEqual(november);
    await reports.typed('to', '2026-10-15');
    expect(calls).toHaveLength(1);
    expect(reports.problems).toEqual({ to: 'The last day cannot be before the first (Nov 1).' });
    expect(reports.range).toEqual({ from: '2026-11-01', to: '2026-10-15' });
    expect(reports.preset).toBe('custom');
    expect(reports.answer).toBeNull();
  });

  it("the service's refusal of a date goes beside that date, and the last range's answer is no longer shown", async () => {
    fakeService({
      [`GET ${REPORTS}/sales`]: [
        { body: november },
        refused(
          400,
          'INVALID_INPUT',
          'to must be on or before 2027-01-01: a report covers 366 days at most from 2026-01-01',
        ),
      ],
    });
    const reports = reportsOfNovember();
    await reports.run();
    expect(reports.answer?.body).toEqual(november);
    await reports.run();
    expect(reports.problems).toEqual({
      to: 'To must be on or before 2027-01-01: a report covers 366 days at most from 2026-01-01.',
    });
    expect(reports.error).toBe('');
    expect(reports.answer).toBeNull();
  });

  it('an answer on its way when the range is refused is dropped: nothing shown for the refused dates', async () => {
    let answer: (value: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const reports = reportsOfNovember();
    const reading = reports.run();
    expect(reports.loading).toBe(true);
    await reports.typed('from', '2026-12-05');
    expect(reports.problems).toEqual({ to: 'The last day cannot be before the first (Dec 5).' });
    expect(reports.loading).toBe(false);
    answer(new Response(JSON.stringify(november)));
    await reading;
    expect(reports.answer).toBeNull();
    expect(reports.loading).toBe(false);
  });

  it('inventory value asks for its day alone, chosen apart from the range the other reports keep', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-07T05:14:00Z'), toFake: ['Date'] }); // 9:14 PM PST, Dec 6
    const calls = fakeService({ [`GET ${REPORTS}/inventory-value`]: [{ body: november }, { body: november }] });
    const reports = reportsOfNovember();
    reports.kindId = 'inventory-value';
    await reports.chooseDay('end-of-last-month', new Date());
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    await reports.typed('to', '2026-10-15');
    expect(reports.problems).toEqual({});
    expect(reports.dayPreset).toBe('custom');
    expect(Object.fromEntries(calls[1]!.url.searchParams)).toEqual({ from: '2026-10-15', to: '2026-10-15' });
    // The range the other reports read is as it was.
    expect(reports.range).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(reports.preset).toBe('this-month');
    await reports.typed('to', '2026-02-30');
    expect(reports.problems).toEqual({ to: 'Enter the day whose stock to show.' });
    expect(reports.answer).toBeNull();
  });

  it('a day whose end has not come is refused beside it, nothing asked, the day kept as typed', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-07T05:14:00Z'), toFake: ['Date'] }); // 9:14 PM PST, Dec 6
    const calls = fakeService({});
    const reports = reportsOfNovember();
    reports.kindId = 'inventory-value';
    await reports.typed('to', '2026-12-07');
    expect(calls).toHaveLength(0);
    expect(reports.problems).toEqual({
      to: 'The end of Dec 7 has not come yet: choose “Today so far” or an earlier day.',
    });
    expect(reports.day).toBe('2026-12-07');
    expect(reports.kindId).toBe('inventory-value');
  });

  it("a day before the store's records is refused by the service: said beside the day, from the day they start", async () => {
    fakeService({
      [`GET ${REPORTS}/inventory-value`]: [
        { body: november },
        {
          status: 400,
          body: {
            resultCode: 'FAIL',
            resultReason: 'INVALID_INPUT',
            resultDetail: 'to must be on or after 2026-10-31: the store’s records start that day, and …',
            details: { firstDay: '2026-10-31' },
          },
        },
      ],
    });
    const reports = reportsOfNovember();
    reports.kindId = 'inventory-value';
    await reports.typed('to', '2026-11-02');
    expect(reports.answer?.body).toEqual(november);
    await reports.typed('to', '2020-01-01');
    expect(reports.problems).toEqual({
      to: 'The store’s records start on Oct 31, 2026: choose that day or a later one.',
    });
    expect(reports.error).toBe('');
    expect(reports.answer).toBeNull();
    expect(reports.day).toBe('2020-01-01');
  });

  it('an organization-wide manager finds every store they may read in the picker from the start', async () => {
    const chainOfDay = {
      ...november,
      report: 'summary',
      stores: [
        { ...november, dispensaryShortName: 'demo', dispensaryName: 'Demo Dispensary' },
        { ...november, dispensaryShortName: 'mesa', dispensaryName: 'Mesa North' },
      ],
      previousTotal: null,
      comparableTotal: null,
    };
    const calls = fakeService({
      ['GET /v2.0/dispensary/demo']: [storeIn('America/Los_Angeles')],
      ['GET /v2.0/reports/summary']: [{ body: chainOfDay }],
      [`GET ${REPORTS}/summary`]: [{ body: november }],
    });
    const reports = useReportsStore();
    await reports.start();
    expect(reports.stores.map((store) => [store.shortName, store.name])).toEqual([
      ['demo', 'Demo Dispensary'],
      ['mesa', 'Mesa North'],
    ]);
    expect(reports.store).toBe('demo');
    expect(calls.map((call) => call.url.pathname).at(-1)).toBe(`${REPORTS}/summary`);
  });

  it("a store's own manager is not offered other stores: none are listed", async () => {
    useSessionStore().session!.user.dispensaryId = 'demo-id';
    const calls = fakeService({
      ['GET /v2.0/dispensary/demo']: [storeIn('America/Los_Angeles')],
      [`GET ${REPORTS}/summary`]: [{ body: november }],
    });
    const reports = useReportsStore();
    expect(reports.orgWide).toBe(false);
    await reports.start();
    expect(calls.map((call) => call.url.pathname)).not.toContain('/v2.0/reports/summary');
  });

  it('says it is loading only when an answer takes longer than a moment, and drops an answer overtaken', async () => {
    vi.useFakeTimers();
    let answer: (value: Response) => void = () => undefined;
    const waiting = new Promise<Response>((resolve) => (answer = resolve));
    const calls: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      calls.push(url);
      return calls.length === 1 ? waiting : Promise.resolve(new Response(JSON.stringify(november)));
    });
    const reports = reportsOfNovember();
    const first = reports.run();
    await vi.advanceTimersByTimeAsync(SLOW_MS - 1);
    expect(reports.slow).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(reports.slow).toBe(true);
    await reports.choosePreset('last-month', new Date('2026-11-30T20:00:00Z'));
    expect(reports.slow).toBe(false);
    answer(new Response(JSON.stringify(salesReport([]))));
    await first;
    expect(reports.answer?.body).toEqual(november);
    expect(reports.range).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });
});
