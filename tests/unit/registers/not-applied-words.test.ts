import { describe, expect, it } from 'vitest';
import { notAppliedWords } from '../../../electron/server/registers/not-applied-words.js';

describe("a register's change the server could not apply, in words", () => {
  it('says a second open drawer shift of one register name in words, never as a constraint name', () => {
    const record = { table: 'cash_shifts', row: { id: 's-1', terminal_id: 'back-2' } };
    const expected =
      'front-1 opened a drawer of register back-2 while a drawer shift of back-2 was still open at this server: ' +
      'the new shift is not recorded here, so its cash is in no drawer report; close the earlier shift in Drawers';
    // PostgreSQL names the index; SQLite its columns.
    const postgres = new Error('duplicate key value violates unique constraint "cash_shifts_one_open"');
    const sqlite = new Error('UNIQUE constraint failed: cash_shifts.dispensary_id, cash_shifts.terminal_id');
    for (const error of [postgres, sqlite]) {
      const words = notAppliedWords('front-1', record, error);
      expect(words).toBe(expected);
      expect(words).not.toMatch(/cash_shifts|UNIQUE/);
    }
  });

  it('says any other as the database said it, for whoever looks into it', () => {
    expect(notAppliedWords('front-2', { table: 'orders' }, new Error('no such column: foo'))).toBe(
      'front-2 sent a change this server could not apply (the database said: no such column: foo)',
    );
    const zTaken = new Error(
      'UNIQUE constraint failed: cash_shifts.dispensary_id, cash_shifts.terminal_id, cash_shifts.z_number',
    );
    expect(notAppliedWords('front-2', { table: 'cash_shifts' }, zTaken)).toMatch(/^front-2 sent a change this server/);
  });
});
