import type { OrderUpdate } from '../../../../shared/contracts/live.js';
import { dispensaryTopic, type LiveHub } from '../../core/live-hub.js';
import type { Queryable } from '../../db/query.js';
import type { PaymentEvents } from '../pay/payment-events.js';
import type { PaymentStore } from '../store/payment-store.js';

/** One session followed on this instance: by how many streams, and how to stop hearing its order. */
interface Followed {
  streams: number;
  stop: () => void;
}

/**
 * Tells the widgets following a session when its order changes with no payment of it — its lines
 * edited (README "Changing an order's lines"), a register's forwarded change: the order's
 * `order.updated` on its store's `orders` topic becomes a `session.updated` of the session, whose view
 * carries the order's balance now. A payment's own change tells its order's sessions already
 * (PaymentEvents). One subscription per session followed on this instance, however many streams.
 */
export class OrderFollowers {
  private readonly followed = new Map<string, Followed | Promise<Followed | null>>();

  constructor(
    private readonly db: Queryable,
    private readonly live: LiveHub,
    private readonly store: PaymentStore,
    private readonly events: PaymentEvents,
  ) {}

  /** Follows the order of session `sessionId` for one stream; answers how to stop when that stream ends. */
  async follow(sessionId: string): Promise<() => void> {
    let entry = this.followed.get(sessionId);
    if (!entry) {
      entry = this.subscribe(sessionId);
      this.followed.set(sessionId, entry);
    }
    const followed = await entry;
    if (!followed) {
      this.followed.delete(sessionId);
      return () => undefined;
    }
    this.followed.set(sessionId, followed);
    followed.streams += 1;
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      followed.streams -= 1;
      if (followed.streams > 0) return;
      followed.stop();
      this.followed.delete(sessionId);
    };
  }

  /** Subscribes to the store's orders for the session's order; null when it pays none or is over. */
  private async subscribe(sessionId: string): Promise<Followed | null> {
    const session = await this.store.sessions.find(this.db, sessionId);
    if (!session?.orderId || !session.dispensaryId || session.status !== 'open') return null;
    const { orderId } = session;
    const stop = this.live.subscribe(dispensaryTopic(session.dispensaryId, 'orders'), (frame) => {
      // Another order's change (most of a busy store's) is passed over before its JSON is read.
      if (frame.event !== 'order.updated' || !frame.data.includes(orderId)) return;
      const update = JSON.parse(frame.data) as OrderUpdate;
      if (update.orderId !== orderId || update.payment) return;
      // Lost for live clients only when it fails, as any publish (the data is committed).
      this.events.sessionChanged(sessionId).catch(() => undefined);
    });
    return { streams: 0, stop };
  }
}
