import { sql } from 'kysely';
import type { DeliveryStatus, WebhookEventType } from '../../../shared/contracts/webhooks.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Builder, Queryable } from '../db/query.js';
import type { WebhookEventsTable } from '../db/schema.js';

/** One delivery with what the log shows of its event and endpoint. */
export interface DeliveryRecord {
  id: string;
  endpointId: string;
  url: string;
  eventId: string;
  eventType: WebhookEventType;
  orderNumber: string | null;
  organizationId: string;
  dispensaryId: string | null;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastResult: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  giveUpAt: string;
  deliveredAt: string | null;
  createdAt: string;
}

/** What the log is filtered by: an organization (and store), an endpoint, a status, a page. */
export interface DeliveryQuery {
  organizationId?: string;
  /** Only deliveries of events of this store (with those of no store). */
  dispensaryId?: string;
  endpointId?: string;
  /** Only deliveries to endpoints of this one store (a login limited to it sees no others). */
  endpointStoreId?: string;
  status?: DeliveryStatus;
  after?: { createdAt: string; id: string };
  limit: number;
}

/** How one try ended. */
export type TryResult =
  | { kind: 'delivered'; statusCode: number; result: string; at: string }
  | { kind: 'retry' | 'failed'; statusCode: number | null; result: string; at: string; nextAt: string | null };

