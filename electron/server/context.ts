import type { ServiceConfig } from './config.js';
import type { Db } from './db/database.js';
import type { WriteBatcher } from './db/write-batcher.js';
import type { LiveHub } from './live/live-hub.js';

/** What every feature of one service instance shares: its config, its database and its clock. */
export interface ServiceContext {
  config: ServiceConfig;
  db: Db;
  /** Group-committed writes; every write that answers a request goes through it. */
  writes: WriteBatcher;
  now: () => Date;
  /** The live channel: features publish here, event streams subscribe. */
  live: LiveHub;
}
