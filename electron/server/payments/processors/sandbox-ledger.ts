import type { DataLayer } from '../../db/data-layer.js';
import type { Builder, Queryable } from '../../db/query.js';

/** One transaction in a simulated processor's books. */
export interface LedgerEntry {
  processor: string;
  reference: string;
  transactionId: string;
  kind: 'sale' | 'authorization' | 'refund';
  amount: number;
  status: 'approved' | 'declined' | 'error' | 'voided';
  code: string;
  captured: boolean;
  refunded: number;
}

const selectLedger = (k: Builder) =>
  k
    .selectFrom('processor_sandbox_ledger')
    .select([
      'processor',
      'reference',
      'transaction_id as transactionId',
      'kind',
      'amount_cents as amount',
      'status',
      'response_code as code',
      'captured',
      'refunded_cents as refunded',
    ]);

type LedgerRow = Awaited<ReturnType<ReturnType<typeof selectLedger>['executeTakeFirstOrThrow']>>;

const toEntry = (row: LedgerRow): LedgerEntry => ({ ...row, captured: row.captured === 1 }) as LedgerEntry;

type LedgerParams = Omit<LedgerEntry, 'captured'> & { captured: number; at: string };

/**
 * The books of the simulated processors (the built-in sandbox and the paynet gateway's sandbox):
 * what a real processor keeps on its side. Callers hold the write transaction.
 */
export class SandboxLedger {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      byReference: db.prepare((k, p: { processor: string; reference: string }) =>
        selectLedger(k).where('processor', '=', p.processor).where('reference', '=', p.reference),
      ),
      // Locked until the write ends: two follow-ups of one transaction take turns.
      byTransaction: db.prepare((k, p: { processor: string; transactionId: string }) =>
        db.dialect.forNoKeyUpdate(
          selectLedger(k).where('processor', '=', p.processor).where('transaction_id', '=', p.transactionId),
        ),
      ),
      insert: db.prepare((k, p: LedgerParams) =>
        k
          .insertInto('processor_sandbox_ledger')
          .values({
            processor: p.processor,
            reference: p.reference,
            transaction_id: p.transactionId,
            kind: p.kind,
            amount_cents: p.amount,
            status: p.status,
            response_code: p.code,
            captured: p.captured,
            refunded_cents: 0,
            created_at: p.at,
            updated_at: p.at,
          })
          // A retry with the same reference (on any instance) records nothing twice.
          .onConflict((conflict) => conflict.columns(['processor', 'reference']).doNothing()),
      ),
      update: db.prepare((k, p: LedgerParams) =>
        k
          .updateTable('processor_sandbox_ledger')
          .set({
            status: p.status,
            amount_cents: p.amount,
            captured: p.captured,
            refunded_cents: p.refunded,
            updated_at: p.at,
          })
          .where('processor', '=', p.processor)
          .where('transaction_id', '=', p.transactionId),
      ),
    };
  }

  async find(q: Queryable, processor: string, reference: string): Promise<LedgerEntry | undefined> {
    const row = await q.first(this.q.byReference, { processor, reference });
    return row && toEntry(row);
  }

  /** The transaction, locked for the rest of the write. */
  async findTransaction(tx: Queryable, processor: string, transactionId: string): Promise<LedgerEntry | undefined> {
    const row = await tx.first(this.q.byTransaction, { processor, transactionId });
    return row && toEntry(row);
  }

  /** Records a new entry; false when its reference was already recorded. */
  async insert(tx: Queryable, entry: LedgerEntry, at: string): Promise<boolean> {
    return (await tx.run(this.q.insert, { ...entry, captured: entry.captured ? 1 : 0, at })) === 1;
  }

  async update(tx: Queryable, entry: LedgerEntry, at: string): Promise<void> {
    await tx.run(this.q.update, { ...entry, captured: entry.captured ? 1 : 0, at });
  }
}
