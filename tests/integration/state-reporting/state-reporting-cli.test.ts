// `servicepay state-reporting` as an operator runs it, on the engine under test.
import { afterAll, describe, expect, it } from 'vitest';
import { runServicepay } from '../../support/cli-in-process.js';
import { freshDatabase } from '../../support/test-database.js';

const database = await freshDatabase();

const servicepay = (args: string[], input?: string) => runServicepay([...args, ...database.args], input);

afterAll(() => database.drop());

describe('servicepay state-reporting', { timeout: 60_000 }, () => {
  it('sets the state system with the keys from stdin, shows them by their last 4, and refuses in words', async () => {
    const org = JSON.parse((await servicepay(['--json', 'orgs', 'add', 'Mesa Verde Cannabis Co.'])).stdout) as {
      id: string;
    };
    const store = ['dispensaries', 'add', 'mesa', '--org', org.id, '--name', 'Mesa Verde', '--timezone'];
    const address = ['America/Los_Angeles', '--street', '1 Main St', '--city', 'Sacramento', '--state', 'CA'];
    expect((await servicepay([...store, ...address, '--zip', '95814'])).status).toBe(0);

    const off = await servicepay(['state-reporting', 'show', '--dispensary', 'mesa']);
    expect(off.stdout).toContain('Reporting: off (not fully set up)');
    expect(off.stdout).toContain('Records: none (no compliance profile, no state reporting)');

    // The store's licence (Store setup, printed on its receipts) is the state's unless one is given.
    expect((await servicepay(['dispensaries', 'set', 'mesa', '--licence', 'C10-0000777-LIC'])).status).toBe(0);
    const licensed = await servicepay([
      '--json',
      'state-reporting',
      'set',
      '--dispensary',
      'mesa',
      '--url',
      'https://api-ca.metrc.com',
    ]);
    expect(JSON.parse(licensed.stdout)).toMatchObject({ licenseNumber: 'C10-0000777-LIC', configured: false });
    const early = await servicepay(['state-reporting', 'set', '--dispensary', 'mesa', '--on']);
    expect(early.status).toBe(1);
    expect(early.stderr).toBe('servicepay: --on cannot be on before the vendor key and the user key are set\n');

    const set = await servicepay(
      [
        '--json',
        'state-reporting',
        'set',
        '--dispensary',
        'mesa',
        '--url',
        'https://api-ca.metrc.com/',
        '--license',
        'C10-0000001-LIC',
        '--keys-stdin',
        '--on',
      ],
      'vendor-secret-AAAA9876\nuser-secret-BBBB4321\n',
    );
    expect(set.status, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({
      configured: true,
      enabled: true,
      baseUrl: 'https://api-ca.metrc.com',
      licenseNumber: 'C10-0000001-LIC',
      vendorKeyLast4: '9876',
      userKeyLast4: '4321',
      recording: true,
    });
    expect(set.stdout).not.toContain('vendor-secret');
    const shown = await servicepay(['state-reporting', 'show', '--dispensary', 'mesa']);
    expect(shown.stdout).toContain('Reporting: on');
    expect(shown.stdout).toContain('Vendor key: …9876');

    const badUrl = await servicepay([
      'state-reporting',
      'set',
      '--dispensary',
      'mesa',
      '--url',
      'http://metrc.example.com',
    ]);
    expect(badUrl.status).toBe(1);
    expect(badUrl.stderr).toContain('--url must start with https://');
    const oneKey = await servicepay(['state-reporting', 'set', '--dispensary', 'mesa', '--keys-stdin'], 'only-one\n');
    expect(oneKey.stderr).toContain('--keys-stdin needs the vendor key and the user key on two lines');

    const records = await servicepay(['state-reporting', 'records', '--dispensary', 'mesa', '--day', '2026-06-15']);
    expect(records.stdout.trim()).toBe('(none)');
    const csv = await servicepay([
      'state-reporting',
      'records',
      '--dispensary',
      'mesa',
      '--day',
      '2026-06-15',
      '--csv',
    ]);
    expect(csv.stdout).toMatch(/^Recorded \(P[SD]T\),Record,Order,/);
  });

  it('refuses a day that is no date, naming --day, as a table and as CSV', async () => {
    for (const csv of [[], ['--csv']]) {
      const refused = await servicepay([
        'state-reporting',
        'records',
        '--dispensary',
        'mesa',
        '--day',
        '2026-13-01',
        ...csv,
      ]);
      expect([refused.status, refused.stdout, refused.stderr]).toEqual([
        1,
        '',
        'servicepay: --day must be a real date (YYYY-MM-DD), not "2026-13-01"\n',
      ]);
    }
  });
});
