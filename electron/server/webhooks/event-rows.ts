import type { WebhookEvent, WebhookEventType } from '../../../shared/contracts/webhooks.js';
import { timeOrderedUuid } from '../db/ids.js';
import type { WebhookEventsTable } from '../db/schema.js';
import type { DeliveryRow } from './outbox-repository.js';

/** Deliveries are tried for three days after their event. */
export const DELIVERY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

/** What an event is about, and the body it will carry. */
export interface Change {
  type: WebhookEventType;
  organizationId: string;
  dispensaryId: string | null;
  subjectId: string;
  at: string;
  /** Reads the body (the order or payment as it now is) and the order number the log shows. */
  load: () => Promise<{ data: unknown; orderNumber: string | null; refund?: WebhookEvent['refund'] }>;
}

/**
 * The outbox's rows for `change`: its event, numbered `sequence` among its subject's, with the body
 * every delivery of it will carry, and one pending delivery per endpoint that wants it.
 */
export async function eventRows(
  change: Change,
  dispensaryShortName: string | null,
  endpoints: readonly { id: string }[],
  sequence: number,
): Promise<{ event: WebhookEventsTable; deliveries: DeliveryRow[] }> {
  const id = `evt_${timeOrderedUuid().replaceAll('-', '')}`;
  const { data, orderNumber, refund } = await change.load();
  const event: WebhookEvent = {
    id,
    type: change.type,
    createdAt: change.at,
    organizationId: change.organizationId,
    dispensaryId: change.dispensaryId,
    dispensaryShortName,
    sequence,
    data,
    ...(refund ? { refund } : {}),
  };
  const giveUpAt = new Date(Date.parse(change.at) + DELIVERY_WINDOW_MS).toISOString();
  return {
    event: {
      id,
      type: change.type,
      organization_id: change.organizationId,
      dispensary_id: change.dispensaryId,
      subject_id: change.subjectId,
      sequence,
      order_number: orderNumber,
      payload: JSON.stringify(event),
      created_at: change.at,
    },
    deliveries: endpoints.map((endpoint) => ({
      id: timeOrderedUuid(),
      eventId: id,
      endpointId: endpoint.id,
      at: change.at,
      giveUpAt,
    })),
  };
}
