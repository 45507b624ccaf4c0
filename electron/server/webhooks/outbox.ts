import type { WebhookEventType, WebhookPaymentData } from '../../../shared/contracts/webhooks.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { DataLayer } from '../db/data-layer.js';
import { EpochCache } from '../db/epoch-cache.js';
import type { Queryable } from '../db/query.js';
import type { LoadPayment, PaymentChange, PaymentListener } from '../payments/store/payment-changes.js';
import { toPaymentRecord } from '../payments/store/payment-record.js';
import type { Announcement, LoadOrder, OrderChange, OrderEdit, OrderListener } from '../tickets/order-events.js';
import type { FullOrder } from '../tickets/order-records.js';
import { toTicket } from '../tickets/ticket-serializer.js';
import { EndpointsRepository } from './endpoints-repository.js';
import { orderEventType, paymentEventType } from './event-types.js';
import { eventRows, type Change } from './event-rows.js';
import { OutboxRepository } from './outbox-repository.js';

/** An enabled endpoint of an organization, as the outbox matches events against it. */
interface Subscription {
  id: string;
  dispensaryId: string | null;
  events: ReadonlySet<WebhookEventType>;
}

type Store = Pick<Dispensary, 'organizationId' | 'shortName' | 'address'>;

/**
 * Writes webhook events in the transaction of the change they announce (the outbox): an event is
 * committed with its change or not at all, so none is lost by a crash between the change and the
 * send and none is sent for a change that rolled back. An event no enabled endpoint wants costs one
 * cached lookup. It listens to orders' and payments' changes (`orders`, `payments`: app.ts wires
 * them in), those made here and those a register forwarded alike.
 */
export class WebhookOutbox {
  private readonly endpoints: EndpointsRepository;
  private readonly outbox: OutboxRepository;
  private readonly subscriptions: EpochCache<Subscription[]>;
  private readonly stores: EpochCache<Store>;
  private readonly dispensaries: DispensaryRepository;
  private readonly enabledAnywhere: EpochCache<{ any: boolean }>;
  /** Told after an event was written (its transaction may not be committed yet). */
  onRecorded: () => void = () => undefined;

  /** The orders' listener: an event for a new order, for each status it moves to, and for an edit of its lines. */
  readonly orders: OrderListener = {
    created: (q, full) => this.orderCreated(q, full),
    changed: (tx, change, load) => this.orderChanged(tx, change, load),
    edited: (tx, edit, load) => this.orderEdited(tx, edit, load),
    listening: (q) => this.anyEndpoint(q),
  };

  /** The payments' listener: an event for each status a payment moves to, and for each refund. */
  readonly payments: PaymentListener = {
    changed: (tx, change, load) => this.paymentChanged(tx, change, load),
    listening: (q) => this.anyEndpoint(q),
  };

  constructor(db: DataLayer) {
    this.endpoints = new EndpointsRepository(db);
    this.outbox = new OutboxRepository(db);
    this.subscriptions = new EpochCache(db);
    this.stores = new EpochCache(db);
    this.dispensaries = new DispensaryRepository(db);
    this.enabledAnywhere = new EpochCache(db);
  }

  /** An order was created (`from` null) or changed status; `load` reads it as it now is, in `tx`. */
  private async orderChanged(tx: Queryable, change: OrderChange, load: LoadOrder): Promise<void> {
    const found = await this.orderChange(tx, change, load);
    if (found) await this.record(tx, found);
  }

  /**
   * The writes recording a new order's event, to go in the order's own write (see
   * `DataLayer.writeSteps`): none when no enabled endpoint wants it. It is the order's first event.
   * `written` wakes the dispatcher once they are written.
   */
  private async orderCreated(q: Queryable, full: FullOrder): Promise<Announcement> {
    const { order } = full;
    const { dispensaryId, id: orderId, status: to, paymentStatus: paymentTo, createdAt: at } = order;
    const created = {
      dispensaryId,
      orderId,
      from: null,
      to,
      paymentFrom: null,
      paymentTo,
      at,
      origin: 'here',
    } as const;
    const change = await this.orderChange(q, created, () => Promise.resolve(full));
    const wanted = change ? await this.wanted(q, change) : [];
    if (!change || wanted.length === 0) return { steps: [], written: () => undefined };
    const { event, deliveries } = await eventRows(change, await this.shortName(q, change), wanted, 1);
    return { steps: this.outbox.firstEventSteps(event, deliveries), written: () => this.onRecorded() };
  }

