import pg from 'pg';
import type { RowLocks } from '../data-layer.js';
import type { StatementResult } from '../query.js';
import type { PipelinedConnection, PipelinedStatement } from './pipelined-connection.js';
import { isRetryable, statementResult, tooBusy } from './pg-connection.js';

/** A statement of a group, with the rows it will lock (see `RowLocks`). */
export interface GroupedStatement extends PipelinedStatement {
  locks?: RowLocks;
}

interface Entry {
  statement: GroupedStatement;
  attempts: number;
  resolve: (result: StatementResult) => void;
  reject: (error: unknown) => void;
}

/** Most statements in one group. */
const MAX_GROUP = 64;
/** How long a group is on its way before the next one is sent beside it, on another connection. */
const STUCK_MS = 100;
/** Most connections the groups of one instance use at once. */
const MAX_LANES = 4;
/** How often a statement is sent again when its group met a serialization failure or deadlock. */
const ATTEMPTS = 5;

/** Locks `table`'s rows of ids $1, in id order (a group's first statement). */
const lockStatement = (table: RowLocks['table'], ids: string[]): PipelinedStatement => ({
  sql: `SELECT 1 FROM ${pg.escapeIdentifier(table)} WHERE id = ANY($1::text[]) ORDER BY id FOR NO KEY UPDATE`,
  name: `servicepay_lock_${table}`,
  values: [ids],
});

/** The rows of every statement of a group, by table, sorted: what the group locks first. */
function locksOf(group: readonly Entry[]): PipelinedStatement[] {
  const byTable = new Map<RowLocks['table'], Set<string>>();
  for (const { statement } of group) {
    if (!statement.locks) continue;
    const ids = byTable.get(statement.locks.table) ?? new Set<string>();
    for (const id of statement.locks.ids) ids.add(id);
    byTable.set(statement.locks.table, ids);
  }
  return [...byTable].map(([table, ids]) => lockStatement(table, [...ids].sort()));
}

type Outcome = PromiseSettledResult<pg.QueryResult>;

/** True when the server refused the statement (its transaction then ended without committing). */
const refusedByServer = (outcome: Outcome | undefined) =>
  outcome?.status === 'rejected' && outcome.reason instanceof pg.DatabaseError;

/** A connection of the group commit, and since when a group is on its way on it. */
interface Lane {
  connection: PipelinedConnection;
  sentAt: number | undefined;
}

/**
 * Group commit on PostgreSQL, for statements that each commit on their own
 * (`DataLayer.writeSteps`): those that arrive while a group is on its way are sent next, together,
 * as one transaction on one pipelined connection (BEGIN, the rows they lock in one order, the
 * statements, COMMIT, in one write). One round trip and one WAL flush for all of them, and the
 * server's process runs them back to back. Each is answered once the group's COMMIT is; when the
 * server refuses one, nothing of the group is kept, that one is answered its error, and the others
 * go in the next group.
 *
 * One group is on its way at a time, unless it has been for STUCK_MS (a row it locks is held by a
 * long transaction elsewhere): the next group then goes on another connection (up to MAX_LANES),
 * so that one busy row never holds up every sale of the instance. Groups lock their rows in one
 * order, so two of them (of this instance or another) never wait for each other in a circle.
 */
export class WriteGroup {
  private pending: Entry[] = [];
  private readonly lanes: Lane[] = [];
  private scheduled = false;
  private stuckTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private drained: (() => void)[] = [];

  constructor(private readonly connect: () => PipelinedConnection) {}

  /** Runs `statement` in the next group; resolves once that group committed. */
  run(statement: GroupedStatement): Promise<StatementResult> {
    if (this.closed) return Promise.reject(new Error('the database connection is closed'));
    return new Promise((resolve, reject) => {
      this.pending.push({ statement, attempts: 0, resolve, reject });
      this.schedule();
    });
  }

