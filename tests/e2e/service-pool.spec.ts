import type { ChildProcess } from 'node:child_process';
import type { Engine } from './support/postgres-service.js';
import { ServicePool, type ServiceOptions } from './support/service-pool.js';
import type { StartedService } from './support/service-start.js';
import { expect, test } from './support/fixtures.js';

/**
 * The workers' services (support/service-pool.ts): a file's service options are a test's, so files
 * of other options run in the same worker, each on the service of its options.
 */

const SHARED: ServiceOptions = { args: [], env: {} };
const PINPAD: ServiceOptions = { args: ['--pinpad-delay-ms', '300'], env: {} };
const OWN: ServiceOptions = { args: [], env: {}, own: 'pool-check' };

/** A pool whose services are stand-ins: each start and stop noted in `log`, by the options' words. */
function fakePool(log: string[], fail = new Set<string>()) {
  let port = 40_000;
  const name = (options: ServiceOptions, engine: Engine) =>
    [engine, options.own ?? '', ...options.args].filter(Boolean).join(' ');
  return new ServicePool(async (options, engine): Promise<StartedService> => {
    const what = name(options, engine);
    if (fail.delete(what)) throw new Error(`${what} did not start`);
    log.push(`start ${what}`);
    port += 1;
    const url = `http://127.0.0.1:${port}`;
    const service = {
      url,
      port,
      dataDir: `/data/${port}`,
      databaseArgs: [],
      child: {} as ChildProcess,
      stop: async () => {},
    };
    return { service, stop: async () => void log.push(`stop ${what}`) };
  });
}

let firstWorker: number | undefined;

test('the shared service lives as long as the worker; another is stopped when other options are asked for', async () => {
  const log: string[] = [];
  const pool = fakePool(log);
  const shared = await pool.service(SHARED, 'sqlite');
  expect(await pool.service(SHARED, 'sqlite')).toBe(shared);

  // A file of its own options: its service is started beside the shared one, and shared by its tests.
  const pinpad = await pool.service(PINPAD, 'sqlite');
  expect(pinpad.url).not.toBe(shared.url);
  expect(await pool.service({ args: ['--pinpad-delay-ms', '300'], env: {} }, 'sqlite')).toBe(pinpad);
  const api = await pool.api(PINPAD, 'sqlite');
  expect(api.baseUrl).toBe(pinpad.url);
  expect(await pool.api(PINPAD, 'sqlite')).toBe(api);

  // A helper beside it is started once, and stopped before its service.
  let shops = 0;
  const startShop = async () => ({ value: `shop ${(shops += 1)}`, stop: () => void log.push('stop shop') });
  expect(await pool.helper(PINPAD, 'sqlite', 'shop', startShop)).toBe('shop 1');
  expect(await pool.helper(PINPAD, 'sqlite', 'shop', startShop)).toBe('shop 1');

  // The next file's options: the previous file's service stops; the shared one stays.
  await pool.service(OWN, 'sqlite');
  expect(await pool.service(SHARED, 'sqlite')).toBe(shared);
  // Coming back to options stopped meanwhile gives a fresh service, as a new worker did.
  const again = await pool.service(PINPAD, 'sqlite');
  expect(again.url).not.toBe(pinpad.url);
  // Another engine is another service.
  await pool.service(SHARED, 'postgres');

  await pool.stopAll();
  expect(log).toEqual([
    'start sqlite',
    'start sqlite --pinpad-delay-ms 300',
    'stop shop',
    'stop sqlite --pinpad-delay-ms 300',
    'start sqlite pool-check',
    'stop sqlite pool-check',
    'start sqlite --pinpad-delay-ms 300',
    'stop sqlite --pinpad-delay-ms 300',
    'start postgres',
    'stop sqlite',
    'stop postgres',
  ]);
});

test('a service that did not start is not kept: the next test of its options starts it again', async () => {
  const log: string[] = [];
  const pool = fakePool(log, new Set(['sqlite pool-check']));
  await expect(pool.service(OWN, 'sqlite')).rejects.toThrow('sqlite pool-check did not start');
  await pool.service(OWN, 'sqlite');
  await pool.stopAll();
  expect(log).toEqual(['start sqlite pool-check', 'stop sqlite pool-check']);
});

test("a test's service and API client are the worker's pool's for the test's options", async ({
  services,
  serviceOptions,
  engine,
  service,
  api,
}, testInfo) => {
  firstWorker = testInfo.workerIndex;
  expect(service).toBe(await services.service(serviceOptions, engine));
  expect(api.baseUrl).toBe(service.url);
  expect((await fetch(`${service.url}/health`)).ok).toBe(true);
});

test.describe(() => {
  test.use({ serviceOptions: OWN });

  test('tests of other service options run in the same worker', async ({ serviceOptions }, testInfo) => {
    expect(serviceOptions).toEqual(OWN);
    expect(firstWorker).toBe(testInfo.workerIndex);
  });
});
