import { pageNewestFirst } from '../db/newest-first.js';
import type { DeliveryStatus, WebhookEventType } from '../../../shared/contracts/webhooks.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Builder, Queryable } from '../db/query.js';

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

/** The delivery log: deliveries with their event and endpoint, one or a page newest first. */
export class DeliveryLog {
  private readonly q;

  constructor(private readonly db: DataLayer) {
    this.q = {
      byId: db.prepare((k, p: { id: string }) => selectDeliveries(k).where('d.id', '=', p.id)),
    };
  }

  async find(q: Queryable, id: string): Promise<DeliveryRecord | undefined> {
    const row = await q.first(this.q.byId, { id });
    return row && toRecord(row);
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
    const after = query.after && { at: query.after.createdAt, id: query.after.id };
    const rows = await q.all(pageNewestFirst(select, { time: 'd.created_at', id: 'd.id' }, after, query.limit));
    return rows.map(toRecord);
  }
}
