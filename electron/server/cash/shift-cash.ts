import { expectedCash, type CashFlows } from '../../../shared/cash/expected-cash.js';
import type { DrawerReport, ShiftSales, ShiftSummary } from '../../../shared/contracts/cash.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { CashMovementsTable } from '../db/schema.js';
import { movementFlows, movementView, shiftView } from './drawer-views.js';
import { MovementsRepository } from './movements-repository.js';
import { ShiftPaymentsRepository } from './shift-payments-repository.js';
import { paymentCash, shiftSales } from './shift-sales.js';
import type { ShiftRow } from './shifts-repository.js';

/** A shift's cash: the flows the expected-cash rule adds up, the result, its movements and its sales. */
export interface ShiftTotals {
  flows: CashFlows;
  expected: number;
  movements: CashMovementsTable[];
  sales: ShiftSales;
}

/** Adds up a shift's cash and sales and builds its X and Z reports. */
export class ShiftCash {
  readonly movements: MovementsRepository;
  readonly payments: ShiftPaymentsRepository;

  constructor(db: DataLayer) {
    this.movements = new MovementsRepository(db);
    this.payments = new ShiftPaymentsRepository(db);
  }

  /** The shift's cash and sales, from its movements and the payments and refunds stamped with it. */
  async of(q: Queryable, shift: ShiftRow): Promise<ShiftTotals> {
    const { movements, payments, refunds, flows } = await this.cashOf(q, shift);
    const sold = await this.payments.sold(q, shift.id);
    const apart = await this.payments.apart(q, shift.id);
    const sales = shiftSales(payments, refunds, sold, apart, await this.payments.refundParts(q, refunds));
    return { flows, expected: expectedCash(flows), movements, sales };
  }

  /** The cash the shift's drawer should hold now (its sales left out: the shift list). */
  async expected(q: Queryable, shift: ShiftRow): Promise<number> {
    return expectedCash((await this.cashOf(q, shift)).flows);
  }

  /** The shift's movements, payments and refunds, and the cash flows they add up to. */
  private async cashOf(q: Queryable, shift: ShiftRow) {
    const movements = await this.movements.ofShift(q, shift.id);
    const payments = await this.payments.payments(q, shift.id);
    const refunds = await this.payments.refunds(q, shift.id);
    const flows: CashFlows = {
      float: Number(shift.float_cents),
      ...paymentCash(payments, refunds),
      ...movementFlows(movements),
    };
    return { movements, payments, refunds, flows };
  }

  /** The X report of an open shift; `sees` false hides the expected cash (a blind shift). */
  async xReport(q: Queryable, shift: ShiftRow, sees: boolean, generatedAt: string): Promise<DrawerReport> {
    const totals = await this.of(q, shift);
    return {
      kind: 'X',
      shift: shiftView(shift, totals.expected, sees),
      flows: sees ? totals.flows : null,
      sales: sees ? totals.sales : null,
      movements: totals.movements.map(movementView),
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
      sales: shift.z_sales === null ? null : keptSales(shift.z_sales),
      movements: movements.map(movementView),
      generatedAt: shift.closed_at!,
    };
  }
}

/**
 * A Z report's sales as its close kept them. One closed before the tax and tips refunds gave back were
 * kept apart counted them in its returns (and before the reward dollars returns gave back were counted
 * in them): they are 0 there, and its figures add up as they were.
 */
function keptSales(kept: string): ShiftSales {
  type Kept = Omit<ShiftSummary, 'taxRefunded' | 'tipsRefunded' | 'rewardDollarsBack'> & Partial<ShiftSummary>;
  const { summary, ...sales } = JSON.parse(kept) as Omit<ShiftSales, 'summary'> & { summary?: Kept };
  if (!summary) return sales;
  return {
    ...sales,
    summary: {
      ...summary,
      taxRefunded: summary.taxRefunded ?? 0,
      tipsRefunded: summary.tipsRefunded ?? 0,
      rewardDollarsBack: summary.rewardDollarsBack ?? 0,
    },
  };
}
