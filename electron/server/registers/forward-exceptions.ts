import type { ForwardRecord } from '../../../shared/contracts/registers.js';
import type { DataLayer } from '../db/data-layer.js';
import { timeOrderedUuid } from '../db/ids.js';
import type { Queryable } from '../db/query.js';

/** The register whose changes are applied, and its store. */
export interface ForwardScope {
  registerId: string;
  /** The register's name at the store (`front-1`), for the words of an exception. */
  name: string;
  dispensaryId: string;
  organizationId: string;
}

/** What the store must look at after a register's changes were applied. */
export type ExceptionKind =
  | 'negative_stock'
  | 'reserved_short'
  | 'number_taken'
  | 'not_applied'
  | 'stored_declined'
  | 'changed_here'
  | 'changes_missing'
  | 'went_back'
  | 'deal_past_limit'
  | 'shift_replaced'
  | 'z_renumbered';

export interface NewException {
  kind: ExceptionKind;
  detail: string;
  orderId?: string;
  packageId?: string;
  /** The change as the register sent it, kept when it could not be applied. */
  record?: ForwardRecord;
}

/** One exception, as the back office lists it. */
export interface ForwardException {
  id: string;
  registerId: string;
  registerName: string;
  seq: number;
  kind: ExceptionKind;
  orderId: string | null;
  packageId: string | null;
  detail: string;
  recordJson: string | null;
  at: string;
}

/** The exceptions report of forwarded sales (migration 020's `forward_exceptions`). */
export class ForwardExceptions {
  constructor(private readonly db: DataLayer) {}

  async add(tx: Queryable, scope: ForwardScope, seq: number, e: NewException, at: string): Promise<void> {
    await tx.run(
      this.db.builder.insertInto('forward_exceptions').values({
        id: timeOrderedUuid(),
        dispensary_id: scope.dispensaryId,
        register_id: scope.registerId,
        seq,
        kind: e.kind,
        order_id: e.orderId ?? null,
        package_id: e.packageId ?? null,
        detail: e.detail,
        record_json: e.record ? JSON.stringify(e.record) : null,
        at,
      }),
    );
  }

  /** A store's exceptions, newest first (at most `limit`). */
  list(q: Queryable, dispensaryId: string, limit = 500): Promise<ForwardException[]> {
    return q.all(
      this.db.builder
        .selectFrom('forward_exceptions as x')
        .innerJoin('registers as r', 'r.id', 'x.register_id')
        .select([
          'x.id',
          'x.register_id as registerId',
          'r.name as registerName',
          'x.seq',
          'x.kind',
          'x.order_id as orderId',
          'x.package_id as packageId',
          'x.detail',
          'x.record_json as recordJson',
          'x.at',
        ])
        .where('x.dispensary_id', '=', dispensaryId)
        .orderBy('x.at', 'desc')
        // Written in the same instant (one batch): the register's later change first.
        .orderBy('x.seq', 'desc')
        .orderBy('x.id', 'desc')
        .limit(limit),
    ) as Promise<ForwardException[]>;
  }
}
