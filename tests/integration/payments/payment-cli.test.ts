import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../support/test-database.js';
import { runServicepay } from '../../support/cli-in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'servicepay-payment-cli-'));
const database = await freshDatabase();
let organizationId: string;

const servicepay = (args: string[], input?: string) => runServicepay([...database.args, ...args], input);
const json = async (args: string[], input?: string) => {
  const result = await servicepay([...args, '--json'], input);
  expect(result.status, result.stderr || result.stdout).toBe(0);
  return JSON.parse(result.stdout);
};

beforeAll(async () => {
  organizationId = (await json(['demo', 'load'])).organizationId;
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await database.drop();
});

describe('servicepay processors', { timeout: 60_000 }, () => {
  it('lists the demo processors with the API key masked', async () => {
    const result = await servicepay(['processors', 'list', '--json']);
    expect(result.stdout).not.toContain('sk_test_green_valley_demo');
    const listed = JSON.parse(result.stdout);
    expect(listed.map((p: { name: string; isDefault: boolean }) => [p.name, p.isDefault])).toEqual([
      ['sandbox', true],
      ['paynet', false],
    ]);
  });

  it('adds a paynet processor with its key from stdin and makes it the default', async () => {
    const added = await json(
      [
        'processors',
        'add',
        'paynet-west',
        '--org',
        organizationId,
        '--kind',
        'paynet',
        '--merchant-id',
        'm-9',
        '--api-key-stdin',
        '--timeout-ms',
        '2500',
      ],
      'sk_test_west_secret\n',
    );
    expect(added).toMatchObject({
      name: 'paynet-west',
      kind: 'paynet',
      isDefault: false,
      settings: { merchantId: 'm-9', timeoutMs: 2500, gatewayUrl: null },
    });
    expect(JSON.stringify(added)).not.toContain('sk_test_west_secret');
    expect(await json(['processors', 'default', 'paynet-west', '--org', organizationId])).toMatchObject({
      isDefault: true,
    });
    expect((await json(['processors', 'list', '--org', organizationId]))[0].name).toBe('paynet-west');
    const text = await servicepay(['processors', 'list']);
    expect(text.stdout).toMatch(/^name\s+kind\s+default\s+organization\s+organization id\s+id$/m);
  });

  it.each([
    [['processors', 'add', 'sandbox', '--org', 'ORG'], /already has a processor named sandbox/],
    [
      ['processors', 'add', 'acme', '--org', 'ORG', '--kind', 'stripe'],
      /^servicepay: --kind must be one of sandbox, paynet\n$/,
    ],
    [
      ['processors', 'add', 'pn2', '--org', 'ORG', '--kind', 'paynet'],
      /--api-key-stdin is required for a paynet processor/,
    ],
    [['processors', 'add', 'x', '--org', 'nope'], /--org does not name an organization: nope/],
  ])('refuses %j with a clear message and exit code 1', async (args, message) => {
    const result = await servicepay(args.map((arg) => (arg === 'ORG' ? organizationId : arg)));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(message);
  });
});

describe('servicepay methods and devices', { timeout: 60_000 }, () => {
  it('enables, lists and disables a method at a location through a processor', async () => {
    const enabled = await json(['methods', 'enable', 'Debit', '--dispensary', 'demo', '--processor', 'paynet']);
    expect(enabled).toMatchObject({ processor: 'paynet', method: 'Debit', enabled: true });
    const listed = await json(['methods', 'list', '--location', enabled.locationId]);
    expect(listed).toContainEqual(expect.objectContaining({ processorName: 'paynet', method: 'Debit', enabled: true }));
    await json(['methods', 'disable', 'Debit', '--location', enabled.locationId, '--processor', 'paynet']);
    expect(await json(['methods', 'list', '--org', organizationId])).toContainEqual(
      expect.objectContaining({ processorName: 'paynet', method: 'Debit', enabled: false }),
    );
  });

  it('gives a location its card-not-present configuration when a method taken without a PIN pad is enabled', async () => {
    const kinds = async () =>
      ((await json(['devices', 'list'])) as { kind: string; processorName: string }[])
        .filter((d) => d.processorName === 'paynet-west')
        .map((d) => d.kind);
    expect(await kinds()).toEqual([]);
    await json(['methods', 'enable', 'Debit', '--dispensary', 'demo', '--processor', 'paynet-west']);
    expect(await kinds()).toEqual([]);
    await json(['methods', 'enable', 'ACH', '--dispensary', 'demo', '--processor', 'paynet-west']);
    await json(['methods', 'enable', 'Credit', '--dispensary', 'demo', '--processor', 'paynet-west']);
    expect(await kinds()).toEqual(['card_not_present']);
  });

  it('adds, lists and disables PIN pads', async () => {
    const device = await json([
      'devices',
      'add',
      'Back counter',
      '--dispensary',
      'demo',
      '--processor',
      'sandbox',
      '--model',
      'P400',
      '--serial',
      'SIM-2',
    ]);
    expect(device).toMatchObject({ name: 'Back counter', processorName: 'sandbox', disabled: false });
    const listed = (await json(['devices', 'list'])) as { name: string; kind: string; id: string }[];
    expect(listed.filter((d) => d.kind === 'pinpad').map((d) => d.name)).toEqual(['Back counter', 'Front counter']);
    // The card-not-present and cash-drawer configurations are the service's: the methods decide them.
    const kept = listed.find((d) => d.kind === 'card_not_present')!;
    expect((await servicepay(['devices', 'disable', kept.id])).stderr).toMatch(/disable those methods instead/);
    expect(await json(['devices', 'disable', device.id])).toMatchObject({ disabled: true });
    const again = await servicepay([
      'devices',
      'add',
      'Other',
      '--dispensary',
      'demo',
      '--processor',
      'sandbox',
      '--model',
      'P400',
      '--serial',
      'SIM-2',
    ]);
    expect([again.status, again.stderr]).toEqual([
      1,
      'servicepay: --serial: a PIN pad with serial number SIM-2 already exists for this processor\n',
    ]);
  });

  it.each([
    [
      ['methods', 'enable', 'Bitcoin', '--dispensary', 'demo', '--processor', 'sandbox'],
      /<method> must be one of Credit, Debit, ATM, ACH, Cash/,
    ],
    [['methods', 'enable', 'Credit', '--processor', 'sandbox'], /--location or --dispensary is required/],
    [
      ['methods', 'enable', 'Credit', '--dispensary', 'demo', '--processor', 'nope'],
      /--processor does not name a processor of this entity/,
    ],
    [['devices', 'disable', '00000000-0000-4000-8000-000000000000'], /no PIN pad 00000000-0000-4000-8000-000000000000/],
  ])('refuses %j with a clear message and exit code 1', async (args, message) => {
    const result = await servicepay(args);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(message);
  });

  it('answers errors as JSON with --json', async () => {
    const result = await servicepay([
      'methods',
      'enable',
      'Bitcoin',
      '--dispensary',
      'demo',
      '--processor',
      'sandbox',
      '--json',
    ]);
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      resultCode: 'FAIL',
      resultReason: 'INVALID_INPUT',
      resultDetail: '<method> must be one of Credit, Debit, ATM, ACH, Cash',
    });
  });

  it.each([['processors'], ['methods'], ['devices']])('%s --help names its commands', async (group) => {
    const result = await servicepay([group, '--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(
      group === 'methods' ? /enable.*\n.*disable|enable[\s\S]*disable[\s\S]*list/ : /add[\s\S]*list/,
    );
  });
});
