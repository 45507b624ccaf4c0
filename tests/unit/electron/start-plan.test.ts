import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { appWindowArgs } from '../../../scripts/start/chromium-windows.js';
import { electronArgs } from '../../../scripts/start/electron-mode.js';
import { isStale } from '../../../scripts/start/freshness.js';
import { parseStartOptions } from '../../../scripts/start/options.js';
import { BROWSER_MODE_LINE, browserModeLines, findElectron, planStart } from '../../../scripts/start/plan.js';
import { waitForStop } from '../../../scripts/start/signals.js';

const work = mkdtempSync(join(tmpdir(), 'servicepay-start-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm start: what runs where', () => {
  const electron = '/repo/node_modules/electron/dist/electron';
  const chromium = '/usr/lib/chromium/chromium';
  const x11 = { DISPLAY: ':0' };

  it('Electron when its binary is installed', () => {
    expect(planStart({ electronPath: electron, chromium, env: x11, noWindows: false })).toEqual({
      mode: 'electron',
      electronPath: electron,
    });
    // Electron opens its own windows, with or without a DISPLAY variable (Windows, macOS).
    expect(planStart({ electronPath: electron, env: {}, noWindows: false }).mode).toBe('electron');
  });

  it('browser mode with Chromium app windows where Electron is absent and there is a display', () => {
    const plan = planStart({ chromium, env: x11, noWindows: false });
    expect(plan).toEqual({ mode: 'browser', windows: 'chromium', chromium });
    expect(planStart({ chromium, env: { WAYLAND_DISPLAY: 'wayland-0' }, noWindows: false })).toEqual(plan);
    expect(browserModeLines(plan as Exclude<typeof plan, { mode: 'electron' }>)).toEqual([BROWSER_MODE_LINE]);
  });

  it('only the URLs without a display, or without a Chromium to show them', () => {
    const headless = planStart({ chromium, env: {}, noWindows: false });
    expect(headless).toEqual({ mode: 'browser', windows: 'none', why: 'no-display' });
    expect(browserModeLines(headless as never)).toEqual([BROWSER_MODE_LINE]);
    const bare = planStart({ env: x11, noWindows: false });
    expect(bare).toEqual({ mode: 'browser', windows: 'none', why: 'no-chromium' });
    expect(browserModeLines(bare as never)).toHaveLength(2);
  });

  it('--no-windows runs the service only, even where Electron is installed, and says nothing of Electron', () => {
    const plan = planStart({ electronPath: electron, chromium, env: x11, noWindows: true });
    expect(plan).toEqual({ mode: 'browser', windows: 'none', why: 'no-windows' });
    expect(browserModeLines(plan as never)).toEqual([]);
  });

  it('the Electron line is one line', () => {
    expect(BROWSER_MODE_LINE).toBe(
      'Electron is not installed here (its binary could not be downloaded); running in browser mode.',
    );
  });
});

describe('npm start: finding the Electron binary', () => {
  const fakeElectronPackage = (name: string, index: string) => {
    const dir = join(work, name, 'node_modules', 'electron');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"name":"electron","main":"index.js"}');
    writeFileSync(join(dir, 'index.js'), index);
    return pathToFileURL(join(work, name, 'start.mjs')).href;
  };

  it('absent when the package was installed without its binary (require throws, as here)', () => {
    const from = fakeElectronPackage('no-binary', "throw new Error('Electron failed to install correctly');");
    expect(findElectron(from)).toBeUndefined();
  });

  it('absent when the path it names does not exist; present when it does', () => {
    const missing = fakeElectronPackage(
      'missing',
      "module.exports = require('path').join(__dirname, 'dist', 'electron');",
    );
    expect(findElectron(missing)).toBeUndefined();
    const binary = join(work, 'present-electron');
    writeFileSync(binary, '');
    const present = fakeElectronPackage('present', `module.exports = ${JSON.stringify(binary)};`);
    expect(findElectron(present)).toBe(binary);
  });

  it('absent when there is no electron package at all', () => {
    expect(findElectron(pathToFileURL(join(tmpdir(), 'nowhere', 'x.mjs')).href)).toBeUndefined();
  });
});

