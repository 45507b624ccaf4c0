import type { DataLayer } from '../../db/data-layer.js';
import type { Queryable } from '../../db/query.js';

/** One refund of a payment, as the processor answered it. */
export interface RefundRecord {
  id: string;
  paymentId: string;
  amount: number;
  status: 'approved' | 'declined' | 'error';
  responseCode: string;
  responseDetail: string;
  actor: string;
  createdAt: string;
  /** The register it was handed out at (written when made; reads leave it out). */
  terminalId?: string | null;
  /** The drawer shift open at that register (written when made; reads leave it out). */
  shiftId?: string | null;
}

/** Refunds (approved or not) of payments. Writers hold the durable write transaction. */
export class RefundsRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      insert: db.prepare((k, p: RefundRecord) =>
        k.insertInto('payment_refunds').values({
          id: p.id,
          payment_id: p.paymentId,
          amount_cents: p.amount,
          status: p.status,
          response_code: p.responseCode,
          response_detail: p.responseDetail,
          actor: p.actor,
          created_at: p.createdAt,
          terminal_id: p.terminalId,
          shift_id: p.shiftId,
        }),
      ),
      ofPayment: db.prepare((k, p: { paymentId: string }) =>
        k
          .selectFrom('payment_refunds')
          .select([
            'id',
            'payment_id as paymentId',
            'amount_cents as amount',
            'status',
            'response_code as responseCode',
            'response_detail as responseDetail',
            'actor',
            'created_at as createdAt',
          ])
          .where('payment_id', '=', p.paymentId)
          .orderBy('created_at')
          .orderBy('id'),
      ),
    };
  }

  async insert(tx: Queryable, refund: RefundRecord): Promise<void> {
    await tx.run(this.q.insert, refund);
  }

  async ofPayment(q: Queryable, paymentId: string): Promise<RefundRecord[]> {
    return (await q.all(this.q.ofPayment, { paymentId })) as RefundRecord[];
  }
}
