import { zonedDate } from '../../../shared/zoned-day.js';
import type { DataLayer } from '../db/data-layer.js';
import { timeOrderedUuid } from '../db/ids.js';
import type { Queryable } from '../db/query.js';
import type { AdjustmentListener, StockAdjusted } from '../inventory/adjustment-events.js';
import { StateAdjustmentsRepository } from './adjustments-outbox-repository.js';
import { unitOfMeasure } from './receipt-lines.js';
import { ReportingStores } from './reporting-stores.js';

/**
 * Writes the state's record of a package adjustment in the adjustment's transaction (the outbox),
 * in Metrc's `packages/adjust` shape, at stores that record (a compliance profile is set, or state
 * reporting is configured, as for sales: state-receipt-outbox.ts). A package without a state tag
 * is not tracked by the state (an accessory): nothing is written for it.
 */
export class StateAdjustmentOutbox {
  private readonly records: StateAdjustmentsRepository;
  private readonly stores: ReportingStores;

  /** The inventory's listener (set-up composition wires it in). */
  readonly adjusted: AdjustmentListener = (tx, adjustments) => this.write(tx, adjustments);

  /** `recorded`: told after a record was written (its transaction may not be committed yet). */
  constructor(
    db: DataLayer,
    private readonly recorded: () => void = () => undefined,
  ) {
    this.records = new StateAdjustmentsRepository(db);
    this.stores = new ReportingStores(db);
  }

  private async write(tx: Queryable, adjustments: readonly StockAdjusted[]): Promise<void> {
    const tagged = adjustments.filter((adjustment) => adjustment.packageLabel.trim() !== '');
    if (tagged.length === 0) return;
    // The adjustments written together are one store's.
    const store = await this.stores.recording(tx, tagged[0]!.dispensaryId);
    if (!store) return;
    await this.records.insertMany(
      tx,
      tagged.map((adjustment) => ({
        id: timeOrderedUuid(),
        dispensary_id: adjustment.dispensaryId,
        adjustment_id: adjustment.adjustmentId,
        package_label: adjustment.packageLabel,
        quantity_milli: adjustment.deltaMilli,
        unit_of_measure: unitOfMeasure(adjustment.deli, adjustment.unitType),
        reason: adjustment.stateReason,
        reason_note: adjustment.note,
        adjustment_date: zonedDate(new Date(adjustment.at), store.timeZone),
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: adjustment.at,
        last_attempt_at: null,
        last_status_code: null,
        last_result: null,
        sent_at: null,
        created_at: adjustment.at,
      })),
    );
    this.recorded();
  }
}
