import type { Transaction } from 'better-sqlite3';
import type { Db } from './database.js';

interface Outcome {
  job: Job<unknown>;
  ok: boolean;
  value: unknown;
}

interface Job<T> {
  work: () => T;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit. Writes queued during one turn of the event loop run together in one transaction,
 * each inside its own savepoint, so one failing job rolls back alone while the batch pays for a
 * single fsync. A job's promise settles only after the batch has committed: an answered write is
 * on disk.
 */
export class WriteBatcher {
  private queue: Job<unknown>[] = [];
  private scheduled = false;
  private readonly runBatch: Transaction<(jobs: Job<unknown>[]) => Outcome[]>;

  constructor(
    db: Db,
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
    while (this.queue.length > 0) {
      const jobs = this.queue.splice(0, this.maxBatch);
      let outcomes;
      try {
        outcomes = this.runBatch.immediate(jobs);
      } catch (error) {
        // The commit itself failed (disk full, I/O error): nothing in the batch is durable.
        for (const job of jobs) job.reject(error);
        continue;
      }
      for (const { job, ok, value } of outcomes) {
        if (ok) job.resolve(value);
        else job.reject(value);
      }
    }
  }
}
