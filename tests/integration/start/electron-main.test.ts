import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildElectron } from '../../../scripts/build-electron.mjs';

// The built main bundle cannot run in Electron here (no binary): it runs under Node with the fake
// 'electron' module instead, which prints what the app does as JSON lines. What this proves: the
// bundle loads, starts the real service, opens its windows with the built preloads, and stops
// cleanly on SIGTERM.
const outdir = resolve('node_modules/.cache', `servicepay-electron-test-${process.pid}`);
const userData = mkdtempSync(join(tmpdir(), 'servicepay-electron-main-'));

interface Event {
  event: string;
  url?: string;
  title?: string;
  code?: number;
  webPreferences?: { preload?: string; sandbox?: boolean; contextIsolation?: boolean };
}

let child: ChildProcess;
const events: Event[] = [];
const waitFor = async (check: () => boolean, what: string, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no ${what}: ${JSON.stringify(events)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('the built Electron main bundle', () => {
  beforeAll(async () => {
    await buildElectron({ outdir });
    child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        './tests/support/fake-electron-register.mjs',
        join(outdir, 'main', 'index.mjs'),
        '--terminal',
        'lane-4',
      ],
      {
        env: {
          ...process.env,
          FAKE_ELECTRON_CHILD: '1',
          FAKE_ELECTRON_USER_DATA: userData,
          FAKE_ELECTRON_DISPLAYS: '2',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{"event"')) events.push(JSON.parse(line) as Event);
    });
    await waitFor(() => events.filter((e) => e.event === 'window:load').length >= 2, 'windows');
  }, 60_000);
  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(outdir, { recursive: true, force: true });
    rmSync(userData, { recursive: true, force: true });
  });

  it('starts the service in userData before loading the POS and the display for its terminal', async () => {
    const loads = events.filter((e) => e.event === 'window:load').map((e) => new URL(e.url!));
    expect(loads.map((url) => url.pathname + url.search)).toEqual([
      '/pos/?terminal=lane-4',
      '/display/?terminal=lane-4',
    ]);
    expect((await fetch(new URL('/health', loads[0]))).status).toBe(200);
    expect(existsSync(join(userData, 'servicepay.db'))).toBe(true);
  });

  it('gives each window its built preload, sandboxed and isolated', () => {
    const windows = events.filter((e) => e.event === 'window:create');
    expect(windows.map((e) => e.title)).toEqual(['ServicePay POS', 'ServicePay customer display']);
    for (const { webPreferences } of windows) {
      expect(webPreferences).toMatchObject({ sandbox: true, contextIsolation: true });
      expect(existsSync(webPreferences!.preload!)).toBe(true);
    }
  });

  it('the preload bundles run with nothing but electron to require, and expose only the bridge', () => {
    for (const [name, keys] of [
      ['pos', ['appVersion', 'listDisplays', 'printReceipt', 'serviceUrl', 'terminalId']],
      ['display', ['appVersion', 'listDisplays', 'serviceUrl', 'terminalId']],
    ] as const) {
      const exposed = new Map<string, Record<string, unknown>>();
      const electron = {
        contextBridge: { exposeInMainWorld: (key: string, api: Record<string, unknown>) => exposed.set(key, api) },
        ipcRenderer: { invoke: async () => ({ ok: true, value: '0.1.0' }) },
      };
      const sandboxRequire = (id: string) => {
        if (id === 'electron') return electron;
        throw new Error(`a sandboxed preload cannot require ${id}`);
      };
      const argv = ['electron', '--servicepay-service-url=http://127.0.0.1:4610', '--servicepay-terminal=lane-4'];
      const code = readFileSync(join(outdir, 'preload', `${name}.cjs`), 'utf8');
      runInNewContext(code, { require: sandboxRequire, module: { exports: {} }, exports: {}, process: { argv } });
      expect([...exposed.keys()]).toEqual(['servicepayDesktop']);
      expect(Object.keys(exposed.get('servicepayDesktop')!).sort()).toEqual([...keys]);
      expect(exposed.get('servicepayDesktop')!.terminalId).toBe('lane-4');
    }
  });

  it('SIGTERM closes the windows, then the service, and exits 0', async () => {
    const url = new URL('/health', events.find((e) => e.event === 'window:load')!.url);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const closing = events.map((e) => e.event).filter((e) => e === 'window:closed' || e === 'app:exit');
    expect(closing).toEqual(['window:closed', 'window:closed', 'app:exit']);
    await expect(fetch(url)).rejects.toThrow();
  });
});
