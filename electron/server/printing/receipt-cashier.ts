import { isRole, ROLE_PERMISSIONS } from '../../../shared/permissions.js';
import type { DataLayer } from '../db/data-layer.js';
import type { StoredPayment } from '../payments/store/payment-types.js';
import type { OrderRecord } from '../tickets/order-records.js';

/** `staff:<id>` as orders, payments and the status history record who did something; null for anyone else. */
const staffId = (actor: string | null | undefined): string | null => {
  const [kind, id] = (actor ?? '').split(':', 2);
  return kind === 'staff' && id ? id : null;
};

/**
 * Who sold an order, as its receipt names them (README "Receipts"). A sale rung up at a register:
 * who rang it up, as ever. An order placed online was made by the shop (its partner or API user),
 * not by anyone at the counter: its receipt names who finished its sale there, that is who took the
 * payment that paid it (it is sold then, as the receipt's time says; on the pole display, the cashier
 * whose POS sent it there: payments/checkout/display-senders.ts), else, paid online or without a
 * payment, who handed it over. Only people who hand orders over are named: a pole display's own
 * login, or the shop's own user, never is. An online order neither paid at the counter nor handed
 * over names no one yet.
 */
export class ReceiptCashier {
  private readonly q;

  constructor(private readonly db: DataLayer) {
    this.q = {
      // The last hand-over: a sale reopened by a void and sold again names who sold it again.
      handedOverBy: db.prepare((k, p: { orderId: string }) =>
        k
          .selectFrom('order_status_history')
          .select('actor')
          .where('order_id', '=', p.orderId)
          .where('to_status', '=', 'COMPLETED')
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(1),
      ),
      staff: db.prepare((k, p: { id: string }) =>
        k.selectFrom('users').select(['display_name as name', 'role']).where('id', '=', p.id),
      ),
    };
  }

  /** The cashier line's name for `order`, whose sale `closing` closed (null while none has); empty: no one. */
  async of(
    order: Pick<OrderRecord, 'id' | 'source' | 'status' | 'createdBy'>,
    closing: StoredPayment | null,
  ): Promise<string> {
    if (order.source !== 'online') return (await this.staff(staffId(order.createdBy)))?.name ?? '';
    const paidBy = await this.counterPerson(staffId(closing?.actor));
    if (paidBy || order.status !== 'COMPLETED') return paidBy;
    const handedOver = await this.db.first(this.q.handedOverBy, { orderId: order.id });
    return this.counterPerson(staffId(handedOver?.actor));
  }

  /** The display name of staff member `id` when they hand orders over (`ticket:fulfil`); else empty. */
  private async counterPerson(id: string | null): Promise<string> {
    const user = await this.staff(id);
    if (!user || !isRole(user.role) || !ROLE_PERMISSIONS[user.role].includes('ticket:fulfil')) return '';
    return user.name;
  }

  private async staff(id: string | null) {
    return id === null ? undefined : this.db.first(this.q.staff, { id });
  }
}
