import { describe, expect, it } from 'vitest';
import { compileDeals, type DealBook } from '../../../shared/deals/engine.js';
import { LastOutcome } from '../../../shared/deals/last-outcome.js';
import { sameContext } from '../../../shared/deals/same-context.js';
import { ADULT, context, deal, line, scope } from './deal-fixtures.js';

// One sale priced again unchanged (a ticket tried at once, then in its write) gets the engine's last
// outcome again; anything the engine reads that changed prices the cart anew.
const BOOK = compileDeals([
  deal({ id: 'd1', name: '20 % off', kind: 'percent', percentPpm: 200_000, scope: scope({ productIds: ['p1'] }) }),
]);

/** The book, counting how many times it really priced. */
function counted(book: DealBook) {
  const calls = { count: 0 };
  const counting: DealBook = {
    apply: (lines, ctx) => {
      calls.count += 1;
      return book.apply(lines, ctx);
    },
  };
  return { counting, calls };
}

const cart = () => [line('0', 1000, 2, { productId: 'p1' }), line('1', 500, 1, { productId: 'p2' })];

describe('LastOutcome', () => {
  it('answers the same cart and context (new objects alike) with the outcome it priced', () => {
    const { counting, calls } = counted(BOOK);
    const last = new LastOutcome();
    const first = last.of(counting).apply(cart(), context({ customer: ADULT }));
    const again = last.of(counting).apply(cart(), context({ customer: { ...ADULT } }));
    expect(again).toBe(first);
    expect(calls.count).toBe(1);
    expect(first.lines[0]!.discountCents).toBe(400);
  });

  it('prices again when a line, the context, the order of the lines or the book changed', () => {
    const { counting, calls } = counted(BOOK);
    const last = new LastOutcome();
    const book = last.of(counting);
    const first = book.apply(cart(), context());
    const dearer = book.apply([line('0', 1100, 2, { productId: 'p1' }), cart()[1]!], context());
    expect(dearer.lines[0]!.discountCents).toBe(440);
    const later = book.apply(cart(), context({ minute: 12 * 60 + 1 }));
    expect(later).not.toBe(first);
    const turned = book.apply([...cart()].reverse(), context({ minute: 12 * 60 + 1 }));
    expect(turned.lines[0]!.key).toBe('1');
    const other = counted(compileDeals([])).counting;
    expect(last.of(other).apply([...cart()].reverse(), context({ minute: 12 * 60 + 1 })).discountCents).toBe(0);
    expect(calls.count).toBe(4);
  });

  it('tells contexts apart by every field the engine reads', () => {
    const base = context({ customer: ADULT, codes: ['SAVE'], chosen: ['d1'], usesLeft: new Map([['d1', 2]]) });
    expect(sameContext(base, { ...base, usesLeft: new Map([['d1', 2]]) })).toBe(true);
    const changed = [
      { date: '2026-12-08' },
      { weekday: 2 },
      { minute: 1 },
      { customer: null },
      { customer: { ...ADULT, age: 65 } },
      { customer: { ...ADULT, veteran: true } },
      { customer: { ...ADULT, firstVisit: true } },
      { customer: { ...ADULT, type: 'medical' as const } },
      { customer: { ...ADULT, tierId: 'Gold' } },
      { codes: ['SAVE', 'MORE'] },
      { codes: ['save'] },
      { chosen: [] },
      { usesLeft: new Map([['d1', 1]]) },
      { usesLeft: new Map([['d2', 2]]) },
    ];
    for (const fields of changed) expect(sameContext(base, { ...base, ...fields }), JSON.stringify(fields)).toBe(false);
  });
});
