// `servicepay loyalty set` refusing numbers a programme may not have, on the engine under test (the
// API's schema refuses them before the service; the command reaches the service without it).
import { describe, expect, it } from 'vitest';
import { demoCli } from '../support/demo-cli.js';

const { servicepay, json, demo } = await demoCli();

describe('servicepay loyalty set', { timeout: 60_000 }, () => {
  it('refuses a rate, a reward dollar, a tier or an offline spend out of range in words naming the option, changing nothing', async () => {
    const set = (...options: string[]) => servicepay('loyalty', 'set', ...demo, ...options);
    const before = await json<{ loyalty: unknown }>('loyalty', 'set', ...demo, '--on', '--tier', 'Gold:1000:50');
    const refusals = [
      [['--points-per-dollar', '-1'], '--points-per-dollar must be a whole number of points from 0 to 100, not -1'],
      [
        ['--reward-dollar-points', '0'],
        '--reward-dollar-points must be a whole number of points from 1 to 10,000 (100 makes a point worth 1¢), not 0',
      ],
      [['--tier', 'Gold:-5:10'], '--tier "Gold" must start at a whole number of points from 0 to 100,000,000, not -5'],
      [['--tier', 'Gold:1000:900'], '--tier "Gold" must add a whole percent from 0 to 500, not 900'],
      [['--offline-spend', '20000'], '--offline-spend must be from $0.00 to $10,000.00 of reward dollars a sale'],
      [['--offline-spend', '-1'], '--offline-spend must be at least $0.00, not "-1"'],
      [
        ['--offline-spend', '20,00'],
        '--offline-spend must be dollars with at most 2 decimals, like 20.00, not "20,00"',
      ],
      [['--on', '--off'], '--on and --off: give one, not both'],
    ] as const;
    for (const [options, words] of refusals) {
      const refused = await set(...options);
      expect([refused.status, refused.stderr]).toEqual([1, `servicepay: ${words}\n`]);
    }
    // Nothing changed: the same programme as before the refusals, and its words still print.
    expect(await json<{ loyalty: unknown }>('loyalty', 'set', ...demo)).toEqual(before);
    const shown = await set('--points-per-dollar', '2');
    expect(shown.status).toBe(0);
    expect(shown.stdout).toContain('Loyalty: 2 points a dollar');
  });

  it('refuses points by hand past a million at once, or a reason past 200 characters, adding nothing', async () => {
    const customer = await json<{ id: string }>(
      ...['customers', 'add', ...demo, '--first-name', 'Rosa', '--last-name', 'Diaz', '--born', '1980-05-05'],
      ...['--id-number', 'D7654321', '--id-issuer', 'CA', '--id-expiry', '2031-05-05'],
    );
    const adjust = (points: string, reason: string) =>
      servicepay('loyalty', 'adjust', customer.id, points, ...demo, '--reason', reason);
    const many = await adjust('1000001', 'Welcome');
    expect([many.status, many.stderr]).toEqual([
      1,
      'servicepay: The adjustment of +1,000,001 points must add or take off at most 1,000,000 points at once, not 1000001\n',
    ]);
    const wordy = await adjust('50', 'x'.repeat(201));
    expect([wordy.status, wordy.stderr]).toEqual([1, 'servicepay: --reason must be at most 200 characters\n']);
    const shown = await json<{ loyalty: { points: number; entries: unknown[] } }>(
      ...['loyalty', 'show', customer.id, ...demo],
    );
    expect([shown.loyalty.points, shown.loyalty.entries]).toEqual([0, []]);
    expect((await adjust('1000000', 'Welcome')).status).toBe(0);
  });

  it('says a refused adjustment, a customer it does not know, and points it cannot read, in words', async () => {
    await json(
      'customers',
      'add',
      ...demo,
      '--first-name',
      'Maria',
      '--last-name',
      'Garcia',
      '--born',
      '1990-01-15',
      '--id-number',
      'D7654322',
      '--id-issuer',
      'CA',
      '--id-expiry',
      '2030-01-15',
    );
    expect((await servicepay('loyalty', 'adjust', 'D7654322', '300', ...demo, '--reason', 'Welcome')).status).toBe(0);
    const below = await servicepay('loyalty', 'adjust', 'D7654322', '-100000', ...demo, '--reason', 'Mistake');
    expect([below.status, below.stderr]).toEqual([
      1,
      "servicepay: The adjustment of −100,000 points would take Maria's balance below zero: they have 300 points\n",
    ]);
    const nobody = await servicepay('loyalty', 'adjust', 'D0000000', '50', ...demo, '--reason', 'Welcome');
    expect([nobody.status, nobody.stderr]).toEqual([
      1,
      'servicepay: No customer "D0000000" at Green Valley Dispensary: give their customer id, or the number on ' +
        'their ID\n',
    ]);
    const words = await servicepay('loyalty', 'adjust', 'D7654322', 'lots', ...demo, '--reason', 'Welcome');
    expect(words.stderr).toBe('servicepay: The points to add or take off must be a whole number, not "lots"\n');
    for (const [limit, rule] of [
      ['0', 'must be from 1 to 200'],
      ['ten', 'must be a whole number, not "ten"'],
    ] as const) {
      const ledger = await servicepay('loyalty', 'show', 'D7654322', ...demo, '--limit', limit);
      expect([ledger.status, ledger.stderr]).toEqual([1, `servicepay: --limit ${rule}\n`]);
    }
  });

  it('says one month of expiry as a month, never "1 months"', async () => {
    expect((await servicepay('loyalty', 'set', ...demo, '--on', '--expiry-months', '1')).status).toBe(0);
    const due = await servicepay('loyalty', 'expire', ...demo, '--dry-run');
    expect(due.status, due.stderr).toBe(0);
    expect(due.stdout).toMatch(/\(1 month without a visit\)|after 1 month without a visit\./);
    expect(due.stdout).not.toContain('1 months');
    expect((await servicepay('loyalty', 'set', ...demo, '--expiry-months', '0')).status).toBe(0);
  });

  it('blames the points per dollar, not tiers never given, for a programme earning none that has tiers', async () => {
    const before = await json<{ loyalty: unknown }>('loyalty', 'set', ...demo, '--on', '--tier', 'Silver:500:10');
    const none = await servicepay('loyalty', 'set', ...demo, '--points-per-dollar', '0');
    expect([none.status, none.stderr]).toEqual([
      1,
      'servicepay: --points-per-dollar: a programme earning 0 points per dollar never reaches a tier (Silver): ' +
        'earn 1 or more, or give --tier none\n',
    ]);
    expect(await json<{ loyalty: unknown }>('loyalty', 'set', ...demo)).toEqual(before);
    // Without its tiers, it is kept.
    expect((await servicepay('loyalty', 'set', ...demo, '--points-per-dollar', '0', '--tier', 'none')).status).toBe(0);
  });
});
