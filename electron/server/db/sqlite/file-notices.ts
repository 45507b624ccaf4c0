import type Database from 'better-sqlite3';

/** How often the serving process looks for another process's notices (ms). */
export const NOTICES_EVERY_MS = 250;
/** How long a notice is kept for the serving process to read (ms): a service started later replays none. */
export const NOTICE_KEEP_MS = 10 * 60_000;

/**
 * The live channel's messages from the other processes on one SQLite file (README "Pole display and
 * the live channel"). A process that serves no live channel — the command line changing a product or
 * the store's settings while the register runs — keeps its message as a row of
 * `notification_overflow` (SqliteDataLayer.notify); the process that serves the file (`serve`, the
 * Electron app) follows them from the moment it listens: every NOTICES_EVERY_MS it reads
 * `data_version` (a few µs) and, only when another connection committed since, the rows after the
 * last it handed over, in order, each once.
 */
export class FileNotices {
  private statements: ReturnType<typeof prepared> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private seenVersion = -1;
  private lastId = 0;

  constructor(
    private readonly conn: Database.Database,
    private readonly deliver: (payload: string) => void,
    /** The file's `PRAGMA data_version` on this connection (the data layer's statement). */
    private readonly version: () => number,
    /** True while the connection holds a write transaction: the look waits for the next turn. */
    private readonly writing: () => boolean,
  ) {}

  /**
   * Starts following (the schema migrated: the service listens once it is built): notices kept before
   * now are not handed over. No other process opens a database in memory.
   */
  start(): void {
    if (this.timer || this.conn.memory) return;
    this.statements ??= prepared(this.conn);
    this.seenVersion = this.version();
    this.lastId = this.statements.newest.get()!;
    this.timer = setInterval(() => this.lookSoon(), NOTICES_EVERY_MS);
    // Following notices never keeps a process alive.
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Hands over the notices kept since the last look, if another connection committed meanwhile. */
  look(): void {
    if (!this.statements || this.writing()) return;
    const version = this.version();
    if (version === this.seenVersion) return;
    for (const { id, payload } of this.statements.after.all(this.lastId)) {
      this.lastId = id;
      this.deliver(payload);
    }
    this.seenVersion = version;
  }

  /** A look on the timer: one that failed is tried again at the next (a notice costs a screen its refresh, never data). */
  private lookSoon(): void {
    try {
      this.look();
    } catch {
      // the file is read again at the next turn
    }
  }
}

/** The statements a look runs. */
function prepared(conn: Database.Database) {
  return {
    newest: conn.prepare<[], number>('SELECT COALESCE(MAX(id), 0) FROM notification_overflow').pluck(),
    after: conn.prepare<[number], { id: number; payload: string }>(
      'SELECT id, payload FROM notification_overflow WHERE id > ? ORDER BY id',
    ),
  };
}
