import type { RefundLine } from '../../../../shared/contracts/payment-reports.js';
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
  /** The Idempotency-Key it was sent with and its request's hash (written when made; reads leave them out). */
  idempotencyKey?: string | null;
  requestHash?: string | null;
  /** The lines it gave back (refund_lines, written apart: refund-lines-repository.ts); [] for an amount only. */
  lines?: RefundLine[];
}

/** The columns a refund is read back with. */
const REFUND_COLUMNS = [
  'id',
  'payment_id as paymentId',
  'amount_cents as amount',
  'status',
  'response_code as responseCode',
  'response_detail as responseDetail',
  'actor',
  'created_at as createdAt',
] as const;

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
          idempotency_key: p.idempotencyKey ?? null,
          request_hash: p.requestHash ?? null,
        }),
      ),
      byKey: db.prepare((k, p: { paymentId: string; key: string }) =>
        k
          .selectFrom('payment_refunds')
          .select(REFUND_COLUMNS)
          .select('request_hash as requestHash')
          .where('payment_id', '=', p.paymentId)
          .where('idempotency_key', '=', p.key),
      ),
      ofPayment: db.prepare((k, p: { paymentId: string }) =>
        k
          .selectFrom('payment_refunds')
          .select(REFUND_COLUMNS)
          .where('payment_id', '=', p.paymentId)
          .orderBy('created_at')
          .orderBy('id'),
      ),
    };
  }

  async insert(tx: Queryable, refund: RefundRecord): Promise<void> {
    await tx.run(this.q.insert, refund);
  }

  /** The refund of `paymentId` sent with Idempotency-Key `key`, with its request's hash. */
  async byKey(
    q: Queryable,
    paymentId: string,
    key: string,
  ): Promise<(RefundRecord & { requestHash: string }) | undefined> {
    return (await q.first(this.q.byKey, { paymentId, key })) as (RefundRecord & { requestHash: string }) | undefined;
  }

  async ofPayment(q: Queryable, paymentId: string): Promise<RefundRecord[]> {
    return (await q.all(this.q.ofPayment, { paymentId })) as RefundRecord[];
  }
}
