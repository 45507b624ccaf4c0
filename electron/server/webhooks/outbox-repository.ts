import { sql, type ExpressionBuilder } from 'kysely';
import type { WebhookEventType } from '../../../shared/contracts/webhooks.js';
import type { DataLayer } from '../db/data-layer.js';
import { writeStep, type Builder, type Queryable, type WriteStep } from '../db/query.js';
import type { Database, WebhookEventsTable } from '../db/schema.js';

/** How one try ended. */
export type TryResult =
  | { kind: 'delivered'; statusCode: number; result: string; at: string }
  | { kind: 'retry' | 'failed'; statusCode: number | null; result: string; at: string; nextAt: string | null };

/** One delivery of an event to one endpoint, as it is first written: pending, due at once. */
export interface DeliveryRow {
  id: string;
  eventId: string;
  endpointId: string;
  at: string;
  giveUpAt: string;
}

/**
 * The delivery's endpoint is enabled, read in the statement that claims a try: a disable committed
 * before the claim is always seen, so nothing new is sent to a disabled endpoint.
 */
const endpointEnabled = ({ exists, selectFrom }: ExpressionBuilder<Database, 'webhook_deliveries'>) =>
  exists(
    selectFrom('webhook_endpoints as w')
      .select('w.id')
      .whereRef('w.id', '=', 'webhook_deliveries.endpoint_id')
      .where('w.disabled', '=', 0),
  );

/** A pending delivery due now, as the dispatcher's queue lists it. */
export interface DueDelivery {
  id: string;
  endpointId: string;
  nextAttemptAt: string | null;
}

/** Pending deliveries due by `now` to enabled endpoints, oldest due first. */
const selectDue = (k: Builder, now: string, limit: number) =>
  k
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .select(['d.id', 'd.endpoint_id as endpointId', 'd.next_attempt_at as nextAttemptAt'])
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at', '<=', now)
    .where('w.disabled', '=', 0)
    .orderBy('d.next_attempt_at')
    .orderBy('d.id')
    .limit(limit);

/**
 * The outbox: events written in the transaction of the change they announce, one delivery per
 * event and endpoint, and the dispatcher's queue over them. A try is claimed by a conditional
 * update of its due time, so two service instances never send the same try.
 */
export class OutboxRepository {
  private readonly q;
  private readonly builder: Builder;

  constructor(db: DataLayer) {
    this.builder = db.builder;
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
      startSequence: db.prepare((k, p: { subjectId: string }) =>
        k.insertInto('webhook_sequences').values({ subject_id: p.subjectId, last: 1 }),
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
      insertDelivery: db.prepare((k, p: DeliveryRow) =>
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
      due: db.prepare((k, p: { now: string; limit: number }) => selectDue(k, p.now, p.limit)),
      claim: db.prepare((k, p: { id: string; seen: string; leaseUntil: string; now: string }) =>
        k
          .updateTable('webhook_deliveries')
          .set((eb) => ({ next_attempt_at: p.leaseUntil, attempts: eb('attempts', '+', 1), last_attempt_at: p.now }))
          .where('id', '=', p.id)
          .where('status', '=', 'pending')
          .where('next_attempt_at', '=', p.seen)
          .where(endpointEnabled),
      ),
      // A claimed try not sent (its endpoint was disabled meanwhile): due again, its try not counted.
      giveBack: db.prepare((k, p: { id: string; leaseUntil: string; now: string }) =>
        k
          .updateTable('webhook_deliveries')
          .set((eb) => ({ next_attempt_at: p.now, attempts: eb('attempts', '-', 1) }))
          .where('id', '=', p.id)
          .where('status', '=', 'pending')
          .where('next_attempt_at', '=', p.leaseUntil),
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
            'w.disabled',
          ])
          .where('d.id', '=', p.id),
      ),
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
          .where('id', '=', p.id)
          .where(endpointEnabled),
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

  /** An event and its deliveries, as writes of one round trip (`Queryable.runAll`). */
  eventSteps(event: WebhookEventsTable, deliveries: readonly DeliveryRow[]): WriteStep[] {
    return [
      writeStep(this.q.insertEvent, event),
      ...deliveries.map((delivery) => writeStep(this.q.insertDelivery, delivery)),
    ];
  }

  /**
   * A new subject's first event (its sequence starts at 1) and the event's deliveries, as steps of
   * the write that makes the subject (`Queryable.runAll`, `DataLayer.writeSteps`).
   */
  firstEventSteps(event: WebhookEventsTable, deliveries: readonly DeliveryRow[]): WriteStep[] {
    if (event.sequence !== 1) throw new Error(`a first event is number 1 of its subject, not ${event.sequence}`);
    return [writeStep(this.q.startSequence, { subjectId: event.subject_id }), ...this.eventSteps(event, deliveries)];
  }

  /**
   * Pending deliveries due by `now` to enabled endpoints, oldest due first, but for those to
   * `skipEndpoints` (endpoints whose every lane is taken: the queue is read past them).
   */
  due(q: Queryable, now: string, limit: number, skipEndpoints: readonly string[] = []): Promise<DueDelivery[]> {
    if (skipEndpoints.length === 0) return q.all(this.q.due, { now, limit });
    return q.all(selectDue(this.builder, now, limit).where('d.endpoint_id', 'not in', skipEndpoints));
  }

  /**
   * Takes a due try: its due time moves past the try's timeout (a crash mid-try retries it then).
   * False when another instance took it first, or its endpoint is disabled.
   */
  async claim(tx: Queryable, id: string, seen: string, leaseUntil: string, now: string): Promise<boolean> {
    return (await tx.run(this.q.claim, { id, seen, leaseUntil, now })) === 1;
  }

  /** What a try sends, and where; `disabled`: its endpoint was disabled since the try was claimed. */
  async toSend(q: Queryable, id: string) {
    const row = await q.first(this.q.send, { id });
    return (
      row && {
        ...row,
        allowLocal: row.allowLocal === 1,
        disabled: row.disabled === 1,
        eventType: row.eventType as WebhookEventType,
      }
    );
  }

  /** Gives back a claimed try that was not sent: due at `now` again, its try not counted. */
  async giveBack(tx: Queryable, id: string, leaseUntil: string, now: string): Promise<void> {
    await tx.run(this.q.giveBack, { id, leaseUntil, now });
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

  /**
   * Claims one more try of a delivery, now, whatever its state (a manual redelivery); false when
   * its endpoint is disabled.
   */
  async redeliver(tx: Queryable, id: string, now: string, leaseUntil: string): Promise<boolean> {
    return (await tx.run(this.q.redeliver, { id, now, leaseUntil })) === 1;
  }

  /** True when the endpoint received any delivery at or after `since`. */
  async deliveredSince(q: Queryable, endpointId: string, since: string): Promise<boolean> {
    return (await q.first(this.q.deliveredSince, { endpointId, since })) !== undefined;
  }
}
