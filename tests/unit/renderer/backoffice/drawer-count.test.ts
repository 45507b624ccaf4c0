import { describe, expect, it } from 'vitest';
import { ref } from 'vue';
import { useDrawerCount } from '../../../../renderer/backoffice/logic/use-drawer-count.js';

// The close of a drawer left open and the late count of a replaced one take a count the same way.
describe("a manager's count of a drawer", () => {
  it('is reviewed only once entered, and read against what the drawer should hold', () => {
    const expected = ref<number | null>(19_550);
    const count = useDrawerCount(() => expected.value);
    count.review();
    expect([count.step.value, count.submission.field, count.submission.error]).toEqual([
      'count',
      'amount',
      'Enter the cash counted in the drawer, such as 195.50.',
    ]);
    count.dollars.value = 190.5;
    count.review();
    expect([count.step.value, count.submission.error]).toEqual(['confirm', '']);
    expect(count.against.value).toBe(', $5.00 short');
    count.mode.value = 'count';
    count.pieces.value = { bill100: 2 };
    expect(count.against.value).toBe(', $4.50 over');
    expected.value = null;
    expect(count.against.value).toBe('');
  });
});
