import { DEFAULT_BACKUPS, DEFAULT_CONFIG } from './core/config.js';
import { defaultDataDir } from './data-dir.js';

/** `servicepay serve --help`: every option, its variable and its default. */
export const SERVE_HELP = `Usage: npm run serve -- [options]

Runs the ServicePay ordering service headless.

Options:
  --port N          port to listen on (env SERVICEPAY_PORT, default ${DEFAULT_CONFIG.port}; 0 picks a free one)
  --host H          address to bind (env SERVICEPAY_HOST, default ${DEFAULT_CONFIG.host})
  --allowed-host NAME
                    another host name the service answers to, besides loopback names and the bound
                    address (all of this machine's addresses for 0.0.0.0): the names a store server
                    is reached by; repeat it or give a comma list; .example.com covers subdomains
                    (env SERVICEPAY_ALLOWED_HOSTS, added to the flags)
  --data DIR        folder of the SQLite database (env SERVICEPAY_DATA_DIR, default ${defaultDataDir()})
                    one service at a time: a second on the same folder is refused
  --database URL    a PostgreSQL database instead: postgres://user:password@host:5432/name
                    (env SERVICEPAY_DATABASE_URL); several instances may share one
  --db-pool N       most PostgreSQL connections of this instance
                    (env SERVICEPAY_DB_POOL, default ${DEFAULT_CONFIG.databasePoolSize})
  --read-database URL
                    a streaming replica of --database that reports read from: postgres://…
                    (env SERVICEPAY_READ_DATABASE_URL); reports read --database when it is down
                    or too far behind, and say so
  --read-max-lag SECONDS
                    how far behind the read replica may be before reports read --database instead
                    (env SERVICEPAY_READ_MAX_LAG, default ${DEFAULT_CONFIG.readMaxLagSeconds})
  --demo            load the demo dispensary, logins and API client when the database is empty
  --profiles DIR    a folder of state profiles (<id>.json) to load with the shipped ones; one with
                    a shipped profile's id replaces it (env SERVICEPAY_PROFILES_DIR); see
                    servicepay profiles check FILE
  --log-level L     fatal|error|warn|info|debug|trace|silent (env SERVICEPAY_LOG_LEVEL, default info)
  --rate-limit N    requests per minute per client (env SERVICEPAY_RATE_LIMIT, default ${DEFAULT_CONFIG.rateLimit.max})
  --pinpad-delay-ms N
                    how long the simulated PIN pad takes to read a card, unless one is presented
                    first (POST /v2.0/payments/<id>/present-card)
                    (env SERVICEPAY_PINPAD_DELAY_MS, default ${DEFAULT_CONFIG.pinpadDelayMs})
  --reconcile-delay-ms N
                    wait before asking a processor about a payment whose answer was lost
                    (env SERVICEPAY_RECONCILE_DELAY_MS, default ${DEFAULT_CONFIG.reconcileDelayMs})
  --backup-dir DIR  where the register's automatic backups go
                    (env SERVICEPAY_BACKUP_DIR, default backups/ in the data folder)
  --backup-every-hours N
                    back the register's SQLite up every N hours, and at start when the last backup
                    is older; 0 turns it off (env SERVICEPAY_BACKUP_EVERY_HOURS, default ${DEFAULT_BACKUPS.everyHours});
                    PostgreSQL is backed up by its administrator (pg_dump), never by the service
  --backup-keep N   how many automatic backups to keep (env SERVICEPAY_BACKUP_KEEP, default ${DEFAULT_BACKUPS.keep})
  --takeover-after-ms N
                    on a shared database, how long another instance may be silent before this one
                    takes over the payments it was driving
                    (env SERVICEPAY_TAKEOVER_AFTER_MS, default ${DEFAULT_CONFIG.instanceStaleMs})
  --webhook-timeout-ms N
                    how long a webhook receiver has to answer a delivery before it is retried
                    (env SERVICEPAY_WEBHOOK_TIMEOUT_MS, default ${DEFAULT_CONFIG.webhookTimeoutMs})
  --forward-batch N on an attached register, most changes sent to the store server in one request
                    (env SERVICEPAY_FORWARD_BATCH, default ${DEFAULT_CONFIG.forwardBatch}; from 1 to 2000)
  --hold-expiry-ms N
                    on a store server, how long stock a register holds for a sale waits for the sale
                    before it goes back (env SERVICEPAY_HOLD_EXPIRY_MS, default ${DEFAULT_CONFIG.holdExpiryMs})
  --server-wait-ms N
                    on an attached register, how long a sale waits for the store server before it
                    goes on from the register's copy (env SERVICEPAY_SERVER_WAIT_MS, default ${DEFAULT_CONFIG.serverWaitMs})
  -h, --help        show this help
`;
