import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeWindowArgs, encodeWindowArgs } from '../../../electron/app/window-args.js';
import { contextBridge } from '../../support/fake-electron.js';

vi.mock('electron', () => import('../../support/fake-electron.js'));

const argv = process.argv;

describe('preloads', () => {
  beforeEach(() => {
    contextBridge.exposed.clear();
    // What Chromium gives a renderer: its own switches, then the window's additionalArguments.
    process.argv = [
      '/opt/servicepay/servicepay-pos',
      '--type=renderer',
      ...encodeWindowArgs({ serviceUrl: 'http://127.0.0.1:4610', terminalId: 'lane-3' }),
    ];
  });
  afterEach(() => {
    process.argv = argv;
  });

  it('the POS preload exposes only the bridge, as window.servicepayDesktop', async () => {
    await import('../../../electron/app/preload/pos.js');
    expect([...contextBridge.exposed.keys()]).toEqual(['servicepayDesktop']);
    const bridge = contextBridge.exposed.get('servicepayDesktop') as Record<string, unknown>;
    expect(Object.keys(bridge).sort()).toEqual([
      'appVersion',
      'listDisplays',
      'printReceipt',
      'serviceUrl',
      'terminalId',
    ]);
    expect(bridge.serviceUrl).toBe('http://127.0.0.1:4610');
    expect(bridge.terminalId).toBe('lane-3');
    expect(Object.values(bridge).every((value) => typeof value === 'string' || typeof value === 'function')).toBe(true);
  });

  it('the pole-display preload exposes the bridge without printing', async () => {
    await import('../../../electron/app/preload/display.js');
    const bridge = contextBridge.exposed.get('servicepayDesktop') as Record<string, unknown>;
    expect(Object.keys(bridge).sort()).toEqual(['appVersion', 'listDisplays', 'serviceUrl', 'terminalId']);
  });

  it('window arguments survive the trip, and a missing one fails loudly', () => {
    const args = { serviceUrl: 'https://pos-1.store.example:4610', terminalId: 'front-1' };
    expect(decodeWindowArgs(['x', ...encodeWindowArgs(args)])).toEqual(args);
    expect(() => decodeWindowArgs(['--servicepay-terminal=front-1'])).toThrow('missing --servicepay-service-url');
  });
});
