/** Flags for Chromium on a machine whose network is closed. */
export const CHROMIUM_ARGS: string[];
/** The path of an installed Chromium, or undefined. */
export function findChromium(env?: NodeJS.ProcessEnv): string | undefined;
/** A Chromium, installed from Debian's packages when none is found. */
export function ensureChromium(options?: { log?: (line: string) => void }): string;
