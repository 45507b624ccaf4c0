import { defineConfig } from '@playwright/test';
// Plain ESM helper shared with `npm start`: finds (or installs) the system Chromium.
import { TEST_CHROMIUM_ARGS, ensureTestChromium } from './scripts/chromium.mjs';

// The services the workers start hash passwords at scrypt's least cost (README "Password hashing").
process.env.SERVICEPAY_SCRYPT_COST ??= '10';

/**
 * Browser tests in the system Chromium (never Playwright's download) against the real service,
 * which each worker starts in a child process on its own port and data folder, one for each set of
 * service options its files ask for (tests/e2e/support/service-pool.ts; the global setup bundles it
 * first). Run after `npm run build`: the service serves dist/renderer.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // Bundles the `serve` and `servicepay` commands the workers spawn (tests/support/service-process.ts).
  globalSetup: './tests/support/bin-global-setup.ts',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A journey's own steps wait at most `expect.timeout` each; the whole test gets two minutes: with
  // both cores busy (issue 33's stressed runs) the long journeys took 45–60 s (products 58 s, rooms
  // over 60 s), three times their time alone. A hang still fails at its first step's 5 s.
  timeout: 120_000,
  expect: { timeout: 5_000 },
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    headless: true,
    screenshot: 'only-on-failure',
    // No trace by default: recording one for every test (kept only on failure) took a third of the run's
    // time (16 journeys: 85 s without, 101 s with its DOM snapshots, 124–134 s with its screencast).
    // A failure still keeps its screenshot and error-context.md (the page's ARIA snapshot); to trace
    // one, run it again with `npx playwright test <spec> --trace on`.
    trace: 'off',
    launchOptions: { executablePath: ensureTestChromium(), args: TEST_CHROMIUM_ARGS },
  },
});
