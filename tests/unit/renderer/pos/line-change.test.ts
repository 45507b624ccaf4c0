import { describe, expect, it } from 'vitest';
import {
  changeBlockedWhy,
  changedWords,
  lineQuantityRule,
  removeBlockedWhy,
} from '../../../../renderer/pos/logic/line-change.js';
import { line, queued } from './queue-fixtures.js';

const jar = line({ name: 'Jar flower', deli: true, quantity: 3.5 });
const prerolls = line({ lineIndex: 2, name: 'Pre-roll', quantity: 2 });

describe("changing an order's lines while it is picked", () => {
  it('is offered unless the order is paid, the register is attached, or its moves wait for the link', () => {
    expect(changeBlockedWhy({ paymentStatus: 'UNPAID' }, null, false)).toBeNull();
    expect(changeBlockedWhy({ paymentStatus: 'AUTHORIZED' }, null, false)).toBeNull();
    expect(changeBlockedWhy({ paymentStatus: 'PAID' }, null, false)).toBe(
      'Paid, so its lines cannot change here: a manager refunds it first.',
    );
    expect(changeBlockedWhy({ paymentStatus: 'UNPAID' }, null, true)).toBe(
      'The lines of online orders are changed at the store server’s own POS for now.',
    );
    expect(changeBlockedWhy({ paymentStatus: 'UNPAID' }, 'Waits for the store server.', false)).toBe(
      'Waits for the store server.',
    );
  });

  it('keeps at least one line: the last one is not taken off', () => {
    expect(removeBlockedWhy(queued({ orderNumber: 'A', lines: [jar, prerolls] }))).toBeNull();
    expect(removeBlockedWhy(queued({ orderNumber: 'A', lines: [jar] }))).toBe(
      'It is the order’s only line: cancel the order instead.',
    );
  });

  it('asks whole units of a counted line and a weight of a weighed one', () => {
    expect(lineQuantityRule(prerolls)).toEqual({ name: 'quantity', decimals: 0, min: 1 });
    expect(lineQuantityRule(jar)).toEqual({ name: 'weight', decimals: 3, min: 0, minExclusive: true, unit: 'g' });
  });

  it('says what the line is now and the new total', () => {
    expect(changedWords(prerolls, 1, { total: '24.10' })).toBe(
      "Pre-roll is now 1\u00a0×. The order's total is now $24.10; the online shop is told.",
    );
    expect(changedWords(jar, 3.62, { total: '61.07' })).toBe(
      "Jar flower is now 3.62\u00a0g. The order's total is now $61.07; the online shop is told.",
    );
    expect(changedWords(prerolls, null, { total: '12.00' })).toBe(
      "Pre-roll is off the order. The order's total is now $12.00; the online shop is told.",
    );
  });
});
