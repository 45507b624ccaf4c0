import { randomUUID } from 'node:crypto';
import { overShort } from '../../../shared/cash/expected-cash.js';
import type { CountedCash } from './drawer-count.js';
import type { ShiftTotals } from './shift-cash.js';
import type { ShiftRow } from './shifts-repository.js';

// The rows of a shift's life: opened with its float, closed with its count and what the close added up.

/** A new open shift of `terminalId`, before it is inserted: nothing of its close yet. */
export function newShift(
  opened: Pick<ShiftRow, 'organization_id' | 'dispensary_id' | 'terminal_id' | 'blind' | 'opened_at'>,
  by: { id: string; name: string },
  float: CountedCash,
): ShiftRow {
  return {
    id: randomUUID(),
    ...opened,
    status: 'open',
    opened_by_id: by.id,
    opened_by_name: by.name,
    float_cents: float.cents,
    float_count: float.count ? JSON.stringify(float.count) : null,
    closed_by_id: null,
    closed_by_name: null,
    closed_at: null,
    counted_cents: null,
    counted_count: null,
    expected_cents: null,
    over_short_cents: null,
    z_number: null,
    z_flows: null,
    z_sales: null,
    counted_by_id: null,
    counted_by_name: null,
    counted_at: null,
  };
}

/** `open` closed by `by` with the `counted` cash and Z number `zNumber`: final. */
export function closedShift(
  open: ShiftRow,
  by: { id: string; name: string },
  counted: CountedCash,
  added: ShiftTotals,
  close: { at: string; zNumber: number },
): ShiftRow {
  return {
    ...open,
    status: 'closed',
    closed_by_id: by.id,
    closed_by_name: by.name,
    closed_at: close.at,
    counted_cents: counted.cents,
    counted_count: counted.count && JSON.stringify(counted.count),
    expected_cents: added.expected,
    over_short_cents: overShort(counted.cents, added.expected),
    z_number: close.zNumber,
    z_flows: JSON.stringify(added.flows),
    z_sales: JSON.stringify(added.sales),
  };
}

/** Who closed a shift as replaced, as its report names them: its register, and whether it is counted yet. */
export const replacedBy = (terminalId: string, counted: boolean) =>
  `${terminalId}, replaced${counted ? '' : ' (not counted)'}`;

/**
 * `open` closed by the store server, not counted, when its register's machine was replaced under
 * the same name (README "Cash drawers"): no count and no over/short (nobody counted the drawer), no
 * Z number (no Z report was printed: the register's numbers stay those of its closes), and what it
 * should hold with its report as the server adds it up, so its cash is in a report.
 */
export function replacedShift(
  open: ShiftRow,
  by: { id: string; name: string },
  added: ShiftTotals,
  at: string,
): ShiftRow {
  return {
    ...open,
    status: 'closed',
    closed_by_id: by.id,
    closed_by_name: by.name,
    closed_at: at,
    counted_cents: null,
    counted_count: null,
    expected_cents: added.expected,
    over_short_cents: null,
    z_number: null,
    z_flows: JSON.stringify(added.flows),
    z_sales: JSON.stringify(added.sales),
  };
}

/**
 * `shift`, closed as replaced, with the count of its drawer a manager made after the close (README
 * "Cash drawers"): the count, its over/short against what the drawer should hold, who counted and
 * when. No Z number: the register's are given at its closes, in their order, and this close was the
 * server's, long before.
 */
export function countedLate(
  shift: ShiftRow,
  by: { id: string; name: string },
  counted: CountedCash,
  at: string,
): ShiftRow {
  return {
    ...shift,
    closed_by_name: replacedBy(shift.terminal_id, true),
    counted_cents: counted.cents,
    counted_count: counted.count && JSON.stringify(counted.count),
    over_short_cents: overShort(counted.cents, Number(shift.expected_cents)),
    counted_by_id: by.id,
    counted_by_name: by.name,
    counted_at: at,
  };
}

/**
 * `shift`, closed as replaced, added up again (`added`: late sales or movements of its machine
 * arrived): what it should hold and its report now, and a count made already kept, its over/short
 * against the new figure.
 */
export function addedUpAgain(shift: ShiftRow, added: ShiftTotals): ShiftRow {
  const counted = shift.counted_cents === null ? null : Number(shift.counted_cents);
  return {
    ...shift,
    expected_cents: added.expected,
    over_short_cents: counted === null ? null : overShort(counted, added.expected),
    z_flows: JSON.stringify(added.flows),
    z_sales: JSON.stringify(added.sales),
  };
}