const selectDeliveries = (k: Builder) =>
  k
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .select([
      'd.id',
      'd.endpoint_id as endpointId',
      'w.url',
      'd.event_id as eventId',
      'e.type as eventType',
      'e.order_number as orderNumber',
      'e.organization_id as organizationId',
      'e.dispensary_id as dispensaryId',
      'd.status',
      'd.attempts',
      'd.last_status_code as lastStatusCode',
      'd.last_result as lastResult',
      'd.last_attempt_at as lastAttemptAt',
      'd.next_attempt_at as nextAttemptAt',
      'd.give_up_at as giveUpAt',
      'd.delivered_at as deliveredAt',
      'd.created_at as createdAt',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectDeliveries>['executeTakeFirstOrThrow']>>;
const toRecord = (row: Row) => row as DeliveryRecord;

/**
 * The outbox: events written in the transaction of the change they announce, one delivery per
 * event and endpoint, and the dispatcher's queue over them. A try is claimed by a conditional
 * update of its due time, so two service instances never send the same try.
 */
export class OutboxRepository {
  private readonly q;

  constructor(private readonly db: DataLayer) {
    this.q = {
      nextSequence: db.prepare((k, p: { subjectId: string }) =>
        k
          .insertInto('webhook_sequences')
          .values({ subject_id: p.subjectId, last: 1 })
          .onConflict((c) =>
            c.column('subject_id').doUpdateSet((eb) => ({ last: eb('webhook_sequences.last', '+', 1) })),
          )
          .returning('last'),
      ),
      insertEvent: db.prepare((k, p: WebhookEventsTable) =>
        k.insertInto('webhook_events').values({
          id: p.id,
          type: p.type,
          organization_id: p.organization_id,
          dispensary_id: p.dispensary_id,
          subject_id: p.subject_id,
          sequence: p.sequence,
          order_number: p.order_number,
          payload: p.payload,
          created_at: p.created_at,
        }),
      ),
      insertDelivery: db.prepare(
        (k, p: { id: string; eventId: string; endpointId: string; at: string; giveUpAt: string }) =>
          k.insertInto('webhook_deliveries').values({
            id: p.id,
            event_id: p.eventId,
            endpoint_id: p.endpointId,
            status: 'pending',
            attempts: 0,
            next_attempt_at: p.at,
            give_up_at: p.giveUpAt,
            created_at: p.at,
          }),
      ),
      due: db.prepare((k, p: { now: string; limit: number }) =>
        k
          .selectFrom('webhook_deliveries as d')
          .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
          .select(['d.id', 'd.next_attempt_at as nextAttemptAt'])
          .where('d.status', '=', 'pending')
          .where('d.next_attempt_at', '<=', p.now)
          .where('w.disabled', '=', 0)
          .orderBy('d.next_attempt_at')
          .limit(p.limit),
      ),
      claim: db.prepare((k, p: { id: string; seen: string; leaseUntil: string; now: string }) =>
        k
          .updateTable('webhook_deliveries')
          .set((eb) => ({ next_attempt_at: p.leaseUntil, attempts: eb('attempts', '+', 1), last_attempt_at: p.now }))
          .where('id', '=', p.id)
          .where('status', '=', 'pending')
          .where('next_attempt_at', '=', p.seen),
      ),
      send: db.prepare((k, p: { id: string }) =>
        k
          .selectFrom('webhook_deliveries as d')
          .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
          .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
          .select([
            'd.id',
            'd.endpoint_id as endpointId',
            'd.created_at as createdAt',
            'd.give_up_at as giveUpAt',
            'd.attempts',
            'e.id as eventId',
            'e.type as eventType',
            'e.payload',
            'w.url',
            'w.secret',
            'w.allow_local as allowLocal',
          ])
          .where('d.id', '=', p.id),
      ),
      byId: db.prepare((k, p: { id: string }) => selectDeliveries(k).where('d.id', '=', p.id)),
      record: db.prepare(
        (
          k,
          p: {
            id: string;
            status: string;
            code: number | null;
            result: string;
            next: string | null;
            delivered: string | null;
          },
        ) =>
          k
            .updateTable('webhook_deliveries')
            .set({
              status: p.status,
              last_status_code: p.code,
              last_result: p.result,
              next_attempt_at: p.next,
              // The first time it was received stays, whatever a later redelivery gets.
              delivered_at: sql<string | null>`COALESCE(delivered_at, ${p.delivered})`,
            })
            .where('id', '=', p.id)
            .where('status', '=', 'pending'),
      ),
      // Made due and claimed at once (see OutboxRepository.redeliver).
      redeliver: db.prepare((k, p: { id: string; now: string; leaseUntil: string }) =>
        k
          .updateTable('webhook_deliveries')
          .set((eb) => ({
            status: 'pending',
            next_attempt_at: p.leaseUntil,
            attempts: eb('attempts', '+', 1),
            last_attempt_at: p.now,
            // A delivery still being retried keeps its three days; a finished one gets this one try.
            give_up_at: sql<string>`CASE WHEN status = 'pending' THEN give_up_at ELSE ${p.now} END`,
          }))
          .where('id', '=', p.id),
      ),
      deliveredSince: db.prepare((k, p: { endpointId: string; since: string }) =>
        k
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('endpoint_id', '=', p.endpointId)
          .where('status', '=', 'delivered')
          .where('delivered_at', '>=', p.since)
          .limit(1),
      ),
    };
  }

  /** The next number in the order's (or payment's) own sequence of events; locks it until commit. */
  async nextSequence(tx: Queryable, subjectId: string): Promise<number> {
    return Number((await tx.first(this.q.nextSequence, { subjectId }))!.last);
  }

  async insertEvent(tx: Queryable, event: WebhookEventsTable): Promise<void> {
    await tx.run(this.q.insertEvent, event);
  }

  async insertDelivery(
    tx: Queryable,
    delivery: { id: string; eventId: string; endpointId: string; at: string; giveUpAt: string },
  ) {
    await tx.run(this.q.insertDelivery, delivery);
  }

  /** Pending deliveries due by `now` to enabled endpoints, oldest due first. */
  due(q: Queryable, now: string, limit: number): Promise<{ id: string; nextAttemptAt: string | null }[]> {
    return q.all(this.q.due, { now, limit });
  }

  /** Takes a due try: its due time moves past the try's timeout (a crash mid-try retries it then). */
  async claim(tx: Queryable, id: string, seen: string, leaseUntil: string, now: string): Promise<boolean> {
    return (await tx.run(this.q.claim, { id, seen, leaseUntil, now })) === 1;
  }

  /** What a try sends, and where. */
  async toSend(q: Queryable, id: string) {
    const row = await q.first(this.q.send, { id });
    return row && { ...row, allowLocal: row.allowLocal === 1, eventType: row.eventType as WebhookEventType };
  }

  async find(q: Queryable, id: string): Promise<DeliveryRecord | undefined> {
    const row = await q.first(this.q.byId, { id });
    return row && toRecord(row);
  }

  /** Writes a try's outcome (only over a pending delivery: a later redelivery's result is kept). */
  async record(tx: Queryable, id: string, outcome: TryResult): Promise<void> {
    const delivered = outcome.kind === 'delivered';
    await tx.run(this.q.record, {
      id,
      status: outcome.kind === 'retry' ? 'pending' : outcome.kind,
      code: outcome.statusCode,
      result: outcome.result,
      next: delivered ? null : outcome.nextAt,
      delivered: delivered ? outcome.at : null,
    });
  }

  /** Claims one more try of a delivery, now, whatever its state (a manual redelivery). */
  async redeliver(tx: Queryable, id: string, now: string, leaseUntil: string): Promise<void> {
    await tx.run(this.q.redeliver, { id, now, leaseUntil });
  }

  /** True when the endpoint received any delivery at or after `since`. */
  async deliveredSince(q: Queryable, endpointId: string, since: string): Promise<boolean> {
    return (await q.first(this.q.deliveredSince, { endpointId, since })) !== undefined;
  }

  /** The delivery log, newest first. */
  async list(q: Queryable, query: DeliveryQuery): Promise<DeliveryRecord[]> {
    let select = selectDeliveries(this.db.builder);
    if (query.organizationId) select = select.where('e.organization_id', '=', query.organizationId);
    if (query.dispensaryId) {
      const { dispensaryId } = query;
      select = select.where((eb) =>
        eb.or([eb('e.dispensary_id', '=', dispensaryId), eb('e.dispensary_id', 'is', null)]),
      );
    }
    if (query.endpointId) select = select.where('d.endpoint_id', '=', query.endpointId);
    if (query.endpointStoreId) select = select.where('w.dispensary_id', '=', query.endpointStoreId);
    if (query.status) select = select.where('d.status', '=', query.status);
    const { after } = query;
    if (after) {
      select = select.where((eb) =>
        eb.or([
          eb('d.created_at', '<', after.createdAt),
          eb.and([eb('d.created_at', '=', after.createdAt), eb('d.id', '<', after.id)]),
        ]),
      );
    }
    const rows = await q.all(select.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(query.limit));
    return rows.map(toRecord);
  }
}
