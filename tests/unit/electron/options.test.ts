import { describe, expect, it, vi } from 'vitest';
import { menuTemplate } from '../../../electron/app/menu.js';
import { parseAppOptions } from '../../../electron/app/options.js';
import { rendererDir } from '../../../electron/app/paths.js';
import { pageUrl } from '../../../electron/app/urls.js';

vi.mock('electron', () => import('../../support/fake-electron.js'));

describe('command line', () => {
  it('defaults: a terminal front-1 with its own service on a free loopback port and the demo data', () => {
    // Electron's argv in development: the app path, then Chromium's and the app's switches.
    expect(parseAppOptions(['.', '--enable-logging', '--no-sandbox'], {})).toEqual({
      mode: 'terminal',
      terminalId: 'front-1',
      port: 0,
      host: '127.0.0.1',
      allowedHosts: [],
      demo: true,
    });
  });

  it('reads terminal, port, host, allowed hosts, data folder and --no-demo', () => {
    expect(
      parseAppOptions(
        [
          '--terminal',
          'lane-2',
          '--port',
          '4610',
          '--host',
          '0.0.0.0',
          '--data',
          '/srv/pos',
          '--allowed-host',
          'lane-2.store.example',
          '--no-demo',
        ],
        { SERVICEPAY_ALLOWED_HOSTS: '' },
      ),
    ).toEqual({
      mode: 'terminal',
      terminalId: 'lane-2',
      port: 4610,
      host: '0.0.0.0',
      allowedHosts: ['lane-2.store.example'],
      dataDir: '/srv/pos',
      demo: false,
    });
  });

  it('--server starts a new register without the demo, its POS offering to attach it to that server', () => {
    expect(parseAppOptions(['--server', 'http://pos.store.example:4610/', '--terminal', 'lane-3'], {})).toMatchObject({
      mode: 'terminal',
      terminalId: 'lane-3',
      demo: false,
      serverUrl: 'http://pos.store.example:4610',
    });
    expect(parseAppOptions([], { SERVICEPAY_SERVER_URL: 'https://pos.store.example' })).toMatchObject({
      demo: false,
      serverUrl: 'https://pos.store.example',
    });
    expect(() => parseAppOptions(['--server', 'ftp://store'], {})).toThrow('--server must be http(s)');
    expect(pageUrl('http://127.0.0.1:4610', 'pos', 'lane-3', 'http://pos.store.example:4610')).toBe(
      'http://127.0.0.1:4610/pos/?terminal=lane-3&server=http%3A%2F%2Fpos.store.example%3A4610',
    );
    expect(pageUrl('http://127.0.0.1:4610', 'display', 'lane-3', 'http://pos.store.example:4610')).toBe(
      'http://127.0.0.1:4610/display/?terminal=lane-3',
    );
  });

  it('display-only needs the other terminal’s service URL and keeps only its origin', () => {
    expect(
      parseAppOptions(['--display-only', '--service-url', 'http://10.0.0.5:4610/pos/', '--terminal', 'front-2']),
    ).toEqual({
      mode: 'display-only',
      terminalId: 'front-2',
      serviceUrl: 'http://10.0.0.5:4610',
    });
    expect(() => parseAppOptions(['--display-only'])).toThrow('--display-only needs --service-url URL');
    expect(() => parseAppOptions(['--display-only', '--service-url', 'not a url'])).toThrow('must be a URL');
    expect(() => parseAppOptions(['--display-only', '--service-url', 'file:///etc/passwd'])).toThrow('must be http(s)');
  });

  it('refuses a bad port or a terminal id that does not belong in a URL', () => {
    expect(() => parseAppOptions(['--port', '70000'])).toThrow('--port must be 0-65535');
    expect(() => parseAppOptions(['--port', 'abc'])).toThrow('--port must be 0-65535');
    expect(() => parseAppOptions(['--terminal', 'a&b=c'])).toThrow('--terminal must be letters');
    expect(() => parseAppOptions(['--terminal', 'x'.repeat(41)])).toThrow('--terminal must be letters');
  });
});

describe('pages and folders', () => {
  it('POS and pole display carry the terminal id; the back office does not', () => {
    expect(pageUrl('http://127.0.0.1:4610', 'pos', 'front-1')).toBe('http://127.0.0.1:4610/pos/?terminal=front-1');
    expect(pageUrl('http://127.0.0.1:4610', 'display', 'lane_2')).toBe(
      'http://127.0.0.1:4610/display/?terminal=lane_2',
    );
    expect(pageUrl('http://127.0.0.1:4610', 'backoffice', 'front-1')).toBe('http://127.0.0.1:4610/backoffice/');
  });

  it('serves the pages from the app, or from SERVICEPAY_DIST', () => {
    expect(rendererDir('/opt/ServicePay/resources/app.asar', {})).toBe(
      '/opt/ServicePay/resources/app.asar/dist/renderer',
    );
    expect(rendererDir('/repo', { SERVICEPAY_DIST: '/tmp/dist-a' })).toBe('/tmp/dist-a/renderer');
  });
});

describe('menu', () => {
  const labels = (template: ReturnType<typeof menuTemplate>) => JSON.stringify(template);

  it('has the back office and customer display shortcuts, and DevTools only in development', () => {
    const actions = { openBackoffice: () => undefined, showPoleDisplay: () => undefined };
    expect(labels(menuTemplate(actions, false))).toContain('"accelerator":"CmdOrCtrl+Shift+B"');
    expect(labels(menuTemplate(actions, false))).not.toContain('toggleDevTools');
    expect(labels(menuTemplate(actions, true))).toContain('toggleDevTools');
  });

  it('a display-only machine has no back office item', () => {
    expect(labels(menuTemplate({ showPoleDisplay: () => undefined }, false))).not.toContain('Back office');
  });
});
