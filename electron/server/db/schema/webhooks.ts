import type { Flag } from './flag.js';

// Webhooks: endpoints, the outbox of events and their deliveries (migration 006).

export interface WebhookEndpointsTable {
  id: string;
  organization_id: string;
  /** Null: every store of the organization. */
  dispensary_id: string | null;
  url: string;
  description: string;
  /** JSON: the event types it wants. */
  events: string;
  /** The HMAC key. Kept as is: signing needs it (like a processor's API key). */
  secret: string;
  allow_local: Flag;
  disabled: Flag;
  /** `manual` or `failing`, when disabled. */
  disabled_reason: string | null;
  disabled_at: string | null;
  created_at: string;
}

/** The last sequence number given to the events of one order (or of a payment without one). */
export interface WebhookSequencesTable {
  subject_id: string;
  last: number;
}

/** An event, written in the transaction of the change it announces. */
export interface WebhookEventsTable {
  id: string;
  type: string;
  organization_id: string;
  dispensary_id: string | null;
  /** The order's id (or the payment's, for a payment of no order): what `sequence` counts. */
  subject_id: string;
  sequence: number;
  order_number: string | null;
  /** JSON: the body every delivery of it sends. */
  payload: string;
  created_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  /** `pending`, `delivered` or `failed`. */
  status: string;
  attempts: number;
  /** When the next try is due (pending), else null. A try in flight pushes it past its timeout. */
  next_attempt_at: string | null;
  /** After this, a failed try is the last: three days after the event, or now for a manual redelivery. */
  give_up_at: string;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_result: string | null;
  delivered_at: string | null;
  created_at: string;
}
