import { AsyncLocalStorage } from 'node:async_hooks';
import type { Queryable } from '../query.js';
import type { WriteWork } from '../data-layer.js';
import type { DurabilityBarrier } from './durability.js';

interface Job<T> {
  work: WriteWork<T>;
  /** A few statements of bounded size (`run`'s `small`). */
  small: boolean;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

interface Outcome {
  job: Job<unknown>;
  ok: boolean;
  value: unknown;
}

/** The statements that frame a batch and its jobs, run on the writer's connection. */
export interface BatchStatements {
  /** `small`: every job of the batch is (`GroupCommit.run`), so its journals may be kept in memory. */
  begin(small: boolean): void;
  commit(): void;
  rollback(): void;
  savepoint(): void;
  release(): void;
  rollbackToSavepoint(): void;
}

/**
 * Group commit on SQLite's one connection. Writes queued during one turn of the event loop run
 * together in one transaction, each inside its own savepoint, so one failing job rolls back alone.
 * Then one durability barrier (fdatasync of the WAL, in libuv's thread pool) covers every
 * transaction committed before it started; a job's promise settles only after that barrier, so an
 * answered write is on disk. While a barrier is in flight the event loop keeps serving and jobs
 * queue up; when it returns they are committed together and the next barrier covers them.
 *
 * Jobs are async but must only query the database through their `tx`: the batch holds the one
 * connection until every job of it has finished. Reads from outside wait for the batch (`idle`),
 * so nobody sees a job's writes before its batch commits.
 */
export class GroupCommit {
  private queue: Job<unknown>[] = [];
  private scheduled = false;
  private awaitingBarrier: Outcome[] = [];
  private barrierInFlight = false;
  private batchOpen = false;
  private idleWaiters: (() => void)[] = [];
  private readonly jobScope = new AsyncLocalStorage<{ running: boolean }>();

  /**
   * @param barrier makes committed transactions durable; omit it when nothing needs to be (an
   * in-memory database).
   */
  constructor(
    private readonly statements: BatchStatements,
    private readonly tx: Queryable,
    private readonly barrier?: DurabilityBarrier,
    private readonly maxBatch = 256,
  ) {}

  /**
   * Runs `work` inside a transaction and resolves with its result once it is durably committed.
   * `small`: the work writes a few rows and no more (a ticket's one-statement steps), so the batch's
   * savepoint journals, when every job of it is small, may be kept in memory (`BatchStatements.begin`).
   */
  run<T>(work: WriteWork<T>, small = false): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, small, resolve, reject } as Job<unknown>);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  /** True while a batch holds the connection: reads from outside must wait for `idle`. */
  get busy(): boolean {
    return this.batchOpen;
  }

  /** Resolves when no batch holds the connection. Throws when called from inside a job. */
  idle(): Promise<void> {
    if (!this.batchOpen) return Promise.resolve();
    // Waiting here from inside a job would wait for the job itself.
    if (this.jobScope.getStore()?.running) {
      return Promise.reject(new Error('a write job queried outside its transaction: query through its tx'));
    }
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    // Jobs arriving during a barrier wait for it: they would wait for the next barrier anyway, and
    // committing them together writes each shared page once.
    if (this.barrierInFlight || this.batchOpen) return;
    this.batchOpen = true;
    try {
      while (this.queue.length > 0) {
        const jobs = this.queue.splice(0, this.maxBatch);
        const outcomes = await this.runBatch(jobs);
        if (!outcomes) continue;
        if (this.barrier) this.awaitingBarrier.push(...outcomes);
        else settle(outcomes);
      }
    } finally {
      this.batchOpen = false;
      // Between batches no job runs, so nothing needs the job scope: disabled, Node stops calling its
      // hook on every promise the process makes (a fifth of a busy service's CPU when left on);
      // the next job's `run` turns it on again.
      this.jobScope.disable();
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const wake of waiters) wake();
    }
    this.startBarrier();
  }

  /** One transaction of jobs; undefined (every job rejected) when the commit itself failed. */
  private async runBatch(jobs: Job<unknown>[]): Promise<Outcome[] | undefined> {
    const { statements } = this;
    try {
      statements.begin(jobs.every((job) => job.small));
    } catch (error) {
      for (const job of jobs) job.reject(error);
      return undefined;
    }
    const outcomes: Outcome[] = [];
    for (const job of jobs) {
      statements.savepoint();
      const scope = { running: true };
      try {
        const value = await this.jobScope.run(scope, () => job.work(this.tx));
        scope.running = false;
        statements.release();
        outcomes.push({ job, ok: true, value });
      } catch (error) {
        scope.running = false;
        statements.rollbackToSavepoint();
        statements.release();
        outcomes.push({ job, ok: false, value: error });
      }
    }
    try {
      statements.commit();
    } catch (error) {
      // The commit itself failed (disk full, I/O error): nothing in the batch happened.
      try {
        statements.rollback();
      } catch {
        // already rolled back by SQLite
      }
      for (const job of jobs) job.reject(error);
      return undefined;
    }
    return outcomes;
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
        void this.flush();
      });
  }
}

function settle(outcomes: readonly Outcome[]): void {
  for (const { job, ok, value } of outcomes) {
    if (ok) job.resolve(value);
    else job.reject(value);
  }
}
