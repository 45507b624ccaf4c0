// Finds a Chromium for the browser tests and browser mode; installs Debian's when there is none.
// Playwright's own browser download is not reachable here (see ../shared/TOOLCHAIN.md), so the
// tests always run the system Chromium.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const CANDIDATES = [
  '/usr/lib/chromium/chromium', // Debian's binary, without the wrapper script's shell noise
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** Flags for Chromium on a machine whose network is closed (see TOOLCHAIN.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The test browser's flags: the above, and the compositor in the browser process instead of a GPU
 * process of its own (there is no GPU; it composites in software either way). Measured on 16 journeys
 * with 2 workers: 124–134 s instead of 141–145 s, Chromium's CPU 156–165 s instead of 178–179 s.
 */
export const TEST_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--in-process-gpu'];

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The path of an installed Chromium, or undefined. `CHROMIUM_PATH` wins when set. */
export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) return executable(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : undefined;
  return CANDIDATES.find(executable);
}

const HEADLESS_SHELL_CANDIDATES = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell'];

function mayInstall() {
  return process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
}

/** Installs Debian's `pkg` (and a font) with apt-get, then answers `find()`'s path. */
function installFromDebian(pkg, find, log) {
  log(`chromium: not found; installing Debian's ${pkg} package (about 30 s)…`);
  execFileSync('apt-get', ['update'], { stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', pkg, 'fonts-dejavu-core'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const installed = find();
  if (!installed) throw new Error(`apt-get installed ${pkg}, but no binary of it was found afterwards`);
  log(`chromium: installed at ${installed}`);
  return installed;
}

/** A Chromium, installed from Debian's packages when none is found and this process may do so. */
export function ensureChromium({ log = (line) => console.error(line) } = {}) {
  const found = findChromium();
  if (found) return found;
  if (!mayInstall()) {
    throw new Error(
      'No Chromium found. Install one (Debian: apt-get install -y chromium) or set CHROMIUM_PATH to its binary.',
    );
  }
  return installFromDebian('chromium', () => findChromium(), log);
}

/**
 * The browser the tests and benchmarks drive: Chromium's headless shell (Debian's
 * chromium-headless-shell, the build Playwright itself runs headless tests in), which took a third
 * less CPU than the full browser's headless mode on the same journeys here (24 journeys: 45 s of
 * CPU against 66 s; the whole Playwright run went from 9.9 to 5.3 minutes on 2 cores).
 * Installed from Debian when missing; where it cannot be, the full Chromium. `CHROMIUM_PATH` wins.
 */
export function ensureTestChromium({ log = (line) => console.error(line) } = {}) {
  if (process.env.CHROMIUM_PATH) return ensureChromium({ log });
  const find = () => HEADLESS_SHELL_CANDIDATES.find(executable);
  const found = find();
  if (found) return found;
  if (!mayInstall()) return ensureChromium({ log });
  return installFromDebian('chromium-headless-shell', find, log);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(process.argv.includes('--tests') ? ensureTestChromium() : ensureChromium());
  } catch (error) {
    console.error(`chromium: ${error.message}`);
    process.exit(1);
  }
}
