import type { ForwardRecord } from '../../../shared/contracts/registers.js';

/**
 * Why a register's change could not be applied at its store server, as the manager reads it in the
 * registers' exceptions (README "Attaching registers"): a refusal the service knows in words; any
 * other as the database said it, for whoever looks into it.
 */
export function notAppliedWords(register: string, record: Pick<ForwardRecord, 'table'>, error: Error): string {
  if (record.table === 'cash_shifts' && error.message.includes('cash_shifts_one_open')) {
    return (
      `${register} opened a drawer while an earlier drawer shift of ${register} was still open at this server ` +
      '(a machine replaced under the same name?): the new shift is not recorded here, so its cash is in no ' +
      'drawer report; close the earlier shift in Drawers'
    );
  }
  return `${register} sent a change this server could not apply (the database said: ${error.message})`;
}
