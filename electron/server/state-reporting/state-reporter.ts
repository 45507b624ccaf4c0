import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { StateAdjustmentsRepository } from './adjustments-outbox-repository.js';
import {
  adjustmentRequest,
  answeredId,
  packageRecordRequest,
  stateRequest,
  type StateRequest,
} from './metrc-request.js';
import { StatePackageRecordsRepository } from './package-records-repository.js';
import type { TryOutcome } from './outbox-tries.js';
import { StateReceiptsRepository } from './receipts-repository.js';
import { StateSettingsRepository } from './settings-repository.js';
import { sendToState } from './state-sender.js';
import { STATE_POLL_MS } from '../core/config.js';

/** How long the state has to answer one try. */
export const STATE_TIMEOUT_MS = 10_000;
/** How soon after a record is written here the outbox is read: once its transaction has committed. */
const WAKE_MS = 20;
/** Tries before a record is given up (about two hours of backoff). */
export const STATE_MAX_ATTEMPTS = 8;
/** A claimed try not recorded this long after its timeout was cut short (a crash): it is due again. */
const CLAIM_SLACK_MS = 5_000;
const FIRST_RETRY_MS = 60_000;
const LONGEST_WAIT_MS = 60 * 60 * 1000;

/** When the try after `attempts` failed ones is due: a minute, then twice as long each time, at most an hour. */
export function nextStateTryAt(attempts: number, lastStarted: Date): Date {
  const wait = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);
  return new Date(lastStarted.getTime() + wait);
}

/** A refusal of the record itself (4xx but a timeout or rate limit): the same data cannot succeed later. */
const refusedForGood = (status: number | null) =>
  status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;

/** One outbox the job sends: its due records, the claim of a try, the try's outcome, and the try itself. */
interface Outbox {
  due(q: Queryable, now: string, limit: number): Promise<{ id: string; nextAttemptAt: string | null }[]>;
  claim(tx: Queryable, id: string, seen: string, leaseUntil: string, now: string): Promise<boolean>;
  record(tx: Queryable, id: string, outcome: TryOutcome): Promise<void>;
  send(id: string, started: Date): Promise<TryOutcome>;
}

/** An outbox of one of the state's record tables, sent by `send`. */
function outbox(repository: Omit<Outbox, 'send'>, send: Outbox['send']): Outbox {
  return {
    due: (q, now, limit) => repository.due(q, now, limit),
    claim: (tx, ...claim) => repository.claim(tx, ...claim),
    record: (tx, id, outcome) => repository.record(tx, id, outcome),
    send,
  };
}

export interface StateReporterOptions {
  now: () => Date;
  /** How often the outbox is read when not woken (default STATE_POLL_MS). */
  pollMs?: number;
  timeoutMs?: number;
  maxAttempts?: number;
  onError?: (error: unknown) => void;
}

/**
 * The reporting job: sends the outboxes' pending records of stores whose reporting is on to the
 * state system — deliveries received and packages moved, then sales receipts oldest first (a sale
 * before its void), then package adjustments — retried with exponential backoff until
 * answered 200, given up after `maxAttempts` tries (or at once when the state refuses the record
 * itself) with the reason kept. Every service instance on a database runs one; a try is claimed
 * by a conditional update, so no two send the same record, and one cut short by a crash is tried
 * again once its claim runs out.
 */
export class StateReporter {
  private readonly receipts: StateReceiptsRepository;
  private readonly adjustments: StateAdjustmentsRepository;
  private readonly packageRecords: StatePackageRecordsRepository;
  private readonly settings: StateSettingsRepository;
  private readonly outboxes: Outbox[];
  private readonly timeoutMs: number;
  private readonly maxAttempts: number;
  private timer: NodeJS.Timeout | undefined;
  private timerAt = 0;
  private running: Promise<void> | undefined;
  /** A record was written while the outbox was being read: read it again at once after. */
  private again = false;
  private stopped = true;

  constructor(
    private readonly db: DataLayer,
    private readonly options: StateReporterOptions,
  ) {
    this.receipts = new StateReceiptsRepository(db);
    this.adjustments = new StateAdjustmentsRepository(db);
    this.packageRecords = new StatePackageRecordsRepository(db);
    this.settings = new StateSettingsRepository(db);
    // Deliveries and moves first: the state knows a package as the store's before its sales and adjustments.
    this.outboxes = [
      outbox(this.packageRecords, (id, started) => this.sendPackageRecord(id, started)),
      outbox(this.receipts, (id, started) => this.sendReceipt(id, started)),
      outbox(this.adjustments, (id, started) => this.sendAdjustment(id, started)),
    ];
    this.timeoutMs = options.timeoutMs ?? STATE_TIMEOUT_MS;
    this.maxAttempts = options.maxAttempts ?? STATE_MAX_ATTEMPTS;
  }

