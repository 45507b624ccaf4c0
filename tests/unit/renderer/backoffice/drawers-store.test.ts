// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDrawerReportStore } from '../../../../renderer/backoffice/stores/drawer-report.js';
import { useDrawersStore } from '../../../../renderer/backoffice/stores/drawers.js';
import { fakeService, refused, signedIn } from './fake-service.js';
import { heldService } from '../held-service.js';
import { shift, zReport } from './drawer-report-fixture.js';

const DRAWERS = '/v2.0/dispensary/demo/drawers';
const list = (shifts: ReturnType<typeof shift>[], nextCursor: string | null = null) => ({
  body: { resultCode: 'SUCCESS', shifts, nextCursor },
});
const open = shift({ id: 'shf_open', terminalId: 'front-2', status: 'open', closedAt: null, zNumber: null });

beforeEach(() => signedIn(['store:manage']));
afterEach(() => vi.unstubAllGlobals());

describe('the Drawers screen', () => {
  it('filters past shifts by day, register and cashier, and "Load more" passes the cursor', async () => {
    const calls = fakeService({
      [`GET ${DRAWERS}/shifts`]: [list([shift()], 'cur-2'), list([shift({ id: 'shf_0', zNumber: 2 })])],
    });
    const drawers = useDrawersStore();
    drawers.day = '2026-11-23';
    drawers.terminal = 'front-1';
    drawers.cashier = 'u-casey';
    await drawers.loadPast();
    await drawers.loadPast(true);

    const [first, second] = calls.map((call) => Object.fromEntries(call.url.searchParams));
    expect(first).toEqual({
      status: 'closed',
      limit: '25',
      day: '2026-11-23',
      terminal: 'front-1',
      cashier: 'u-casey',
    });
    expect(second).toMatchObject({ before: 'cur-2' });
    expect(drawers.past.map((entry) => entry.zNumber)).toEqual([3, 2]);
    expect(drawers.nextCursor).toBeNull();
    // The filters offer the registers and cashiers seen in the shifts.
    expect(drawers.registers).toEqual([{ id: 'front-1', name: 'front-1' }]);
    expect(drawers.cashiers).toEqual([{ id: 'u-casey', name: 'Casey Cashier' }]);
  });

  it('shows the shifts of the day chosen last, when the answer for the day before comes after it', async () => {
    const calls = heldService();
    const drawers = useDrawersStore();
    drawers.day = '2026-11-23';
    const first = drawers.loadPast();
    drawers.day = '2026-11-24';
    const second = drawers.loadPast();
    expect(calls.map((call) => call.url.searchParams.get('day'))).toEqual(['2026-11-23', '2026-11-24']);
    calls[1]!.answer(list([shift({ id: 'shf_24' })]));
    await second;
    calls[0]!.answer(refused(400, 'INVALID_INPUT', 'day must be YYYY-MM-DD, the store’s day'));
    await first;
    expect(drawers.past.map((entry) => entry.id)).toEqual(['shf_24']);
    expect(drawers.pastError).toBe('');
    expect(drawers.loading).toBe(false);
  });

  it('a drawer that closed elsewhere leaves the open list and brings the past shifts up to date', async () => {
    const calls = fakeService({
      [`GET ${DRAWERS}/shifts`]: [list([open]), list([]), list([shift({ id: 'shf_open', terminalId: 'front-2' })])],
    });
    const drawers = useDrawersStore();
    expect(await drawers.loadOpen()).toBe(false);
    expect(await drawers.loadOpen()).toBe(true);
    expect(calls.map((call) => call.url.searchParams.get('status'))).toEqual(['open', 'open', 'closed']);
    expect(drawers.open).toEqual([]);
    expect(drawers.past.map((entry) => entry.id)).toEqual(['shf_open']);
  });

  it("says the service's refusal of a filter in a sentence", async () => {
    fakeService({
      [`GET ${DRAWERS}/shifts`]: [refused(400, 'INVALID_INPUT', 'day must be YYYY-MM-DD, the store’s day')],
    });
    const drawers = useDrawersStore();
    drawers.day = '2026-13-45';
    await drawers.loadPast();
    expect(drawers.pastError).toBe('Day must be YYYY-MM-DD, the store’s day.');
  });
});

describe("a manager's close", () => {
  it('posts the count, shows the Z report and reads the lists again', async () => {
    const calls = fakeService({
      [`POST ${DRAWERS}/front-2/close`]: [{ body: { resultCode: 'SUCCESS', report: zReport() } }],
      [`GET ${DRAWERS}/shifts`]: [list([open]), list([]), list([shift()])],
    });
    const drawers = useDrawersStore();
    await drawers.loadOpen();
    const reports = useDrawerReportStore();
    const report = await reports.close('front-2', { count: { bill20: 12, coin25: 2 } });
    expect(report.shift.zNumber).toBe(3);
    expect(reports.report?.kind).toBe('Z');
    expect(calls[1]!.body).toEqual({ count: { bill20: 12, coin25: 2 } });
    expect(drawers.open).toEqual([]);
    expect(drawers.past).toHaveLength(1);
  });

  it("throws the service's refusal for the dialog to show", async () => {
    fakeService({
      [`POST ${DRAWERS}/front-2/close`]: [refused(409, 'CONFLICT', 'register front-2 has no open drawer')],
    });
    await expect(useDrawerReportStore().close('front-2', { amount: 100 })).rejects.toThrow(
      'register front-2 has no open drawer',
    );
  });
});
