/** The preloads, one per kind of window. */
export const PRELOAD_ENTRIES: string[];
/** Builds out/main/index.mjs and out/preload/*.cjs (or into `outdir`); answers the files written. */
export function buildElectron(options?: { outdir?: string; minify?: boolean }): Promise<string[]>;
/** Writes esbuild's output files, each beside its place and renamed over it. */
export function writeAtomically(files: { path: string; contents: Uint8Array }[]): void;