  /** Reads the outbox now and then every `pollMs`, until stop. */
  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /**
   * A record was written here: read the outbox soon (its transaction commits first), so it goes to
   * the state at once rather than at the next poll. One read at a time: a wake during a read reads
   * again right after it.
   */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer && this.timerAt <= Date.now() + WAKE_MS) return;
    this.schedule(WAKE_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timerAt = Date.now() + ms;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.again = false;
      this.running = this.runDue()
        .then(() => undefined)
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule(this.again ? WAKE_MS : (this.options.pollMs ?? STATE_POLL_MS));
        });
    }, ms);
  }

  /**
   * Sends every record due now, one at a time, oldest first (a sale before its void); resolves with
   * how many tries this instance made.
   */
  async runDue(): Promise<number> {
    let tried = 0;
    for (const outbox of this.outboxes) {
      for (;;) {
        const due = await outbox.due(this.db, this.options.now().toISOString(), 20);
        let progressed = false;
        for (const next of due) {
          if (await this.attempt(outbox, next.id, next.nextAttemptAt!)) {
            tried += 1;
            progressed = true;
          }
        }
        // Read again after progress: a void or refund comes due once its sale is answered.
        if (!progressed) break;
      }
    }
    return tried;
  }

  /** Claims one try of a due record and makes it; false when another instance claimed it first. */
  private async attempt(outbox: Outbox, id: string, seen: string): Promise<boolean> {
    const started = this.options.now();
    const leaseUntil = new Date(started.getTime() + this.timeoutMs + CLAIM_SLACK_MS).toISOString();
    const claimed = await this.db.write((tx) => outbox.claim(tx, id, seen, leaseUntil, started.toISOString()));
    if (!claimed) return false;
    const outcome = await outbox.send(id, started);
    await this.db.write((tx) => outbox.record(tx, id, outcome));
    return true;
  }

  private async sendAdjustment(id: string, started: Date): Promise<TryOutcome> {
    const record = (await this.adjustments.find(this.db, id))!;
    const settings = (await this.settings.find(this.db, record.dispensaryId))!;
    return this.tried(adjustmentRequest(record, settings), record.attempts, started, () => null);
  }

  private async sendPackageRecord(id: string, started: Date): Promise<TryOutcome> {
    const record = (await this.packageRecords.find(this.db, id))!;
    const settings = (await this.settings.find(this.db, record.dispensaryId))!;
    return this.tried(packageRecordRequest(record, settings), record.attempts, started, () => null);
  }

  private async sendReceipt(id: string, started: Date): Promise<TryOutcome> {
    const record = (await this.receipts.find(this.db, id))!;
    const sale = record.saleId === null ? undefined : await this.receipts.find(this.db, record.saleId);
    const settings = (await this.settings.find(this.db, record.dispensaryId))!;
    const request = stateRequest(record, sale, settings);
    if ('refused' in request) {
      return { kind: 'failed', statusCode: null, result: request.refused, at: this.now(), nextAt: null };
    }
    return this.tried(request, record.attempts, started, (body) => (record.kind === 'sale' ? answeredId(body) : null));
  }

  /** Sends one request: sent on a 200 (`stateId` reads the state's id from its answer), else tried again or given up. */
  private async tried(
    request: StateRequest,
    attempts: number,
    started: Date,
    stateId: (body: string) => string | null,
  ): Promise<TryOutcome> {
    const answer = await sendToState(request, this.timeoutMs);
    const at = this.now();
    if (answer.statusCode === 200) {
      return { kind: 'sent', statusCode: 200, result: answer.result, at, stateReceiptId: stateId(answer.body) };
    }
    const lastTry = attempts >= this.maxAttempts || refusedForGood(answer.statusCode);
    return {
      kind: lastTry ? 'failed' : 'retry',
      statusCode: answer.statusCode,
      result: answer.result,
      at,
      nextAt: lastTry ? null : nextStateTryAt(attempts, started).toISOString(),
    };
  }

  private now(): string {
    return this.options.now().toISOString();
  }
}