  /** Sends what is waiting, stops taking statements, and closes the connections. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.pending.length > 0 || this.lanes.some((lane) => lane.sentAt !== undefined)) {
      await new Promise<void>((resolve) => this.drained.push(resolve));
    }
    clearTimeout(this.stuckTimer);
    await Promise.all(this.lanes.map((lane) => lane.connection.close()));
  }

  private schedule(): void {
    if (this.scheduled || this.pending.length === 0) return;
    this.scheduled = true;
    // The statements asked for in this turn of the event loop go together.
    setImmediate(() => {
      this.scheduled = false;
      const lane = this.nextLane();
      if (lane) this.sendOn(lane);
    });
  }

  /**
   * The connection for the next group: none while a group has been on its way for less than
   * STUCK_MS (the next one waits for it, and grows meanwhile); else an idle one, or a new one.
   */
  private nextLane(): Lane | undefined {
    const busy = this.lanes.filter((lane) => lane.sentAt !== undefined);
    const youngest = Math.max(...busy.map((lane) => lane.sentAt!));
    const waited = performance.now() - youngest;
    if (busy.length > 0 && waited < STUCK_MS) {
      clearTimeout(this.stuckTimer);
      this.stuckTimer = setTimeout(() => this.schedule(), STUCK_MS - waited).unref();
      return undefined;
    }
    const idle = this.lanes.find((lane) => lane.sentAt === undefined);
    if (idle || this.lanes.length >= MAX_LANES) return idle;
    const lane = { connection: this.connect(), sentAt: undefined };
    this.lanes.push(lane);
    return lane;
  }

  private sendOn(lane: Lane): void {
    const group = this.pending.splice(0, MAX_GROUP);
    lane.sentAt = performance.now();
    void this.send(lane.connection, group)
      .catch((error: unknown) => group.forEach((entry) => entry.reject(error)))
      .finally(() => {
        lane.sentAt = undefined;
        if (this.pending.length === 0 && this.lanes.every((other) => other.sentAt === undefined)) {
          this.drained.splice(0).forEach((resolve) => resolve());
        }
        this.schedule();
      });
  }

  private async send(connection: PipelinedConnection, group: Entry[]): Promise<void> {
    const locks = locksOf(group);
    const outcomes = await connection.together((client) => {
      const run = ({ sql, name, values }: PipelinedStatement) => client.query({ text: sql, name, values });
      return Promise.allSettled([
        client.query('BEGIN'),
        ...locks.map(run),
        ...group.map((entry) => run(entry.statement)),
        client.query('COMMIT'),
      ]);
    });
    const began = outcomes[0]!;
    const committed = outcomes.at(-1)!;
    const ran = outcomes.slice(1 + locks.length, -1);
    if (began.status === 'rejected' || (committed.status === 'fulfilled' && committed.value.command === 'COMMIT')) {
      // Committed, or (without its BEGIN) each statement ran as its own transaction: as answered.
      ran.forEach((outcome, i) =>
        outcome.status === 'fulfilled'
          ? group[i]!.resolve(statementResult(outcome.value))
          : group[i]!.reject(outcome.reason),
      );
      return;
    }
    this.rolledBack(group, outcomes.slice(1, -1), ran, committed);
  }

  /** Nothing of the group was kept: who is answered an error, and who goes in the next group. */
  private rolledBack(group: Entry[], statements: Outcome[], ran: Outcome[], committed: Outcome): void {
    const first = statements.find((outcome) => outcome.status === 'rejected') ?? committed;
    const error = first.status === 'rejected' ? first.reason : new Error('the transaction was rolled back');
    // Without the server's word on why (the connection was lost), whether it committed is unknown:
    // every statement is answered that error, none is sent again.
    if (!refusedByServer(first) || statements.some((o) => o.status === 'rejected' && !refusedByServer(o))) {
      for (const entry of group) entry.reject(error);
      return;
    }
    const culprit = ran.indexOf(first);
    const again = group.filter((entry, i) => {
      if (isRetryable(error) && entry.attempts + 1 < ATTEMPTS) {
        entry.attempts += 1;
        return true;
      }
      if (i === culprit || culprit === -1) {
        entry.reject(isRetryable(error) ? tooBusy(error) : error);
        return false;
      }
      return true;
    });
    this.pending.unshift(...again);
  }
}
