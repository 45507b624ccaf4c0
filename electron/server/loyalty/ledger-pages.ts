import { invalidInput } from '../../../shared/errors.js';
import type { DataLayer } from '../db/data-layer.js';
import { issueCursor, readCursor, type PagedList } from '../db/list-cursor.js';
import type { Queryable } from '../db/query.js';

/** One customer's ledger at one store: the list its pages belong to. */
export interface LedgerOf {
  dispensaryId: string;
  customerId: string;
}

/** The list a cursor of the ledger pages (list-cursor.ts): this customer's at this store, and no other. */
const ledgerList = ({ dispensaryId, customerId }: LedgerOf): PagedList => ({
  name: 'loyalty-ledger',
  filter: { store: dispensaryId, customerId },
  field: 'before',
});

// An entry's id (a UUID): what `before` took before the ledger answered `nextCursor`. A cursor is
// base64url of JSON, never one.
const ENTRY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The ledger's pages (README "Loyalty"): newest first by entry id, a page continuing after the entry
 * its cursor names. A cursor is bound to the customer's ledger at the store, as every list's is.
 */
export class LedgerPages {
  constructor(private readonly db: DataLayer) {}

  /** The cursor of the page after the one ending with entry `lastId`. */
  cursor(ledger: LedgerOf, lastId: string): string {
    return issueCursor(ledgerList(ledger), [lastId]);
  }

  /**
   * The entry a page continues after: the one a `nextCursor` of this ledger names, or (as clients
   * paged before the ledger answered cursors) an entry's own id when it is one of this ledger's.
   * A cursor of another customer's ledger, another list's, or text that is neither, is refused in
   * words rather than read as a place in this ledger, where it would skip or repeat entries.
   */
  async after(q: Queryable, ledger: LedgerOf, before: string): Promise<string> {
    if (!ENTRY_ID.test(before)) return readCursor(ledgerList(ledger), before, 1)[0]!;
    const entry = await q.first(
      this.db.builder
        .selectFrom('loyalty_ledger')
        .select('id')
        .where('id', '=', before)
        .where('customer_id', '=', ledger.customerId)
        .where('dispensary_id', '=', ledger.dispensaryId),
    );
    if (entry) return before;
    throw invalidInput('before', "names no entry of this customer's points ledger: start again from the first page");
  }
}
