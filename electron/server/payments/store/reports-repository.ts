import type { PaymentStatus } from '../../../../shared/contracts/payment.js';
import type { DataLayer } from '../../db/data-layer.js';
import type { Queryable } from '../../db/query.js';
import type { StoredPayment } from './payment-types.js';
import { selectPayments, toStoredPayment } from './payment-rows.js';
import { newestFirst, type NewestFirstPage } from '../../db/newest-first.js';

/** What a day's summary needs of each approved payment. */
export type ApprovedAmounts = Pick<
  StoredPayment,
  'method' | 'amount' | 'tip' | 'cashback' | 'charged' | 'refunded' | 'completedAt'
>;

/** Filters of a payment listing; newest first, paged by the (createdAt, id) of the last row seen. */
export interface PaymentQuery extends NewestFirstPage {
  dispensaryId: string;
  ticketAlphaNumId?: string;
  status?: PaymentStatus;
}

/** Read-only queries of the back office over payments. */
export class ReportsRepository {
  private readonly q;

  constructor(private readonly db: DataLayer) {
    this.q = {
      approvedBetween: db.prepare((k, p: { dispensaryId: string; from: string; to: string }) =>
        k
          .selectFrom('payments')
          .select([
            'method',
            'amount_cents as amount',
            'tip_cents as tip',
            'cashback_cents as cashback',
            'charged_cents as charged',
            'refunded_cents as refunded',
            'completed_at as completedAt',
          ])
          .where('dispensary_id', '=', p.dispensaryId)
          .where('status', 'in', ['approved', 'refunded'])
          .where('completed_at', '>=', p.from)
          .where('completed_at', '<', p.to),
      ),
    };
  }

  async list(q: Queryable, query: PaymentQuery): Promise<StoredPayment[]> {
    let select = selectPayments(this.db.builder).where('dispensary_id', '=', query.dispensaryId);
    if (query.ticketAlphaNumId) select = select.where('ticket_alpha_num_id', '=', query.ticketAlphaNumId);
    if (query.status) select = select.where('status', '=', query.status);
    const rows = await q.all(newestFirst(select, query));
    return rows.map(toStoredPayment);
  }

  /**
   * The amounts of a dispensary's payments approved in [from, to) and not voided (refunded ones
   * included): what a day's summary adds up.
   */
  async approved(q: Queryable, dispensaryId: string, from: string, to: string): Promise<ApprovedAmounts[]> {
    return (await q.all(this.q.approvedBetween, { dispensaryId, from, to })) as ApprovedAmounts[];
  }
}
