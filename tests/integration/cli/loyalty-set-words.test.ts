// `servicepay loyalty set` refusing what it cannot read in an operator's words (issue 31's try-out):
// categories as people write them, and the part of a tier typed wrong.
import { describe, expect, it } from 'vitest';
import { demoCli } from '../support/demo-cli.js';

const { servicepay, demo } = await demoCli();

describe('servicepay loyalty set, in words', { timeout: 60_000 }, () => {
  it('lists the categories as people write them, and names the part of a tier that is not a number', async () => {
    const set = (...options: string[]) => servicepay('loyalty', 'set', ...demo, ...options);
    const category = await set('--exclude', 'pre-rolls, acessories');
    expect([category.status, category.stderr]).toEqual([
      1,
      'servicepay: --exclude "acessories" is not a category: write Flower, Pre-rolls, Vapes, Edibles, Beverages, ' +
        'Concentrates, Tinctures, Topicals, Capsules, Immature plants or Accessories\n',
    ]);
    for (const [tier, words] of [
      ['Silver:abc:10', 'the points (the second part) must be a whole number, not "abc"'],
      ['Silver:500:ten', 'the bonus percent (the third part) must be a whole number, not "ten"'],
    ]) {
      const refused = await set('--tier', tier!);
      expect([refused.status, refused.stderr]).toEqual([1, `servicepay: --tier ${tier}: ${words}\n`]);
    }
    expect((await set('--exclude', 'Accessories, pre-rolls')).status).toBe(0);
  });
});
