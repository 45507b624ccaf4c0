import { ServicePayError } from '../../../shared/errors.js';
import type { AdjustmentReason } from '../../../shared/inventory/adjustment-reasons.js';
import type { Approver } from '../auth/manager-pins.js';
import type { Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { actorRecord, type SetupActor } from '../dispensaries/setup-actor.js';
import type { AdjustmentToWrite, AdjustmentWriter } from './adjustment-writer.js';
import { quantityInWords } from './adjustment-words.js';
import { adjustmentNote, countName, scopeOf } from './count-words.js';
import type { CountRow, CountsRepository } from './counts-repository.js';

/** What applying a count needs: who, where, which count, the store's reasons and the approving manager. */
export interface CountToApply {
  actor: SetupActor;
  store: Dispensary;
  count: CountRow;
  reasons: readonly AdjustmentReason[];
  approver: Approver;
  at: Date;
}

/** The count's reason among the store's: `count`, or the state's "Inventory Audit". */
export function countReason(reasons: readonly AdjustmentReason[]): AdjustmentReason {
  const reason =
    reasons.find((candidate) => candidate.code === 'count') ??
    reasons.find((candidate) => candidate.stateReason === 'Inventory Audit');
  if (!reason) {
    throw new ServicePayError(
      'CONFLICT',
      'the store’s adjustment reasons have no inventory count ("count", the state’s Inventory Audit): add it to its state profile',
    );
  }
  return reason;
}

/**
 * A count's differences written as adjustments, in the caller's transaction: each package counted
 * whose count differs from what it held then gets the difference as a change of its stock today
 * (sales since it was counted have moved it already), through the adjustments' own write (audit
 * trail, state outbox). A difference that would leave less than nothing now refuses the whole count.
 */
export class CountApplier {
  constructor(
    private readonly counts: CountsRepository,
    private readonly writer: AdjustmentWriter,
  ) {}

  /** Applies `count` (its row locked by the caller); the products whose stock moved. */
  async apply(tx: Queryable, job: CountToApply): Promise<string[]> {
    const { actor, store, count, at } = job;
    const reason = countReason(job.reasons);
    const lines = await this.counts.lines(tx, { id: count.id, dispensaryId: store.id, scope: scopeOf(count) });
    const counted = lines.filter((line) => line.countedMilli !== null && line.expectedMilli !== null);
    if (counted.length === 0) {
      throw new ServicePayError(
        'CONFLICT',
        `${countName(count)} has nothing counted yet: enter what is there first, or cancel it`,
      );
    }
    const changed = counted.filter((line) => Number(line.countedMilli) !== Number(line.expectedMilli));
    const changes = changed.map((line): AdjustmentToWrite => {
      const countedMilli = Number(line.countedMilli);
      const expectedMilli = Number(line.expectedMilli);
      const delta = countedMilli - expectedMilli;
      const deli = Number(line.deli) === 1;
      return {
        pkg: { ...line, label: line.packageLabel, deli },
        ask: { delta: delta / 1000 },
        reason,
        note: adjustmentNote(count, { countedMilli, expectedMilli, deli, unitType: line.unitType }),
        at,
        // Applying a count always takes a manager: each of its adjustments names them.
        approve: () => job.approver,
        refused: (error) => {
          if (error.field !== 'delta') return error;
          const what = line.packageLabel ? `${line.productName} (package ${line.packageLabel})` : line.productName;
          return new ServicePayError(
            'CONFLICT',
            `${what}: its difference of ${quantityInWords(delta, true)} would leave less than nothing, ` +
              `${quantityInWords(Number(line.onHandMilli))} is on hand now (sold since it was counted): count it again, then apply`,
          );
        },
      };
    });
    // Every difference in one write of the adjustments (their packages locked in one order).
    const ids = changes.length === 0 ? [] : await this.writer.writeMany(tx, actor, store, changes);
    await this.counts.setAdjustments(
      tx,
      count.id,
      new Map(changed.map((line, index) => [line.packageId, ids[index]!])),
    );
    const productIds = new Set(changed.map((line) => line.productId));
    const closer = actorRecord(actor);
    await this.counts.update(tx, count.id, {
      status: 'APPLIED',
      closed_by_id: closer.id,
      closed_by_name: closer.name,
      approved_by_id: job.approver.id,
      approved_by_name: job.approver.name,
      closed_at: at.toISOString(),
    });
    return [...productIds];
  }
}
