import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { launch } from '../../../electron/app/launch.js';
import { fake } from '../../support/fake-electron.js';

vi.mock('electron', () => import('../../support/fake-electron.js'));
// The app is run by the test's runApp, given to launch (not mocked: unit files share their worker's
// modules, vitest.config.ts `isolate: false`, so a mock of run-app.ts missed a file that loaded it first).
const runApp = vi.fn<(options: unknown) => Promise<void>>();

/** Launches the app as main.ts does, with this command line after Electron's binary; answers the fake's record. */
async function launched(...args: string[]): Promise<typeof fake> {
  fake.reset();
  await launch(['.', ...args], runApp);
  return fake;
}

describe('main.ts (launch.ts)', () => {
  beforeEach(() => {
    runApp.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('runs the app with the options of its command line', async () => {
    runApp.mockResolvedValue();
    const fake = await launched('--terminal', 'lane-2', '--allowed-host', 'lane-2.local');
    expect(runApp).toHaveBeenCalledWith({
      mode: 'terminal',
      terminalId: 'lane-2',
      port: 0,
      host: '127.0.0.1',
      allowedHosts: expect.arrayContaining(['lane-2.local']),
      demo: true,
    });
    expect(fake.exitCode).toBeUndefined();
  });

  it('a bad flag: an error box naming it and the usage, exit 1, nothing started', async () => {
    const fake = await launched('--display-only');
    expect(runApp).not.toHaveBeenCalled();
    expect(fake.exitCode).toBe(1);
    expect(fake.log).toEqual(['dialog:error', 'app:exit']);
  });

  it('a failed start (a port in use, a native module built for Node) is reported with what to do, exit 1', async () => {
    runApp.mockRejectedValue(
      new Error('was compiled against a different Node.js version using NODE_MODULE_VERSION 115'),
    );
    const fake = await launched();
    expect(fake.exitCode).toBe(1);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('npx electron-builder install-app-deps'));
  });
});
