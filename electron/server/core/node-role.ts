import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

/**
 * What this service instance is in its store (README "Store topology"):
 * - `standalone`: a register on its own SQLite, selling alone (the default);
 * - `store-server`: a store or chain server on PostgreSQL, the system of record its registers attach to;
 * - `register`: a register on its SQLite attached to a store server (its one `server_link` row).
 */
export type NodeRoleName = 'standalone' | 'store-server' | 'register';

/**
 * The one answer to "am I a register, a store server?". A standalone register becomes an attached
 * one when it is attached (from its screen, or by `npm start -- --server` in another process), so
 * the answer is read when asked, in the asker's transaction where it has one.
 */
export class NodeRole {
  /** A store server stays one: it is the service on PostgreSQL (a register runs on its SQLite). */
  readonly storeServer: boolean;
  private readonly linked;

  constructor(private readonly db: DataLayer) {
    this.storeServer = db.kind === 'postgres';
    this.linked = db.prepare((k) => k.selectFrom('server_link').select('register_id').limit(1));
  }

  async current(q: Queryable = this.db): Promise<NodeRoleName> {
    if (this.storeServer) return 'store-server';
    return (await q.first(this.linked)) ? 'register' : 'standalone';
  }

  /** A register attached to a store server. */
  async isRegister(q: Queryable = this.db): Promise<boolean> {
    return (await this.current(q)) === 'register';
  }
}