describe('npm start: flags, builds and windows', () => {
  it('reads --port, --data, --terminal and --no-windows, with the service defaults', () => {
    expect(parseStartOptions([], { XDG_DATA_HOME: '/home/a/.local/share' })).toEqual({
      port: 4610,
      dataDir: '/home/a/.local/share/servicepay',
      terminalId: 'front-1',
      allowedHosts: [],
      noWindows: false,
      server: undefined,
      help: false,
    });
    expect(parseStartOptions(['--server', 'https://store.example'], {}).server).toBe('https://store.example');
    expect(parseStartOptions([], { SERVICEPAY_SERVER_URL: 'https://chain.example' }).server).toBe(
      'https://chain.example',
    );
    expect(
      parseStartOptions(['--port', '0', '--data', '/d', '--terminal', 'lane-2', '--no-windows'], {}),
    ).toMatchObject({
      port: 0,
      dataDir: '/d',
      terminalId: 'lane-2',
      noWindows: true,
    });
    expect(parseStartOptions([], { SERVICEPAY_PORT: '4700', SERVICEPAY_DATA_DIR: '/srv' })).toMatchObject({
      port: 4700,
      dataDir: '/srv',
    });
    expect(() => parseStartOptions(['--port', 'x'], {})).toThrow('--port must be 0-65535');
    expect(() => parseStartOptions(['--terminal', '../x'], {})).toThrow('--terminal must be');
    expect(() => parseStartOptions(['--bogus'], {})).toThrow();
  });

  it('reads --allowed-host (repeated or a comma list) and SERVICEPAY_ALLOWED_HOSTS together', () => {
    const env = { SERVICEPAY_ALLOWED_HOSTS: 'pos.store.example, .chain.example' };
    const argv = ['--allowed-host', 'Register-1.Local', '--allowed-host', '10.0.0.5,pos.store.example'];
    expect(parseStartOptions(argv, env).allowedHosts).toEqual([
      'register-1.local',
      '10.0.0.5',
      'pos.store.example',
      '.chain.example',
    ]);
    expect(() => parseStartOptions(['--allowed-host', 'pos.local:4610'], {})).toThrow(
      'must be a host name or address without a port or path, not "pos.local:4610"',
    );
  });

  it('passes the same settings to Electron', () => {
    const options = parseStartOptions(['--port', '4611', '--data', '/d', '--terminal', 'lane-2'], {});
    expect(electronArgs(options)).toEqual(['.', '--port', '4611', '--data', '/d', '--terminal', 'lane-2']);
    const named = parseStartOptions(['--allowed-host', 'a.example,b.example'], {});
    expect(electronArgs(named).slice(-4)).toEqual(['--allowed-host', 'a.example', '--allowed-host', 'b.example']);
  });

  it('rebuilds when the output is missing or older than a source, not otherwise', () => {
    const src = join(work, 'src');
    mkdirSync(join(src, 'pos'), { recursive: true });
    writeFileSync(join(src, 'pos', 'App.vue'), '<template />');
    const out = join(work, 'index.html');
    expect(isStale(out, [src])).toBe(true);
    writeFileSync(out, '<html>');
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(src, 'pos', 'App.vue'), past, past);
    expect(isStale(out, [src, join(work, 'not-there')])).toBe(false);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(src, 'pos', 'App.vue'), later, later);
    expect(isStale(out, [src])).toBe(true);
  });

  it('opens each page in its own app window and profile, without the test-only flags', () => {
    const spec = {
      name: 'pos',
      url: 'http://127.0.0.1:4610/pos/?terminal=front-1',
      position: { x: 0, y: 0 },
      size: { width: 1280, height: 800 },
    };
    const args = appWindowArgs(spec, '/tmp/profiles', false);
    expect(args).toContain('--app=http://127.0.0.1:4610/pos/?terminal=front-1');
    expect(args).toContain('--user-data-dir=/tmp/profiles/pos');
    expect(args).toContain('--window-size=1280,800');
    expect(args).toContain('--no-first-run');
    expect(args).not.toContain('--disable-gpu');
    expect(args).not.toContain('--no-sandbox');
    expect(appWindowArgs(spec, '/tmp/profiles', true)).toContain('--no-sandbox'); // Chromium refuses root otherwise
  });

  it('stops on Ctrl-C, SIGTERM, or the POS window closing, and lets go of the signals after', async () => {
    for (const signal of ['SIGINT', 'SIGTERM']) {
      const proc = new EventEmitter();
      const stopped = waitForStop(undefined, proc);
      proc.emit(signal);
      await expect(stopped).resolves.toBe(signal);
      expect(proc.listenerCount('SIGINT') + proc.listenerCount('SIGTERM')).toBe(0);
    }
    const proc = new EventEmitter();
    const pos = new EventEmitter() as ChildProcess;
    const stopped = waitForStop(pos, proc);
    pos.emit('exit', 0, null);
    await expect(stopped).resolves.toBe('the POS window was closed');
    expect(proc.listenerCount('SIGINT')).toBe(0);
  });
});
