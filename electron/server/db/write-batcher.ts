import type { Transaction } from 'better-sqlite3';
import type { Db } from './database.js';

interface Job<T> {
  work: () => T;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

interface Outcome {
  job: Job<unknown>;
  ok: boolean;
  value: unknown;
}

/** Makes everything committed so far durable (an fdatasync of the WAL), off the main thread. */
export type DurabilityBarrier = () => Promise<void>;

/**
 * Group commit. Writes queued during one turn of the event loop run together in one transaction,
 * each inside its own savepoint, so one failing job rolls back alone. Then one durability barrier
 * (fdatasync of the WAL, in libuv's thread pool) covers every transaction committed before it
 * started; a job's promise settles only after that barrier, so an answered write is on disk. While
 * a barrier is in flight the event loop keeps serving and jobs queue up; when it returns they are
 * committed together and the next barrier covers them. The busier the service, the larger the
 * batches: one commit and one fsync for everything that arrived during the previous fsync.
 */
export class WriteBatcher {
  private queue: Job<unknown>[] = [];
  private scheduled = false;
  private awaitingBarrier: Outcome[] = [];
  private barrierInFlight = false;
  private readonly runBatch: Transaction<(jobs: Job<unknown>[]) => Outcome[]>;

  /**
   * @param barrier makes committed transactions durable; omit it when the connection's own commits
   * already are (synchronous=FULL) or nothing needs to be (an in-memory database).
   */
  constructor(
    db: Db,
    private readonly barrier?: DurabilityBarrier,
    private readonly maxBatch = 256,
  ) {
    const savepoint = db.transaction((job: Job<unknown>) => job.work());
    this.runBatch = db.transaction((jobs: Job<unknown>[]): Outcome[] =>
      jobs.map((job) => {
        try {
          return { job, ok: true, value: savepoint(job) };
        } catch (error) {
          return { job, ok: false, value: error };
        }
      }),
    );
  }

  /** Runs `work` inside a transaction and resolves with its result once it is durably committed. */
  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve, reject } as Job<unknown>);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    // Jobs arriving during a barrier wait for it: they would wait for the next barrier anyway, and
    // committing them together writes each shared page once.
    if (this.barrierInFlight) return;
    while (this.queue.length > 0) {
      const jobs = this.queue.splice(0, this.maxBatch);
      let outcomes: Outcome[];
      try {
        outcomes = this.runBatch.immediate(jobs);
      } catch (error) {
        // The commit itself failed (disk full, I/O error): nothing in the batch happened.
        for (const job of jobs) job.reject(error);
        continue;
      }
      if (this.barrier) this.awaitingBarrier.push(...outcomes);
      else settle(outcomes);
    }
    this.startBarrier();
  }

  private startBarrier(): void {
    if (!this.barrier || this.barrierInFlight || this.awaitingBarrier.length === 0) return;
    const covered = this.awaitingBarrier;
    this.awaitingBarrier = [];
    this.barrierInFlight = true;
    this.barrier()
      .then(
        () => settle(covered),
        // Committed, but not known to be on disk: the caller must not report success.
        (error: unknown) => {
          for (const { job } of covered) job.reject(error);
        },
      )
      .finally(() => {
        this.barrierInFlight = false;
        // Commits what queued up during the barrier and starts the barrier that covers it.
        this.flush();
      });
  }
}

function settle(outcomes: readonly Outcome[]): void {
  for (const { job, ok, value } of outcomes) {
    if (ok) job.resolve(value);
    else job.reject(value);
  }
}
