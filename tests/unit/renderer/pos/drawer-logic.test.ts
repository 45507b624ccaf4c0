import { describe, expect, it } from 'vitest';
import type { DrawerReport } from '../../../../shared/contracts/cash.js';
import { shift as shiftOf } from '../backoffice/drawer-report-fixture.js';
import {
  BILLS,
  COINS,
  emptyCount,
  entryBody,
  entryProblem,
  entryTotal,
  type CountEntry,
} from '../../../../renderer/pos/logic/cash-count.js';
import { expectedWords, overShortWords, reportTitle } from '../../../../renderer/common/drawer-words.js';

describe('a drawer count as the cashier enters it', () => {
  const counted = (pieces: CountEntry['pieces']): CountEntry => ({ mode: 'count', pieces, amount: null });
  it.each([
    ['nothing counted yet', counted({}), 0, { count: {} }],
    [
      'bills and coins',
      counted({ bill20: 5, bill5: 10, coin25: 40, coin1: 3 }),
      16_003,
      { count: { bill20: 5, bill5: 10, coin25: 40, coin1: 3 } },
    ],
    ['rows left at 0 are not sent', counted({ bill100: 0, bill10: 4, coin10: 0 }), 4_000, { count: { bill10: 4 } }],
    ['a $1 bill and a $1 coin', counted({ bill1: 2, coin100: 3 }), 500, { count: { bill1: 2, coin100: 3 } }],
    [
      'one amount, to the cent',
      { mode: 'amount', pieces: { bill20: 9 }, amount: 212.35 } as CountEntry,
      21_235,
      { amount: 21_235 },
    ],
    [
      'one amount with float drift (0.29 × 100)',
      { mode: 'amount', pieces: {}, amount: 0.29 } as CountEntry,
      29,
      { amount: 29 },
    ],
  ] as const)('%s', (_name, entry, cents, body) => {
    expect(entryTotal(entry)).toBe(cents);
    expect(entryBody(entry)).toEqual(body);
  });

  it('asks for the amount before sending one amount, never for a count', () => {
    expect(entryProblem(emptyCount('amount'))).toBe('Enter the amount counted, or count by bills and coins.');
    expect(entryProblem(emptyCount('count'))).toBeNull();
  });

  it('counts bills largest first, then coins', () => {
    expect(BILLS).toEqual(['bill100', 'bill50', 'bill20', 'bill10', 'bill5', 'bill2', 'bill1']);
    expect(COINS).toEqual(['coin100', 'coin50', 'coin25', 'coin10', 'coin5', 'coin1']);
  });
});

describe('a drawer report in words', () => {
  it.each([
    [-500, '$5.00 short'],
    [0, 'balanced'],
    [250, '$2.50 over'],
  ])('over/short %i reads "%s"', (cents, words) => expect(overShortWords(cents)).toBe(words));

  const shift = shiftOf({
    openedBy: { id: 'u1', name: 'Casey <Cashier>' },
    openedAt: '2026-11-25T16:00:00.000Z',
    closedBy: { id: 'u2', name: 'Morgan' },
    closedAt: '2026-11-26T01:30:00.000Z',
    counted: 23_500,
    expected: 24_000,
    zNumber: 7,
  });
  const report: DrawerReport = {
    kind: 'Z',
    shift,
    flows: {
      float: 20_000,
      cashTendered: 8_000,
      changeGiven: 919,
      cashBack: 1_000,
      cashRefunds: 0,
      paidIn: 0,
      paidOut: 1_081,
      safeDrops: 1_000,
    },
    movements: [
      {
        id: 'm1',
        kind: 'safe_drop',
        amount: 1_000,
        reason: 'Over the limit',
        by: { id: 'u1', name: 'Casey' },
        approvedBy: null,
        at: '2026-11-25T20:15:00.000Z',
      },
    ],
    sales: null,
    generatedAt: '2026-11-26T01:30:00.000Z',
  };

  it('titles a Z report by its number and an X report plainly', () => {
    expect(reportTitle(report)).toBe('Z report 7');
    expect(reportTitle({ ...report, kind: 'X', shift: { ...shift, zNumber: null } })).toBe('X report');
  });

  it('titles a shift closed as replaced by whether its drawer was counted since', () => {
    const replaced = { ...shift, zNumber: null, counted: null, overShort: null };
    expect(reportTitle({ ...report, shift: replaced })).toBe('Closed, not counted');
    const countedLate = { by: { id: 'u2', name: 'Morgan Manager' }, at: '2026-11-27T17:00:00.000Z' };
    expect(reportTitle({ ...report, shift: { ...replaced, counted: 23_500, overShort: -500, countedLate } })).toBe(
      'Replaced, counted late',
    );
  });

  it('says why the expected cash of a blind shift is not shown', () => {
    expect(expectedWords({ ...shift, expected: null })).toBe('Hidden until the close');
    expect(expectedWords(shift)).toBe('$240.00');
  });
});
