import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

export { freePort } from './free-port.js';

/**
 * The `servicepay` and `serve` commands as tests run them: bin/servicepay.mjs and bin/serve.mjs's
 * programs bundled by scripts/build-bin.mjs (tests/support/bin-global-setup.ts builds them before
 * vitest's and Playwright's runs), which start without tsx's second and a half of compiling.
 * tests/integration/cli/bin-entries.test.ts checks bin/*.mjs themselves run the same programs.
 */
export const SERVICEPAY_BIN = fileURLToPath(new URL('../../out/bin/servicepay.mjs', import.meta.url));
export const SERVE_BIN = fileURLToPath(new URL('../../out/bin/serve.mjs', import.meta.url));

/** Runs the `servicepay` CLI against a data folder and returns its stdout; throws on failure. */
export function cli(dataDir: string, ...args: string[]): string {
  return cliWithInput(dataDir, '', ...args);
}

/** The same, with `input` on its standard input (a password for `--password-stdin`). */
export function cliWithInput(dataDir: string, input: string, ...args: string[]): string {
  const result = spawnSync(process.execPath, [SERVICEPAY_BIN, '--data', dataDir, ...args], {
    encoding: 'utf8',
    input,
  });
  if (result.status !== 0) throw new Error(`servicepay ${args.join(' ')} failed:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

/** A service running in a child process. */
export interface ServiceProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Stops it (SIGTERM: a clean stop; SIGKILL: a crash) and waits until it exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * How often a starting service is asked whether it answers: a refused connection costs next to
 * nothing, and the suite starts a few hundred services, each of which a 100 ms poll left idle for
 * 50 ms on average after it was ready.
 */
const HEALTH_POLL_MS = 10;
/** How long a stopping service may take before the test kills it and fails. */
const STOP_WAIT_MS = 20_000;
/** How long one ask may go unanswered (a process that accepts and never answers fails by the deadline). */
const HEALTH_ASK_MS = 2000;

/** Waits until `GET url/health` answers, or fails when the deadline passes or the process exits. */
async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/health`, { signal: AbortSignal.timeout(HEALTH_ASK_MS) })).ok) return;
    } catch {
      // not listening yet (or not answering in time)
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the service did not start');
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
}

/** Starts the `serve` command (the real headless service) on a SQLite data folder and waits until it answers. */
export function startServer(
  dataDir: string,
  extraArgs: string[] = [],
  options: { env?: NodeJS.ProcessEnv; showLog?: boolean } = {},
): Promise<ServiceProcess> {
  return startService(['--data', dataDir, ...extraArgs], options);
}

/**
 * Starts the `serve` command with these arguments (`--data DIR` or `--database URL` among them) on a
 * free port of 127.0.0.1 and waits until it answers. `command`: another entry than SERVE_BIN
 * (bin/serve.mjs itself).
 */
export async function startService(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; showLog?: boolean; port?: number; command?: string } = {},
): Promise<ServiceProcess> {
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, [options.command ?? SERVE_BIN, '--port', String(port), ...args], {
    stdio: ['ignore', options.showLog ? 'inherit' : 'ignore', 'inherit'],
    env: { ...process.env, ...options.env },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, 30_000);
  const stop = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<void>((resolve, reject) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      // The service gives a stop 10 s (stop-on-signal.ts): one still running well after is killed, and the test told.
      const late = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`the service on port ${port} did not stop on ${signal} within ${STOP_WAIT_MS / 1000} s`));
      }, STOP_WAIT_MS);
      child.once('exit', () => {
        clearTimeout(late);
        resolve();
      });
      child.kill(signal);
    });
  return { url, port, child, stop };
}
