import type { DisplayState } from '../../../shared/contracts/display.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { DisplayRepository } from './display-repository.js';

/**
 * Who sent the payment a register's pole display shows (payments/checkout/display-senders.ts, the
 * port it implements): the staff login whose POS set that state, as the display's row keeps it.
 */
export class DisplaySenders {
  private readonly displays: DisplayRepository;
  private readonly q;

  constructor(db: DataLayer) {
    this.displays = new DisplayRepository(db);
    this.q = {
      staff: db.prepare((k, p: { id: string }) =>
        k.selectFrom('users').select(['id', 'employee_ref as employeeRef']).where('id', '=', p.id),
      ),
    };
  }

  /** The staff user who set register `terminalId`'s display to take order `orderId`'s payment, while it shows it. */
  async paymentSentBy(q: Queryable, dispensaryId: string, terminalId: string, orderId: string) {
    const stored = await this.displays.find(q, dispensaryId, terminalId);
    const [kind, id] = (stored?.setBy ?? '').split(':', 2);
    if (!stored || kind !== 'staff' || !id) return null;
    const state = JSON.parse(stored.stateJson) as DisplayState;
    if (state.phase !== 'payment' || state.payment.orderId !== orderId) return null;
    return (await q.first(this.q.staff, { id })) ?? null;
  }
}
