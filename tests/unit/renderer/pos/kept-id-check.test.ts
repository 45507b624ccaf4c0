import { describe, expect, it } from 'vitest';
import { memoryStorage } from './memory-storage.js';
import {
  keepIdCheck,
  keptVerdict,
  loadIdChecks,
  type KeptIdCheck,
} from '../../../../renderer/pos/logic/kept-id-check.js';

/**
 * An ID checked at an online order's hand-over, kept on the register: opened again, the order does
 * not ask for it while the check holds (its customer, the store's same day), and says who checked it
 * and when in the store's time; else it says why the ID is asked again.
 */
const LA = 'America/Los_Angeles';
const NBSP = '\u00a0';
/** Noon in Los Angeles, November 27. */
const NOON = new Date('2026-11-27T20:00:00.000Z');
const CHECK: KeptIdCheck = { customerId: 'ada', checkedBy: 'Casey Cashier', checkedAt: '2026-11-27T18:05:00.000Z' };

describe('an ID check kept for an online order', () => {
  it('stands for the same customer on the same store day, saying who checked it and when', () => {
    expect(keptVerdict(CHECK, 'ada', LA, NOON)).toEqual({
      kind: 'stands',
      words: `ID checked by Casey Cashier today at 10:05${NBSP}AM${NBSP}PST: the customer on the order.`,
    });
    // 11:59 PM in Los Angeles is still its day, though it is the next day in UTC.
    expect(keptVerdict(CHECK, 'ada', LA, new Date('2026-11-28T07:59:00.000Z')).kind).toBe('stands');
  });

  it("is asked again on the store's next day, saying when it was checked and why that no longer holds", () => {
    const midnight = new Date('2026-11-28T08:00:00.000Z');
    expect(keptVerdict(CHECK, 'ada', LA, midnight)).toEqual({
      kind: 'again',
      why: `Casey Cashier checked the ID yesterday at 10:05${NBSP}AM${NBSP}PST: a check holds only on the store's day it was made.`,
    });
  });

  it('is asked again when the order names another customer now', () => {
    expect(keptVerdict(CHECK, 'bob', LA, NOON)).toEqual({
      kind: 'again',
      why: `The ID Casey Cashier checked today at 10:05${NBSP}AM${NBSP}PST is not the customer the order names now.`,
    });
  });

  it('says nothing when no ID was checked here for the order', () => {
    expect(keptVerdict(undefined, 'ada', LA, NOON)).toEqual({ kind: 'none' });
  });

  it('is kept per register, read back, forgotten once handed over, and gone after a month', () => {
    const kept = memoryStorage();
    keepIdCheck('front-1', 'order-1', CHECK, NOON, kept);
    expect(loadIdChecks('front-1', NOON, kept)).toEqual({ 'order-1': CHECK });
    expect(loadIdChecks('front-2', NOON, kept)).toEqual({});
    expect(loadIdChecks('front-1', new Date('2026-12-29T00:00:00.000Z'), kept)).toEqual({});
    keepIdCheck('front-1', 'order-1', null, NOON, kept);
    expect(kept.kept.size).toBe(0);
  });

  it('reads nothing from what is not one (another version, a hand edit)', () => {
    for (const text of [
      '{',
      '[]',
      '"x"',
      '{"o":{"customerId":"a"}}',
      '{"o":{"customerId":"a","checkedBy":"C","checkedAt":"soon"}}',
    ]) {
      const kept = memoryStorage();
      kept.setItem('servicepay.pos.id-checks.front-1', text);
      expect(loadIdChecks('front-1', NOON, kept)).toEqual({});
    }
  });
});
