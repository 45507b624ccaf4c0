import {
  type StateAdjustmentView,
  type StatePackageRecordView,
  type StateRecordView,
  type StateRecordsDay,
  type StateReportingInput,
  type StateReportingView,
  STATE_KIND_WORDS,
} from '../../../shared/contracts/state-reporting.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { listed } from '../../../shared/list-words.js';
import { dayNumber, notADay } from '../../../shared/reports/report-range.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import { writeChangingCached } from '../db/epoch-cache.js';
import { actorRecord, type SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import type { Queryable } from '../db/query.js';
import { StateAdjustmentsRepository } from './adjustments-outbox-repository.js';
import { packageRecordView, StatePackageRecordsRepository } from './package-records-repository.js';
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
 * (sales receipts, package adjustments, deliveries received and packages moved; list and CSV) and the retry of a failed one. The `servicepay state-reporting` command (the
 * operator) and the back office's set-up routes (a manager with `store:manage`) both call it.
 */
/** What reporting needs before it is turned on, in words (the API's fields are codes to a person). */
const NEEDED = {
  baseUrl: "the state system's URL",
  licenseNumber: 'the licence number',
  vendorKey: 'the vendor key',
  userKey: 'the user key',
} as const;

export class StateReportingSetup {
  private readonly settings: StateSettingsRepository;
  private readonly receipts: StateReceiptsRepository;
  private readonly adjustments: StateAdjustmentsRepository;
  private readonly packageRecords: StatePackageRecordsRepository;

  /** `due`: told when records may have come due (reporting turned on, a retry), so they are sent at once. */
  constructor(
    private readonly access: StoreAccess,
    private readonly due: () => void = () => undefined,
  ) {
    this.settings = new StateSettingsRepository(access.db);
    this.receipts = new StateReceiptsRepository(access.db);
    this.adjustments = new StateAdjustmentsRepository(access.db);
    this.packageRecords = new StatePackageRecordsRepository(access.db);
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
      const missing = (Object.keys(NEEDED) as (keyof typeof NEEDED)[]).filter((field) => !next[field]);
      const words = missing.map((field) => NEEDED[field]);
      throw invalidInput('enabled', `cannot be on before ${listed(words)} ${words.length === 1 ? 'is' : 'are'} set`);
    }
    // The store's records start (or keep going) with its settings: caches of who records are stale.
    await writeChangingCached(this.access.storeDb(store.id), (tx) => this.settings.save(tx, next));
    this.due();
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
    if (Number.isNaN(dayNumber(shown))) throw notADay('day', shown);
    const records = (await this.receipts.ofDay(this.access.db, store.id, shown)).map(toView);
    const adjustments = (await this.adjustments.ofDay(this.access.db, store.id, shown)).map(
      ({ dispensaryId: _store, ...view }) => view,
    );
    const packageRecords = (await this.packageRecords.ofDay(this.access.db, store.id, shown)).map(packageRecordView);
    return { day: shown, timeZone: store.timezone, records, adjustments, packageRecords };
  }

  /** The day's records as CSV, one row per package line. */
  async csv(actor: SetupActor, shortName: string, day?: string): Promise<{ fileName: string; text: string }> {
    const { day: shown, timeZone, records, adjustments, packageRecords } = await this.records(actor, shortName, day);
    return {
      fileName: `state-records-${shortName}-${shown}.csv`,
      text: recordsCsv(records, timeZone, adjustments, packageRecords),
    };
  }

  /** A failed package adjustment's record sent again: a fresh round of tries, due now. */
  async retryAdjustment(actor: SetupActor, shortName: string, recordId: string): Promise<StateAdjustmentView> {
    const { dispensaryId: _store, ...view } = await this.retried(
      this.adjustments,
      'state adjustment record',
      actor,
      shortName,
      recordId,
    );
    return view;
  }

  /** A failed record of a delivery received or a package moved sent again: a fresh round of tries, due now. */
  async retryPackageRecord(actor: SetupActor, shortName: string, recordId: string): Promise<StatePackageRecordView> {
    return packageRecordView(
      await this.retried(this.packageRecords, 'state package record', actor, shortName, recordId),
    );
  }

  /** A failed record of one outbox (`what` names it) given a fresh round of tries, due now; the record as it is then. */
  private async retried<R extends { dispensaryId: string; status: string }>(
    outbox: {
      find(q: Queryable, id: string): Promise<R | undefined>;
      retry(tx: Queryable, id: string, now: string): Promise<boolean>;
    },
    what: string,
    actor: SetupActor,
    shortName: string,
    recordId: string,
  ): Promise<R> {
    const store = await this.access.store(actor, shortName);
    const record = await outbox.find(this.access.db, recordId);
    if (!record || record.dispensaryId !== store.id) throw new ServicePayError('NOT_FOUND', `no ${what} ${recordId}`);
    const now = this.access.now().toISOString();
    if (!(await this.access.storeDb(store.id).write((tx) => outbox.retry(tx, recordId, now)))) {
      const state = record.status === 'sent' ? 'already sent' : 'still waiting to be sent';
      throw new ServicePayError('CONFLICT', `the ${what} is ${state}: only a failed one is retried`);
    }
    this.due();
    return (await outbox.find(this.access.db, recordId))!;
  }

  /** A failed record of any outbox (the command's `retry <id>`): a fresh round of tries; what it is, in words. */
  async retryAny(actor: SetupActor, shortName: string, recordId: string): Promise<{ id: string; what: string }> {
    const found = async <T>(retry: () => Promise<T>) =>
      retry().catch((error: unknown) => {
        if (error instanceof ServicePayError && error.code === 'NOT_FOUND') return undefined;
        throw error;
      });
    const sale = await found(() => this.retry(actor, shortName, recordId));
    if (sale) return { id: sale.id, what: `${STATE_KIND_WORDS[sale.kind]} of order ${sale.orderNumber}` };
    const adjustment = await found(() => this.retryAdjustment(actor, shortName, recordId));
    if (adjustment) return { id: adjustment.id, what: `Adjustment of package ${adjustment.packageLabel}` };
    const pkg = await this.retryPackageRecord(actor, shortName, recordId);
    return { id: pkg.id, what: pkg.summary };
  }

  /** Gives a failed sales record a fresh round of tries, due now (the job sends it within seconds). */
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
