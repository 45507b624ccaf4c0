import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../support/test-database.js';
import { runServicepay } from '../../support/cli-in-process.js';

const database = await freshDatabase();
afterAll(() => database.drop());

const servicepay = (...args: string[]) => runServicepay([...database.args, ...args]);

describe('servicepay demo load --stores N', { timeout: 60_000 }, () => {
  it('refuses a chain of no store or of more than 100', async () => {
    for (const stores of ['0', '101']) {
      const refused = await servicepay('demo', 'load', '--stores', stores);
      expect([refused.status, refused.stderr]).toEqual([
        1,
        'servicepay: --stores must be a whole number from 1 to 100\n',
      ]);
    }
  });

  it('loads a chain of stores of one organization, each with its catalog and its own staff', async () => {
    const loaded = await servicepay('demo', 'load', '--stores', '3', '--json');
    expect(loaded.status, loaded.stderr).toBe(0);
    const result = JSON.parse(loaded.stdout) as {
      organizationId: string;
      stores: { shortName: string; users: { username: string; role: string }[] }[];
    };
    expect(result.stores.map((store) => store.shortName)).toEqual(['demo', 'demo-2', 'demo-3']);
    expect(result.stores[2]!.users.map((user) => user.username)).toEqual(['manager-3', 'cashier-3', 'display-3']);
    const listed = JSON.parse((await servicepay('dispensaries', 'list', '--json')).stdout) as {
      organizationId: string;
    }[];
    expect(listed).toHaveLength(3);
    expect(new Set(listed.map((store) => store.organizationId))).toEqual(new Set([result.organizationId]));
    const products = JSON.parse(
      (await servicepay('catalog', 'list', '--dispensary', 'demo-3', '--limit', '200', '--json')).stdout,
    );
    expect(products.items).toHaveLength(48);
    const users = JSON.parse((await servicepay('users', 'list', '--json')).stdout) as {
      username: string;
      dispensaryShortName: string | null;
    }[];
    expect(users.find((user) => user.username === 'cashier-3')?.dispensaryShortName).toBe('demo-3');
    expect(users.find((user) => user.username === 'cashier')?.dispensaryShortName).toBeNull();
  });
});
