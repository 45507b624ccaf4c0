import type { PaymentStatus } from '../../../../shared/contracts/payment.js';
import type { Queryable } from '../../db/query.js';
import type { ChangeOrigin, OrderEvents } from '../../tickets/order-events.js';
import type { StoredPayment } from './payment-types.js';

/** A payment moved to another status, or (`to: 'refund'`) gave `refunded` cents back. */
export interface PaymentChange {
  from: PaymentStatus;
  to: PaymentStatus | 'refund';
  at: string;
  /** Cents given back by this refund (with `to: 'refund'`). */
  refunded?: number;
  origin: ChangeOrigin;
}

/** Reads the payment as it now is, in the transaction of its change. */
export type LoadPayment = () => Promise<StoredPayment | undefined>;

/**
 * A consumer of payments' changes (webhooks, state reporting, …), told inside the transaction of the
 * change (the outbox pattern). The payments repository knows only this port; app.ts hands it the
 * consumers.
 */
export interface PaymentListener {
  changed(tx: Queryable, change: PaymentChange, load: LoadPayment): Promise<void>;
  /** Whether a change of this origin may be announced now (cached): false lets a caller skip reading for it. */
  listening(q: Queryable, origin: ChangeOrigin): Promise<boolean>;
}

const READ_ONLY = 'this payments repository only reads: it has no listeners to announce a change to';

/** Tells every listener, in the order given. */
export class PaymentChanges implements PaymentListener {
  constructor(private readonly listeners: readonly PaymentListener[]) {}

  async changed(tx: Queryable, change: PaymentChange, load: LoadPayment): Promise<void> {
    for (const listener of this.listeners) await listener.changed(tx, change, load);
  }

  async listening(q: Queryable, origin: ChangeOrigin): Promise<boolean> {
    for (const listener of this.listeners) if (await listener.listening(q, origin)) return true;
    return false;
  }

  /** For a repository that only reads: a change announced through it is a mistake, and says so. */
  static readonly readOnly = new PaymentChanges([
    { changed: () => Promise.reject(new Error(READ_ONLY)), listening: () => Promise.resolve(false) },
  ]);
}

/** Where orders' and payments' changes are announced: what app.ts wires, handed to their writers. */
export interface ChangeEvents {
  orders: OrderEvents;
  payments: PaymentChanges;
}
