// `servicepay dispensaries set --manual-discount-pin`: the store's policy of manual discounts, as an operator sets it.
import { describe, expect, it } from 'vitest';
import { demoCli } from '../support/demo-cli.js';

const { servicepay, json } = await demoCli();

describe('servicepay dispensaries set --manual-discount-pin', { timeout: 60_000 }, () => {
  it('sets when a cashier’s manual discounts need a manager’s PIN, in words, and refuses what is not a percent', async () => {
    const shown = await servicepay('dispensaries', 'set', 'demo', '--manual-discount-pin', '15%');
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.stdout).toContain("Manual discounts: a manager's PIN for those taking more than 15% off a sale.");
    const wrong = await servicepay('dispensaries', 'set', 'demo', '--manual-discount-pin', 'lots');
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(
      /--manual-discount-pin must be a percent such as 10, 0 \(every one\) or none, not "lots"/,
    );
    const over = await servicepay('dispensaries', 'set', 'demo', '--manual-discount-pin', '150');
    expect(over.status).toBe(1);
    expect(over.stderr).toMatch(/a whole percent from 0 \(every one\) to 100, or never; not 150/);
    const none = await json<{ manualDiscountPinAbove: number | null }>(
      'dispensaries',
      'set',
      'demo',
      '--manual-discount-pin',
      'none',
    );
    expect(none.manualDiscountPinAbove).toBeNull();
  });
});
