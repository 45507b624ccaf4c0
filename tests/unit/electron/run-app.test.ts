import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runApp } from '../../../electron/app/run-app.js';
import { startService, type ServiceOptions } from '../../../electron/app/service.js';
import { IPC } from '../../../shared/contracts/desktop.js';
import { app, fake, FakeBrowserWindow, session } from '../../support/fake-electron.js';

vi.mock('electron', () => import('../../support/fake-electron.js'));

/**
 * The real service, with its start and close written into the same log as the windows: given to
 * runApp, not mocked: unit files share their worker's modules (vitest.config.ts `isolate: false`), so
 * a mock of service.ts missed a file that loaded it first.
 */
async function loggedService(options: ServiceOptions) {
  const service = await startService(options);
  fake.record('service:listening', { options });
  return {
    url: service.url,
    close: async () => {
      await service.close();
      fake.record('service:closed');
    },
  };
}
const userData = mkdtempSync(join(tmpdir(), 'servicepay-run-app-'));
const signalListeners = () => [...process.listeners('SIGINT'), ...process.listeners('SIGTERM')];
const before = signalListeners();
afterAll(() => {
  // runApp listens for Ctrl-C on the real process: leave the test runner's handlers as they were.
  for (const listener of signalListeners()) {
    if (!before.includes(listener)) process.removeListener('SIGINT', listener).removeListener('SIGTERM', listener);
  }
  rmSync(userData, { recursive: true, force: true });
});
const windowTitled = (title: string) => FakeBrowserWindow.getAllWindows().find((win) => win.options.title === title)!;

describe('runApp: start and shutdown order of a terminal', () => {
  beforeAll(async () => {
    fake.reset();
    fake.userData = userData;
    await runApp(
      { mode: 'terminal', terminalId: 'front-1', port: 0, host: '127.0.0.1', allowedHosts: [], demo: true },
      loggedService,
    );
  });

  it('starts the service on a free loopback port with its database in userData, before any window', async () => {
    const firstWindow = fake.log.indexOf('window:create');
    expect(fake.log.indexOf('service:listening')).toBeGreaterThanOrEqual(0);
    expect(fake.log.indexOf('service:listening')).toBeLessThan(firstWindow);
    expect(existsSync(join(userData, 'servicepay.db'))).toBe(true);
    const pos = windowTitled('ServicePay POS');
    const url = new URL(pos.loadedUrl);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.port).not.toBe('4610'); // a free port, not a fixed one
    expect(url.pathname + url.search).toBe('/pos/?terminal=front-1');
    const health = await fetch(new URL('/health', url));
    expect(health.status).toBe(200);
  });

  it('loads the demo logins into the new database', async () => {
    const url = new URL('/auth-v2/login', windowTitled('ServicePay POS').loadedUrl);
    const body = Buffer.from(JSON.stringify({ username: 'cashier', password: 'cashier-demo-1' })).toString('base64');
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-application': 'servicepay-pos' },
      body,
    });
    expect(answer.status).toBe(200);
  });

  it('secures the session and registers the IPC channels before the windows open', () => {
    expect(fake.sandboxEnabled).toBe(true);
    expect(session.defaultSession.permissionRequestHandler).toBeTypeOf('function');
    expect(session.defaultSession.headersListener).toBeTypeOf('function');
    expect([...fake.handlers.keys()].sort()).toEqual(Object.values(IPC).sort());
    expect(windowTitled('ServicePay customer display').loadedUrl).toMatch(/\/display\/\?terminal=front-1$/);
  });

  it('the menu opens the back office (Ctrl+Shift+B)', () => {
    const [servicepay] = fake.menuTemplate as {
      submenu: { label?: string; accelerator?: string; click?: () => void }[];
    }[];
    const item = servicepay!.submenu.find((entry) => entry.label === 'Back office')!;
    expect(item.accelerator).toBe('CmdOrCtrl+Shift+B');
    item.click!();
    expect(windowTitled('ServicePay back office').loadedUrl).toMatch(/\/backoffice\/$/);
  });

  it('a second launch brings the POS back from the taskbar', () => {
    const pos = windowTitled('ServicePay POS');
    pos.minimized = true;
    pos.focused = false;
    app.emit('second-instance', {}, ['servicepay-pos'], '/');
    expect(pos.minimized).toBe(false);
    expect(pos.focused).toBe(true);
  });

  it('quitting closes every window, then the service, then exits', async () => {
    const url = windowTitled('ServicePay POS').loadedUrl;
    const quitFrom = fake.log.length;
    app.quit();
    await vi.waitFor(() => expect(fake.exitCode).toBe(0));
    const after = fake.log.slice(quitFrom);
    expect(after.filter((event) => event === 'window:closed')).toHaveLength(3);
    expect(after.lastIndexOf('window:closed')).toBeLessThan(after.indexOf('service:closed'));
    expect(after.at(-1)).toBe('app:exit');
    await expect(fetch(new URL('/health', url))).rejects.toThrow();
  });
});

describe('runApp: the second copy', () => {
  it('quits without starting a service or opening a window', async () => {
    fake.reset();
    fake.singleInstanceLock = false;
    await runApp(
      { mode: 'terminal', terminalId: 'front-1', port: 0, host: '127.0.0.1', allowedHosts: [], demo: true },
      loggedService,
    );
    expect(fake.log).toEqual(['app:exit']);
  });
});

describe('runApp: display-only', () => {
  it('starts no service and points the pole display at the other terminal', async () => {
    fake.reset();
    await runApp({ mode: 'display-only', terminalId: 'lane-2', serviceUrl: 'http://10.0.0.5:4610' }, loggedService);
    expect(fake.log).not.toContain('service:listening');
    const windows = FakeBrowserWindow.getAllWindows();
    expect(windows.map((win) => win.loadedUrl)).toEqual(['http://10.0.0.5:4610/display/?terminal=lane-2']);
    expect(windows[0]!.options).toMatchObject({ fullscreen: true, frame: false });
    const refused = await (fake.handlers.get(IPC.appVersion)!({
      senderFrame: { url: 'http://127.0.0.1:4610/pos/' },
    }) as Promise<unknown>);
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    app.quit();
    await vi.waitFor(() => expect(fake.exitCode).toBe(0));
  });
});
