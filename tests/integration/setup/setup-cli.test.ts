// The store set-up commands as an operator runs them, on the engine under test.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../support/test-database.js';
import { runServicepay } from '../../support/cli-in-process.js';
import { scratchFolder } from '../../support/scratch-folder.js';

const database = await freshDatabase();
/** Where the tests write their own catalog files. */
const scratch = scratchFolder('catalog-');
let organizationId: string;

const servicepay = (args: string[], input?: string) => runServicepay([...args, ...database.args], input);
const json = async (args: string[], input?: string) => {
  const result = await servicepay(['--json', ...args], input);
  expect(result.status, result.stderr || result.stdout).toBe(0);
  return JSON.parse(result.stdout);
};
const refusal = async (args: string[], input?: string) => {
  const result = await servicepay(args, input);
  expect(result.status, result.stdout).toBe(1);
  return result.stderr;
};

beforeAll(async () => {
  organizationId = (await json(['orgs', 'add', 'Mesa Verde Cannabis Co.'])).id;
  await json([
    'dispensaries',
    'add',
    'mesa',
    '--org',
    organizationId,
    '--name',
    'Mesa Verde',
    '--timezone',
    'America/Denver',
    '--street',
    '1 Main St',
    '--city',
    'Denver',
    '--state',
    'CO',
    '--zip',
    '80202',
  ]);
}, 60_000);
afterAll(() => database.drop());

describe('servicepay taxes', { timeout: 60_000 }, () => {
  it('adds classes with layered rates, changes, removes and lists them', async () => {
    const added = await json([
      'taxes',
      'add',
      'cannabis',
      '--dispensary',
      'mesa',
      '--name',
      'Cannabis',
      '--rate',
      'State excise=15',
      '--rate',
      'Sales = 7.25',
    ]);
    expect(added).toMatchObject({ code: 'cannabis', percent: '22.25' });
    const changed = await json([
      'taxes',
      'set-rate',
      'cannabis',
      '--dispensary',
      'mesa',
      '--rate',
      'sales=7.5',
      '--rate',
      'Local=1',
    ]);
    expect(changed.rates.map((rate: { name: string; percent: string }) => `${rate.name} ${rate.percent}`)).toEqual([
      'State excise 15',
      'Sales 7.5',
      'Local 1',
    ]);
    expect((await json(['taxes', 'remove-rate', 'cannabis', 'local', '--dispensary', 'mesa'])).percent).toBe('22.5');
    await json(['taxes', 'add', 'general', '--dispensary', 'mesa', '--name', 'General']);
    const listed = await servicepay(['taxes', 'list', '--dispensary', 'mesa']);
    expect(listed.stdout).toMatch(/cannabis\s+Cannabis\s+22\.5 %\s+State excise 15 % \+ Sales 7\.5 %\s+0/);
    expect(listed.stdout).toMatch(/general\s+General\s+0 %\s+\(no rates: untaxed\)/);
    expect(await json(['taxes', 'remove', 'general', '--dispensary', 'mesa'])).toEqual({
      code: 'general',
      removed: true,
    });
  });

  it.each([
    // In the command's one line, never a stack trace: the rates are read in the command, not as the option is parsed.
    [
      ['taxes', 'add', 'x', '--dispensary', 'mesa', '--name', 'X', '--rate', 'Excise'],
      /^servicepay: --rate must be "name=percent", such as "State sales tax=7\.25", not "Excise"\n$/,
    ],
    [
      ['taxes', 'set-rate', 'cannabis', '--dispensary', 'mesa', '--rate', 'Sales=8', '--rate', '=5'],
      /^servicepay: --rate must be "name=percent", such as "State sales tax=7\.25", not "=5"\n$/,
    ],
    [
      ['taxes', 'add', 'x', '--dispensary', 'mesa', '--name', 'X', '--rate', 'Excise=101'],
      /--rate must be a percentage from 0 to 100 with at most 4 decimals, such as 7\.25 \(not "101"\)/,
    ],
    [['taxes', 'add', 'Bad Code', '--dispensary', 'mesa', '--name', 'X'], /<code> must be 1 to 40 lower-case letters/],
    [['taxes', 'add', 'cannabis', '--dispensary', 'mesa', '--name', 'X'], /tax class cannabis already exists/],
    [
      ['taxes', 'set-rate', 'edible', '--dispensary', 'mesa', '--rate', 'A=1'],
      /no tax class edible.*its classes: cannabis/,
    ],
    [['taxes', 'remove-rate', 'cannabis', 'Nope', '--dispensary', 'mesa'], /has no rate named "Nope"/],
    [['taxes', 'list', '--dispensary', 'nowhere'], /no dispensary has the short name nowhere/],
  ])('refuses %j, saying why', async (args, message) => {
    expect(await refusal(args)).toMatch(message);
  });
});

