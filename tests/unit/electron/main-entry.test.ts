import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('../../support/fake-electron.js'));
const runApp = vi.fn<(options: unknown) => Promise<void>>();
vi.mock('../../../electron/app/run-app.js', () => ({ runApp }));

type Fake = typeof import('../../support/fake-electron.js');
const argv = process.argv;

/** Runs main.ts as Electron would, with this command line; answers the fake's record. */
async function launch(...args: string[]): Promise<Fake['fake']> {
  vi.resetModules();
  const { fake } = (await import('electron')) as unknown as Fake;
  fake.reset();
  process.argv = ['/opt/servicepay/electron', '.', ...args];
  await import('../../../electron/app/main.js');
  await vi.waitFor(() => expect(fake.exitCode ?? runApp.mock.calls.length).toBeTruthy());
  return fake;
}

describe('main.ts', () => {
  beforeEach(() => {
    runApp.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    process.argv = argv;
    vi.restoreAllMocks();
  });

  it('runs the app with the options of its command line', async () => {
    runApp.mockResolvedValue();
    await launch('--terminal', 'lane-2', '--allowed-host', 'lane-2.local');
    expect(runApp).toHaveBeenCalledWith({
      mode: 'terminal',
      terminalId: 'lane-2',
      port: 0,
      host: '127.0.0.1',
      allowedHosts: expect.arrayContaining(['lane-2.local']),
      demo: true,
    });
  });

  it('a bad flag: an error box naming it and the usage, exit 1, nothing started', async () => {
    const fake = await launch('--display-only');
    expect(runApp).not.toHaveBeenCalled();
    expect(fake.exitCode).toBe(1);
    expect(fake.log).toEqual(['dialog:error', 'app:exit']);
  });

  it('a failed start (a port in use, a native module built for Node) is reported with what to do, exit 1', async () => {
    runApp.mockRejectedValue(
      new Error('was compiled against a different Node.js version using NODE_MODULE_VERSION 115'),
    );
    const fake = await launch();
    expect(fake.exitCode).toBe(1);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('npx electron-builder install-app-deps'));
  });
});
