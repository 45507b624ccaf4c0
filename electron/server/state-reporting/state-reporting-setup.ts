import type {
  StateAdjustmentView,
  StateRecordView,
  StateRecordsDay,
  StateReportingInput,
  StateReportingView,
} from '../../../shared/contracts/state-reporting.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import { writeChangingCached } from '../db/epoch-cache.js';
import { actorRecord, type SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import { StateAdjustmentsRepository } from './adjustments-outbox-repository.js';
import { recordsCsv } from './records-csv.js';
import { StateReceiptsRepository, type StateRecord } from './receipts-repository.js';
import { checkSettingsInput } from './settings-input.js';
import { StateSettingsRepository, type StateSettingsRecord } from './settings-repository.js';

const last4 = (key: string | undefined) => (key ? key.slice(-4) : null);
const isConfigured = (s: StateSettingsRecord | undefined): s is StateSettingsRecord =>
  !!s && !!s.baseUrl && !!s.licenseNumber && !!s.vendorKey && !!s.userKey;

const toView = ({ dispensaryId: _store, saleId: _sale, ...view }: StateRecord): StateRecordView => view;

/**
 * A store's state reporting: its settings (keys shown by their last 4 only), its records of a day
 * (sales receipts and package adjustments; list and CSV) and the retry of a failed one. The `servicepay state-reporting` command (the
 * operator) and the back office's set-up routes (a manager with `store:manage`) both call it.
 */
export class StateReportingSetup {
  private readonly settings: StateSettingsRepository;
  private readonly receipts: StateReceiptsRepository;
  private readonly adjustments: StateAdjustmentsRepository;

  constructor(private readonly access: StoreAccess) {
    this.settings = new StateSettingsRepository(access.db);
    this.receipts = new StateReceiptsRepository(access.db);
    this.adjustments = new StateAdjustmentsRepository(access.db);
  }

  async view(actor: SetupActor, shortName: string): Promise<StateReportingView> {
    const store = await this.access.store(actor, shortName);
    const saved = await this.settings.find(this.access.db, store.id);
    return {
      configured: isConfigured(saved),
      enabled: isConfigured(saved) && saved.enabled,
      baseUrl: saved?.baseUrl || null,
      licenseNumber: saved?.licenseNumber || store.licenceNumber || null,
      vendorKeyLast4: last4(saved?.vendorKey),
      userKeyLast4: last4(saved?.userKey),
      recording: store.complianceProfile !== null || saved !== undefined,
      updatedAt: saved?.updatedAt ?? null,
    };
  }

  /** Changes what `input` gives; turning it on needs the URL, licence and both keys. */
  async set(actor: SetupActor, shortName: string, input: StateReportingInput): Promise<StateReportingView> {
    const checked = checkSettingsInput(input);
    const store = await this.access.store(actor, shortName);
    const saved = await this.settings.find(this.access.db, store.id);
    const next: StateSettingsRecord = {
      dispensaryId: store.id,
      baseUrl: checked.baseUrl ?? saved?.baseUrl ?? '',
      // The store's licence (Store setup, as its receipts print it) unless the state's is given.
      licenseNumber: checked.licenseNumber ?? (saved?.licenseNumber || store.licenceNumber || ''),
      vendorKey: checked.vendorKey ?? saved?.vendorKey ?? '',
      userKey: checked.userKey ?? saved?.userKey ?? '',
      enabled: checked.enabled ?? saved?.enabled ?? false,
      updatedAt: this.access.now().toISOString(),
      updatedBy: actorRecord(actor).name,
    };
    if (next.enabled && !isConfigured(next)) {
      const missing = (['baseUrl', 'licenseNumber', 'vendorKey', 'userKey'] as const).filter((field) => !next[field]);
      throw invalidInput('enabled', `cannot be on before these are set: ${missing.join(', ')}`);
    }
    // The store's records start (or keep going) with its settings: caches of who records are stale.
    await writeChangingCached(this.access.storeDb(store.id), (tx) => this.settings.save(tx, next));
    return this.view(actor, shortName);
  }

  /** The records written on the store's day `day` (today when left out), oldest first. */
  async records(
    actor: SetupActor,
    shortName: string,
    day?: string,
  ): Promise<Omit<StateRecordsDay, 'resultCode' | 'resultReason'>> {
    const store = await this.access.store(actor, shortName);
    const shown = day ?? zonedDate(this.access.now(), store.timezone);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(shown)) throw invalidInput('day', 'must be a date, YYYY-MM-DD');
    const records = (await this.receipts.ofDay(this.access.db, store.id, shown)).map(toView);
    const adjustments = (await this.adjustments.ofDay(this.access.db, store.id, shown)).map(
      ({ dispensaryId: _store, ...view }) => view,
    );
    return { day: shown, timeZone: store.timezone, records, adjustments };
  }

  /** The day's records as CSV, one row per package line. */
  async csv(actor: SetupActor, shortName: string, day?: string): Promise<{ fileName: string; text: string }> {
    const { day: shown, timeZone, records, adjustments } = await this.records(actor, shortName, day);
    return { fileName: `state-records-${shortName}-${shown}.csv`, text: recordsCsv(records, timeZone, adjustments) };
  }

  /** Gives a failed record a fresh round of tries, due now (the job sends it within seconds). */
  /** A failed package adjustment's record sent again: a fresh round of tries, due now. */
  async retryAdjustment(actor: SetupActor, shortName: string, recordId: string): Promise<StateAdjustmentView> {
    const store = await this.access.store(actor, shortName);
    const record = await this.adjustments.find(this.access.db, recordId);
    if (!record || record.dispensaryId !== store.id) {
      throw new ServicePayError('NOT_FOUND', `no state adjustment record ${recordId}`);
    }
    const now = this.access.now().toISOString();
    if (!(await this.access.storeDb(store.id).write((tx) => this.adjustments.retry(tx, recordId, now)))) {
      const state = record.status === 'sent' ? 'already sent' : 'still waiting to be sent';
      throw new ServicePayError('CONFLICT', `the state adjustment record is ${state}: only a failed one is retried`);
    }
    const { dispensaryId: _store, ...view } = (await this.adjustments.find(this.access.db, recordId))!;
    return view;
  }

  async retry(actor: SetupActor, shortName: string, recordId: string): Promise<StateRecordView> {
    const store = await this.access.store(actor, shortName);
    const record = await this.receipts.find(this.access.db, recordId);
    if (!record || record.dispensaryId !== store.id)
      throw new ServicePayError('NOT_FOUND', `no state record ${recordId}`);
    if (record.status !== 'failed') {
      throw new ServicePayError(
        'CONFLICT',
        `the state record is ${record.status === 'sent' ? 'already sent' : 'still waiting to be sent'}: only a failed one is retried`,
      );
    }
    await this.access
      .storeDb(store.id)
      .write((tx) => this.receipts.retry(tx, recordId, this.access.now().toISOString()));
    return toView((await this.receipts.find(this.access.db, recordId))!);
  }
}
