// `servicepay inventory count …` as an operator runs it, on the engine under test, the demo store.
import { describe, expect, it } from 'vitest';
import type { CountList, CountReport, CountView } from '../../../shared/contracts/inventory-counts.js';
import type { AdjustmentPage } from '../../../shared/contracts/inventory.js';
import { demoCli } from '../support/demo-cli.js';

const { servicepay, json, demo } = await demoCli();
// Blue Dream (FLW-001, 40 units at $35.00) and Granddaddy Purple by the gram (DEL-001, 453.6 g at $10.00 a gram).
const BLUE_DREAM = '1A4060300003D12000000001';
const BY_THE_GRAM = '1A4060300003D12000000009';
// Watermelon Gummies (EDI-001): an edible, outside a count of flower.
const EDIBLE = '1A4060300003D12000000024';

describe('servicepay inventory count', { timeout: 60_000 }, () => {
  it('starts a count, enters packages, pauses and resumes, shows the variance, and applies it', async () => {
    const started = await servicepay(
      'inventory',
      'count',
      'start',
      ...demo,
      '--name',
      'Flower room',
      '--category',
      'flower',
    );
    expect(started.status, started.stderr).toBe(0);
    expect(started.stdout).toMatch(
      /^Count 1 "Flower room" \(Flower\), open: started by Operator \(servicepay command\) on .+\.\n$/,
    );
    const entered = await servicepay('inventory', 'count', 'enter', '1', BLUE_DREAM, ...demo, '--quantity', '38');
    // The back office's words: how many short or over, never a signed "difference of -2".
    expect(entered.stdout).toBe(`Counted 38 of Blue Dream (package ${BLUE_DREAM}): 40 expected, 2 short.\n`);
    // Grams past a thousand are grouped, as the stock value's are; entered again, the entry is replaced.
    const heavy = await servicepay('inventory', 'count', 'enter', '1', BY_THE_GRAM, ...demo, '--quantity', '1234.5');
    expect(heavy.stdout).toBe(
      `Counted 1,234.5 g of Granddaddy Purple (by the gram) (package ${BY_THE_GRAM}): 453.6 g expected, 780.9 g over.\n`,
    );
    const weighed = await servicepay('inventory', 'count', 'enter', '1', BY_THE_GRAM, ...demo, '--quantity', '453.6');
    // No difference is said once, never "453.6 g expected, as expected".
    expect(weighed.stdout).toBe(
      `Counted 453.6 g of Granddaddy Purple (by the gram) (package ${BY_THE_GRAM}), as expected.\n`,
    );
    expect((await servicepay('inventory', 'count', 'pause', '1', ...demo)).stdout).toMatch(/, paused: started by/);
    const refused = await servicepay('inventory', 'count', 'enter', '1', BLUE_DREAM, ...demo, '--quantity', '37');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/count 1 "Flower room" is paused: resume it to enter what was counted/);
    expect((await servicepay('inventory', 'count', 'resume', '1', ...demo)).stdout).toMatch(/, open: started by/);
    const shown = await servicepay('inventory', 'count', 'show', '1', ...demo);
    expect(shown.stdout).toMatch(/Blue Dream \(FLW-001\)\s+1A4060300003D12000000001\s+40\s+38\s+-2\s+-\$70\.00/);
    expect(shown.stdout).toMatch(/Purple Punch \(FLW-002\)\s+1A4060300003D12000000002\s+not counted/);
    expect(shown.stdout).toContain(
      '2 of 11 packages counted (9 not counted, left as they are), 1 with a difference: $70.00 short, $0.00 over, $70.00 short in all at retail price.',
    );
    // A package the count does not cover is named in words, never by the argument's placeholder.
    const outside = await servicepay('inventory', 'count', 'enter', '1', EDIBLE, ...demo, '--quantity', '3');
    expect(outside.status).toBe(1);
    expect(outside.stderr).toMatch(
      new RegExp(
        `^servicepay: Package ${EDIBLE} \\(Watermelon Gummies 10 x 10mg \\(EDI-001\\), Edibles\\) is not in count 1 "Flower room"`,
      ),
    );
    const report = await json<CountReport>('inventory', 'count', 'show', '1', ...demo);
    expect(report.totals).toMatchObject({ packages: 11, counted: 2, shortCents: -7000 });
    const applied = await servicepay('inventory', 'count', 'apply', '1', ...demo);
    expect(applied.status, applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(
      /, applied: started by Operator \(servicepay command\) on .+; applied by Operator \(servicepay command\) on .+\./,
    );
    expect(applied.stdout).toContain('Applied: 1 adjustment made.');
    const page = await json<AdjustmentPage>('inventory', 'adjustments', ...demo, '--reason', 'count');
    expect(page.adjustments).toMatchObject([
      {
        packageLabel: BLUE_DREAM,
        delta: -2,
        quantityAfter: 38,
        by: 'operator',
        approvedBy: 'the operator (servicepay command)',
        note: 'Count 1 "Flower room": counted 38, expected 40',
      },
    ]);
    const list = await json<CountList>('inventory', 'count', 'list', ...demo);
    expect(list.counts.map((count: CountView) => [count.number, count.status])).toEqual([[1, 'APPLIED']]);
    expect((await servicepay('inventory', 'count', 'list', ...demo)).stdout).toMatch(
      /1\s+Flower room\s+Flower\s+applied/,
    );
  });

  it('refuses bad input in one line (or its JSON), naming the option, and keeps nothing', async () => {
    const count = await json<{ count: CountView }>('inventory', 'count', 'start', ...demo, '--name', 'Everything');
    expect(count.count).toMatchObject({ number: 2, scope: 'every category' });
    for (const [args, words] of [
      [['enter', '2', BLUE_DREAM, '--quantity', 'lots'], /--quantity must be a number such as 12 or 3.5, not "lots"/],
      [['enter', '2', BLUE_DREAM, '--quantity', '-1'], /--quantity counted cannot be below zero/],
      [['enter', '2', BLUE_DREAM, '--quantity', '1.5'], /--quantity must be whole units/],
      [
        ['enter', '2', 'NO-SUCH-TAG', '--quantity', '1'],
        /no package of Green Valley Dispensary has the id or state tag NO-SUCH-TAG, and no product of it has NO-SUCH-TAG as its SKU or barcode: scan or type a package's state tag, or, for a package without one, its product's SKU or barcode/,
      ],
      [['enter', '7', BLUE_DREAM, '--quantity', '1'], /no count of Green Valley Dispensary has the number or id 7/],
      [
        ['apply', '1'],
        /count 1 "Flower room" was applied by Operator \(servicepay command\) on .+: it cannot be applied again/,
      ],
      [['start', '--name', 'Again'], /count 2 "Everything" \(every category\) is still open/],
      [['start', '--name', 'Odd', '--category', 'socks'], /--category has "socks", which is not a category/],
    ] as const) {
      const refused = await servicepay('inventory', 'count', ...args, ...demo);
      expect(refused.status, refused.stdout).toBe(1);
      expect(refused.stderr).toMatch(words);
    }
    // An accessory has no state tag: its product's SKU names its package.
    const accessory = await servicepay('inventory', 'count', 'enter', '2', 'ACC-004', ...demo, '--quantity', '39');
    expect(accessory.stdout).toBe('Counted 39 of 510 Thread Battery: 40 expected, 1 short.\n');
    const unknown = await servicepay('--json', 'inventory', 'count', 'show', '9', ...demo);
    expect(unknown.status).toBe(1);
    expect(JSON.parse(unknown.stdout)).toMatchObject({ resultCode: 'FAIL', resultReason: 'NOT_FOUND' });
    const report = await json<CountReport>('inventory', 'count', 'show', '2', ...demo);
    expect(report.totals.counted).toBe(1);
    expect((await json<{ count: CountView }>('inventory', 'count', 'cancel', '2', ...demo)).count.status).toBe(
      'CANCELLED',
    );
    expect((await json<CountList>('inventory', 'count', 'list', ...demo)).counts).toHaveLength(2);
  });

  it('starts a count of a room by its name, called by it, and refuses a room the store has not', async () => {
    const started = await servicepay('inventory', 'count', 'start', ...demo, '--room', 'vault');
    expect(started.status, started.stderr).toBe(0);
    expect(started.stdout).toMatch(
      /^Count 3 "Count of the Vault" \(the Vault\), open: started by Operator \(servicepay command\) on /,
    );
    const floor = await json<{ count: CountView }>(
      'inventory',
      'count',
      'start',
      ...demo,
      '--name',
      'Floor and vault flower',
      '--room',
      'Sales floor',
      '--category',
      'flower',
    );
    expect(floor.count).toMatchObject({ number: 4, scope: 'Flower in the sales floor', categories: ['FLOWER'] });
    const refused = await servicepay('inventory', 'count', 'start', ...demo, '--room', 'Attic');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      '--room has "Attic", which is not a room of Green Valley Dispensary (Sales floor, Quarantine, Vault)',
    );
    const overlapping = await servicepay(
      'inventory',
      'count',
      'start',
      ...demo,
      '--room',
      'Vault',
      '--category',
      'edible',
    );
    expect(overlapping.stderr).toMatch(
      /count 3 "Count of the Vault" \(the Vault\) is still open, and a count of Edibles in the Vault would count some of its packages too: apply or cancel it first/,
    );
  });
});
