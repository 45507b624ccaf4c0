import pg from 'pg';

/** A statement as a pipelined connection sends it: its SQL, its prepared name, its values. */
export interface PipelinedStatement {
  sql: string;
  /** The name of the server-side prepared statement (parsed once per connection). */
  name?: string;
  values?: unknown[];
}

/**
 * One connection in pg's pipeline mode: a statement is sent at once, without waiting for the
 * answer to the one before, and the server answers them in order. The statements asked for in one
 * turn of the event loop leave in one write, and the server runs them one after the other without
 * waiting for the network in between: on a busy machine that is far fewer wake-ups of the server's
 * process and of this one than a round trip each. Each statement is its own transaction unless a
 * BEGIN sent before it says otherwise. Connects on first use and again after the connection is lost
 * (the statements on it then fail with the connection's error).
 */
export class PipelinedConnection {
  private client: Promise<pg.Client> | undefined;
  private corked: pg.Client | undefined;
  private closed = false;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Runs one statement, sent with the others of this turn of the event loop. */
  async query(statement: PipelinedStatement): Promise<pg.QueryResult> {
    const client = await this.connection();
    this.corkForThisTurn(client);
    return client.query({ text: statement.sql, name: statement.name, values: statement.values });
  }

  /** Sends what `send` asks of the client in one write, and answers what `send` returned. */
  async together<T>(send: (client: pg.Client) => T): Promise<T> {
    const client = await this.connection();
    client.connection.stream.cork();
    try {
      return send(client);
    } finally {
      client.connection.stream.uncork();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    await (await client?.catch(() => undefined))?.end();
  }

  private connection(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('the database connection is closed'));
    if (!this.client) {
      const client = new pg.Client({ ...this.config, pipeline: true });
      const connected = client.connect().then(() => client);
      const forget = () => {
        if (this.client === connected) this.client = undefined;
      };
      client.on('error', (error) => {
        forget();
        this.onError(error);
      });
      client.on('end', forget);
      connected.catch(forget);
      this.client = connected;
    }
    return this.client;
  }

  /** Holds the writes of this turn of the event loop back, so that they leave together. */
  private corkForThisTurn(client: pg.Client): void {
    if (this.corked === client) return;
    this.corked = client;
    client.connection.stream.cork();
    setImmediate(() => {
      if (this.corked === client) this.corked = undefined;
      client.connection.stream.uncork();
    });
  }
}
