import type { StockMoves } from './stock-moves.js';
import type { ServiceConfig } from './config.js';
import type { DataLayer } from '../db/data-layer.js';
import type { LiveHub } from './live-hub.js';
import type { NodeRole } from './node-role.js';
import type { ServiceInstances } from './service-instances.js';
import type { StateProfiles } from './state-profiles/state-profiles.js';

/**
 * What every feature of one service instance shares: its config, its database, its clock, the live
 * channel and its place in the store. Nothing of a feature: a feature's collaborators are handed to
 * it by app.ts (its ports), never found here.
 */
export interface ServiceContext {
  config: ServiceConfig;
  /** Reads run on it directly; every write that answers a request goes through `db.write`. */
  db: DataLayer;
  now: () => Date;
  /** The live channel: features publish here, event streams subscribe. */
  live: LiveHub;
  /** This instance among the others on the database: who drives which pending work. */
  instances: ServiceInstances;
  /** Whether this node is a standalone register, a store server or a register attached to one. */
  role: NodeRole;
  /** The state profiles loaded at start (shipped, and the operator's folder): what a store may enforce. */
  profiles: StateProfiles;
  /** Where a committed write says which stock it moved (the catalog's StockNews, wired by app.ts). */
  stockMoves: StockMoves;
}
