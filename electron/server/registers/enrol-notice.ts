import { formatMoney } from '../../../shared/money.js';
import { shiftOpenedWords } from '../cash/replaced-shifts.js';
import { ShiftCash } from '../cash/shift-cash.js';
import { ShiftsRepository } from '../cash/shifts-repository.js';
import type { DataLayer } from '../db/data-layer.js';

/**
 * What enrolling a register's name again leaves the manager to do, in words (README "Attaching
 * registers"): a drawer shift of that name still open at the server, its machine perhaps replaced. Counted
 * and closed in Drawers before the new machine opens its drawer, its cash is in its own Z report;
 * else the new machine's first shift closes it as replaced, not counted. Undefined: none is open.
 */
export async function drawerLeftOpen(
  db: DataLayer,
  store: { id: string; timezone: string },
  name: string,
): Promise<string | undefined> {
  const open = await new ShiftsRepository(db).open(db, store.id, name);
  if (!open) return undefined;
  const expected = await new ShiftCash(db).expected(db, open);
  return (
    `Register ${name}'s drawer shift is still open at the store server: ${shiftOpenedWords(open, store.timezone)}, its ` +
    `drawer should hold ${formatMoney(expected)}. If this replaces the machine that had it, count that drawer and ` +
    'close the shift in Drawers before the new machine opens its drawer: a drawer the new machine opens first ' +
    'closes that shift as replaced, not counted. The same machine attached again goes on with its shift.'
  );
}
