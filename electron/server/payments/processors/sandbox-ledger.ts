import type { Db } from '../../db/database.js';

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

type LedgerRow = Omit<LedgerEntry, 'captured'> & { captured: number };

const COLUMNS = `processor, reference, transaction_id AS transactionId, kind, amount_cents AS amount, status,
  response_code AS code, captured, refunded_cents AS refunded`;

const toEntry = (row: LedgerRow): LedgerEntry => ({ ...row, captured: row.captured === 1 });

/**
 * The books of the simulated processors (the built-in sandbox and the paynet gateway's sandbox):
 * what a real processor keeps on its side. Callers hold the write transaction.
 */
export class SandboxLedger {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      byReference: db.prepare<[string, string], LedgerRow>(
        `SELECT ${COLUMNS} FROM processor_sandbox_ledger WHERE processor = ? AND reference = ?`,
      ),
      byTransaction: db.prepare<[string, string], LedgerRow>(
        `SELECT ${COLUMNS} FROM processor_sandbox_ledger WHERE processor = ? AND transaction_id = ?`,
      ),
      insert:
        db.prepare(`INSERT INTO processor_sandbox_ledger (processor, reference, transaction_id, kind, amount_cents,
          status, response_code, captured, refunded_cents, created_at, updated_at)
        VALUES (@processor, @reference, @transactionId, @kind, @amount, @status, @code, @captured, 0, @at, @at)`),
      update: db.prepare(`UPDATE processor_sandbox_ledger SET status = @status, captured = @captured,
          refunded_cents = @refunded, updated_at = @at WHERE processor = @processor AND transaction_id = @transactionId`),
    };
  }

  find(processor: string, reference: string): LedgerEntry | undefined {
    const row = this.statements.byReference.get(processor, reference);
    return row && toEntry(row);
  }

  findTransaction(processor: string, transactionId: string): LedgerEntry | undefined {
    const row = this.statements.byTransaction.get(processor, transactionId);
    return row && toEntry(row);
  }

  insert(entry: LedgerEntry, at: string): void {
    this.statements.insert.run({ ...entry, captured: entry.captured ? 1 : 0, at });
  }

  update(entry: LedgerEntry, at: string): void {
    this.statements.update.run({ ...entry, captured: entry.captured ? 1 : 0, at });
  }
}
