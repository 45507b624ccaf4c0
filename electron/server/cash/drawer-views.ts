import type { CashFlows, DenominationCount } from '../../../shared/cash/expected-cash.js';
import type { CashMovementKind, CashMovementView, ShiftView } from '../../../shared/contracts/cash.js';
import type { CashMovementsTable } from '../db/schema.js';
import type { ShiftRow } from './shifts-repository.js';

const parseCount = (json: string | null) => (json === null ? null : (JSON.parse(json) as DenominationCount));

/**
 * A shift as the API shows it. `expected` is what the drawer should hold now (open) or held at the
 * close; `showExpected` false hides it on an open blind shift.
 */
export function shiftView(row: ShiftRow, expected: number | null, showExpected: boolean): ShiftView {
  const closed = row.status === 'closed';
  return {
    id: row.id,
    terminalId: row.terminal_id,
    status: closed ? 'closed' : 'open',
    blind: row.blind === 1,
    openedBy: { id: row.opened_by_id, name: row.opened_by_name },
    openedAt: row.opened_at,
    float: Number(row.float_cents),
    floatCount: parseCount(row.float_count),
    closedBy: row.closed_by_id === null ? null : { id: row.closed_by_id, name: row.closed_by_name ?? '' },
    closedAt: row.closed_at,
    counted: row.counted_cents === null ? null : Number(row.counted_cents),
    countedCount: parseCount(row.counted_count),
    expected: closed ? Number(row.expected_cents) : showExpected ? expected : null,
    overShort: row.over_short_cents === null ? null : Number(row.over_short_cents),
    zNumber: row.z_number === null ? null : Number(row.z_number),
    ...(row.counted_at !== null && {
      countedLate: { by: { id: row.counted_by_id ?? '', name: row.counted_by_name ?? '' }, at: row.counted_at },
    }),
  };
}

export function movementView(row: CashMovementsTable): CashMovementView {
  return {
    id: row.id,
    kind: row.kind as CashMovementKind,
    amount: Number(row.amount_cents),
    reason: row.reason,
    by: { id: row.actor_id, name: row.actor_name },
    approvedBy: row.approved_by_id === null ? null : { id: row.approved_by_id, name: row.approved_by_name ?? '' },
    at: row.at,
  };
}

/** The movements' share of the cash flows. */
export function movementFlows(
  movements: readonly CashMovementsTable[],
): Pick<CashFlows, 'paidIn' | 'paidOut' | 'safeDrops'> {
  const sum = (kind: CashMovementKind) =>
    movements
      .filter((movement) => movement.kind === kind)
      .reduce((total, movement) => total + Number(movement.amount_cents), 0);
  return { paidIn: sum('paid_in'), paidOut: sum('paid_out'), safeDrops: sum('safe_drop') };
}
