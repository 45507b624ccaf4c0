import type { OrderPaymentStatus, OrderStatus } from '../../../shared/order-status.js';
import type { Queryable, WriteStep } from '../db/query.js';
import type { FullOrder } from './order-records.js';

/**
 * Where a change comes from: made by this service (`here`), or applied from the rows an attached
 * register forwarded (`forwarded`: the register did its own bookkeeping, such as the state's
 * records, and forwards that too).
 */
export type ChangeOrigin = 'here' | 'forwarded';

/**
 * An order created (`from` null), moved to another status, paid or no longer paid: `paymentFrom`
 * and `paymentTo` are the same when only its status moved, and `from` and `to` when only its
 * payment changed (an order paid while it is picked).
 */
export interface OrderChange {
  dispensaryId: string;
  orderId: string;
  from: OrderStatus | null;
  to: OrderStatus;
  paymentFrom: OrderPaymentStatus | null;
  paymentTo: OrderPaymentStatus;
  at: string;
  origin: ChangeOrigin;
}

/**
 * An order's lines edited before it is paid (a quantity, a package, a line taken off): its status
 * and how it is paid stay as they are; its lines and totals are new.
 */
export interface OrderEdit {
  dispensaryId: string;
  orderId: string;
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  at: string;
  origin: ChangeOrigin;
}

/** Reads the order as it now is, in the transaction of its change. */
export type LoadOrder = () => Promise<FullOrder | undefined>;

/** A new order's announcement: writes to go in the order's own write, and what to call once written. */
export interface Announcement {
  steps: WriteStep[];
  written(): void;
}

/**
 * A consumer of orders' changes (webhooks, state reporting, …). It is told inside the transaction of
 * the change (the outbox pattern): what it writes commits with the change or not at all. The orders
 * repository knows only this port; app.ts hands it the consumers.
 */
export interface OrderListener {
  /**
   * A new order, as writes for its own one-statement write (`DataLayer.writeSteps`): the order
   * here, its announcement, then the stock it takes. Absent, or no steps: nothing to write.
   */
  created?(q: Queryable, full: FullOrder): Promise<Announcement>;
  /** An order moved, or its payment did (or a forwarded order was created): see OrderChange. */
  changed(tx: Queryable, change: OrderChange, load: LoadOrder): Promise<void>;
  /** An order's lines were edited (absent: the listener has nothing to do for it). */
  edited?(tx: Queryable, edit: OrderEdit, load: LoadOrder): Promise<void>;
  /** Whether a change of this origin may be announced now (cached): false lets a caller skip reading for it. */
  listening(q: Queryable, origin: ChangeOrigin): Promise<boolean>;
}

const NOTHING: Announcement = { steps: [], written: () => undefined };
const READ_ONLY = 'this orders repository only reads: it has no listeners to announce a change to';

/** Tells every listener, in the order given. */
export class OrderEvents implements OrderListener {
  constructor(private readonly listeners: readonly OrderListener[]) {}

  async created(q: Queryable, full: FullOrder): Promise<Announcement> {
    const announcing: Announcement[] = [];
    for (const listener of this.listeners) {
      const announcement = await listener.created?.(q, full);
      if (announcement && announcement.steps.length > 0) announcing.push(announcement);
    }
    if (announcing.length === 0) return NOTHING;
    return {
      steps: announcing.flatMap((one) => one.steps),
      written: () => announcing.forEach((one) => one.written()),
    };
  }

  async changed(tx: Queryable, change: OrderChange, load: LoadOrder): Promise<void> {
    for (const listener of this.listeners) await listener.changed(tx, change, load);
  }

  async edited(tx: Queryable, edit: OrderEdit, load: LoadOrder): Promise<void> {
    for (const listener of this.listeners) await listener.edited?.(tx, edit, load);
  }

  async listening(q: Queryable, origin: ChangeOrigin): Promise<boolean> {
    for (const listener of this.listeners) if (await listener.listening(q, origin)) return true;
    return false;
  }

  /** For a repository that only reads: a change announced through it is a mistake, and says so. */
  static readonly readOnly = new OrderEvents([
    {
      created: () => Promise.reject(new Error(READ_ONLY)),
      changed: () => Promise.reject(new Error(READ_ONLY)),
      edited: () => Promise.reject(new Error(READ_ONLY)),
      listening: () => Promise.resolve(false),
    },
  ]);
}
