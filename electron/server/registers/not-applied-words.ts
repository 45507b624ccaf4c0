import type { ForwardRecord } from '../../../shared/contracts/registers.js';

/** A second open shift of one register refused (PostgreSQL names the index, SQLite its columns). */
const secondOpenShift = (error: Error) =>
  error.message.includes('cash_shifts_one_open') ||
  /UNIQUE constraint failed: cash_shifts\.dispensary_id, cash_shifts\.terminal_id$/.test(error.message);

/**
 * Why a register's change could not be applied at its store server, as the manager reads it in the
 * registers' exceptions (README "Attaching registers"): a refusal the service knows in words; any
 * other as the database said it, for whoever looks into it. A register's own shift opened while an
 * earlier one of its name is open here closes that one instead (./forward-shifts.ts): what is left is
 * a shift of another register's name.
 */
export function notAppliedWords(
  register: string,
  record: Pick<ForwardRecord, 'table'> & { row?: ForwardRecord['row'] },
  error: Error,
): string {
  if (record.table === 'cash_shifts' && secondOpenShift(error)) {
    const terminal = String(record.row?.terminal_id ?? register);
    return (
      `${register} opened a drawer of register ${terminal} while a drawer shift of ${terminal} was still open at ` +
      'this server: the new shift is not recorded here, so its cash is in no drawer report; close the earlier ' +
      'shift in Drawers'
    );
  }
  return `${register} sent a change this server could not apply (the database said: ${error.message})`;
}
