// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-1"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DrawerReport } from '../../../../shared/contracts/cash.js';
import type { DesktopBridge } from '../../../../shared/contracts/desktop.js';
import { storeStamp } from '../../../../shared/store-time.js';
import { useCatalogStore } from '../../../../renderer/pos/stores/catalog.js';
import { usePrinterStore } from '../../../../renderer/pos/stores/printer.js';
import { terminal } from '../../../../renderer/pos/stores/session.js';
import { signedInCashier } from './signed-in.js';

// A Z report printed by the register without a printer of its own (the print dialog, or the desktop
// app's silent print): its "Printed" line says when this copy prints, in the store's zone, not the
// shift's close.
const ZONE = 'America/Los_Angeles';
const CLOSED_AT = '2026-11-24T01:30:00.000Z';
const PRINTED_AT = '2026-11-25T17:05:00.000Z';

const Z: DrawerReport = {
  kind: 'Z',
  shift: {
    id: 'sh_1',
    terminalId: 'front-1',
    status: 'closed',
    blind: false,
    openedBy: { id: 'u1', name: 'Casey Cashier' },
    openedAt: '2026-11-23T16:00:00.000Z',
    float: 20000,
    floatCount: null,
    closedBy: { id: 'u2', name: 'Morgan Manager' },
    closedAt: CLOSED_AT,
    counted: 20000,
    countedCount: null,
    expected: 20000,
    overShort: 0,
    zNumber: 7,
  },
  flows: null,
  sales: null,
  movements: [],
  generatedAt: CLOSED_AT,
};

/** The service: no printer at this register, and the shift's Z report as it was made at the close. */
function noPrinterService(): void {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const body = (value: object) => new Response(JSON.stringify(value), { status: 200 });
    if ((init.method ?? 'GET') === 'POST' && url.endsWith('/printer/print')) {
      return body({
        resultCode: 'SUCCESS',
        resultReason: null,
        printed: false,
        configured: false,
        drawerOpened: false,
      });
    }
    if (url.includes('/shifts/sh_1')) return body({ resultCode: 'SUCCESS', resultReason: null, report: Z });
    return new Response(JSON.stringify({ resultCode: 'FAIL', resultDetail: `unexpected ${url}` }), { status: 404 });
  });
}

let printed: string[] = [];
const desktop = terminal.desktop;

beforeEach(() => {
  signedInCashier();
  noPrinterService();
  printed = [];
  // The desktop app's silent print: the page it is handed is what prints.
  terminal.desktop = {
    printReceipt: async (html: string) => {
      printed.push(html);
      return { printed: true };
    },
  } as unknown as DesktopBridge;
  const catalog = useCatalogStore();
  catalog.storeName = 'Green Valley';
  catalog.timeZone = ZONE;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(PRINTED_AT));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  terminal.desktop = desktop;
});

describe("the register's print of a shift report without a printer", () => {
  it('says "Printed" at the time it prints, in the store’s zone, not at the Z’s close', async () => {
    expect(await usePrinterStore().printShiftReport('sh_1')).toBe('Report printed.');
    expect(printed).toHaveLength(1);
    const text = printed[0]!.replace(/<[^>]+>/g, ' ').replace(/[ \t\n]+/g, ' ');
    expect(text).toContain(`Printed ${storeStamp(PRINTED_AT, ZONE)}`);
    expect(text).toContain(`Closed ${storeStamp(CLOSED_AT, ZONE)} by Morgan Manager`);
    expect(text).not.toContain(`Printed ${storeStamp(CLOSED_AT, ZONE)}`);
  });
});
