import { SIGNATURE_HEADER } from '../../../shared/contracts/webhooks.js';
import type { DataLayer } from '../db/data-layer.js';
import { writeChangingCached } from '../db/epoch-cache.js';
import { EndpointsRepository } from './endpoints-repository.js';
import { OutboxRepository, type TryResult } from './outbox-repository.js';
import { postDelivery } from './sender.js';
import { signatureHeader } from './signing.js';

/** How long a receiver has to answer one try. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How often the queue is read when nothing was written here. */
export const POLL_MS = 1000;
/** A claimed try not recorded this long after its timeout was cut short (a crash): it is due again. */
const CLAIM_SLACK_MS = 5_000;
/** The first retry waits a minute; each next one twice as long, at most six hours. */
const FIRST_RETRY_MS = 60_000;
const LONGEST_WAIT_MS = 6 * 60 * 60 * 1000;

/** When the try after `attempts` failed tries is due, counted from when the last one started. */
export function nextTryAt(attempts: number, lastStarted: Date): Date {
  const wait = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);
  return new Date(lastStarted.getTime() + wait);
}

export interface DispatcherOptions {
  now: () => Date;
  /** How often the queue is read when nothing was written here (other instances, retries coming due). */
  pollMs?: number;
  timeoutMs?: number;
  /** Deliveries sent at once. */
  concurrency?: number;
  onError?: (error: unknown) => void;
  /** An endpoint was disabled because it kept failing. */
  onDisabled?: (endpointId: string) => void;
}

/**
 * Sends the outbox's deliveries: at least once, signed, retried with exponential backoff for three
 * days, then given up; an endpoint whose deliveries all failed over that time is disabled. Every
 * service instance on a database runs one; a try is claimed by a conditional update (see
 * OutboxRepository.claim), so no two send the same try, and one cut short by a crash is tried again
 * once its claim runs out.
 */
export class WebhookDispatcher {
  private readonly outbox: OutboxRepository;
  private readonly endpoints: EndpointsRepository;
  private readonly pollMs: number;
  private readonly timeoutMs: number;
  private readonly concurrency: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly db: DataLayer,
    private readonly options: DispatcherOptions,
  ) {
    this.outbox = new OutboxRepository(db);
    this.endpoints = new EndpointsRepository(db);
    this.pollMs = options.pollMs ?? POLL_MS;
    this.timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    this.concurrency = options.concurrency ?? 4;
  }

  /** Reads the queue now and then every `pollMs`, until stop. */
  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Something was written: read the queue soon (after its transaction commits). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.loop(), 20);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private loop(): void {
    this.running = this.runDue()
      .then(() => undefined)
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const soon = this.again;
        this.again = false;
        this.timer = setTimeout(() => this.loop(), soon ? 0 : this.pollMs);
      });
  }

  /** Sends every delivery due now (a few at a time); resolves with how many tries were made. */
  async runDue(): Promise<number> {
    let tried = 0;
    for (;;) {
      const due = await this.outbox.due(this.db, this.options.now().toISOString(), this.concurrency * 4);
      if (due.length === 0) return tried;
      const queue = [...due];
      const lanes = Array.from({ length: Math.min(this.concurrency, queue.length) }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          if (await this.attempt(next.id, next.nextAttemptAt!)) tried += 1;
        }
      });
      await Promise.all(lanes);
      if (due.length < this.concurrency * 4) return tried;
    }
  }

  /**
   * Makes a delivery due now and tries it at once; resolves once the try is recorded, with false
   * (nothing sent) when its endpoint is disabled.
   */
  async redeliver(deliveryId: string): Promise<boolean> {
    const started = this.options.now();
    // Made due and claimed in one update: no other instance's poll can take this try in between.
    const claimed = await this.db.write((tx) =>
      this.outbox.redeliver(tx, deliveryId, started.toISOString(), this.leaseAfter(started)),
    );
    return claimed && this.send(deliveryId, started, true);
  }

  /** When a try started at `started` is given up as cut short (its claim runs out). */
  private leaseAfter(started: Date): string {
    return new Date(started.getTime() + this.timeoutMs + CLAIM_SLACK_MS).toISOString();
  }

  /**
   * Claims one try of a due delivery and makes it; false when another instance claimed it first or
   * its endpoint is disabled.
   */
  private async attempt(id: string, seen: string): Promise<boolean> {
    const started = this.options.now();
    const leaseUntil = this.leaseAfter(started);
    const claimed = await this.db.write((tx) => this.outbox.claim(tx, id, seen, leaseUntil, started.toISOString()));
    if (!claimed) return false;
    return this.send(id, started, false);
  }

  /**
   * Sends a claimed try and records what it got; false when its endpoint was disabled since the
   * claim (the try is given back, unsent). A manual try that fails never disables the endpoint:
   * only three days of automatic ones do.
   */
  private async send(id: string, started: Date, manual: boolean): Promise<boolean> {
    const delivery = (await this.outbox.toSend(this.db, id))!;
    if (delivery.disabled) {
      const leaseUntil = this.leaseAfter(started);
      await this.db.write((tx) => this.outbox.giveBack(tx, id, leaseUntil, this.options.now().toISOString()));
      return false;
    }
    const headers = {
      [SIGNATURE_HEADER]: signatureHeader(delivery.secret, Math.floor(started.getTime() / 1000), delivery.payload),
      'ServicePay-Event-Id': delivery.eventId,
      'ServicePay-Event-Type': delivery.eventType,
      'ServicePay-Delivery-Id': delivery.id,
      'User-Agent': 'ServicePay-Webhooks/1.0',
    };
    const sent = await postDelivery(delivery.url, delivery.payload, headers, {
      allowLocal: delivery.allowLocal,
      timeoutMs: this.timeoutMs,
    });
    const at = this.options.now();
    const lastTry = at.toISOString() >= delivery.giveUpAt;
    const outcome: TryResult = sent.ok
      ? { kind: 'delivered', statusCode: sent.statusCode!, result: sent.result, at: at.toISOString() }
      : {
          kind: lastTry ? 'failed' : 'retry',
          statusCode: sent.statusCode,
          result: sent.result,
          at: at.toISOString(),
          nextAt: lastTry ? null : nextTryAt(delivery.attempts, started).toISOString(),
        };
    await this.db.write((tx) => this.outbox.record(tx, id, outcome));
    if (outcome.kind === 'failed' && !manual) await this.disableIfFailing(delivery.endpointId, delivery.createdAt, at);
    return true;
  }

  /**
   * A delivery was given up: when its endpoint received nothing since that delivery's event, the
   * endpoint is disabled (the back office tells the organization) until someone enables it again.
   */
  private async disableIfFailing(endpointId: string, since: string, at: Date): Promise<void> {
    if (await this.outbox.deliveredSince(this.db, endpointId, since)) return;
    const disabled = await writeChangingCached(this.db, (tx) =>
      this.endpoints.disableFailing(tx, endpointId, at.toISOString()),
    );
    if (disabled) this.options.onDisabled?.(endpointId);
  }
}
