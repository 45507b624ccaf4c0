import type { DataLayer } from '../db/data-layer.js';
import { timeOrderedUuid } from '../db/ids.js';
import type { Queryable } from '../db/query.js';
import type { PackageEvent, PackageListener } from '../inventory/package-events.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import { movedBody, receivedBody } from './package-record-bodies.js';
import { StatePackageRecordsRepository } from './package-records-repository.js';
import { ReportingStores } from './reporting-stores.js';

/**
 * Writes the state's record of a delivery received or a package moved in its own transaction (the
 * outbox), at stores that record (state-adjustment-outbox.ts says which). A move of a package
 * without a state tag (an accessory) is nothing the state tracks: nothing is written for it.
 */
export class StatePackageOutbox {
  private readonly records: StatePackageRecordsRepository;
  private readonly stores: ReportingStores;

  /** The inventory's listener (set-up composition wires it in). */
  readonly changed: PackageListener = (tx, event) => this.write(tx, event);

  /** `recorded`: told after a record was written (its transaction may not be committed yet). */
  constructor(
    db: DataLayer,
    private readonly recorded: () => void = () => undefined,
  ) {
    this.records = new StatePackageRecordsRepository(db);
    this.stores = new ReportingStores(db);
  }

  private async write(tx: Queryable, event: PackageEvent): Promise<void> {
    if (event.kind === 'moved' && event.packageLabel.trim() === '') return;
    const store = await this.stores.recording(tx, event.dispensaryId);
    if (!store) return;
    const at = new Date(event.at);
    const [sourceId, subject, body] =
      event.kind === 'received'
        ? [event.receiptId, event.manifestNumber, receivedBody(event, store.timeZone)]
        : [event.moveId, event.packageLabel, movedBody(event, store.timeZone)];
    await this.records.insert(tx, {
      id: timeOrderedUuid(),
      dispensary_id: event.dispensaryId,
      kind: event.kind,
      source_id: sourceId,
      subject,
      body: JSON.stringify(body),
      record_date: zonedDate(at, store.timeZone),
      status: 'pending',
      attempts: 0,
      next_attempt_at: event.at,
      last_attempt_at: null,
      last_status_code: null,
      last_result: null,
      sent_at: null,
      created_at: event.at,
    });
    this.recorded();
  }
}
