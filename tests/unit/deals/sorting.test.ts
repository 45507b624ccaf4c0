import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Scratch } from '../../../shared/deals/scratch.js';
import { sortFew } from '../../../shared/deals/sort-few.js';

/** Entries of few distinct values, so equal ones are common (the order among them is what stability decides). */
const entries = (most: number) =>
  fc.array(fc.record({ key: fc.integer({ min: 0, max: 5 }), at: fc.nat() }), { maxLength: most });

describe('the engine’s sorts, in the order the built-in sorts give', () => {
  it('sortFew orders a list as Array.prototype.sort does, equal entries kept in their order, short or long', () => {
    fc.assert(
      fc.property(entries(40), (list) => {
        const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
        const expected = [...list].sort(byKey);
        const sorted = [...list];
        expect(sortFew(sorted, byKey)).toBe(sorted);
        expect(sorted).toEqual(expected);
      }),
      { numRuns: 2_000 },
    );
  });

  it('a scratch sorts its first entries in place as a typed array sorts them, leaving the rest', () => {
    const scratch = new Scratch((length) => new Float64Array(length));
    fc.assert(
      fc.property(
        // The engine's amounts and keys (never -0, which a typed array's sort puts before 0).
        fc.array(
          fc.double({ min: -1e12, max: 1e12, noNaN: true }).map((value) => value + 0),
          { maxLength: 150 },
        ),
        fc.array(fc.double({ noNaN: true }), { maxLength: 5 }),
        (values, after) => {
          const buffer = scratch.atLeast(values.length + after.length);
          buffer.set(values);
          buffer.set(after, values.length);
          scratch.sortFirst(values.length);
          const sorted = scratch.atLeast(values.length + after.length);
          expect([...sorted.subarray(0, values.length)]).toEqual([...Float64Array.from(values).sort()]);
          expect([...sorted.subarray(values.length, values.length + after.length)]).toEqual(after);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
