import { expectedCash, type CashFlows } from '../../../shared/cash/expected-cash.js';
import type { DrawerReport } from '../../../shared/contracts/cash.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { CashMovementsTable } from '../db/schema.js';
import { CashFlowsRepository } from './cash-flows-repository.js';
import { movementFlows, movementView, shiftView } from './drawer-views.js';
import { MovementsRepository } from './movements-repository.js';
import type { ShiftRow } from './shifts-repository.js';

/** Where an open shift's payments end: later than any payment. */
export const OPEN_END = '9999-12-31T23:59:59.999Z';

/** A shift's cash: the flows the expected-cash rule adds up, the result, and its movements. */
export interface ShiftCashTotals {
  flows: CashFlows;
  expected: number;
  movements: CashMovementsTable[];
}

/** Adds up a shift's cash and builds its X and Z reports. */
export class ShiftCash {
  readonly movements: MovementsRepository;
  private readonly payments: CashFlowsRepository;

  constructor(db: DataLayer) {
    this.movements = new MovementsRepository(db);
    this.payments = new CashFlowsRepository(db);
  }

  /** The shift's cash with the payments taken at its register from its opening up to `to`. */
  async of(q: Queryable, shift: ShiftRow, to: string): Promise<ShiftCashTotals> {
    const movements = await this.movements.ofShift(q, shift.id);
    const payments = await this.payments.between(q, {
      dispensaryId: shift.dispensary_id,
      terminalId: shift.terminal_id,
      from: shift.opened_at,
      to,
    });
    const flows: CashFlows = { float: Number(shift.float_cents), ...payments, ...movementFlows(movements) };
    return { flows, expected: expectedCash(flows), movements };
  }

  /** The X report of an open shift; `sees` false hides the expected cash (a blind shift). */
  async xReport(q: Queryable, shift: ShiftRow, sees: boolean, generatedAt: string): Promise<DrawerReport> {
    const cash = await this.of(q, shift, OPEN_END);
    return {
      kind: 'X',
      shift: shiftView(shift, cash.expected, sees),
      flows: sees ? cash.flows : null,
      movements: cash.movements.map(movementView),
      generatedAt,
    };
  }

  /** The Z report of a closed shift, as its close added it up (it never changes after). */
  async zReport(q: Queryable, shift: ShiftRow): Promise<DrawerReport> {
    const movements = await this.movements.ofShift(q, shift.id);
    return {
      kind: 'Z',
      shift: shiftView(shift, null, true),
      flows: JSON.parse(shift.z_flows!) as CashFlows,
      movements: movements.map(movementView),
      generatedAt: shift.closed_at!,
    };
  }
}
