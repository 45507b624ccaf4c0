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

/** A Chromium, installed from Debian's packages when none is found and this process may do so. */
export function ensureChromium({ log = (line) => console.error(line) } = {}) {
  const found = findChromium();
  if (found) return found;
  const canInstall = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
  if (!canInstall) {
    throw new Error(
      'No Chromium found. Install one (Debian: apt-get install -y chromium) or set CHROMIUM_PATH to its binary.',
    );
  }
  log("chromium: not found; installing Debian's chromium package (about 30 s)…");
  execFileSync('apt-get', ['update'], { stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const installed = findChromium();
  if (!installed) throw new Error('apt-get installed chromium, but no Chromium binary was found afterwards');
  log(`chromium: installed at ${installed}`);
  return installed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(ensureChromium());
  } catch (error) {
    console.error(`chromium: ${error.message}`);
    process.exit(1);
  }
}
