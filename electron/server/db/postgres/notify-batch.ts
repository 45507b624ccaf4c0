import type { WriteGroup } from './write-group.js';

interface Pending {
  payload: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** One statement for a batch of notifications, in the order they were asked for. */
const NOTIFY_ALL =
  'SELECT pg_notify($1, payload) FROM unnest($2::text[]) WITH ORDINALITY AS sent(payload, n) ORDER BY n';

/**
 * Sends the notifications asked for in one turn of the event loop with one statement, in the order
 * they were asked for, instead of one each: under load every answered ticket announces itself. The
 * statement goes in the next group of writes (./write-group.ts), whose commit delivers them.
 */
export class NotifyBatch {
  private pending: Pending[] = [];
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly group: WriteGroup,
    private readonly channel: string,
  ) {}

  send(payload: string): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => this.start());
      this.pending.push({ payload, resolve, reject });
    });
  }

  /** Sends what is waiting now and resolves once every batch sent so far has been answered. */
  async drain(): Promise<void> {
    this.start();
    await Promise.all(this.inFlight);
  }

  private start(): void {
    if (this.pending.length === 0) return;
    const sending = this.flush();
    this.inFlight.add(sending);
    void sending.finally(() => this.inFlight.delete(sending));
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    try {
      const values = [this.channel, batch.map((entry) => entry.payload)];
      await this.group.run({ sql: NOTIFY_ALL, name: 'servicepay_notify', values });
      for (const entry of batch) entry.resolve();
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }
}
