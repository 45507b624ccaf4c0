import type { OrderHistory, OrderHistoryStep } from '../../../shared/contracts/order-history.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { staffNames, type StaffNames } from '../auth/staff-names.js';
import { orderCodes } from './order-history-codes.js';
import { orderEntries, withPoints } from './order-history-points.js';

/** Payments that were taken at some point (approved, refunded or voided since). */
const TAKEN = ['approved', 'refunded', 'voided'];

type Who = { kind: 'staff' | 'partner' | 'system' | 'other'; id: string | null };

/** `staff:<id>`, `partner:<certId>`, `system` as recorded by the status history and payments. */
function who(actor: string): Who {
  const [kind, id] = actor.split(':', 2);
  if (kind === 'staff' || kind === 'partner') return { kind, id: id ?? null };
  return { kind: actor === 'system' || actor === 'operator' ? 'system' : 'other', id: null };
}

/**
 * An order's history as the back office shows it on its detail: each status it reached
 * (`order_status_history`; its cancel with the reason the audit trail keeps), each payment taken,
 * and each void and refund of them (the audit trail, with its reason), oldest first, each naming who
 * did it by display name (never a login id); the loyalty points the order moved, a void's and a
 * refund's on their steps; and what each promo code typed took off (order-history-codes.ts).
 */
export class OrderHistoryReader {
  constructor(private readonly db: DataLayer) {}

  /** The history of the store's order `orderId`; undefined when the store has no such order. */
  async read(
    q: Queryable,
    dispensaryId: string,
    orderId: string,
  ): Promise<Omit<OrderHistory, 'resultCode' | 'resultReason'> | undefined> {
    const k = this.db.builder;
    const order = await q.first(
      k
        .selectFrom('orders as o')
        .leftJoin('customers as c', (join) =>
          join.onRef('c.id', '=', 'o.customer_id').onRef('c.dispensary_id', '=', 'o.dispensary_id'),
        )
        .select(['o.id', 'o.source', 'o.promo_codes as promoCodes', 'o.created_at as createdAt'])
        .select(['c.first_name as firstName', 'c.last_name as lastName'])
        .where('o.id', '=', orderId)
        .where('o.dispensary_id', '=', dispensaryId),
    );
    if (!order) return undefined;
    const [statuses, payments, reversals, cancels, codes] = await Promise.all([
      q.all(
        k
          .selectFrom('order_status_history')
          .select(['id', 'from_status as from', 'to_status as to', 'actor', 'at'])
          .where('order_id', '=', orderId)
          .orderBy('at')
          .orderBy('id'),
      ),
      q.all(
        k
          .selectFrom('payments')
          .select(['id', 'method', 'amount_cents as amount', 'actor', 'completed_at as at'])
          .where('order_id', '=', orderId)
          .where('status', 'in', TAKEN)
          .where('completed_at', 'is not', null),
      ),
      q.all(
        k
          .selectFrom('audit_events as a')
          .innerJoin('payments as p', 'p.id', 'a.payment_id')
          .select(['a.action', 'a.at', 'a.actor_kind as kind', 'a.actor_id as id', 'a.actor_name as name'])
          .select(['a.amount_cents as amount', 'a.reason', 'a.details', 'p.method'])
          .where('a.order_id', '=', orderId)
          .where('a.action', 'in', ['payment_voided', 'payment_refunded']),
      ),
      q.all(
        k
          .selectFrom('audit_events')
          .select('reason')
          .where('order_id', '=', orderId)
          .where('action', '=', 'order_canceled')
          .orderBy('at'),
      ),
      orderCodes(this.db, q, { ...order, dispensaryId }),
    ]);
    const actors = [...statuses.map((row) => who(row.actor)), ...payments.map((row) => who(row.actor))];
    const staffIds = [...actors, ...reversals.map((row) => ({ kind: row.kind, id: row.id }))]
      .filter((actor) => actor.kind === 'staff')
      .map((actor) => actor.id);
    const partnerIds = actors.filter((actor) => actor.kind === 'partner').map((actor) => actor.id!);
    const [staff, partners] = await Promise.all([staffNames(this.db, q, staffIds), this.partnerNames(q, partnerIds)]);
    const nameOf = (actor: Who): string => {
      if (actor.kind === 'system') return 'ServicePay';
      if (actor.kind === 'staff') return (actor.id && staff.get(actor.id)) || '';
      if (actor.kind === 'partner') return (actor.id && partners.get(actor.id)) || '';
      return '';
    };
    const none = { from: null, to: null, method: null, amount: null, reason: '', details: '' };
    const steps: OrderHistoryStep[] = [
      ...statuses.map((row) => ({
        ...none,
        at: row.at,
        kind: 'status' as const,
        from: row.from as OrderHistoryStep['from'],
        to: row.to as OrderHistoryStep['to'],
        // A cancel is the order's last move (CANCELED is final): the trail's cancel says why.
        reason: row.to === 'CANCELED' ? (cancels.at(-1)?.reason ?? '') : '',
        by: nameOf(who(row.actor)),
      })),
      ...payments.map((row) => ({
        ...none,
        at: row.at!,
        kind: 'payment' as const,
        method: row.method as OrderHistoryStep['method'],
        amount: row.amount,
        by: nameOf(who(row.actor)),
      })),
      ...reversals.map((row) => ({
        ...none,
        at: row.at,
        kind: row.action === 'payment_voided' ? ('void' as const) : ('refund' as const),
        method: row.method as OrderHistoryStep['method'],
        amount: row.amount,
        reason: row.reason,
        details: row.details,
        by: reversalName(row, staff),
      })),
    ];
    // A payment that paid the order is taken the instant the order becomes paid: the payment first.
    const rank = { payment: 0, void: 1, refund: 1, status: 2 } as const;
    steps.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : rank[a.kind] - rank[b.kind]));
    const customerName = order.firstName ? `${order.firstName} ${order.lastName ?? ''}`.trim() : null;
    const source = order.source as OrderHistory['source'];
    const points = withPoints(steps, await orderEntries(this.db, q, orderId));
    return { orderId, source, customerName, ...points, codes };
  }

  private async partnerNames(q: Queryable, ids: string[]): Promise<ReadonlyMap<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await q.all(
      this.db.builder
        .selectFrom('partners')
        .select(['cert_id as id', 'name'])
        .where('cert_id', 'in', [...new Set(ids)]),
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}

/** The audit trail keeps the username too: a staff member is named by display name, the service as "ServicePay". */
function reversalName(row: { kind: string; id: string | null; name: string }, staff: StaffNames): string {
  if (row.kind === 'staff') return (row.id && staff.get(row.id)) || '';
  if (row.kind === 'system') return 'ServicePay';
  return row.kind === 'partner' ? row.name : '';
}
