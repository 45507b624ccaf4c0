// `servicepay inventory …` as an operator runs it, on the engine under test, the demo store.
import { describe, expect, it } from 'vitest';
import type { AdjustmentPage, AdjustmentReasons, AdjustmentView } from '../../../shared/contracts/inventory.js';
import { demoCli } from '../support/demo-cli.js';

const { servicepay, json, demo } = await demoCli();
// The demo's first tagged package (FLW-001's).
const TAG = '1A4060300003D12000000001';

// Each step spawns the CLI (about a second each on an idle machine): give a busy one room.
describe('servicepay inventory', { timeout: 60_000 }, () => {
  it('lists the reasons in words and as JSON', async () => {
    const words = await servicepay('inventory', 'reasons', ...demo);
    expect(words.status, words.stderr).toBe(0);
    expect(words.stdout).toContain('Reasons from the default list (no state profile):');
    expect(words.stdout).toMatch(/entry_error\s+Entry error \(a quantity typed wrong\)\s+Entry Error\s+needed/);
    expect(words.stdout).toContain(
      'Every adjustment by a cashier needs a manager’s PIN (a manager approves their own).',
    );
    const reasons = await json<AdjustmentReasons>('inventory', 'reasons', ...demo);
    expect(reasons.reasons.map((reason) => reason.code)).toContain('scale_variance');
  });

  it('adjusts by a change and by a count, and lists them newest first', async () => {
    const first = (
      await json<{ adjustment: AdjustmentView }>(
        'inventory',
        'adjust',
        TAG,
        ...demo,
        '--delta',
        '-1',
        '--reason',
        'damage',
        '--note',
        'Jar dropped',
      )
    ).adjustment;
    expect(first).toMatchObject({
      packageLabel: TAG,
      delta: -1,
      reason: 'damage',
      note: 'Jar dropped',
      by: 'operator',
    });
    const words = await servicepay('inventory', 'adjust', TAG, ...demo, '--quantity', '20', '--reason', 'count');
    expect(words.status, words.stderr).toBe(0);
    expect(words.stdout).toContain(`(package ${TAG}): `);
    expect(words.stdout).toContain(`${first.quantityAfter} → 20 on hand, Inventory count.`);
    const page = await json<AdjustmentPage>('inventory', 'adjustments', ...demo, '--package', TAG);
    expect(page.adjustments.map((entry) => [entry.reason, entry.quantityAfter])).toEqual([
      ['count', 20],
      ['damage', first.quantityAfter],
    ]);
    const table = await servicepay('inventory', 'adjustments', ...demo, '--reason', 'damage');
    expect(table.stdout).toMatch(/Blue Dream .*-1 \(\d+ → \d+\)\s+Damaged\s+Jar dropped\s+operator/);
    // The reason's words as the table shows them are not its code: refused naming the option and the codes,
    // never "(none)" as if the store had no damage written off.
    const misread = await servicepay('inventory', 'adjustments', ...demo, '--reason', 'damaged');
    expect(misread.status).toBe(1);
    expect(misread.stderr).toBe(
      'servicepay: --reason is not a reason of Green Valley Dispensary: "damaged" ' +
        '(waste, damage, theft, entry_error, scale_variance, drying, count, customer_return)\n',
    );
  });

  it('refuses bad input in one line (or its JSON), naming the option, and keeps nothing', async () => {
    const before = (await json<AdjustmentPage>('inventory', 'adjustments', ...demo)).adjustments.length;
    for (const [args, words] of [
      [['--delta', 'two', '--reason', 'waste'], /--delta must be a number such as -2 or 3.5, not "two"/],
      [['--delta', '0', '--reason', 'waste'], /--delta must not be zero/],
      [['--delta', '-1', '--reason', 'lost'], /--reason is not a reason of Green Valley Dispensary: "lost"/],
      [['--delta', '-100000', '--reason', 'waste'], /--delta would leave less than nothing/],
      [
        ['--reason', 'count'],
        /^servicepay: --delta or --quantity: give one, the change \(such as -2\) or the quantity counted\n$/,
      ],
      [['--delta', '2', '--quantity', '5', '--reason', 'count'], /^servicepay: --delta or --quantity: give one/],
    ] as const) {
      const refused = await servicepay('inventory', 'adjust', TAG, ...demo, ...args);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(words);
    }
    const unknown = await servicepay(
      '--json',
      'inventory',
      'adjust',
      '1A4060300003D12000999999',
      ...demo,
      '--delta',
      '1',
      '--reason',
      'waste',
    );
    expect(unknown.status).toBe(1);
    expect(JSON.parse(unknown.stdout)).toMatchObject({ resultCode: 'FAIL', resultReason: 'NOT_FOUND' });
    expect((await json<AdjustmentPage>('inventory', 'adjustments', ...demo)).adjustments).toHaveLength(before);
  });

  it('refuses a list it cannot make in words naming its options', async () => {
    for (const [args, words] of [
      [['--from', '2026-02-30'], '--from must be a real date (YYYY-MM-DD), not "2026-02-30"'],
      [['--from', '2026-03-08', '--to', '2026-03-07'], '--to must not be before --from (2026-03-08)'],
      [['--limit', '500'], '--limit must be a whole number from 1 to 200'],
      [['--cursor', 'page-2'], '--cursor is not a nextCursor this service issued: start again from the first page'],
    ] as const) {
      const refused = await servicepay('inventory', 'adjustments', ...demo, ...args);
      expect([refused.status, refused.stderr]).toEqual([1, `servicepay: ${words}\n`]);
    }
  });

  it("sets the store's PIN policy; the operator approves their own adjustments", async () => {
    const set = await servicepay('dispensaries', 'set', 'demo', '--adjustment-pin', '5');
    expect(set.status, set.stderr).toBe(0);
    expect(set.stdout).toContain(
      "Inventory adjustments: a manager's PIN for those of more than 5 (units, or grams when weighed).",
    );
    expect((await servicepay('inventory', 'reasons', ...demo)).stdout).toContain(
      'Adjustments of more than 5 by a cashier need a manager’s PIN (a manager approves their own).',
    );
    const large = await json<{ adjustment: AdjustmentView }>(
      'inventory',
      'adjust',
      TAG,
      ...demo,
      '--delta',
      '6',
      '--reason',
      'count',
    );
    expect(large.adjustment).toMatchObject({
      by: 'operator',
      approvedBy: 'the operator (servicepay command)',
      approvedByOther: false,
    });
    // The list says no one else approved it.
    const table = await servicepay('inventory', 'adjustments', ...demo, '--reason', 'count', '--limit', '1');
    expect(table.stdout).toMatch(/\+6 \(\d+ → \d+\)\s+Inventory count\s+operator\s*$/m);
    expect(table.stdout).not.toContain('approved by');
    const wrong = await servicepay('dispensaries', 'set', 'demo', '--adjustment-pin', 'lots');
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(
      /--adjustment-pin must be a quantity such as 5, 0 \(every adjustment\) or none, not "lots"/,
    );
    const below = await servicepay('dispensaries', 'set', 'demo', '--adjustment-pin', '-3');
    expect(below.stderr).toBe(
      'servicepay: --adjustment-pin must be a quantity such as 5, 0 (every adjustment) or none, not "-3"\n',
    );
    expect(
      (await json<{ adjustmentPinAbove: number | null }>('dispensaries', 'set', 'demo', '--adjustment-pin', 'none'))
        .adjustmentPinAbove,
    ).toBeNull();
  });

  it("lists a recording store's adjustment among the day's state records", async () => {
    expect((await servicepay('dispensaries', 'set', 'demo', '--compliance', 'us-ca')).status).toBe(0);
    const made = await json<{ adjustment: AdjustmentView }>(
      'inventory',
      'adjust',
      TAG,
      ...demo,
      '--delta',
      '-1',
      '--reason',
      'Waste',
    );
    expect(made.adjustment.reasonName).toBe('Waste (destroyed or unsellable)');
    const records = await servicepay('state-reporting', 'records', ...demo, '--day', made.adjustment.storeDay);
    expect(records.status, records.stderr).toBe(0);
    expect(records.stdout).toMatch(new RegExp(`Adjustment: Waste\\s+${TAG}\\s+-1 Each\\s+Waiting to send`));
  });
});
