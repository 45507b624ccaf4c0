import type { FastifyBaseLogger } from 'fastify';

/**
 * Work the payment service does after answering (PIN pad waits, processor calls, status lookups):
 * timers and promises tracked so closing the service stops the timers, lets calls in flight finish
 * (bounded), and never lets a failure escape as an unhandled rejection.
 */
export class BackgroundTasks {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private closed = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  get isClosed(): boolean {
    return this.closed;
  }

  /** Runs `work` now, in the background. */
  run(name: string, work: () => Promise<unknown>): void {
    if (this.closed) return;
    const task = work()
      .catch((error: unknown) => this.log.error({ err: error, task: name }, 'payment background task failed'))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Runs `work` after `delayMs`, unless the service closes first. */
  later(name: string, delayMs: number, work: () => Promise<unknown>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.run(name, work);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** Stops the timers and waits up to `graceMs` for work in flight. */
  async close(graceMs: number): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    let timeout: NodeJS.Timeout | undefined;
    const grace = new Promise((resolve) => {
      timeout = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.allSettled([...this.running]), grace]);
    clearTimeout(timeout);
  }
}
