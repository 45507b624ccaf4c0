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
