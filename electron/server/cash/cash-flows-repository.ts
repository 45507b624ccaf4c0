import { sql } from 'kysely';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

/** The cash a register's payments moved in [from, to), in cents. */
export interface PaymentCash {
  cashTendered: number;
  changeGiven: number;
  cashBack: number;
  cashRefunds: number;
}

interface Window {
  dispensaryId: string;
  terminalId: string;
  from: string;
  to: string;
}

/** Sums of a (possibly NULL) column: PostgreSQL answers bigint sums as text. */
const total = (expression: ReturnType<typeof sql<number>>) => sql<string | number>`COALESCE(SUM(${expression}), 0)`;

/**
 * What a shift's cash sales, change, cash back and cash refunds are, derived from the payments taken
 * at its register while it was open: approved (or later refunded) cash payments with what was
 * tendered and the change given; approved cashless ATM payments' cash back; approved refunds of
 * cash payments handed out at the register. Voided payments moved no cash.
 */
export class CashFlowsRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      payments: db.prepare((k, p: Window) =>
        k
          .selectFrom('payments')
          .select([
            total(sql<number>`CASE WHEN entry = 'cash' THEN tendered_cents ELSE 0 END`).as('tendered'),
            total(sql<number>`CASE WHEN entry = 'cash' THEN change_cents ELSE 0 END`).as('change'),
            total(sql<number>`CASE WHEN method = 'ATM' THEN cashback_cents ELSE 0 END`).as('cashBack'),
          ])
          .where('dispensary_id', '=', p.dispensaryId)
          .where('terminal_id', '=', p.terminalId)
          .where('status', 'in', ['approved', 'refunded'])
          .where('completed_at', '>=', p.from)
          .where('completed_at', '<', p.to),
      ),
      refunds: db.prepare((k, p: Window) =>
        k
          .selectFrom('payment_refunds as r')
          .innerJoin('payments as paid', 'paid.id', 'r.payment_id')
          .select(total(sql<number>`r.amount_cents`).as('refunded'))
          .where('paid.dispensary_id', '=', p.dispensaryId)
          .where('paid.entry', '=', 'cash')
          .where('r.terminal_id', '=', p.terminalId)
          .where('r.status', '=', 'approved')
          .where('r.created_at', '>=', p.from)
          .where('r.created_at', '<', p.to),
      ),
    };
  }

  async between(q: Queryable, window: Window): Promise<PaymentCash> {
    const sums = (await q.first(this.q.payments, window))!;
    const refunds = (await q.first(this.q.refunds, window))!;
    return {
      cashTendered: Number(sums.tendered),
      changeGiven: Number(sums.change),
      cashBack: Number(sums.cashBack),
      cashRefunds: Number(refunds.refunded),
    };
  }
}
