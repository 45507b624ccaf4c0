// What `serve` and the CLI say of a PostgreSQL database they cannot use, without loading pg: a
// register on SQLite never loads the PostgreSQL driver (db/open-data-layer.ts loads it for --database).

/** The URL as logs may show it: no password. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return `PostgreSQL ${parsed.host}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/** The database cannot be reached or refused us: said in one sentence with what to check. */
export class DatabaseUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `cannot use the database at ${describeUrl(url).replace('PostgreSQL ', '')}: ${reason}. ` +
        'Check that PostgreSQL is running there, and the user, password and database name of the URL',
    );
    this.name = 'DatabaseUnreachableError';
  }
}
