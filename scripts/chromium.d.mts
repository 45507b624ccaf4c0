/** Flags for Chromium on a machine whose network is closed. */
export const CHROMIUM_ARGS: string[];
export const TEST_CHROMIUM_ARGS: string[];
/** The path of an installed Chromium, or undefined. */
export function findChromium(env?: NodeJS.ProcessEnv): string | undefined;
/** A Chromium, installed from Debian's packages when none is found. */
export function ensureChromium(options?: { log?: (line: string) => void }): string;
/** Chromium's headless shell for the tests and benchmarks (installed when missing), else the full Chromium. */
export function ensureTestChromium(options?: { log?: (line: string) => void }): string;
