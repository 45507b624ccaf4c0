import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC, type PrintResult } from '../../../shared/contracts/desktop.js';
import { fake, ipcMain as fakeIpcMain } from '../../support/fake-electron.js';

vi.mock('electron', () => import('../../support/fake-electron.js'));

const { registerHandlers } = await import('../../../electron/app/ipc/typed-ipc.js');
const { desktopHandlers } = await import('../../../electron/app/ipc/desktop-handlers.js');
const { MAX_RECEIPT_BYTES } = await import('../../../electron/app/ipc/arguments.js');
const { createDesktopBridge, createDisplayBridge } = await import('../../../electron/app/preload/bridge.js');

// The fake records handlers with untyped events; the shell sees it as Electron's ipcMain.
const ipcMain = fakeIpcMain as unknown as Pick<Electron.IpcMain, 'handle'>;
const origin = 'http://127.0.0.1:4610';
const printed: string[] = [];
const displays = [{ id: 1, label: 'Built-in', primary: true, bounds: { x: 0, y: 0, width: 1920, height: 1080 } }];

/** ipcRenderer.invoke as a page at `url` would call it, delivered to the handler main registered. */
const invokeFrom =
  (url: string | null) =>
  async (channel: string, ...args: unknown[]): Promise<unknown> => {
    const handler = fake.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler({ senderFrame: url === null ? null : { url }, sender: {} }, ...args);
  };
const args = { serviceUrl: origin, terminalId: 'front-1' };

describe('IPC: typed handlers, argument and sender checks, error envelope', () => {
  beforeEach(() => {
    fake.reset();
    printed.length = 0;
    registerHandlers(
      ipcMain,
      origin,
      desktopHandlers({
        appVersion: () => '0.1.0',
        listDisplays: () => displays,
        printReceipt: async (html): Promise<PrintResult> => {
          printed.push(html);
          return { printed: true };
        },
      }),
    );
  });

  it('registers exactly the channels of the contract', () => {
    expect([...fake.handlers.keys()].sort()).toEqual(Object.values(IPC).sort());
  });

  it('serves the POS page through the bridge the preload builds', async () => {
    const bridge = createDesktopBridge(invokeFrom(`${origin}/pos/?terminal=front-1`), args);
    expect(bridge.serviceUrl).toBe(origin);
    expect(bridge.terminalId).toBe('front-1');
    await expect(bridge.appVersion()).resolves.toBe('0.1.0');
    await expect(bridge.listDisplays()).resolves.toEqual(displays);
    await expect(bridge.printReceipt('<!doctype html><p>Order 7KQ2XM</p>')).resolves.toEqual({ printed: true });
    expect(printed).toEqual(['<!doctype html><p>Order 7KQ2XM</p>']);
  });

  it('answers an envelope, and the preload turns a refusal back into an Error', async () => {
    const raw = invokeFrom(`${origin}/pos/`);
    await expect(raw(IPC.printReceipt, 42)).resolves.toEqual({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: 'printReceipt takes one argument: the receipt as an HTML string' },
    });
    const bridge = createDesktopBridge(raw, args);
    await expect(bridge.printReceipt(42 as unknown as string)).rejects.toThrow(
      'receipt:print: printReceipt takes one argument: the receipt as an HTML string (INVALID_ARGUMENT)',
    );
  });

  it('validates the arguments of every channel', async () => {
    const raw = invokeFrom(`${origin}/backoffice/`);
    const refusal = async (channel: string, ...rest: unknown[]) =>
      ((await raw(channel, ...rest)) as { error: object }).error;
    await expect(refusal(IPC.appVersion, 'extra')).resolves.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(refusal(IPC.listDisplays, {})).resolves.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(refusal(IPC.printReceipt)).resolves.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(refusal(IPC.printReceipt, '<p>a</p>', '<p>b</p>')).resolves.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    await expect(refusal(IPC.printReceipt, '   ')).resolves.toMatchObject({ message: 'the receipt is empty' });
    await expect(refusal(IPC.printReceipt, 'x'.repeat(MAX_RECEIPT_BYTES + 1))).resolves.toMatchObject({
      message: 'the receipt is larger than 512 KiB',
    });
    expect(printed).toEqual([]);
  });

  it('refuses callers that are not the service pages allowed on the channel', async () => {
    const code = async (url: string | null, channel: string, ...rest: unknown[]) =>
      ((await invokeFrom(url)(channel, ...rest)) as { ok: boolean; error?: { code: string } }).error?.code;
    expect(await code('https://evil.example/pos/', IPC.appVersion)).toBe('FORBIDDEN');
    expect(await code('http://127.0.0.1:9999/pos/', IPC.listDisplays)).toBe('FORBIDDEN');
    expect(await code('data:text/html,<p>x</p>', IPC.printReceipt, '<p>x</p>')).toBe('FORBIDDEN');
    expect(await code(null, IPC.appVersion)).toBe('FORBIDDEN'); // the frame is gone
    expect(await code(`${origin}/display/?terminal=front-1`, IPC.printReceipt, '<p>x</p>')).toBe('FORBIDDEN');
    expect(await code(`${origin}/sdk/widget/`, IPC.listDisplays)).toBe('FORBIDDEN');
    expect(await code(`${origin}/display/?terminal=front-1`, IPC.listDisplays)).toBeUndefined();
    expect(printed).toEqual([]);
  });

  it("reports a failing OS function as the bridge's Error, not a crash", async () => {
    fake.reset();
    registerHandlers(
      ipcMain,
      origin,
      desktopHandlers({
        appVersion: () => '0.1.0',
        listDisplays: () => {
          throw new Error('no screen module');
        },
        printReceipt: async () => ({ printed: false, error: 'no printer' }),
      }),
    );
    const bridge = createDesktopBridge(invokeFrom(`${origin}/pos/`), args);
    await expect(bridge.listDisplays()).rejects.toThrow('displays:list: no screen module (FAILED)');
    await expect(bridge.printReceipt('<p>x</p>')).resolves.toEqual({ printed: false, error: 'no printer' });
  });

  it("the pole display's bridge has no printing at all", () => {
    const bridge = createDisplayBridge(invokeFrom(`${origin}/display/`), args);
    expect(Object.keys(bridge).sort()).toEqual(['appVersion', 'listDisplays', 'serviceUrl', 'terminalId']);
  });
});
