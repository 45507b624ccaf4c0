import { randomBytes } from 'node:crypto';
import type { PaymentMethod } from '../../../../shared/contracts/payment.js';
import type { DataLayer } from '../../db/data-layer.js';
import { decideSandbox } from './sandbox-outcomes.js';
import { SandboxLedger, type LedgerEntry } from './sandbox-ledger.js';

/** A charge as a simulated processor sees it. */
export interface SimulatedCharge {
  reference: string;
  kind: 'sale' | 'authorization';
  method: PaymentMethod;
  amount: number;
  /** The amount applied to the order: its cents decide the outcome. */
  appliedAmount: number;
}

/** The answer to a follow-up (capture, void, refund) in the sandbox's codes. */
export interface FollowUpAnswer {
  status: 'approved' | 'declined';
  code: string;
  detail: string;
  transactionId: string | null;
}

const declined = (detail: string, code = '12'): FollowUpAnswer => ({
  status: 'declined',
  code,
  detail,
  transactionId: null,
});

/**
 * The logic of a simulated processor over its ledger: decides charges by the sandbox table, keeps
 * them idempotent by reference (a retry never charges twice), and settles captures, voids and
 * refunds the way a processor would. Shared by the built-in sandbox and the paynet gateway sandbox.
 */
export class SimulatedBooks {
  private readonly ledger: SandboxLedger;

  constructor(
    private readonly db: DataLayer,
    private readonly name: string,
    private readonly idPrefix: string,
    private readonly now: () => Date,
  ) {
    this.ledger = new SandboxLedger(db);
  }

  /** Records a sale or authorization (or finds the one made with this reference before). */
  async charge(charge: SimulatedCharge): Promise<{ entry: LedgerEntry; timesOut: boolean }> {
    const decision = decideSandbox(charge.method, charge.appliedAmount);
    return this.db.write(async (tx) => {
      const entry: LedgerEntry = {
        processor: this.name,
        reference: charge.reference,
        transactionId: this.newId(),
        kind: charge.kind,
        amount: charge.amount,
        status: decision.status,
        code: decision.code,
        captured: charge.kind === 'sale' && decision.status === 'approved',
        refunded: 0,
      };
      if (await this.ledger.insert(tx, entry, this.at())) return { entry, timesOut: decision.timesOut };
      return { entry: (await this.ledger.find(tx, this.name, charge.reference))!, timesOut: false };
    });
  }

  lookup(reference: string): Promise<LedgerEntry | undefined> {
    return this.ledger.find(this.db, this.name, reference);
  }

  /** Captures an authorization for `amount` cents (all it authorized when absent), at most what it authorized. */
  capture(transactionId: string, amount?: number): Promise<FollowUpAnswer> {
    return this.db.write(async (tx) => {
      const entry = await this.ledger.findTransaction(tx, this.name, transactionId);
      if (!entry || entry.kind !== 'authorization') return declined('No authorization with this transaction id');
      if (entry.status !== 'approved') return declined(`The authorization is ${entry.status}`);
      if (entry.captured) return { status: 'approved', code: '00', detail: 'Captured', transactionId };
      if (amount !== undefined && amount > entry.amount) return declined('Cannot capture more than was authorized');
      await this.ledger.update(tx, { ...entry, amount: amount ?? entry.amount, captured: true }, this.at());
      return { status: 'approved', code: '00', detail: 'Captured', transactionId };
    });
  }

  void(transactionId: string): Promise<FollowUpAnswer> {
    return this.db.write(async (tx) => {
      const entry = await this.ledger.findTransaction(tx, this.name, transactionId);
      if (!entry || entry.kind === 'refund') return declined('No transaction with this id');
      if (entry.status === 'voided') return { status: 'approved', code: '00', detail: 'Voided', transactionId };
      if (entry.status !== 'approved') return declined(`The transaction is ${entry.status}`);
      if (entry.refunded > 0) return declined('A refunded transaction cannot be voided');
      await this.ledger.update(tx, { ...entry, status: 'voided' }, this.at());
      return { status: 'approved', code: '00', detail: 'Voided', transactionId };
    });
  }

  refund(transactionId: string, refundReference: string, amount: number): Promise<FollowUpAnswer> {
    return this.db.write(async (tx) => {
      // The original's row is locked first, so a retried refund on another instance waits here and
      // then finds the refund recorded.
      const entry = await this.ledger.findTransaction(tx, this.name, transactionId);
      const done = await this.ledger.find(tx, this.name, refundReference);
      if (done) return { status: 'approved', code: '00', detail: 'Refunded', transactionId: done.transactionId };
      if (!entry || entry.kind === 'refund') return declined('No transaction with this id');
      if (entry.status !== 'approved' || !entry.captured) return declined('Only captured transactions can be refunded');
      if (amount > entry.amount - entry.refunded)
        return declined('The refund is larger than what is left to refund', '13');
      const at = this.at();
      await this.ledger.update(tx, { ...entry, refunded: entry.refunded + amount }, at);
      const refund: LedgerEntry = {
        processor: this.name,
        reference: refundReference,
        transactionId: this.newId(),
        kind: 'refund',
        amount,
        status: 'approved',
        code: '00',
        captured: true,
        refunded: 0,
      };
      await this.ledger.insert(tx, refund, at);
      return { status: 'approved', code: '00', detail: 'Refunded', transactionId: refund.transactionId };
    });
  }

  private newId(): string {
    return `${this.idPrefix}${randomBytes(12).toString('hex')}`;
  }

  private at(): string {
    return this.now().toISOString();
  }
}