describe('servicepay orgs add and dispensaries add', { timeout: 60_000 }, () => {
  const store = (short: string, options: string[] = [], org = organizationId) => [
    ...['dispensaries', 'add', short, '--org', org, '--name', 'Mesa Verde North', '--timezone', 'America/Denver'],
    ...['--street', '2 Main St', '--city', 'Denver', '--state', 'CO', '--zip', '80202', ...options],
  ];
  const HOURS = 'must be one range such as 09:00-21:00, or 7 comma-separated ranges or "closed", Sunday first';

  // Each refusal names the argument or option typed, never the service's field (name, shortName, organizationId…).
  it.each([
    ['orgs add " "', () => ['orgs', 'add', ' '], '<name> must be 1 to 200 characters'],
    [
      'a short name not in kebab case',
      () => store('Mesa North'),
      '<short> must be kebab case (a-z, 0-9 and single dashes)',
    ],
    ['a short name too long', () => store('mesa-north-1'), '<short> must be at most 10 characters'],
    [
      'an organization that is not one',
      () => store('north', [], '00000000-0000-4000-8000-000000000000'),
      '--org does not name an organization: 00000000-0000-4000-8000-000000000000',
    ],
    [
      'a preparation time past a day',
      () => store('north', ['--prep-minutes', '2000']),
      '--prep-minutes must be a whole number of minutes from 0 to 1440',
    ],
    ['two days of hours', () => store('north', ['--hours', '09:00-21:00,closed']), `--hours ${HOURS}`],
    [
      'two days of hours set',
      () => ['dispensaries', 'set', 'mesa', '--hours', '09:00-21:00,closed'],
      `--hours ${HOURS}`,
    ],
  ])('refuses %s in words naming what was typed', async (_, args, words) => {
    expect(await refusal(args())).toBe(`servicepay: ${words}\n`);
  });
});

describe('servicepay catalog import', { timeout: 60_000 }, () => {
  it('imports cannabis that cannot be sold yet, and lists which and why, as text and as JSON', async () => {
    const file = join(scratch, 'untagged.csv');
    writeFileSync(
      file,
      'sku,type,name,weight,unitType,price,taxClass,quantityOnHand,packageLabel,cannabisWeight\n' +
        'W-1,FLOWER,Untagged Jar,3.5,g,30.00,cannabis,5,,3.5\n' +
        'W-2,FLOWER,Unweighed Jar,3.5,g,30.00,cannabis,5,1A4060300003B01000000901,\n',
    );
    // Enforcing no state's rules, mesa sells both: nothing to say.
    const free = await servicepay(['catalog', 'import', file, '--dispensary', 'mesa']);
    expect(free.status, free.stderr).toBe(0);
    expect(free.stdout).toMatch(/^Imported 2 products into Mesa Verde: 2 created, 0 updated/);
    expect(free.stderr).toBe('');
    // Enforcing Colorado's, a sale refuses both until their columns are filled in.
    expect((await servicepay(['dispensaries', 'set', 'mesa', '--compliance', 'us-co'])).status).toBe(0);
    const text = await servicepay(['catalog', 'import', file, '--dispensary', 'mesa']);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^Imported 2 products into Mesa Verde: 0 created, 2 updated/);
    expect(text.stderr).toBe(
      'servicepay: 2 products cannot be sold yet:\n' +
        'line 2: packageLabel: is empty: a cannabis product is sold only with its package tag (the state’s seed-to-sale label)\n' +
        'line 3: cannabisWeight: is empty: Colorado counts flower toward the purchase limits by cannabis weight, so a sale needs it\n',
    );
    const report = await json(['catalog', 'import', file, '--dispensary', 'mesa']);
    expect(report).toMatchObject({ updated: 2, warningCount: 2 });
    expect(report.warnings.map((warning: { line: number; field: string }) => [warning.line, warning.field])).toEqual([
      [2, 'packageLabel'],
      [3, 'cannabisWeight'],
    ]);
    expect((await servicepay(['dispensaries', 'set', 'mesa', '--compliance', 'none'])).status).toBe(0);
    // One error is one, not "error(s)".
    const bad = join(scratch, 'one-bad.csv');
    writeFileSync(
      bad,
      'sku,type,name,weight,unitType,price,taxClass,quantityOnHand\nB-1,EDIBLE,Bad Price,1,each,abc,cannabis,5\n',
    );
    const refused = await servicepay(['catalog', 'import', bad, '--dispensary', 'mesa']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^servicepay: 1 error in the file; nothing was imported\nline 2: price: /);
  });
});

