// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-1"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopBridge } from '../../../../shared/contracts/desktop.js';
import { usePrinterStore } from '../../../../renderer/pos/stores/printer.js';
import { terminal } from '../../../../renderer/pos/stores/session.js';
import { signedInCashier } from './signed-in.js';

// A sale's receipt as the sale ends, at a register with no receipt printer of its own: the desktop
// app prints it silently on the computer's printer; a browser opens its print dialog only when the
// cashier asks for it, never by itself after each sale.
const RECEIPT = { title: 'Receipt 7KQ2ZP', lines: [{ kind: 'title', text: 'Green Valley' }] };

let asked: string[] = [];
let silentPrints: string[] = [];
let dialogs = 0;
const desktop = terminal.desktop;

beforeEach(() => {
  signedInCashier();
  asked = [];
  silentPrints = [];
  dialogs = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    asked.push(`${init.method ?? 'GET'} ${url.replace(/^.*\/v2\.0/, '')}`);
    const body = (value: object) => new Response(JSON.stringify(value), { status: 200 });
    if (url.endsWith('/printer/print'))
      return body({
        resultCode: 'SUCCESS',
        resultReason: null,
        printed: false,
        configured: false,
        drawerOpened: false,
      });
    return body({ resultCode: 'SUCCESS', resultReason: null, receipt: RECEIPT });
  });
  // The browser's dialog: the hidden frame loads, and its window prints.
  const append = document.body.append.bind(document.body);
  vi.spyOn(document.body, 'append').mockImplementation((...nodes) => {
    append(...nodes);
    for (const node of nodes) {
      if (!(node instanceof HTMLIFrameElement)) continue;
      Object.defineProperty(node, 'contentWindow', { value: { print: () => (dialogs += 1) } });
      queueMicrotask(() => node.dispatchEvent(new Event('load')));
    }
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  terminal.desktop = desktop;
});

const asDesktopApp = () => {
  terminal.desktop = {
    printReceipt: async (html: string) => {
      silentPrints.push(html);
      return { printed: true };
    },
  } as unknown as DesktopBridge;
};

describe("a sale's receipt at a register without a receipt printer", () => {
  it('prints silently through the desktop app as the sale ends', async () => {
    asDesktopApp();
    const outcome = await usePrinterStore().printSale('o1', { automatic: true, openDrawer: true });
    expect(outcome).toEqual({ printed: 'Receipt printed.', problem: '', drawerOpened: false });
    expect(silentPrints).toHaveLength(1);
    expect(silentPrints[0]).toContain('<h1>Green Valley</h1>');
    expect(asked).toEqual([
      'POST /dispensary/demo/registers/front-1/printer/print',
      'GET /dispensary/demo/orders/o1/receipt',
    ]);
  });

  it('in a browser opens no print dialog by itself, and opens it when the cashier asks', async () => {
    terminal.desktop = undefined;
    const printer = usePrinterStore();
    expect(await printer.printSale('o1', { automatic: true, openDrawer: false })).toEqual({
      printed: '',
      problem: '',
      drawerOpened: false,
    });
    expect(dialogs).toBe(0);
    expect(asked).toEqual(['POST /dispensary/demo/registers/front-1/printer/print']);

    const onAsk = await printer.printSale('o1', { automatic: false, openDrawer: false });
    expect(onAsk.printed).toBe('Opened the print dialog for the receipt.');
    expect(dialogs).toBe(1);
  });
});
