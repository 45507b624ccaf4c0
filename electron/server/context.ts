import type { ServiceConfig } from './config.js';
import type { DataLayer } from './db/data-layer.js';
import type { ServiceInstances } from './instances/service-instances.js';
import type { LiveHub } from './live/live-hub.js';
import type { WebhookOutbox } from './webhooks/outbox.js';
import type { StockHolder } from './tickets/stock-holder.js';
import type { PurchasesElsewhere } from './customers/purchases-elsewhere.js';
import type { StateProfiles } from './compliance/state-profiles.js';

/** On a register attached to a store server: what its sales ask the server while it answers. */
export interface RegisterLinkServices {
  /** Holds a sale's units in the store's one stock. */
  holder: StockHolder;
  /** A customer's purchases at the server (other registers, the ecommerce site), for the limits. */
  purchases: PurchasesElsewhere;
  /** The server's later changes to this register's own orders. */
  orders: OwnOrdersLink;
}

/** An attached register's own orders at its store server. */
export interface OwnOrdersLink {
  /**
   * Writes here the server's later changes to order `orderId` and its payments (a refund at the
   * back office), before money goes back at the register. False when there were none, or the
   * server did not answer within a second (the register then goes on from what it has).
   */
  learn(orderId: string): Promise<boolean>;
}

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
  /** The state profiles loaded at start (shipped, and the operator's folder): what a store may enforce. */
  profiles: StateProfiles;
}