describe('servicepay dispensaries set and locations', { timeout: 60_000 }, () => {
  it("changes a store's hours, time zone and preparation time, keeping the rest", async () => {
    const changed = await json([
      'dispensaries',
      'set',
      'mesa',
      '--hours',
      'closed,10:00-20:00,10:00-20:00,10:00-20:00,10:00-20:00,10:00-22:00,10:00-22:00',
      '--prep-minutes',
      '25',
    ]);
    expect(changed).toMatchObject({ name: 'Mesa Verde', timezone: 'America/Denver', preparationMinutes: 25 });
    expect(changed.openingHours[0]).toBeNull();
    expect((await servicepay(['dispensaries', 'set', 'mesa', '--name', 'Mesa Verde Dispensary'])).stdout).toMatch(
      /Sunday\s+closed\n\s+Monday\s+10:00-20:00/,
    );
    expect(await refusal(['dispensaries', 'set', 'mesa', '--timezone', 'Mars/Base'])).toMatch(
      /--timezone must be an IANA time zone such as America\/Los_Angeles, not "Mars\/Base"/,
    );
    expect(await refusal(['dispensaries', 'set', 'mesa', '--hours', '20:00-10:00'])).toBe(
      "servicepay: --hours' closing time must be later than open (20:00) on the same day\n",
    );
    expect(await refusal(['dispensaries', 'set', 'mesa', '--hours', '25:00-26:00'])).toBe(
      "servicepay: --hours' opening time must be a time HH:MM from 00:00 to 23:59\n",
    );
    expect(await refusal(['dispensaries', 'set', 'mesa', '--hours', '9-5'])).toBe(
      'servicepay: --hours must be HH:MM-HH:MM or "closed", not "9-5"\n',
    );
  });

  it("sets and clears the store's state licence number, as its receipts print it", async () => {
    expect((await json(['dispensaries', 'set', 'mesa', '--licence', ' 402r-00012 '])).licenceNumber).toBe('402R-00012');
    expect((await servicepay(['dispensaries', 'set', 'mesa', '--prep-minutes', '25'])).stdout).toContain(
      'State licence number on receipts: 402R-00012.',
    );
    expect(await refusal(['dispensaries', 'set', 'mesa', '--licence', 'no <tags>'])).toMatch(
      /--licence may hold only letters, digits, spaces, dashes, dots and slashes/,
    );
    expect((await json(['dispensaries', 'set', 'mesa', '--licence', 'none'])).licenceNumber).toBeNull();
  });

  it("sets the caps of the store's card payments stored offline, in dollars, and refuses them in words", async () => {
    const changed = await json([
      'dispensaries',
      'set',
      'mesa',
      '--offline-card-max',
      '150',
      '--offline-card-total',
      '600.00',
    ]);
    expect(changed.offlineCards).toEqual({ maxCents: 15_000, totalCents: 60_000 });
    expect((await servicepay(['dispensaries', 'set', 'mesa', '--prep-minutes', '25'])).stdout).toContain(
      'Card payments stored by a register while the card processor does not answer: up to $150.00 each, ' +
        '$600.00 in all until they are sent.',
    );
    expect(await refusal(['dispensaries', 'set', 'mesa', '--offline-card-max', '-5'])).toMatch(
      /--offline-card-max must be at least \$0\.00, not "-5"/,
    );
    expect(await refusal(['dispensaries', 'set', 'mesa', '--offline-card-total', '99999999999'])).toBe(
      'servicepay: --offline-card-total must be at most $100,000.00, not "99999999999"\n',
    );
    expect(await refusal(['dispensaries', 'set', 'mesa', '--offline-card-total', '100'])).toMatch(
      /--offline-card-max \(\$150\.00\) is over the \$100\.00 all stored payments may add up to/,
    );
    expect((await json(['dispensaries', 'set', 'mesa', '--offline-card-max', '0'])).offlineCards).toEqual({
      maxCents: 0,
      totalCents: 60_000,
    });
  });

  it('sets how long ready orders are held for pickup, and refuses a hold out of range in words', async () => {
    expect((await json(['dispensaries', 'set', 'mesa', '--pickup-hold', '72'])).pickupHoldHours).toBe(72);
    expect((await servicepay(['dispensaries', 'set', 'mesa', '--prep-minutes', '25'])).stdout).toContain(
      'Orders packed and ready are held 72 hours for pickup; past it an unpaid one is canceled and its stock ' +
        'returned (a paid one is listed for a manager).',
    );
    expect(await refusal(['dispensaries', 'set', 'mesa', '--pickup-hold', '1000'])).toMatch(
      /--pickup-hold must be a whole number of hours from 1 to 720 \(30 days\), not 1000/,
    );
    expect(await refusal(['dispensaries', 'set', 'mesa', '--pickup-hold', 'two days'])).toMatch(
      /--pickup-hold must be a whole number of hours such as 48, not "two days"/,
    );
    expect((await json(['dispensaries', 'set', 'mesa', '--pickup-hold', '48'])).pickupHoldHours).toBe(48);
  });

  it('adds, lists and renames locations, and takes methods at one of them', async () => {
    const added = await json(['locations', 'add', 'Drive-up window', '--dispensary', 'mesa']);
    expect(await refusal(['locations', 'add', 'drive-up window', '--dispensary', 'mesa'])).toMatch(
      /a location named "Drive-up window" already exists/,
    );
    await json(['locations', 'rename', added.id, 'Curbside', '--dispensary', 'mesa']);
    expect((await json(['locations', 'list', '--dispensary', 'mesa'])).map((l: { name: string }) => l.name)).toEqual([
      'Sales floor',
      'Curbside',
    ]);
    await json(['processors', 'add', 'sandbox', '--org', organizationId]);
    const enabled = await json([
      'methods',
      'enable',
      'Credit',
      'Cash',
      '--location',
      added.id,
      '--processor',
      'sandbox',
    ]);
    expect(enabled).toEqual([
      { locationId: added.id, processor: 'sandbox', method: 'Credit', enabled: true },
      { locationId: added.id, processor: 'sandbox', method: 'Cash', enabled: true },
    ]);
    expect((await servicepay(['methods', 'list', '--dispensary', 'mesa'])).stdout).toMatch(
      /^Mesa Verde.*\s+Curbside\s+sandbox\s+Cash\s+yes\s/m,
    );
  });
});

