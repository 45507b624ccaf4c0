import type { ServiceConfig } from './config.js';
import type { DataLayer } from './db/data-layer.js';
import type { ServiceInstances } from './instances/service-instances.js';
import type { LiveHub } from './live/live-hub.js';
import type { WebhookOutbox } from './webhooks/outbox.js';

/** What every feature of one service instance shares: its config, its database and its clock. */
export interface ServiceContext {
  config: ServiceConfig;
  /** Reads run on it directly; every write that answers a request goes through `db.write`. */
  db: DataLayer;
  now: () => Date;
  /** The live channel: features publish here, event streams subscribe. */
  live: LiveHub;
  /** This instance among the others on the database: who drives which pending work. */
  instances: ServiceInstances;
  /** Where status changes of orders and payments are written as webhook events, in their transaction. */
  outbox: WebhookOutbox;
}
