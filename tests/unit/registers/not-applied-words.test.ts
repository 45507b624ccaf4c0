import { describe, expect, it } from 'vitest';
import { notAppliedWords } from '../../../electron/server/registers/not-applied-words.js';

describe("a register's change the server could not apply, in words", () => {
  it('says a second open drawer shift of one register name in words, never as a constraint name', () => {
    const error = new Error('duplicate key value violates unique constraint "cash_shifts_one_open"');
    const words = notAppliedWords('front-1', { table: 'cash_shifts' }, error);
    expect(words).toBe(
      'front-1 opened a drawer while an earlier drawer shift of front-1 was still open at this server ' +
        '(a machine replaced under the same name?): the new shift is not recorded here, so its cash is in no ' +
        'drawer report; close the earlier shift in Drawers',
    );
    expect(words).not.toContain('cash_shifts_one_open');
  });

  it('says any other as the database said it, for whoever looks into it', () => {
    expect(notAppliedWords('front-2', { table: 'orders' }, new Error('no such column: foo'))).toBe(
      'front-2 sent a change this server could not apply (the database said: no such column: foo)',
    );
  });
});