describe('servicepay users and clients of one store', { timeout: 60_000 }, () => {
  it('adds a login and a client limited to the store, and lists them by store', async () => {
    const user = await json(
      ['users', 'add', 'sam', '--role', 'cashier', '--dispensary', 'mesa', '--password-stdin'],
      'sam-cashier-01\n',
    );
    expect(user).toMatchObject({ username: 'sam', dispensaryShortName: 'mesa' });
    const admin = await json(
      ['users', 'add', 'boss', '--role', 'admin', '--org', organizationId, '--password-stdin'],
      'boss-admin-001',
    );
    expect(admin.dispensaryShortName).toBeNull();
    expect((await servicepay(['users', 'list', '--dispensary', 'mesa'])).stdout).toMatch(
      /^sam\s+sam\s+Cashier\s+Mesa Verde Dispensary\s*$/m,
    );
    const client = await json(['clients', 'add', 'Web shop', '--dispensary', 'mesa']);
    expect(client).toMatchObject({ name: 'Web shop', dispensaryShortName: 'mesa' });
    expect(client.clientSecret).toMatch(/^sps_/);
    expect(JSON.stringify(await json(['clients', 'list', '--dispensary', 'mesa']))).not.toContain(client.clientSecret);
    expect(await json(['clients', 'disable', client.clientId])).toMatchObject({ disabled: true });
  });

  it.each([
    [
      ['users', 'add', 'x1', '--role', 'cashier', '--password-stdin'],
      /^servicepay: --dispensary or --org is required: where does it belong\?\n$/,
    ],
    [['clients', 'add', 'Shop'], /^servicepay: --dispensary or --org is required: where does it belong\?\n$/],
    [
      [
        'users',
        'add',
        'x2',
        '--role',
        'cashier',
        '--org',
        '00000000-0000-4000-8000-000000000000',
        '--dispensary',
        'mesa',
        '--password-stdin',
      ],
      /--org is not the organization of Mesa Verde Dispensary$/m,
    ],
    [['clients', 'add', 'Shop', '--dispensary', 'nowhere'], /no dispensary has the short name nowhere/],
  ])('refuses %j, saying why', async (args, message) => {
    expect(await refusal(args, 'long-enough-1\n')).toMatch(message);
  });

  it('answers refusals as JSON with --json, and every group has help', async () => {
    const result = await servicepay(['--json', 'taxes', 'remove', 'nothing', '--dispensary', 'mesa']);
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ resultCode: 'FAIL', resultReason: 'NOT_FOUND' });
    for (const [group, commands] of [
      ['taxes', /add[\s\S]*list[\s\S]*set-rate[\s\S]*remove-rate[\s\S]*remove/],
      ['locations', /list[\s\S]*add[\s\S]*rename/],
      ['dispensaries', /list[\s\S]*add[\s\S]*set/],
    ] as const) {
      const help = await servicepay([group, '--help']);
      expect(help.status).toBe(0);
      expect(help.stdout).toMatch(commands);
    }
    expect((await servicepay(['taxes', 'add', '--help'])).stdout).toContain('--rate <name=percent>');
  });
});
