import type { DueDelivery } from './outbox-repository.js';

/**
 * The tries one service instance has open, and the due deliveries it read waiting for a lane: at
 * most `perEndpoint` tries open to one endpoint, so one that hangs holds only its own lanes and
 * never another endpoint's, and at most `inAll` open and `inAll` waiting, so open sockets and
 * memory stay bounded whatever the queue holds.
 */
export class DeliveryLanes {
  /** Endpoint id → ids of its deliveries being tried. */
  private readonly open = new Map<string, Set<string>>();
  private total = 0;
  /** Read from the queue, not started yet, oldest due first. */
  private readonly waiting = new Map<string, DueDelivery>();

  constructor(
    readonly perEndpoint: number,
    readonly inAll: number,
  ) {
    if (perEndpoint < 1 || inAll < perEndpoint) {
      throw new Error(`lanes need 1 <= perEndpoint (${perEndpoint}) <= inAll (${inAll})`);
    }
  }

  /** Lanes free in all (0: nothing more starts until a try ends). */
  get free(): number {
    return this.inAll - this.total;
  }

  /** Endpoints whose every lane is taken: the queue is read past their deliveries. */
  busyEndpoints(): string[] {
    return [...this.open].filter(([, ids]) => ids.size >= this.perEndpoint).map(([endpointId]) => endpointId);
  }

  /** Keeps deliveries read from the queue until a lane is free (not those open or kept already). */
  keep(read: readonly DueDelivery[]): void {
    for (const delivery of read) {
      if (this.waiting.size >= this.inAll) return; // the rest is read again later
      if (!this.open.get(delivery.endpointId)?.has(delivery.id)) this.waiting.set(delivery.id, delivery);
    }
  }

  /** Takes a lane for each waiting delivery whose endpoint has one free, oldest due first: those to try now. */
  takeWaiting(): DueDelivery[] {
    const taken: DueDelivery[] = [];
    for (const delivery of this.waiting.values()) {
      if (this.total >= this.inAll) break;
      const ids = this.open.get(delivery.endpointId) ?? new Set<string>();
      if (ids.size >= this.perEndpoint) continue;
      this.open.set(delivery.endpointId, ids.add(delivery.id));
      this.total += 1;
      this.waiting.delete(delivery.id);
      taken.push(delivery);
    }
    return taken;
  }

  /** A try ended: its lane is free. */
  release(delivery: DueDelivery): void {
    const ids = this.open.get(delivery.endpointId);
    if (!ids?.delete(delivery.id)) throw new Error(`delivery ${delivery.id} has no lane`);
    if (ids.size === 0) this.open.delete(delivery.endpointId);
    this.total -= 1;
  }
}
