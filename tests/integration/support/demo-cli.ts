import { afterAll, beforeAll, expect } from 'vitest';
import { runServicepay } from '../../support/cli-in-process.js';
import { freshDatabase } from '../../support/test-database.js';

/**
 * `servicepay` as an operator runs it on a test database of its own holding the demo store (loaded
 * before the file's tests, dropped after them), on the engine under test: a run answering its status
 * and output, and a `--json` run that must succeed, answering what it printed.
 */
export async function demoCli() {
  const database = await freshDatabase();
  const servicepay = (...args: string[]) => runServicepay([...args, ...database.args]);
  const json = async <T>(...args: string[]): Promise<T> => {
    const result = await servicepay('--json', ...args);
    expect(result.status, result.stderr || result.stdout).toBe(0);
    return JSON.parse(result.stdout) as T;
  };
  beforeAll(async () => {
    expect((await servicepay('demo', 'load')).status).toBe(0);
  }, 60_000);
  afterAll(() => database.drop());
  return { database, servicepay, json, demo: ['--dispensary', 'demo'] };
}
