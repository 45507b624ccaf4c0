import { SIGNATURE_HEADER } from '../../../shared/contracts/webhooks.js';
import { WEBHOOK_POLL_MS, WEBHOOK_TIMEOUT_MS } from '../core/config.js';
import type { DataLayer } from '../db/data-layer.js';
import { writeChangingCached } from '../db/epoch-cache.js';
import { EndpointsRepository } from './endpoints-repository.js';
import { DeliveryLanes } from './delivery-lanes.js';
import { OutboxRepository, type DueDelivery, type TryResult } from './outbox-repository.js';
import { postDelivery } from './sender.js';
import { signatureHeader } from './signing.js';

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

/** Tries open at once to one endpoint, and in all (one instance's sockets), unless told otherwise. */
export const LANES_PER_ENDPOINT = 4;
export const LANES_IN_ALL = 64;

export interface DispatcherOptions {
  now: () => Date;
  /** How often the queue is read when nothing was written here (other instances, retries coming due). */
  pollMs?: number;
  timeoutMs?: number;
  /** Tries open at once to one endpoint. */
  perEndpoint?: number;
  /** Tries open at once in all. */
  inAll?: number;
  onError?: (error: unknown) => void;
  /** An endpoint was disabled because it kept failing. */
  onDisabled?: (endpointId: string) => void;
}

/**
 * Sends the outbox's deliveries: at least once, signed, retried with exponential backoff for three
 * days, then given up; an endpoint whose deliveries all failed over that time is disabled. Every
 * service instance on a database runs one; a try is claimed by a conditional update (see
 * OutboxRepository.claim), so no two send the same try, and one cut short by a crash is tried again
 * once its claim runs out. Each endpoint has its own lanes (DeliveryLanes): a try starts as soon as
 * its delivery is due and its endpoint has a free lane, so an endpoint that hangs delays only its
 * own deliveries.
 */
export class WebhookDispatcher {
  private readonly outbox: OutboxRepository;
  private readonly endpoints: EndpointsRepository;
  private readonly pollMs: number;
  private readonly timeoutMs: number;
  private readonly lanes: DeliveryLanes;
  /** The tries open, by delivery id; each settles (never rejects) once its lane is free again. */
  private readonly tries = new Map<string, Promise<void>>();
  /** Tries made so far, and the last error a try met (runDue answers them). */
  private made = 0;
  private failure: unknown;
  /** A lane is free with no delivery read for it: the queue must be read. */
  private mustRead = false;
  private timer: NodeJS.Timeout | undefined;
  private timerAt = 0;
  private reading: Promise<void> | undefined;
  private again = false;
  /** Not reading the queue by itself (before start, after stop); `closing`: no try starts. */
  private stopped = true;
  private closing = false;

  constructor(
    private readonly db: DataLayer,
    private readonly options: DispatcherOptions,
  ) {
    this.outbox = new OutboxRepository(db);
    this.endpoints = new EndpointsRepository(db);
    this.pollMs = options.pollMs ?? WEBHOOK_POLL_MS;
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    this.lanes = new DeliveryLanes(options.perEndpoint ?? LANES_PER_ENDPOINT, options.inAll ?? LANES_IN_ALL);
  }

  /** Reads the queue now and then every `pollMs`, and whenever a lane is free, until stop. */
  start(): void {
    this.stopped = false;
    this.readIn(0);
  }

  /** Something was written: read the queue soon (after its transaction commits). */
  wake(): void {
    this.readIn(20);
  }

  /** Stops reading the queue; resolves once the tries open have ended and are recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.closing = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.reading;
    await Promise.all(this.tries.values());
    this.closing = false;
  }

  /** Reads the queue in `ms` (or sooner, when a read is planned sooner); one read at a time. */
  private readIn(ms: number): void {
    if (this.stopped) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    const at = Date.now() + ms;
    if (this.timer && this.timerAt <= at) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.reading = this.startDue()
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => {
          this.reading = undefined;
          const soon = this.again;
          this.again = false;
          this.readIn(soon ? 0 : this.pollMs);
        });
    }, ms);
  }

  /**
   * Sends every delivery due now and those that come due as lanes free up, until none is due and
   * no try is open; resolves with how many tries were made.
   */
  async runDue(): Promise<number> {
    const before = this.made;
    this.failure = undefined;
    this.mustRead = true;
    for (;;) {
      if (this.mustRead) {
        this.mustRead = false;
        await this.startDue();
      }
      if (this.tries.size === 0 && !this.mustRead) break;
      if (this.tries.size > 0) await Promise.race(this.tries.values());
    }
    if (this.failure !== undefined) throw this.failure;
    return this.made - before;
  }

  /**
   * Starts a try of every due delivery whose endpoint has a free lane, oldest due first: those read
   * before, then a page of the queue at a time, read past the endpoints with no free lane.
   */
  private async startDue(): Promise<void> {
    this.startWaiting();
    while (this.lanes.free > 0 && !this.closing) {
      const now = this.options.now().toISOString();
      const due = await this.outbox.due(this.db, now, this.lanes.inAll, this.lanes.busyEndpoints());
      this.lanes.keep(due);
      // A page not full held every due delivery of the endpoints it was read for.
      if (this.startWaiting() === 0 || due.length < this.lanes.inAll) return;
    }
  }

  /** Starts the deliveries read before whose endpoints have a free lane; answers how many. */
  private startWaiting(): number {
    if (this.closing) return 0;
    const ready = this.lanes.takeWaiting();
    for (const delivery of ready) this.begin(delivery);
    return ready.length;
  }

  /** Makes one try in a lane taken for it; when it ends, the lane goes to the next delivery. */
  private begin(delivery: DueDelivery): void {
    const settled = this.attempt(delivery.id, delivery.nextAttemptAt!)
      .then(
        (made) => {
          if (made) this.made += 1;
        },
        (error: unknown) => {
          this.failure = error;
          this.options.onError?.(error);
        },
      )
      .finally(() => {
        this.tries.delete(delivery.id);
        this.lanes.release(delivery);
        if (this.startWaiting() === 0) {
          this.mustRead = true;
          this.readIn(0);
        }
      });
    this.tries.set(delivery.id, settled);
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
