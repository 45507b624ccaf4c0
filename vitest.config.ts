import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './tests/support/vitest/slow-first-sequencer.js';

// Passwords hashed at scrypt's least cost: the suite signs in ~1,700 times (README "Password hashing").
process.env.SERVICEPAY_SCRYPT_COST ??= '10';

/**
 * Unit tests run once; the integration suite runs twice, on SQLite and on a real PostgreSQL server
 * (a throwaway cluster the postgres project's global setup starts, or SERVICEPAY_TEST_DATABASE_URL).
 * Playwright specs (tests/e2e) and benchmarks (tests/bench) are run by their own commands.
 * Integration (and unit) files share their worker's modules (`isolate: false`): they import the whole service,
 * which took a third of the suite's time when every file imported it again. A test replaces what
 * it needs through the service's config (the clock, order numbers), never by mocking a module.
 */
export default defineConfig({
  plugins: [vue()],
  test: {
    environment: 'node',
    testTimeout: 20_000,
    // Vitest's default is one worker per core but one: a single worker on a 2-core machine, which
    // leaves a core idle while tests wait on child processes, ports and PostgreSQL.
    maxWorkers: 2,
    hookTimeout: 60_000,
    // The file times (hooks included) feed npm test's slowest-ten list and the next run's order.
    reporters: ['default', 'json', './tests/support/vitest/file-times-reporter.ts'],
    sequence: { sequencer: SlowFirstSequencer },
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      // Unit files share their worker's modules too: importing them again per file took two thirds
      // of the project's time, and each test makes its own stores and fakes (Pinia, clocks, DOM).
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], isolate: false } },
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['tests/integration/**/*.test.ts'],
          isolate: false,
          // Several service instances on one database, and reports from a streaming replica of it:
          // PostgreSQL only (a register's SQLite has one instance and no replica).
          exclude: ['tests/integration/store-server/**', 'tests/integration/replica/**'],
          env: { SERVICEPAY_TEST_ENGINE: 'sqlite' },
          globalSetup: ['tests/support/bin-global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['tests/integration/**/*.test.ts'],
          isolate: false,
          // `npm start` and the Electron shell run a register, on its embedded SQLite by design, and
          // only a register's SQLite file is backed up by ServicePay (PostgreSQL's by pg_dump).
          // cli/bin-entries checks the commands' entry files against their bundles (the same program
          // either way, 39 s of tsx compiling): once, on SQLite; every CLI test runs on both engines,
          // but cli/data-folder's, of `--data`, and cli/serve-one-per-folder's and cli/folder-hold-race's, of
          // the service holding its `--data` (a register's folder, never PostgreSQL). A register's
          // forward queue and the changes it keeps once sent (registers/forward-sent) are its SQLite's.
          exclude: [
            'tests/integration/start/**',
            'tests/integration/backup/register/**',
            'tests/integration/cli/bin-entries.test.ts',
            'tests/integration/cli/data-folder.test.ts',
            'tests/integration/cli/serve-one-per-folder.test.ts',
            'tests/integration/cli/folder-hold-race.test.ts',
            'tests/integration/registers/forward-sent.test.ts',
          ],
          env: { SERVICEPAY_TEST_ENGINE: 'postgres' },
          globalSetup: ['tests/support/bin-global-setup.ts', 'tests/support/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