  /** An order's lines were edited: `order.updated`, carrying the ticket as it now is. */
  private async orderEdited(tx: Queryable, edit: OrderEdit, load: LoadOrder): Promise<void> {
    if (!(await this.anyEndpoint(tx))) return;
    await this.record(tx, await this.orderEvent(tx, 'order.updated', edit, load));
  }

  /** The event an order's change makes, if it makes one and any endpoint is enabled. */
  private async orderChange(q: Queryable, change: OrderChange, load: LoadOrder): Promise<Change | undefined> {
    const type = orderEventType(change);
    if (!type || !(await this.anyEndpoint(q))) return undefined;
    return this.orderEvent(q, type, change, load);
  }

  /** An order's event of `type`: its data is the ticket as `load` reads it. */
  private async orderEvent(
    q: Queryable,
    type: WebhookEventType,
    change: Pick<OrderChange, 'dispensaryId' | 'orderId' | 'at'>,
    load: LoadOrder,
  ): Promise<Change> {
    const store = await this.store(q, change.dispensaryId);
    return {
      type,
      organizationId: store.organizationId,
      dispensaryId: change.dispensaryId,
      subjectId: change.orderId,
      at: change.at,
      load: async () => {
        const full = (await load())!;
        return { data: toTicket(full, store.address), orderNumber: full.order.orderNumber };
      },
    };
  }

  /**
   * A payment changed status (`refund`: money went back, in part or in full); `load` reads it as it
   * now is, in `tx`.
   */
  private async paymentChanged(tx: Queryable, change: PaymentChange, load: LoadPayment): Promise<void> {
    const type = change.to === 'refund' ? 'payment.refunded' : paymentEventType(change.from, change.to);
    if (!type || !(await this.anyEndpoint(tx))) return;
    const payment = (await load())!;
    await this.record(tx, {
      type,
      organizationId: payment.organizationId,
      dispensaryId: payment.dispensaryId,
      subjectId: payment.orderId ?? payment.id,
      at: change.at,
      load: () =>
        Promise.resolve({
          data: { ...toPaymentRecord(payment), refundedAmount: payment.refunded } satisfies WebhookPaymentData,
          orderNumber: payment.ticketAlphaNumId,
          ...(change.refunded === undefined
            ? {}
            : { refund: { amount: change.refunded, totalRefunded: payment.refunded } }),
        }),
    });
  }

  private async record(tx: Queryable, change: Change): Promise<void> {
    const wanted = await this.wanted(tx, change);
    if (wanted.length === 0) return;
    const sequence = await this.outbox.nextSequence(tx, change.subjectId);
    const { event, deliveries } = await eventRows(change, await this.shortName(tx, change), wanted, sequence);
    await tx.runAll(this.outbox.eventSteps(event, deliveries));
    this.onRecorded();
  }

  /** The enabled endpoints that want `change`'s event. */
  private async wanted(q: Queryable, change: Change): Promise<Subscription[]> {
    return (await this.subscribed(q, change.organizationId)).filter(
      (endpoint) =>
        endpoint.events.has(change.type) &&
        (endpoint.dispensaryId === null || endpoint.dispensaryId === change.dispensaryId),
    );
  }

  /** The enabled endpoints of an organization (cached until an endpoint changes anywhere). */
  private async subscribed(tx: Queryable, organizationId: string): Promise<Subscription[]> {
    const found = await this.subscriptions.get(organizationId, async () =>
      (await this.endpoints.list(tx, organizationId))
        .filter((endpoint) => !endpoint.disabled)
        .map((endpoint) => ({
          id: endpoint.id,
          dispensaryId: endpoint.dispensaryId,
          events: new Set(endpoint.events),
        })),
    );
    return found ?? [];
  }

  /** Whether any enabled endpoint exists anywhere: when none does, no event is written (one cached lookup). */
  private async anyEndpoint(tx: Queryable): Promise<boolean> {
    const found = await this.enabledAnywhere.get('', async () => ({ any: await this.endpoints.anyEnabled(tx) }));
    return found!.any;
  }

  /** The short name of the change's store, as its event names it (null for an organization's). */
  private async shortName(q: Queryable, change: Change): Promise<string | null> {
    return change.dispensaryId === null ? null : (await this.store(q, change.dispensaryId)).shortName;
  }

  private async store(tx: Queryable, dispensaryId: string): Promise<Store> {
    const found = await this.stores.get(dispensaryId, () => this.dispensaries.findById(dispensaryId, tx));
    return found!;
  }
}
